// board.cpp - the board graph, its searches, and the line words.
//
// Index
//   [SECTION] Spaces and building
//   [SECTION] Queries
//   [SECTION] Searches (distance, reachable, path)
//   [SECTION] Line boards
//   [SECTION] Line words
#include "board.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>

namespace duelbox {

namespace {

bool kind_allowed(const std::vector<std::string>& kinds, const std::string& kind) {
    return kinds.empty() || std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
}

int sign(int v) { return (v > 0) - (v < 0); }

}  // namespace

const std::vector<std::string>& border_kinds() {
    static const std::vector<std::string> kBorders{"border"};
    return kBorders;
}

// [SECTION] Spaces and building

const Value& Space::attr(std::string_view key) const {
    static const Value kNil{};
    auto it = std::lower_bound(attrs.begin(), attrs.end(), key,
                               [](const auto& kv, std::string_view k) { return kv.first < k; });
    return it != attrs.end() && it->first == key ? it->second : kNil;
}

std::int64_t Board::capacity(SpaceId s) const {
    if (capacities_.size() != spaces_.size()) {
        capacities_.resize(spaces_.size());
        for (std::size_t i = 0; i < spaces_.size(); ++i) {
            const auto* cap = std::get_if<std::int64_t>(&spaces_[i].attr("capacity"));
            capacities_[i] = spaces_[i].closed ? 0 : cap ? *cap : 1;
        }
    }
    return capacities_[s - 1];
}

SpaceId Board::add_space(std::string name) {
    if (name.empty() || find(name) != kNoSpace) return kNoSpace;
    Space s;
    s.id = static_cast<SpaceId>(spaces_.size() + 1);
    s.name = std::move(name);
    by_name_.emplace(s.name, s.id);
    spaces_.push_back(std::move(s));
    adjacency_.emplace_back();
    // A list set earlier was made for the old spaces; rather than guess for the new one,
    // drop it (has_los then answers true everywhere, the documented default).
    los_blocked_.clear();
    return spaces_.back().id;
}

bool Board::add_edge(SpaceId a, SpaceId b, std::string kind) {
    if (!valid(a) || !valid(b) || a == b) return false;
    for (const auto& [n, e] : adjacency_[a - 1])
        if (n == b && edges_[e].kind == kind) return false;
    const auto index = static_cast<std::uint32_t>(edges_.size());
    const auto known = std::find(kind_names_.begin(), kind_names_.end(), kind);
    edge_kind_.push_back(static_cast<std::uint32_t>(known - kind_names_.begin()));
    if (known == kind_names_.end()) kind_names_.push_back(kind);
    edges_.push_back(Edge{std::min(a, b), std::max(a, b), std::move(kind)});
    // Keep each adjacency list sorted by neighbour id (then edge order) so every search
    // visits neighbours lowest id first without sorting on the way.
    auto insert = [&](SpaceId from, SpaceId to) {
        auto& list = adjacency_[from - 1];
        auto at = std::upper_bound(list.begin(), list.end(), std::make_pair(to, index));
        list.insert(at, {to, index});
    };
    insert(a, b);
    insert(b, a);
    return true;
}

void Board::add_region(SpaceId s, std::string region) {
    assert(valid(s) && "add_region: no such space - call add_space first");
    if (!valid(s)) return;
    auto& r = spaces_[s - 1].regions;
    auto at = std::lower_bound(r.begin(), r.end(), region);
    if (at == r.end() || *at != region) r.insert(at, std::move(region));
}

void Board::set_attr(SpaceId s, std::string key, Value v) {
    assert(valid(s) && "set_attr: no such space - call add_space first");
    if (!valid(s)) return;
    capacities_.clear();
    auto& attrs = spaces_[s - 1].attrs;
    auto at = std::lower_bound(attrs.begin(), attrs.end(), key,
                               [](const auto& kv, const std::string& k) { return kv.first < k; });
    if (at != attrs.end() && at->first == key)
        at->second = std::move(v);
    else
        attrs.insert(at, {std::move(key), std::move(v)});
}

void Board::make_line(int length) {
    // Names "1".."N" would collide with spaces already there, and line_index 1 must be the
    // first space of the line, so a line is always a board of its own.
    assert(spaces_.empty() && "make_line builds a whole board - call it on an empty Board");
    if (!spaces_.empty()) return;
    for (int i = 1; i <= length; ++i) {
        const SpaceId s = add_space(std::to_string(i));
        spaces_[s - 1].line_index = i;
        line_.push_back(s);
        if (i > 1) add_edge(s - 1, s);
    }
}

void Board::set_los(std::vector<std::pair<SpaceId, SpaceId>> blocked) {
    std::erase_if(blocked, [&](const auto& p) { return !valid(p.first) || !valid(p.second); });
    std::sort(blocked.begin(), blocked.end());
    blocked.erase(std::unique(blocked.begin(), blocked.end()), blocked.end());
    los_blocked_ = std::move(blocked);
}

// [SECTION] Queries

SpaceId Board::find(std::string_view name) const {
    const auto it = by_name_.find(name);
    return it == by_name_.end() ? kNoSpace : it->second;
}

std::vector<SpaceId> Board::neighbours(SpaceId s, const std::vector<std::string>& kinds) const {
    std::vector<SpaceId> out;
    if (!valid(s)) return out;
    for (const auto& [n, e] : adjacency_[s - 1])   // sorted by id, so a repeat is the previous entry
        if (kind_allowed(kinds, edges_[e].kind) && (out.empty() || out.back() != n)) out.push_back(n);
    return out;
}

bool Board::adjacent(SpaceId a, SpaceId b, const std::vector<std::string>& kinds) const {
    if (!valid(a) || !valid(b)) return false;
    for (const auto& [n, e] : adjacency_[a - 1])
        if (n == b && kind_allowed(kinds, edges_[e].kind)) return true;
    return false;
}

bool Board::in_region(SpaceId s, std::string_view region) const {
    if (!valid(s)) return false;
    const auto& r = spaces_[s - 1].regions;
    return std::binary_search(r.begin(), r.end(), region, std::less<>{});
}

bool Board::share_region(SpaceId a, SpaceId b) const {
    if (!valid(a) || !valid(b)) return false;
    const auto& ra = spaces_[a - 1].regions;
    const auto& rb = spaces_[b - 1].regions;
    // Both lists are sorted: walk them together.
    for (auto i = ra.begin(), j = rb.begin(); i != ra.end() && j != rb.end();) {
        if (*i == *j) return true;
        if (*i < *j) ++i; else ++j;
    }
    return false;
}

std::vector<SpaceId> Board::region_spaces(std::string_view region) const {
    std::vector<SpaceId> out;
    for (const Space& s : spaces_)
        if (in_region(s.id, region)) out.push_back(s.id);
    return out;
}

std::vector<std::string> Board::regions() const {
    std::vector<std::string> out;
    for (const Space& s : spaces_) out.insert(out.end(), s.regions.begin(), s.regions.end());
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool Board::has_los(SpaceId a, SpaceId b) const {
    if (!valid(a) || !valid(b)) return false;
    return !std::binary_search(los_blocked_.begin(), los_blocked_.end(), std::make_pair(a, b));
}

// [SECTION] Searches (distance, reachable, path)

std::vector<int> Board::steps_from(SpaceId a, SpaceId stop, const std::vector<std::string>& kinds) const {
    const KindMask mask = kind_mask(kinds);
    std::vector<int> dist(spaces_.size(), -1);
    std::vector<SpaceId> queue;                          // each space enters once: a vector will do
    queue.reserve(spaces_.size());
    queue.push_back(a);
    dist[a - 1] = 0;
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const SpaceId s = queue[head];
        if (s == stop) break;
        for (const auto& [n, e] : adjacency_[s - 1]) {
            if (dist[n - 1] >= 0 || !edge_allowed(e, mask, kinds)) continue;
            dist[n - 1] = dist[s - 1] + 1;
            queue.push_back(n);
        }
    }
    return dist;
}

int Board::distance(SpaceId a, SpaceId b, const std::vector<std::string>& kinds) const {
    if (!valid(a) || !valid(b)) return -1;
    return steps_from(a, b, kinds)[b - 1];
}

std::vector<int> Board::distances_from(SpaceId a, const std::vector<std::string>& kinds) const {
    if (!valid(a)) return std::vector<int>(spaces_.size(), -1);
    return steps_from(a, kNoSpace, kinds);
}

// One legal BFS from `from`, shared by reachable() and path(). steps[s-1] is the fewest legal
// steps to enter s (-1 = never entered); parent[s-1] the space it was first entered from.
//
// Adjacency lists are sorted by neighbour id and the queue is FIFO, so within each step count
// the queue holds spaces in the lexicographic order of their first-found paths. The first
// parent to reach a space is therefore the one on the path that takes the lowest id at every
// step: that is path()'s tie-break, with no second pass.
Board::KindMask Board::kind_mask(const std::vector<std::string>& kinds) const {
    if (kinds.empty()) return ~KindMask{0};
    KindMask mask = 0;
    for (std::size_t k = 0; k < kind_names_.size() && k < 64; ++k)
        if (kind_allowed(kinds, kind_names_[k])) mask |= KindMask{1} << k;
    return mask;
}

bool Board::edge_allowed(std::uint32_t e, KindMask mask, const std::vector<std::string>& kinds) const {
    const std::uint32_t k = edge_kind_[e];
    // A map with more than 64 edge kinds is beyond the mask: compare those names.
    return k < 64 ? (mask >> k) & 1 : kind_allowed(kinds, edges_[e].kind);
}

void Board::search(SpaceId from, int max_steps, const StepRules& rules, Search& out) const {
    out.steps.assign(spaces_.size(), -1);
    out.parent.assign(spaces_.size(), kNoSpace);
    if (!valid(from)) return;
    const KindMask mask = kind_mask(rules.edge_kinds);
    out.steps[from - 1] = 0;
    // Every space enters the queue at most once, so a vector with a read index is the queue.
    std::vector<SpaceId>& queue = out.queue;
    queue.clear();
    queue.push_back(from);
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const SpaceId s = queue[head];
        const int here = out.steps[s - 1];
        if (max_steps >= 0 && here >= max_steps) continue;
        // Moving on from a space needs can_pass, except from the origin: the mover is leaving it.
        if (s != from && rules.can_pass && !rules.can_pass(s)) continue;
        for (const auto& [n, e] : adjacency_[s - 1]) {
            // A pair joined by several allowed edges is found again at once: already entered.
            if (out.steps[n - 1] >= 0 || !edge_allowed(e, mask, rules.edge_kinds)) continue;
            if (rules.can_step && !rules.can_step(s, n)) continue;
            out.steps[n - 1] = here + 1;
            out.parent[n - 1] = s;
            queue.push_back(n);
        }
    }
}

