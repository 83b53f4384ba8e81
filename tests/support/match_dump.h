// match_dump.h - everything a Match answers, as text, for tests that compare two matches.
#pragma once
#include <sstream>
#include <string>

#include "kernel/match.h"

namespace duelbox::test {

// Everything a Match answers, as text: two matches with the same dump are the same value.
inline std::string dump(const Match& m) {
    std::ostringstream o;
    o << "seed " << m.seed() << " rule '" << m.rule() << "' finished " << m.result().finished << " reason "
      << m.result().reason << " winners " << m.result().winners.size() << "\n";
    for (PlayerIndex p = 0; p < m.player_count(); ++p)
        o << "player " << m.player(p).name << " " << m.player(p).team << " " << m.player(p).entity << "\n";
    for (int z = 1; z <= m.zone_count(); ++z) {
        const Zone& zn = m.zone(z);
        o << "zone " << zn.name << " " << zn.owner << " " << visibility_name(zn.visibility) << " " << zn.space << ":";
        for (EntityId e : zn.items) o << " " << e;
        o << "\n";
    }
    for (int e = 1; e <= m.entity_count(); ++e) {
        const Entity& x = m.entity(e);
        o << "entity " << e << " " << x.kind << " " << x.def << " " << x.name << " " << x.owner << " " << x.zone << " "
          << x.revealed_to;
        for (const auto& [k, v] : x.props) o << " " << k << "=" << value_to_string(v);
        for (const auto& t : x.tags) o << " #" << t;
        o << "\n";
    }
    for (const Counter& c : m.counters().all()) o << "counter " << c.owner << c.name << c.value << c.min << c.max << "\n";
    for (const Handler* h : m.windows().live())
        o << "handler " << h->id << h->window << h->source << h->limit << h->period << h->fired << "\n";
    for (const Modifier& x : m.effects().modifiers()) o << "mod " << x.id << x.target << x.stat << x.amount << x.expires << "\n";
    for (const Prohibition& x : m.effects().prohibitions()) o << "ban " << x.id << x.target << x.action << "\n";
    o << "board " << m.board().space_count() << " rng draws " << const_cast<Match&>(m).rng().draws() << "\n";
    const auto names = m.names();
    for (const Event& e : m.log().events()) o << m.log().to_json_line(e, EventLog::kObserver, &names) << "\n";
    return o.str();
}

}  // namespace duelbox::test
