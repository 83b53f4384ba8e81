// snapshot.cpp - log-free Match snapshots with shared pieces; see snapshot.h for the contracts.
#include "snapshot.h"

#include <algorithm>

namespace duelbox {

namespace {

// -- Approximate heap bytes, for memory budgets (what a piece costs beyond its pointer) ------

std::size_t bytes(const std::string& s) { return s.capacity() > 15 ? s.capacity() + 1 : 0; }
std::size_t bytes(const Value& v) {
    const auto* s = std::get_if<std::string>(&v);
    return s ? bytes(*s) : 0;
}
std::size_t bytes(const Entity& e) {
    std::size_t n = sizeof(Entity) + bytes(e.kind) + bytes(e.def) + bytes(e.name);
    n += e.props.capacity() * sizeof(e.props[0]) + e.tags.capacity() * sizeof(std::string);
    for (const auto& [k, v] : e.props) n += bytes(k) + bytes(v);
    for (const auto& t : e.tags) n += bytes(t);
    return n;
}
std::size_t bytes(const Zone& z) { return sizeof(Zone) + bytes(z.name) + z.items.capacity() * sizeof(EntityId); }
std::size_t bytes(const Handler& h) { return sizeof(Handler) + bytes(h.window) + bytes(h.period); }
std::size_t bytes(const Player& p) { return sizeof(Player) + bytes(p.name); }
std::size_t bytes(const Counter& c) { return sizeof(Counter) + bytes(c.name); }
std::size_t bytes(const Modifier& m) { return sizeof(Modifier) + bytes(m.stat) + bytes(m.expires); }
std::size_t bytes(const Prohibition& p) { return sizeof(Prohibition) + bytes(p.action) + bytes(p.expires); }
std::size_t bytes(const ScratchStore::Entry& e) { return sizeof(e); }   // key and period: interned texts
template <class T>
std::size_t bytes(const std::vector<T>& v) {
    std::size_t n = 32;   // the vector and its control block, roughly
    for (const T& x : v) n += bytes(x);
    return n;
}
std::size_t bytes(const CounterStore& c) { return bytes(c.all()); }
std::size_t bytes(const EffectStore& e) { return bytes(e.modifiers()) + bytes(e.prohibitions()); }
std::size_t bytes(const ScratchStore& s) { return bytes(s.entries()); }
std::size_t bytes(const DerivedStore& d) { return 64 + d.size() * sizeof(DerivedSpec); }
std::size_t bytes(const MatchResult& r) { return sizeof(MatchResult) + bytes(r.reason) + r.winners.capacity() * sizeof(PlayerIndex); }

// -- Sharing ---------------------------------------------------------------------------------

// Shares `previous` when it holds the same value, else makes a new piece (and counts it).
template <class T>
std::shared_ptr<const T> share(const T& now, const std::shared_ptr<const T>* previous, std::size_t& added,
                               std::size_t& shared) {
    if (previous && *previous && **previous == now) {
        ++shared;
        return *previous;
    }
    added += bytes(now);
    return std::make_shared<const T>(now);
}

// A chunk that can never change again: only handlers have one (a full chunk, all removed).
template <class T>
bool frozen(const std::vector<T>&) {
    return false;
}
template <>
bool frozen(const std::vector<Handler>& chunk) {
    if (chunk.size() != MatchSnapshot::kHandlerChunk) return false;
    for (const Handler& h : chunk)
        if (!h.removed) return false;
    return true;
}

// Which items were written since the previous snapshot; without stamps (the previous
// snapshot is of another Match object, or there is none) every chunk is compared.
struct Unwritten {
    const WriteStamps* stamps = nullptr;
    std::uint64_t since = 0;
    bool nothing() const { return stamps && stamps->clock() <= since; }
    bool operator()(std::size_t first, std::size_t last) const {
        return stamps && stamps->unwritten(first, last, since);
    }
};

// Cuts `all` into chunks of k and shares each chunk that equals the previous snapshot's
// (a frozen one, or one nobody wrote since, without reading it), and the table itself when
// every chunk was shared.
template <std::size_t k, class T>
MatchSnapshot::Chunks<T> share_chunks(const std::vector<T>& all, const MatchSnapshot::Chunks<T>* previous,
                                      std::size_t& added, std::size_t& shared, Unwritten unwritten = {}) {
    using Chunk = std::shared_ptr<const std::vector<T>>;
    const MatchSnapshot::ChunkTable<T>* before = previous && *previous ? previous->get() : nullptr;
    const std::size_t chunks = (all.size() + k - 1) / k;
    if (before && before->chunks.size() == chunks && unwritten.nothing()) {   // the common case: O(1)
        ++shared;
        return *previous;
    }
    MatchSnapshot::ChunkTable<T> out;   // filled from the first chunk that is not shared on
    bool differs = !before || before->chunks.size() != chunks;
    for (std::size_t c = 0; c < chunks; ++c) {
        const bool known = before && c < before->chunks.size();
        if (known && before->frozen[c] && !differs) continue;   // the common case: nothing to build yet
        const auto first = all.begin() + static_cast<std::ptrdiff_t>(c * k);
        const auto last = all.begin() + static_cast<std::ptrdiff_t>(std::min((c + 1) * k, all.size()));
        const Chunk* p = known ? &before->chunks[c] : nullptr;
        const std::size_t size = static_cast<std::size_t>(last - first);
        const bool same = p && (before->frozen[c] || ((*p)->size() == size &&
                                                      (unwritten(c * k, c * k + size) ||
                                                       std::equal(first, last, (*p)->begin()))));
        if (same && !differs) continue;
        if (!differs || out.chunks.empty()) {
            differs = true;
            out.chunks.reserve(chunks);
            for (std::size_t i = 0; i < c; ++i) {
                out.chunks.push_back(before->chunks[i]);
                out.frozen.push_back(before->frozen[i]);
            }
        }
        if (same) {
            out.chunks.push_back(*p);
            out.frozen.push_back(before->frozen[c] || frozen(**p));
            continue;
        }
        auto piece = std::make_shared<const std::vector<T>>(first, last);
        added += bytes(*piece);
        out.frozen.push_back(frozen(*piece));
        out.chunks.push_back(std::move(piece));
    }
    if (!differs) {
        ++shared;
        return *previous;
    }
    added += 64 + out.chunks.size() * sizeof(Chunk);
    return std::make_shared<const MatchSnapshot::ChunkTable<T>>(std::move(out));
}

template <class T>
void unchunk(const MatchSnapshot::Chunks<T>& table, std::vector<T>& out) {
    out.clear();
    for (const auto& c : table->chunks) out.insert(out.end(), c->begin(), c->end());
}

}  // namespace

MatchSnapshot MatchSnapshot::take(const Match& m, const MatchSnapshot* previous) {
    MatchSnapshot s;
    std::size_t& added = s.added_bytes_;
    std::size_t& shared = s.shared_;
    const MatchSnapshot* p = previous;
    s.events_ = m.log_.size();
    s.lineage_ = m.lineage_.id;
    s.entities_clock_ = m.entities_written_.clock();
    s.zones_clock_ = m.zones_written_.clock();
    s.handlers_clock_ = m.windows_.written_.clock();
    const bool same_match = p && p->lineage_ == s.lineage_;   // its write stamps apply
    const Unwritten entities_unwritten = same_match ? Unwritten{&m.entities_written_, p->entities_clock_} : Unwritten{};
    const Unwritten zones_unwritten = same_match ? Unwritten{&m.zones_written_, p->zones_clock_} : Unwritten{};
    const Unwritten handlers_unwritten = same_match ? Unwritten{&m.windows_.written_, p->handlers_clock_} : Unwritten{};
    s.seed_ = m.seed_;
    s.rng_ = m.rng_;
    s.source_ = m.source_;
    s.players_ = share(m.players_, p ? &p->players_ : nullptr, added, shared);
    s.entities_ = share_chunks<kEntityChunk>(m.entities_, p ? &p->entities_ : nullptr, added, shared, entities_unwritten);
    s.zones_ = share_chunks<kZoneChunk>(m.zones_, p ? &p->zones_ : nullptr, added, shared, zones_unwritten);
    s.handlers_ = share_chunks<kHandlerChunk>(m.windows_.handlers_, p ? &p->handlers_ : nullptr, added, shared,
                                              handlers_unwritten);
    s.counters_ = share(m.counters_, p ? &p->counters_ : nullptr, added, shared);
    s.effects_ = share(m.effects_, p ? &p->effects_ : nullptr, added, shared);
    s.scratch_ = share(m.scratch_, p ? &p->scratch_ : nullptr, added, shared);
    s.derived_ = share(m.derived_, p ? &p->derived_ : nullptr, added, shared);
    s.rule_ = m.rule_;   // an interned symbol: nothing to share
    s.result_ = share(m.result_, p ? &p->result_ : nullptr, added, shared);
    // The board can be set once only, so within one match an equal space count is the same board.
    if (p && p->board_ && p->board_->board.space_count() == m.board_.space_count() &&
        p->board_->space_zones == m.space_zones_) {
        s.board_ = p->board_;
        ++shared;
    } else {
        s.board_ = std::make_shared<const BoardPiece>(BoardPiece{m.board_, m.space_zones_});
        added += sizeof(BoardPiece) + 64 * static_cast<std::size_t>(m.board_.space_count());
    }
    return s;
}

void MatchSnapshot::restore(Match& target, const EventLog& log, std::size_t keep) const {
    if (log.size() < events_)
        throw KernelError("snapshot after " + std::to_string(events_) + " events cannot restore from a log of " +
                          std::to_string(log.size()));
    target.seed_ = seed_;
    target.rng_ = rng_;
    target.source_ = source_;
    target.players_ = *players_;
    unchunk(entities_, target.entities_);
    unchunk(zones_, target.zones_);
    target.entities_written_.write_all(target.entities_.size());   // nothing of it is known unwritten
    target.zones_written_.write_all(target.zones_.size());
    target.rebuild_zone_index();
    unchunk(handlers_, target.windows_.handlers_);
    target.windows_.written_.write_all(target.windows_.handlers_.size());
    target.windows_.rebuild_index();
    target.counters_ = *counters_;
    target.effects_ = *effects_;
    target.scratch_ = *scratch_;
    target.derived_ = *derived_;
    ++target.version_;   // cached derived values belong to the state before
    target.board_ = board_->board;
    target.space_zones_ = board_->space_zones;
    target.rule_ = rule_;
    target.result_ = *result_;
    target.log_.copy_prefix(log, events_, keep);
}

}  // namespace duelbox