std::vector<Reach> Board::reach_in(const Search& found, SpaceId from, const StepRules& rules) const {
    std::vector<Reach> out;
    for (SpaceId s = 1; s <= found.steps.size(); ++s) {
        const int steps = found.steps[s - 1];
        if (s == from || steps <= 0) continue;
        if (rules.can_stop && !rules.can_stop(s)) continue;
        out.push_back(Reach{s, steps});
    }
    return out;
}

std::vector<SpaceId> Board::path_in(const Search& found, SpaceId to) const {
    if (!valid(to) || to > found.steps.size() || found.steps[to - 1] <= 0) return {};
    std::vector<SpaceId> out;
    for (SpaceId s = to; s != kNoSpace; s = found.parent[s - 1]) out.push_back(s);
    std::reverse(out.begin(), out.end());
    return out;
}

std::vector<Reach> Board::reachable(SpaceId from, int max_steps, const StepRules& rules) const {
    if (max_steps <= 0) return {};
    Search found;
    search(from, max_steps, rules, found);
    return reach_in(found, from, rules);
}

std::vector<SpaceId> Board::path(SpaceId from, SpaceId to, const StepRules& rules, int max_steps) const {
    if (!valid(from) || !valid(to)) return {};
    if (from == to) return {from};
    if (max_steps == 0) return {};
    // Stopping is only asked of `to`; the spaces before it were passed through. Checked first:
    // no search is needed for a space the mover may not end on.
    if (rules.can_stop && !rules.can_stop(to)) return {};
    Search found;
    search(from, max_steps, rules, found);
    return path_in(found, to);
}

