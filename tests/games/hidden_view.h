// hidden_view.h - the hidden-information check every game's soak runs on its finished matches:
// no player's view of an event (its narration and its JSON line) names an entity that was hidden
// from that player both before and after the event (in a hidden zone, or in another player's
// owner-only zone: a hand, a deck, start cards), nor the kind or definition of one created
// there, and a question put only because a hand allows
// it is seen by its asker alone.
#pragma once
#include <catch2/catch.hpp>

#include <functional>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "kernel/match.h"

namespace duelbox::test {

struct HiddenChecked {
    std::size_t names = 0;       // (event, viewer, hidden entity) triples checked
    std::size_t questions = 0;   // unannounced questions checked
};

// `unannounced(id)`: whether decisions with that id must be the asker's alone. `label` names the
// match in failure messages.
inline HiddenChecked check_hidden_view(const Match& m, const std::function<bool(const std::string&)>& unannounced,
                                       const std::string& label) {
    HiddenChecked out;
    const NameResolver names = m.names();
    const int seats = m.player_count();
    std::map<std::int64_t, ZoneId> where;   // where each entity is, from the full log, event by event
    const auto hidden_from = [&](ZoneId z, PlayerIndex v) {
        const Zone& zone = m.zone(z);
        if (zone.visibility == Visibility::Hidden) return true;
        return zone.visibility == Visibility::Owner && zone.owner != v;
    };
    for (const Event& e : m.log().events()) {
        const nlohmann::json full = nlohmann::json::parse(m.log().to_json_line(e, EventLog::kObserver, &names));
        std::map<std::int64_t, ZoneId> before;   // each entity the event names, and where it was
        for (const char* key : {"entity", "card", "unit", "target"})
            if (full["data"].contains(key) && full["data"][key].is_number_integer()) {
                const std::int64_t id = full["data"][key];
                if (where.count(id)) before[id] = where[id];
            }
        if (e.type == "entity.create") where[full["data"]["entity"]] = full["data"]["zone"];
        if (e.type == "zone.move") where[full["data"]["entity"]] = full["data"]["to"];
        if (e.type == "decision" && unannounced(std::get<std::string>(e.get("id")))) {
            const auto asker = static_cast<PlayerIndex>(std::get<std::int64_t>(e.get("player")) - 1);
            for (PlayerIndex v = 0; v < seats; ++v) {
                INFO(label << " event " << e.seq << ": question " << std::get<std::string>(e.get("id")) << " seen by " << v + 1);
                CHECK(EventLog::sees(e, v) == (v == asker));
            }
            ++out.questions;
        }
        for (PlayerIndex v = 0; v < seats; ++v) {
            if (!EventLog::sees(e, v)) continue;
            const std::string seen = m.narrate(e, v) + " " + m.log().to_json_line(e, v, &names);
            if (e.type == "entity.create" && hidden_from(full["data"]["zone"], v)) {
                // Not even what sort of card it is (its kind: an order, a unit, a style).
                INFO(label << " event " << e.seq << " as player " << v + 1 << ": " << seen);
                const nlohmann::json data = nlohmann::json::parse(m.log().to_json_line(e, v, &names))["data"];
                CHECK_FALSE(data.contains("kind"));
                CHECK_FALSE(data.contains("def"));
                ++out.names;
            }
            for (const auto& [id, was] : before) {
                if (!where.count(id) || !hidden_from(was, v) || !hidden_from(where[id], v)) continue;
                const std::string name = m.entity(static_cast<EntityId>(id)).name;
                INFO(label << " event " << e.seq << " as player " << v + 1 << ": " << seen);
                CHECK(seen.find(name) == std::string::npos);
                CHECK(seen.find("\"entity\":" + std::to_string(id)) == std::string::npos);
                ++out.names;
            }
        }
    }
    return out;
}

}  // namespace duelbox::test
