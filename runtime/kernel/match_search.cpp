// match_search.cpp - Match's board searches: where a figure may move and by which path, from
// one breadth-first search kept for the question it answered (Match::search_for). Split from
// match.cpp, which keeps the state changes; these only read it.
#include "match.h"

namespace duelbox {

StepRules Match::step_rules(EntityId mover, Through through, const std::vector<std::string>& kinds) const {
    static const Sym kFigure = intern("figure");   // (function-local static: interned once, thread-safe)
    StepRules r;
    r.edge_kinds = kinds;
    const PlayerIndex me = entity(mover).owner;
    r.can_pass = [this, mover, me, through](SpaceId s) {
        for (EntityId e : zone(space_zones_[s - 1]).items) {
            const Entity& ent = entities_[e - 1];
            if (e == mover || ent.kind_sym != kFigure) continue;
            if (through == Through::Nobody) return false;
            if (through == Through::Allies && !allies(ent.owner, me)) return false;
        }
        return true;
    };
    r.can_stop = [this, mover](SpaceId s) {
        if (board_.space(s).closed) return false;
        const auto* cap = std::get_if<std::int64_t>(&board_.space(s).attr("capacity"));
        std::int64_t here = 0;
        for (EntityId e : zone(space_zones_[s - 1]).items)
            if (e != mover && entities_[e - 1].kind_sym == kFigure) ++here;
        return here < (cap ? *cap : 1);
    };
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
    const StepRules rules = step_rules(mover, through, edge_kinds);
    return board_.reach_in(search_for(mover, at, max_steps, through, edge_kinds, rules), at, rules);
}

std::vector<SpaceId> Match::path(EntityId mover, SpaceId to, Through through, int max_steps) const {
    const SpaceId at = position(mover);
    if (at == kNoSpace || !board_.valid(to)) return {};
    if (to == at) return {at};
    if (max_steps == 0) return {};
    static const std::vector<std::string> kBorders{"border"};
    const StepRules rules = step_rules(mover, through, kBorders);
    // Stopping is only asked of `to`, as in Board::path: no search for a space it may not end on.
    if (!rules.can_stop(to)) return {};
    return board_.path_in(search_for(mover, at, max_steps, through, kBorders, rules), to);
}

}  // namespace duelbox