// [SECTION] Line boards

SpaceId Board::at_line(int index) const {
    return index >= 1 && index <= line_length() ? line_[index - 1] : kNoSpace;
}

int Board::line_distance(SpaceId a, SpaceId b) const {
    assert(valid(a) && valid(b) && space(a).line_index > 0 && space(b).line_index > 0 &&
           "line_distance: both spaces must be on the line - is this a line board?");
    if (!valid(a) || !valid(b)) return 0;
    return std::abs(space(a).line_index - space(b).line_index);
}

// [SECTION] Line words
//
// The line-word rules every line game shares (the readings are in docs/rules-decisions.md,
// "Kernel: line movement"; tests/kernel/line_words_test.cpp cites the worked examples):
//   next_free(p, dir): one step, jumping every occupied space in a row; OFF past the edge.
//   path(p, dir, n):   n counted steps; OFF (the whole move is illegal) if any step is OFF.
//   advance/close/pull move toward the reference, retreat/push away from it; the direction
//   is fixed from the positions when the move starts, so an advance that jumps the
//   reference keeps going (M1: A@3 B@5 advance 2 -> 6).
//   close n moves min(n, k) counted steps, k = free spaces between mover and reference,
//   so it never passes the reference and is never illegal for distance (MV13).
// The reference's own space always counts as occupied (a figure stands there), whatever
// `occupied` says, so a caller cannot make a figure land on the one it is moving around.

