// match_search.cpp - Match's board searches: where a figure may move and by which path, from
// one breadth-first search kept for the question it answered (Match::search_for). Split from
// match.cpp, which keeps the state changes; these only read it.
#include "match.h"

namespace duelbox {

std::uint8_t Match::MoveScratch::look(SpaceId s) {
    static const Sym kFigure = intern("figure");   // (function-local static: interned once, thread-safe)
    std::uint8_t& f = facts[s - 1];
    if (f) return f;
    const Match& m = *match;
    std::int64_t figures = 0;
    bool pass = true;
    for (EntityId e : m.zones_[m.space_zones_[s - 1] - 1].items) {
        const Entity& ent = m.entities_[e - 1];
        if (e == mover || ent.kind_sym != kFigure) continue;
        ++figures;
        // Passing a figure: nobody's (never), allies' (only an ally's), everyone's (always).
        if (through == Through::Nobody || (through == Through::Allies && !m.allies(ent.owner, me))) pass = false;
    }
    f = static_cast<std::uint8_t>(kLooked | (pass ? kPass : 0) | (figures < m.board_.capacity(s) ? kStop : 0));
    return f;
}

const StepRules& Match::step_rules(EntityId mover, Through through, const std::vector<std::string>& kinds) const {
    // A space is looked at the first time the search asks about it, and once only: the search
    // asks whether it may pass a space, then reach_in whether it may stop there.
    MoveScratch& w = move_scratch_;
    w.match = this;
    w.mover = mover;
    w.me = entity(mover).owner;
    w.through = through;
    w.facts.assign(static_cast<std::size_t>(board_.space_count()), 0);
    StepRules& r = w.rules;
    if (r.edge_kinds != kinds) r.edge_kinds = kinds;
    // Each captures one pointer, which std::function keeps without allocating.
    r.can_pass = [&w](SpaceId s) { return (w.look(s) & MoveScratch::kPass) != 0; };
    r.can_stop = [&w](SpaceId s) { return (w.look(s) & MoveScratch::kStop) != 0; };
    return r;
}

const Board::Search& Match::search_for(EntityId mover, SpaceId from, int max_steps, Through through,
                                       const std::vector<std::string>& kinds, const StepRules& rules) const {
    // What the search reads (figures' places, owners and kinds, the board's spaces, teams) only
    // changes with an event, and every event moves version() on.
    SearchMemo& m = search_memo_;
    if (m.valid && m.version == version_ && m.mover == mover && m.from == from && m.max_steps == max_steps &&
        m.through == through && m.kinds == kinds)
        return m.found;
    board_.search(from, max_steps, rules, m.found);
    m.valid = true;
    m.version = version_;
    m.mover = mover;
    m.from = from;
    m.max_steps = max_steps;
    m.through = through;
    m.kinds = kinds;
    return m.found;
}

std::vector<Reach> Match::reachable(EntityId mover, int max_steps, Through through,
                                    const std::vector<std::string>& edge_kinds) const {
    const SpaceId at = position(mover);
    if (at == kNoSpace || max_steps <= 0) return {};
    const StepRules& rules = step_rules(mover, through, edge_kinds);
    return board_.reach_in(search_for(mover, at, max_steps, through, edge_kinds, rules), at, rules);
}

std::vector<SpaceId> Match::path(EntityId mover, SpaceId to, Through through, int max_steps) const {
    const SpaceId at = position(mover);
    if (at == kNoSpace || !board_.valid(to)) return {};
    if (to == at) return {at};
    if (max_steps == 0) return {};
    const StepRules& rules = step_rules(mover, through, border_kinds());
    // Stopping is only asked of `to`, as in Board::path: no search for a space it may not end on.
    if (!rules.can_stop(to)) return {};
    return board_.path_in(search_for(mover, at, max_steps, through, border_kinds(), rules), to);
}

}  // namespace duelbox
