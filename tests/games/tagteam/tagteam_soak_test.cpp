// tagteam_soak_test.cpp - seeded random-agent matches over random team pairings: every match
// ends by KO, double KO or draw, with no script error, and the invariants of spec §10 hold.
#include <catch2/catch.hpp>

#include "tagteam_run.h"

using namespace duelbox;
using namespace duelbox::tagteam_test;

TEST_CASE("1000 seeded random matches over random teams end cleanly", "[tagteam][soak]") {
    int knockouts = 0, double_ko = 0, reserve = 0;
    for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
        Scenario s;
        s.game = "tagteam";
        s.root = root();
        s.seed = seed;
        s.options = {{"teams", seed % 4 == 0 ? "standard" : "random"}};
        s.seats.resize(2);   // random agents
        Run r = play(s);
        INFO("seed " << seed << ": " << r.runner->error());
        REQUIRE(r.state == RunState::Finished);
        const std::string& why = r.m().result().reason;
        if (why == "knockout") ++knockouts;
        else if (why == "double knockout") ++double_ko;
        else if (why == "reserve exhausted") ++reserve;
        else FAIL("unexpected end: " << why);
        CHECK(r.m().check_invariants().empty());   // every entity in exactly one zone
        for (int p = 1; p <= 2; ++p)
            for (int i = 1; i <= 2; ++i) {
                CHECK(r.power(p, i) >= 0);
                CHECK(r.hp(p, i) >= 0);
            }
    }
    CHECK(knockouts > 0);
    CHECK(knockouts + double_ko + reserve == 1000);
}