const char* line_word_name(LineWord w) {
    switch (w) {
        case LineWord::Advance: return "advance";
        case LineWord::Retreat: return "retreat";
        case LineWord::Pull: return "pull";
        case LineWord::Push: return "push";
        case LineWord::Close: return "close";
    }
    return "?";
}

bool parse_line_word(std::string_view s, LineWord& out) {
    for (LineWord w : {LineWord::Advance, LineWord::Retreat, LineWord::Pull, LineWord::Push, LineWord::Close}) {
        if (s == line_word_name(w)) {
            out = w;
            return true;
        }
    }
    return false;
}

namespace {

bool on_line(const Board& board, SpaceId s) { return board.valid(s) && board.space(s).line_index > 0; }

// path(p, dir, n) of §7.2. Returns the line index reached, or 0 for OFF.
int walk(const Board& board, int index, int dir, int n, const std::function<bool(SpaceId)>& occupied) {
    for (int step = 0; step < n; ++step) {
        index += dir;
        while (index >= 1 && index <= board.line_length() && occupied(board.at_line(index))) index += dir;
        if (index < 1 || index > board.line_length()) return 0;
    }
    return index;
}

// Checks shared by every word. Returns "" when the positions make sense.
const char* check_line(const Board& board, SpaceId mover_at, SpaceId reference_at) {
    if (!board.is_line()) return "not a line board";
    if (!on_line(board, mover_at)) return "the mover is not on the line";
    if (!on_line(board, reference_at)) return "the reference figure is not on the line";
    if (mover_at == reference_at) return "the mover and the reference figure share a space";
    return "";
}

}  // namespace

