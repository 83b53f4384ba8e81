// Unmatched team set-up: sidekicks go in their hero's zone "as usual" (rulebook seed L683-685,
// the duel's step 5 at L106-112), on the shipped Keep (maps/unmatched_keep.json) and, when a
// map's zone is full, on the nearest empty spaces (the project's reading, rules-decisions.md).
#include <catch2/catch.hpp>

#include "um_support.h"

using nlohmann::json;
using namespace duelbox;
using namespace duelbox::test;
using namespace duelbox::test::um;

namespace {
using Labels = std::vector<std::string>;

json medusa() { return {{"hero", "medusa"}, {"hand", json::array()}, {"deck", {"coils"}}}; }

// Player p's hero (1-based p): the figure of theirs that is not a sidekick.
EntityId hero_of(const RunResult& r, int p) {
    const Match& m = r.match();
    for (int e = 1; e <= m.entity_count(); ++e)
        if (m.entity(e).kind == "figure" && m.entity(e).owner == p - 1 && m.entity(e).name == "Medusa") return e;
    FAIL("player " << p << " has no Medusa");
    return 0;
}
}  // namespace

TEST_CASE("UM L683-685 L106-112 team play on the Keep: a teammate fills the shared zone, every sidekick still "
          "ends in its hero's zone",
          "[unmatched]") {
    // Four Medusas (3 Harpies, the roster's most). A1 on c1 (RED and BLUE) puts her Harpies in
    // BLUE, the only zone of A2's start e1; B1 on c6 (YELLOW and PURPLE) fills PURPLE, B2's (e6).
    // A2 and B2 take the first space offered: whatever the set-up offers must be in the zone.
    json s = team_match(medusa(), medusa(), medusa(), medusa(),
                        json::array({say(1, "place_sidekick", "d1"), say(1, "place_sidekick", "d2"),
                                     say(1, "place_sidekick", "e2"), say(2, "place_sidekick", "d5"),
                                     say(2, "place_sidekick", "d6"), say(2, "place_sidekick", "e5")}),
                        {{"at_event", "turn"}});
    s["setup"] = {{"map", "maps/unmatched_keep.json"}};
    s["players"][2]["agent"] = "first";
    s["players"][3]["agent"] = "first";
    RunResult r = run(s);
    INFO(r.error);
    REQUIRE(r.state == RunState::Stopped);
    const Match& m = r.match();
    const Board& board = m.board();
    const char* starts[] = {"c1", "c6", "e1", "e6"};
    int sidekicks = 0;
    for (int p = 1; p <= 4; ++p) {
        const SpaceId hero_at = m.position(hero_of(r, p));
        REQUIRE(hero_at != kNoSpace);
        CHECK(board.space(hero_at).name == starts[p - 1]);
        for (int e = 1; e <= m.entity_count(); ++e) {
            const Entity& f = m.entity(e);
            if (f.kind != "figure" || f.owner != p - 1 || f.name == "Medusa") continue;
            ++sidekicks;
            const SpaceId at = m.position(e);
            REQUIRE(at != kNoSpace);
            INFO("player " << p << "'s " << f.name << " on " << board.space(at).name);
            CHECK(board.share_region(at, hero_at));
        }
    }
    CHECK(sidekicks == 12);
}

TEST_CASE("UM L106-112 a full start zone: the sidekick goes on the nearest empty space, not anywhere", "[unmatched]") {
    // The spec's test map: B1's Medusa on s7, whose zone GREEN is s7 and s8 only; s9 and s10
    // are the starts still to be taken. After s8, the Harpies go on s6 (1 step), then s5 (2).
    json a1 = hero_setup("king_arthur", {"s1", "s2"}, json::array(), {"shield_wall"});
    json a2 = hero_setup("alice", {"s10", "s3"}, json::array(), {"croquet"});
    json b2 = hero_setup("sinbad", {"s9", ""}, json::array(), {"parry"});
    auto pending_after = [&](json decisions) {
        const std::size_t n = decisions.size();
        RunResult r = run(team_match(a1, medusa(), a2, b2, std::move(decisions), {{"after_decisions", n}}));
        INFO(r.error);
        REQUIRE(r.state == RunState::Stopped);
        CHECK(pending_id(r) == "place_sidekick");
        return pending_labels(r);
    };
    CHECK(pending_after(json::array()) == Labels{"s8"});
    CHECK(pending_after(json::array({say(2, "place_sidekick", "s8")})) == Labels{"s6"});
    CHECK(pending_after(json::array({say(2, "place_sidekick", "s8"), say(2, "place_sidekick", "s6")})) ==
          Labels{"s5"});
}
