// Spec §10.4: Recycle, force, time-out (BC-31 ... BC-34).
#include "bc_support.h"

using namespace duelbox::test::bc;

TEST_CASE("BC-31 card cycle", "[battlecon]") {
    auto r = drill(R"(
for _, zn in ipairs({"discard1", "discard2"}) do
  for _, e in ipairs(zone.items(zone.find(zn, A))) do zone.move(e, S.box()) end
end
bc.card(A, "style", "s2", {}, "discard2"); bc.card(A, "base", "b2", {}, "discard2")
bc.card(A, "style", "s1", {}, "discard1"); bc.card(A, "base", "b1", {}, "discard1")
bc.pair(A, {name = "s3"}, {name = "b3"})
local b4 = bc.card(A, "base", "b4", {}, "hand")
v.discard(A, b4)
bc.note("aside", bc.names(A, "aside"))
counter.set(S.pe(A), "health", 15); counter.set(S.pe(A), "force", 3); counter.set(S.pool(), "force", 30)
local hand = zone.count(zone.find("hand", A))
bc.recycle.run(ctx, true)
bc.note("new in hand", zone.count(zone.find("hand", A)) - hand)
bc.note("hand has s2", bc.names(A, "hand"):find("s2") ~= nil)
bc.note("d2", bc.names(A, "discard2")); bc.note("d1", bc.names(A, "discard1"))
bc.note("force", S.force(A)); bc.note("pool", counter.get(S.pool(), "force")))");
    CHECK(note(r, "aside") == "b4");
    CHECK(note(r, "new in hand") == 2);
    CHECK(note(r, "hand has s2") == true);
    CHECK(note(r, "d2") == "s1,b1");
    CHECK(note(r, "d1") == "s3,b3,b4");
    CHECK(note(r, "force") == 4);
    CHECK(note(r, "pool") == 28);   // 30 - 1 (A) - 1 (B, who recycles too)
}

TEST_CASE("BC-32 force income and the cap of 10", "[battlecon]") {
    auto r = drill(R"(
local box = zone.items(zone.find("table"))[3]
counter.set(S.pool(), "force", 20)
counter.set(S.pe(A), "health", 7); counter.set(S.pe(A), "force", 9)
bc.recycle.force(A)
bc.note("a force", S.force(A)); bc.note("a pool", counter.get(S.pool(), "force")); bc.note("a box", counter.get(box, "force"))
counter.set(S.pe(A), "health", 8); counter.set(S.pe(A), "force", 10)
bc.recycle.force(A)
bc.note("b force", S.force(A)); bc.note("b pool", counter.get(S.pool(), "force"))
counter.set(S.pe(A), "health", 7); counter.set(S.pe(A), "force", 3)
bc.recycle.force(A)
bc.note("c force", S.force(A)))");
    CHECK(note(r, "a force") == 10);
    CHECK(note(r, "a pool") == 18);
    CHECK(note(r, "a box") == 1);
    CHECK(note(r, "b force") == 10);
    CHECK(note(r, "b pool") == 17);
    CHECK(note(r, "c force") == 5);
}

TEST_CASE("BC-33 time-out and the final beat", "[battlecon]") {
    SECTION("the pool runs dry during step 4; the missing force comes from the box") {
        auto r = drill(R"(
bc.pair(A, {}, {}); bc.pair(B, {}, {})
counter.set(S.pool(), "force", 2); counter.set(S.pe(A), "health", 6); counter.set(S.pe(B), "health", 12)
counter.set(S.force_box(), "force", 6)
bc.recycle.run(ctx, true)
bc.note("time out", entity.get(S.tracker(), "time_out")); bc.note("pool", counter.get(S.pool(), "force"))
bc.note("force", S.force(A) .. "/" .. S.force(B)); bc.note("box", counter.get(S.force_box(), "force")))");
        CHECK(note(r, "time out") == true);
        CHECK(note(r, "pool") == 0);
        CHECK(note(r, "force") == "4/3");
        // TO1: A took 2 from the pool, B's 1 came from the box, whose tally says so (it did not).
        CHECK(note(r, "box") == 5);
        CHECK(count(r, "bc.time_out") == 1);
    }
    SECTION("after the final beat: more health wins; a tie goes to the final beat's reactive player") {
        auto run = [](int ha, int hb, int active) {
            auto r = drill("counter.set(S.pe(A), 'health', " + std::to_string(ha) + "); counter.set(S.pe(B), 'health', " +
                           std::to_string(hb) + "); S.set_active(" + std::to_string(active) + "); bc.recycle.time_out_winner()");
            return r.match().result().winners;
        };
        using W = std::vector<duelbox::PlayerIndex>;
        CHECK(run(9, 10, 1) == W{1});
        CHECK(run(10, 10, 1) == W{1});   // B was reactive
        CHECK(run(10, 10, 2) == W{0});   // A was reactive
    }
    SECTION("a whole match: time runs out, one more beat is played, then health decides") {
        // Both seats always pass and never hit: the pool (set low) is the only clock.
        json s = seat({{"hand", {"Maneuver", "Swift", "Dodge", "Strike", "Talon"}}});
        auto sc = scenario({{"first_active", 1}, {"pool", 3}}, s, s);
        auto r = run_scenario(sc);
        INFO(r.error);
        REQUIRE(r.finished());
        CHECK(r.match().result().reason == "time-out");
        auto beats = r.of_type("bc.beat");
        auto out = r.first("bc.time_out");
        REQUIRE(out != nullptr);
        // the beat in which time ran out, then exactly one final beat
        int after = 0;
        for (const Event* e : beats) if (e->seq > out->seq) ++after;
        CHECK(after == 1);
        CHECK(r.data(*beats.back())["final"] == true);
    }
}

TEST_CASE("BC-34 no style in hand at Set: recycle first", "[battlecon]") {
    SECTION("literal switch: steps 1-4, force too") {
        auto r = drill(R"(
for _, e in ipairs(bc.set.of_kind(zone.find("hand", A), "style")) do zone.move(e, S.box()) end
bc.set.set_phase(ctx, bc.recycle)
bc.note("pair", zone.count(zone.find("pair", A))); bc.note("d2", bc.names(A, "discard2"))
bc.note("d1", zone.count(zone.find("discard1", A))); bc.note("force", S.force(A)))");
        CHECK(count(r, "bc.set3") == 1);
        CHECK(note(r, "pair") == 2);
        CHECK(note(r, "d2") == "Grasp,Hooked");
        CHECK(note(r, "d1") == 0);
        CHECK(note(r, "force") == 3);
    }
    SECTION("cards switch: no force") {
        json setup = {{"first_active", 1}};
        auto sc = scenario(setup, seat(), seat());
        sc.options = {{"set3", "cards"}};
        sc.setup["drill"] = std::string(kPrelude) + R"(
for _, e in ipairs(bc.set.of_kind(zone.find("hand", A), "style")) do zone.move(e, S.box()) end
bc.set.set_phase(ctx, bc.recycle); bc.note("force", S.force(A)))";
        auto r = run_scenario(sc);
        INFO(r.error);
        REQUIRE(r.finished());
        CHECK(note(r, "force") == 2);
    }
}