LineMove line_move(const Board& board, LineWord word, SpaceId mover_at, SpaceId reference_at, int n,
                   const std::function<bool(SpaceId)>& occupied) {
    LineMove m;
    m.from = m.to = mover_at;
    if (const char* why = check_line(board, mover_at, reference_at); *why) {
        m.why = why;
        return m;
    }
    if (n < 0) {
        m.why = "negative distance";
        return m;
    }
    const int from = board.space(mover_at).line_index;
    const int ref = board.space(reference_at).line_index;
    const int toward = sign(ref - from);
    const bool approaches = word == LineWord::Advance || word == LineWord::Pull || word == LineWord::Close;
    m.direction = approaches ? toward : -toward;
    auto blocked = [&](SpaceId s) { return s == reference_at || (occupied && occupied(s)); };

    int count = n;
    if (word == LineWord::Close) {
        int free = 0;
        for (int i = from + toward; i != ref; i += toward)
            if (!blocked(board.at_line(i))) ++free;
        count = std::min(n, free);
    }
    const int end = walk(board, from, m.direction, count, blocked);
    if (end == 0) {
        m.why = "off the board";
        return m;
    }
    m.legal = true;
    m.to = board.at_line(end);
    // Started on the -toward side of the reference; passed if it now stands on the +toward side.
    m.passed_reference = sign(end - ref) == toward;
    return m;
}

LineMove line_steps(const Board& board, SpaceId from, int direction, int n,
                    const std::function<bool(SpaceId)>& occupied) {
    LineMove m;
    m.from = m.to = from;
    m.direction = direction;
    if (!board.is_line()) m.why = "not a line board";
    else if (!on_line(board, from)) m.why = "the mover is not on the line";
    else if (direction != 1 && direction != -1) m.why = "direction must be +1 or -1";
    else if (n < 0) m.why = "negative distance";
    if (*m.why) return m;
    auto blocked = [&](SpaceId s) { return occupied && occupied(s); };
    const int end = walk(board, board.space(from).line_index, direction, n, blocked);
    if (end == 0) {
        m.why = "off the board";
        return m;
    }
    m.legal = true;
    m.to = board.at_line(end);
    return m;
}

// Teleport (docs/rules-decisions.md, "Kernel: line movement"; example M8). Our reading of "counts as an advance if s is on the
// opponent's side of you, otherwise a retreat" [INF]: "the opponent's side of you" is the half
// of the line, seen from the mover, that holds the reference figure - so a space beyond the
// reference is still an advance (M8: A@3 B@5, teleport to 6 is an advance, to 4 an advance, to
// 1 a retreat). There is no in-between: every other space is a retreat.
// passed_reference: the spec marks "does a teleport across the opponent count as moving past"
// [AMBIG] and recommends yes, because the fighter ends on the other side; we take that reading.
// The direction is classified even when the teleport is illegal for occupancy, so a caller can
// still say what it would have been; `to` is then `from`, as nothing moves.
Teleport line_teleport(const Board& board, SpaceId mover_at, SpaceId reference_at, SpaceId to,
                       const std::function<bool(SpaceId)>& occupied) {
    Teleport t;
    t.from = t.to = mover_at;
    if (const char* why = check_line(board, mover_at, reference_at); *why) {
        t.why = why;
        return t;
    }
    if (!on_line(board, to)) {
        t.why = "off the board";
        return t;
    }
    const int from = board.space(mover_at).line_index;
    const int ref = board.space(reference_at).line_index;
    const int dest = board.space(to).line_index;
    if (to == mover_at) {
        t.why = "already there";
        return t;
    }
    const int toward = sign(ref - from);
    t.counts_as = sign(dest - from) == toward ? LineWord::Advance : LineWord::Retreat;
    if (to == reference_at || (occupied && occupied(to))) {
        t.why = "occupied";
        return t;
    }
    t.legal = true;
    t.to = to;
    t.passed_reference = sign(dest - ref) == toward;
    return t;
}

}  // namespace duelbox
