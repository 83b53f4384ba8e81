// squad_soak_test.cpp - seeded random-agent matches of the quick-start decks: every match ends
// by a deck-out (or both at once, a draw) with no script error and no stuck decision, and
// neither player's view of the log ever names a card in the other's hand, in a play deck or
// in a face-down Discard, nor shows that the other was asked whether to play a card.
#include <catch2/catch.hpp>

#include <map>
#include <nlohmann/json.hpp>

#include "squad_run.h"

using namespace duelbox;
using namespace duelbox::squad_test;

namespace {

Scenario bench_match(std::uint64_t seed) {
    Scenario s;
    s.game = "squad";
    s.root = root();
    s.seed = seed;
    s.seats.resize(2);   // random agents
    s.seats[0].setup = {{"deck", "squad/red_quickstart"}};
    s.seats[1].setup = {{"deck", "squad/blue_quickstart"}};
    return s;
}

}  // namespace

TEST_CASE("1000 seeded random matches of the quick-start decks end by deck-out", "[squad][soak]") {
    int decided = 0, drawn = 0, orders = 0, attachments = 0;
    for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
        Run r = run(bench_match(seed));
        INFO("seed " << seed << ": " << r.runner->error());
        REQUIRE(r.state == RunState::Finished);
        const std::string& why = r.m().result().reason;
        if (why == "deck out") ++decided;
        else if (why == "both decks out") ++drawn;
        else FAIL("unexpected end: " << why);
        CHECK(r.m().check_invariants().empty());   // every card in exactly one zone
        orders += static_cast<int>(r.events("squad.link").size());
        attachments += static_cast<int>(r.events("squad.attach").size());
    }
    CHECK(decided + drawn == 1000);
    CHECK(decided > 900);
    CHECK(orders > 0);        // the decks' Orders get played, Characters and Operations attached
    CHECK(attachments > 0);
}

TEST_CASE("a player's view never names the other's hand, a play deck or a face-down Discard", "[squad][hidden]") {
    std::size_t checked = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Run r = run(bench_match(seed));
        REQUIRE(r.state == RunState::Finished);
        const Match& m = r.m();
        const NameResolver names = m.names();
        // Where each card is, from the full log, event by event.
        std::map<std::int64_t, ZoneId> where;
        const auto hidden_from = [&](ZoneId z, PlayerIndex v) {
            const Zone& zone = m.zone(z);
            if (zone.visibility == Visibility::Hidden) return true;                  // decks, Discards
            return zone.visibility == Visibility::Owner && zone.owner != v;         // the other's hand
        };
        for (const Event& e : m.log().events()) {
            const nlohmann::json full = nlohmann::json::parse(m.log().to_json_line(e, EventLog::kObserver, &names));
            std::map<std::int64_t, ZoneId> before;   // each card the event names, and where it was
            for (const char* key : {"entity", "card", "unit", "target"})
                if (full["data"].contains(key) && full["data"][key].is_number_integer()) {
                    const std::int64_t id = full["data"][key];
                    if (where.count(id)) before[id] = where[id];
                }
            if (e.type == "entity.create") where[full["data"]["entity"]] = full["data"]["zone"];
            if (e.type == "zone.move") where[full["data"]["entity"]] = full["data"]["to"];
            // A question put only when a hand holds something playable (deploy, priority) is
            // unannounced: the other player must not see that it was asked.
            if (e.type == "decision") {
                const std::string id = std::get<std::string>(e.get("id"));
                const auto asker = static_cast<PlayerIndex>(std::get<std::int64_t>(e.get("player")) - 1);
                if (id == "deploy" || id.rfind("priority.", 0) == 0) {
                    CHECK_FALSE(EventLog::sees(e, 1 - asker));
                    CHECK(EventLog::sees(e, asker));
                    ++checked;
                }
            }
            for (PlayerIndex v = 0; v < 2; ++v) {
                if (!EventLog::sees(e, v)) continue;
                const std::string seen = m.narrate(e, v) + " " + m.log().to_json_line(e, v, &names);
                for (const auto& [id, was] : before) {
                    if (!where.count(id) || !hidden_from(was, v) || !hidden_from(where[id], v)) continue;
                    const std::string name = m.entity(static_cast<EntityId>(id)).name;
                    INFO("seed " << seed << " event " << e.seq << " as player " << v + 1 << ": " << seen);
                    CHECK(seen.find(name) == std::string::npos);
                    CHECK(seen.find("\"entity\":" + std::to_string(id)) == std::string::npos);
                    ++checked;
                }
            }
        }
    }
    CHECK(checked > 1000);
}
