// Spec §10.2: setup, Advantage, Reveal, clash, the special attack (BC-11 ... BC-19).
#include "bc_support.h"

using namespace duelbox::test::bc;

TEST_CASE("BC-11 setup state", "[battlecon]") {
    // No fixed discards: the initial discard is chosen (first legal answers).
    json s = {{"fighter", "kestrel"}};
    json setup = {{"drill", std::string(kPrelude) + R"(
bc.note("posA", board.position(S.figure(A))); bc.note("posB", board.position(S.figure(B)))
bc.note("health", S.health(A) .. "/" .. S.health(B)); bc.note("force", S.force(A) .. "/" .. S.force(B))
bc.note("pool", counter.get(S.pool(), "force")); bc.note("active", S.active())
bc.note("d1", zone.count(zone.find("discard1", A))); bc.note("d2", zone.count(zone.find("discard2", B)))
local styles, bases = #bc.set.of_kind(zone.find("hand", A), "style"), #bc.set.of_kind(zone.find("hand", A), "base")
bc.note("hand", styles .. "+" .. bases)
bc.note("tokens", #bc.set.choices(A) - 1)
bc.note("special", zone.count(zone.find("special", A)) .. "/" .. zone.count(zone.find("special_back", A))))"}};
    auto r = run_scenario(scenario(setup, s, s, {}, 5));
    INFO(r.error);
    REQUIRE(r.finished());
    CHECK(note(r, "posA") == 3);
    CHECK(note(r, "posB") == 5);
    CHECK(note(r, "health") == "20/20");
    CHECK(note(r, "force") == "2/2");
    CHECK(note(r, "pool") == 41);
    CHECK((note(r, "active") == 1 || note(r, "active") == 2));
    CHECK(note(r, "d1") == 2);
    CHECK(note(r, "d2") == 2);
    CHECK(note(r, "hand") == "2+5");        // (1 + 3 unique - 2) styles, (6 + 1 unique - 2) bases
    CHECK(note(r, "tokens") == 3);          // Boost, Fortify, Accelerate all unused
    CHECK(note(r, "special") == "1/1");
    // The special attack's side was a secret, simultaneous choice: hidden from the other seat.
    const Event* side = nullptr;
    for (const Event* e : r.of_type("decision"))
        if (r.data(*e)["id"] == "setup.special") { side = e; break; }
    REQUIRE(side != nullptr);
    CHECK_FALSE(r.data(*side, 1).contains("answer"));
    CHECK(r.data(*side, 0).contains("answer"));
}

static const char* kPairs = R"(
bc.pair(A, {range = 1, power = 2, speed = 3}, {range = 1, power = 2, speed = 2})
bc.pair(B, {range = 1, power = 2, speed = 3}, {range = 1, power = 2, speed = 2})
)";

TEST_CASE("BC-12 advantage alternation", "[battlecon]") {
    SECTION("A Boost, B pass, A pass: the phase ends; 2 force to the box") {
        auto r = drill(std::string(kPairs) + R"(bc.set.advantage_phase(ctx)
bc.note("force", S.force(A) .. "/" .. S.force(B)); bc.note("pool", counter.get(S.pool(), "force"))
bc.note("box", counter.get(zone.items(zone.find("table"))[3], "force")))",
                       seat({{"force", 4}}), seat(),
                       {choose(1, "Boost (+1 power, 2 force)", "advantage"), choose(2, "pass", "advantage"),
                        choose(1, "pass", "advantage")},
                       {{"pool", 41}});
        CHECK(note(r, "force") == "2/2");
        CHECK(note(r, "pool") == 41);
        CHECK(note(r, "box") == 2);
        CHECK(count(r, "bc.pass") == 2);
    }
    SECTION("A pass, B Accelerate, A Fortify, B pass, A pass: an early pass does not lock A out") {
        auto r = drill(std::string(kPairs) + R"(bc.set.advantage_phase(ctx)
bc.note("force", S.force(A) .. "/" .. S.force(B)))",
                       seat({{"force", 4}}), seat(),
                       {choose(1, "pass", "advantage"), choose(2, "Accelerate (+1 speed, 2 force)", "advantage"),
                        choose(1, "Fortify (+2 defense, 2 force)", "advantage"), choose(2, "pass", "advantage"),
                        choose(1, "pass", "advantage")});
        CHECK(note(r, "force") == "2/0");
        CHECK(count(r, "bc.support") == 2);
    }
    SECTION("A pass, B pass: ends at once") {
        auto r = drill(std::string(kPairs) + "bc.set.advantage_phase(ctx)", seat(), seat(),
                       {choose(1, "pass", "advantage"), choose(2, "pass", "advantage")});
        CHECK(count(r, "bc.pass") == 2);
        CHECK(count(r, "bc.support") == 0);
    }
    SECTION("illegal: a token twice, a token without 2 force, a token that changes nothing") {
        const std::string code = std::string(kPairs) + R"(
local function labels(p) local t = {} for i, c in ipairs(bc.set.choices(p)) do t[i] = c.label end return table.concat(t, ";") end
bc.set.advantage_phase(ctx)
bc.note("A", labels(A))
counter.set(S.pe(B), "force", 1); bc.note("B", labels(B))
bc.pair(B, {range = 1, power = "none", speed = 3, stability = true}, {range = 1, power = 2, speed = 2})
counter.set(S.pe(B), "force", 6); bc.note("B2", labels(B))
bc.stats.bonus(B, "stability", 1, nil, "beat"); bc.note("B3", labels(B)))";
        const std::vector<ScriptedDecision> d = {choose(1, "Boost (+1 power, 2 force)", "advantage"),
                                                 choose(2, "pass", "advantage"), choose(1, "pass", "advantage")};
        auto r = drill(code, seat({{"force", 4}}), seat(), d);
        CHECK(note(r, "A") == "pass;Fortify (+2 defense, 2 force);Accelerate (+1 speed, 2 force)");
        CHECK(note(r, "B") == "pass");
        // ADV4 is judged on what is face up (rule option adv4_pair = "hidden", the default): the
        // face-down pair's NONE power and stability may still be covered by a clash...
        CHECK(note(r, "B2") == "pass;Boost (+1 power, 2 force);Fortify (+2 defense, 2 force);Accelerate (+1 speed, 2 force)");
        // ...while a stability effect (face up) leaves Fortify nothing to change.
        CHECK(note(r, "B3") == "pass;Boost (+1 power, 2 force);Accelerate (+1 speed, 2 force)");
        // adv4_pair = "known": the pair is consulted too.
        Scenario known = scenario({{"first_active", 1}, {"drill", std::string(kPrelude) + code}}, seat({{"force", 4}}), seat(), d);
        known.options["adv4_pair"] = "known";
        const RunResult k = run_scenario(known);
        INFO(k.error);
        REQUIRE(k.finished());
        CHECK(note(k, "B2") == "pass;Accelerate (+1 speed, 2 force)");
    }
}

TEST_CASE("BC-13 support tokens refresh each beat; their force stays in the box", "[battlecon]") {
    auto r = drill(std::string(kPairs) + R"(
for _, t in ipairs({"boost", "fortify", "accelerate"}) do S.set_flag(A, "used_" .. t, true) end
bc.note("before", #bc.set.choices(A) - 1)
bc.recycle.run(ctx, true)
local pool = counter.get(S.pool(), "force")
bc.beat.clean_up(ctx)
bc.note("after", #bc.set.choices(A) - 1); bc.note("pool same", counter.get(S.pool(), "force") == pool))",
                   seat({{"force", 6}}));
    CHECK(note(r, "before") == 0);
    CHECK(note(r, "after") == 3);
    CHECK(note(r, "pool same") == true);
}

TEST_CASE("BC-14 Reveal effects run holder first; then the higher speed becomes active", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {range = 1, speed = 3}, {range = 1, speed = 2})
bc.pair(B, {range = 1, speed = 2}, {range = 1, speed = 2})
bc.on(A, "reveal", function() bc.note("reveal", "A") end)
bc.on(B, "reveal", function() bc.note("reveal", "B") end)
bc.reveal.run(ctx)
bc.note("active", S.active()))",
                   seat(), seat(), {}, {{"first_active", 2}});
    auto order = notes(r, "reveal");
    REQUIRE(order.size() == 2);
    CHECK(order[0] == "B");
    CHECK(order[1] == "A");
    CHECK(note(r, "active") == 1);
}

TEST_CASE("BC-15 clash: new bases until the speeds differ", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {name = "sA", range = 1, speed = 2}, {name = "b1", range = 1, speed = 3})
bc.pair(B, {name = "sB", range = 1, speed = 2}, {name = "c1", range = 1, speed = 3})
bc.card(A, "base", "b2", {range = 1, speed = 4}, "hand")
bc.card(B, "base", "b3", {range = 1, speed = 2}, "hand")
bc.on(A, "reveal", function() bc.note("first reveal", "A") end)
local go = bc.reveal.run(ctx)
bc.note("go", go); bc.note("active", S.active())
bc.note("speeds", st.speed(A) .. "/" .. st.speed(B))
bc.note("handA", bc.names(A, "hand")); bc.note("handB", bc.names(B, "hand"))
bc.recycle.run(ctx, true)
bc.note("d1A", bc.names(A, "discard1")))",
                   seat({{"hand", json::array()}}), seat({{"hand", json::array()}}), {}, {{"first_active", 1}});
    CHECK(count(r, "bc.clash") == 1);
    CHECK(note(r, "go") == true);
    CHECK(note(r, "speeds") == "6/4");
    CHECK(note(r, "active") == 1);
    CHECK(note(r, "handA") == "b1");
    CHECK(note(r, "handB") == "c1");
    CHECK(note(r, "d1A") == "b2,sA");
    CHECK(notes(r, "first reveal").size() == 1);   // earlier Reveal effects are not applied again
    // CL4: the log says who became active after the clash, and on what speeds (2026-11-30; before,
    // nothing after the clash line said it).
    const auto speed = r.of_type("bc.speed");
    REQUIRE(speed.size() == 1);
    CHECK(r.data(*speed[0]) == json{{"a", 6}, {"b", 4}, {"player", 1}, {"rule", "§3.5 CL4"}});
    CHECK(r.narrate(*speed[0]) == "A is active after the clash (speed 6 against 4)");
}

TEST_CASE("BC-16 clash with no base left: straight to Recycle", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {name = "sA", range = 1, speed = 2}, {name = "b1", range = 1, speed = 3})
bc.pair(B, {name = "sB", range = 1, speed = 2}, {name = "c1", range = 1, speed = 3})
bc.card(A, "base", "b2", {range = 1, speed = 3}, "hand")
bc.card(B, "base", "b3", {range = 1, speed = 3}, "hand")
bc.card(B, "base", "b4", {range = 1, speed = 3}, "hand")
bc.on(B, "recycle", function() bc.note("recycle effect", true) end)
local go = bc.reveal.run(ctx)
bc.note("go", go)
bc.note("pairA", bc.names(A, "pair")); bc.note("handA", bc.names(A, "hand")); bc.note("handB", bc.names(B, "hand"))
bc.recycle.run(ctx, ctx.options.runout_recycle_effects)
bc.note("d1A", bc.names(A, "discard1")); bc.note("d1B", bc.names(B, "discard1"))
bc.note("force", S.force(A) .. "/" .. S.force(B)); bc.note("health", S.health(A) .. "/" .. S.health(B))
bc.note("active", S.active()))",
                   seat({{"hand", json::array()}}), seat({{"hand", json::array()}}), {}, {{"first_active", 2}});
    CHECK(count(r, "bc.clash") == 2);
    CHECK(count(r, "bc.clash_runout") == 1);
    CHECK(note(r, "go") == false);
    CHECK(note(r, "pairA") == "b2,sA");
    CHECK(note(r, "handA") == "b1");
    CHECK(note(r, "handB") == "c1,b4");
    CHECK(note(r, "recycle effect").is_null());
    CHECK(note(r, "d1A") == "b2,sA");
    CHECK(note(r, "d1B") == "b3,sB");
    CHECK(note(r, "force") == "3/3");
    CHECK(note(r, "health") == "20/20");
    CHECK(note(r, "active") == 2);
    CHECK(count(r, "bc.attack") == 0);
}

// SP8 [GAP], spec's SAMPLE: the special-attack player keeps the special and places nothing; only
// the other player adds bases until the speeds differ. Both drills start at Skyfall's speed 7.
TEST_CASE("BC SP8 a special attack in a clash: only the other player adds bases", "[battlecon]") {
    auto r = drill(R"(
bc.set_pair(A, "Maneuver", "Strike")
bc.pair(B, {name = "sB", range = 1, speed = 3}, {name = "c1", range = 1, speed = 4})
bc.card(B, "base", "c2", {range = 1, speed = 4}, "hand")
bc.card(B, "base", "c3", {range = 1, speed = 6}, "hand")
local bases = #bc.set.of_kind(zone.find("hand", A), "base")
bc.note("go", bc.reveal.run(ctx))
bc.note("pairA", bc.names(A, "pair")); bc.note("pairB", bc.names(B, "pair"))
bc.note("A placed no base", #bc.set.of_kind(zone.find("hand", A), "base") == bases + 1)   -- + Strike (SP5)
bc.note("speeds", st.speed(A) .. "/" .. st.speed(B)); bc.note("active", S.active()))",
                   seat({{"force", 5}}), seat({{"hand", json::array()}}),
                   {answer_yes(1, true, "maneuver.special"), choose(2, "c2", "clash.base"), choose(2, "c3", "clash.base")});
    CHECK(count(r, "bc.clash") == 2);         // c2 ties again (7/7), c3 breaks it (7/9)
    CHECK(count(r, "bc.clash_runout") == 0);
    CHECK(note(r, "go") == true);
    CHECK(note(r, "pairA") == "Skyfall");     // nothing placed on the special attack
    CHECK(note(r, "A placed no base") == true);
    CHECK(note(r, "pairB") == "c3,sB");       // CL4: the other bases went back to hand
    CHECK(note(r, "speeds") == "7/9");
    CHECK(note(r, "active") == 2);
}

TEST_CASE("BC SP8 both attack with a special at equal speed: a run-out, or with sp8_both = active_stays no clash", "[battlecon]") {
    const std::string code = R"(
bc.set_pair(A, "Maneuver", "Strike")
bc.set_pair(B, "Maneuver", "Strike")
bc.note("go", bc.reveal.run(ctx))
bc.note("pairs", bc.names(A, "pair") .. "/" .. bc.names(B, "pair")); bc.note("active", S.active())
bc.note("speeds", st.speed(A) .. "/" .. st.speed(B)))";
    // Reveal effects run holder first (REV2): B, the active player, is asked first.
    const std::vector<ScriptedDecision> yes = {answer_yes(2, true, "maneuver.special"),
                                               answer_yes(1, true, "maneuver.special")};
    // Default (the SAMPLE read to its end): nobody can add a base, so the clash runs out (CL5).
    auto r = drill(code, seat({{"force", 5}}), seat({{"force", 5}}), yes, {{"first_active", 2}});
    CHECK(count(r, "bc.clash") == 1);
    REQUIRE(count(r, "bc.clash_runout") == 1);
    CHECK(r.narrate(*r.of_type("bc.clash_runout")[0]).find("neither can place a base") != std::string::npos);
    CHECK(note(r, "go") == false);
    CHECK(note(r, "pairs") == "Skyfall/Skyfall");
    // Option: the tie stands as with two ▲ (TB3): no clash, the active player stays.
    Scenario s = scenario({{"first_active", 2}, {"drill", std::string(kPrelude) + code}}, seat({{"force", 5}}),
                          seat({{"force", 5}}), yes);
    s.options["sp8_both"] = "active_stays";
    RunResult o = run_scenario(s);
    INFO(o.error);
    REQUIRE(o.finished());
    CHECK(count(o, "bc.clash") == 0);
    CHECK(count(o, "bc.clash_runout") == 0);
    CHECK(count(o, "bc.clash_specials") == 1);
    CHECK(note(o, "go") == true);
    CHECK(note(o, "active") == 2);
}

TEST_CASE("BC ADV4 a support token is judged without the face-down pair: Boost is open on Maneuver + Dodge "
          "(rulebook L204, L455: Maneuver's Reveal may swap in a special with power); adv4_pair = known refuses it",
          "[battlecon]") {
    // Found by a rules audit: Boost was refused because the face-down pair's power was NONE.
    const auto play = [](const char* adv4_pair) {
        Scenario s = scenario({{"first_active", 1}, {"beats", 1}}, seat({{"force", 5}}),
                              seat({{"fighter", "frostwarden"}, {"discard1", {"Glacial", "Grasp"}}, {"discard2", {"Shard", "Dash"}}}),
                              {choose(1, "Maneuver", "set.style"), choose(1, "Dodge", "set.base"),
                               choose(2, "Numbing", "set.style"), choose(2, "Strike", "set.base"),
                               choose(1, "Boost (+1 power, 2 force)", "advantage")});
        s.options["adv4_pair"] = adv4_pair;
        return run_scenario(s);
    };
    const RunResult hidden = play("hidden");
    INFO(hidden.error);
    REQUIRE(hidden.finished());
    REQUIRE(count(hidden, "bc.support") == 1);
    CHECK(hidden.narrate(*hidden.of_type("bc.support")[0]) == "A pays 2 force for Boost: +1 power");
    const RunResult known = play("known");
    CHECK(!known.finished());
    CHECK(known.error.find("no option \"Boost (+1 power, 2 force)\"") != std::string::npos);
}

TEST_CASE("BC-17 tie-break bonus", "[battlecon]") {
    auto r = drill(R"(
local function pairs_(sa, sb, ta, tb)
  bc.pair(A, {range = 1, speed = sa, tiebreak = ta}, {range = 1, speed = 0})
  bc.pair(B, {range = 1, speed = sb, tiebreak = tb}, {range = 1, speed = 0})
end
pairs_(4, 4, true, nil); bc.note("a", bc.reveal.compare() or "clash")
pairs_(4, 4, true, true); bc.note("b", bc.reveal.compare() or "clash")
bc.verbs.cause_clash()
pairs_(3, 5, nil, nil); bc.note("c", bc.reveal.compare() or "clash")
pairs_(3, 5, true, nil); bc.note("d", bc.reveal.compare() or "clash"))",
                   seat(), seat(), {}, {{"first_active", 2}});
    CHECK(note(r, "a") == 1);
    CHECK(note(r, "b") == 2);
    CHECK(note(r, "c") == "clash");
    CHECK(note(r, "d") == 2);
}

TEST_CASE("BC-18 special attack via Maneuver", "[battlecon]") {
    auto r = drill(R"(
bc.set_pair(A, "Maneuver", "Strike")
bc.pair(B, {range = 1, speed = 1}, {range = 1, speed = 0})
bc.reveal.run(ctx)
bc.note("pair", bc.names(A, "pair")); bc.note("force", S.force(A))
bc.note("maneuver in box", zone.of(bc.setup.find_in(S.box(), "Maneuver")) == S.box())
bc.note("strike in hand", bc.names(A, "hand"):find("Strike") ~= nil)
bc.note("speed", st.speed(A)); bc.note("power", st.power(A)); bc.note("range", st.range_text(st.range(A)))
bc.recycle.run(ctx, true)
bc.note("d1", bc.names(A, "discard1")); bc.note("d2", bc.names(A, "discard2"))
bc.note("after", S.force(A)); bc.note("special left", zone.count(zone.find("special", A))))",
                   seat({{"force", 5}}), seat(), {answer_yes(1, true, "maneuver.special")});
    CHECK(note(r, "pair") == "Skyfall");
    CHECK(note(r, "force") == 2);
    CHECK(note(r, "maneuver in box") == true);
    CHECK(note(r, "strike in hand") == true);
    CHECK(note(r, "speed") == 7);
    CHECK(note(r, "power") == 6);
    CHECK(note(r, "range") == "1~3");
    CHECK(note(r, "d1") == "Grasp,Hooked");
    CHECK(note(r, "d2") == "Dash,Heavy");
    CHECK(note(r, "after") == 3);
    CHECK(note(r, "special left") == 0);
}

TEST_CASE("BC-18 SP5 option sp5 = cycle: the base leaves the attack at the swap and goes to discard 1 alone", "[battlecon]") {
    // SP3: the special attack card alone is the attack. Under "cycle" the base stayed live in
    // the pair (Strike's stats and effects joined Skyfall's), and at Recycle it went on top of the
    // old discard 1 with no cycling (audit of session 32). Now it waits set aside, and Recycle
    // cycles as usual with the base going to discard 1 alone.
    Scenario s = scenario({{"first_active", 1}, {"drill", std::string(kPrelude) + R"(
bc.set_pair(A, "Maneuver", "Strike")
bc.pair(B, {range = 1, speed = 1}, {range = 1, speed = 0})
bc.reveal.run(ctx)
bc.note("pair", bc.names(A, "pair")); bc.note("strike in hand", bc.names(A, "hand"):find("Strike") ~= nil)
bc.note("speed", st.speed(A)); bc.note("power", st.power(A)); bc.note("range", st.range_text(st.range(A)))
bc.recycle.run(ctx, true)
bc.note("d1", bc.names(A, "discard1")); bc.note("d2", bc.names(A, "discard2")); bc.note("hand", bc.names(A, "hand")))"}},
                          seat({{"force", 5}}), seat(), {answer_yes(1, true, "maneuver.special")});
    s.options["sp5"] = "cycle";
    RunResult r = run_scenario(s);
    INFO(r.error);
    REQUIRE(r.finished());
    CHECK(note(r, "pair") == "Skyfall");
    CHECK(note(r, "strike in hand") == false);
    CHECK(note(r, "speed") == 7);          // Skyfall's own stats, as with the default
    CHECK(note(r, "power") == 6);
    CHECK(note(r, "range") == "1~3");
    CHECK(note(r, "d1") == "Strike");      // the base alone
    CHECK(note(r, "d2") == "Grasp,Hooked");   // the old discard 1, cycled
    CHECK(note(r, "hand").get<std::string>().find("Dash") != std::string::npos);   // the old discard 2, back in hand
}

// #17.5 / SP1: the special attack card can be turned over, only by Maneuver's effect (its
// text is SAMPLE: instead of attacking with the special, turn it over for free).
TEST_CASE("BC SP1 Maneuver may turn the special attack card over instead of attacking with it", "[battlecon]") {
    auto r = drill(R"(
bc.note("front", bc.names(A, "special")); bc.note("back", bc.names(A, "special_back"))
bc.set_pair(A, "Maneuver", "Strike")
bc.pair(B, {range = 1, speed = 1}, {range = 1, speed = 0})
bc.reveal.run(ctx)
bc.note("pair", bc.names(A, "pair")); bc.note("force", S.force(A))
bc.note("front after", bc.names(A, "special")); bc.note("back after", bc.names(A, "special_back"))
bc.fire.fire("end_beat", {}, S.order()); bc.note("end force", S.force(A)))",
                   seat({{"force", 5}}), seat(), {answer_yes(1, false, "maneuver.special"), answer_yes(1, true, "maneuver.flip")});
    const std::string front = note(r, "front"), back = note(r, "back");
    CHECK(front == "Skyfall");
    CHECK_FALSE(back.empty());
    CHECK(note(r, "pair") == "Maneuver,Strike");     // no special attack this beat
    CHECK(note(r, "force") == 5);                    // turning it over is free
    CHECK(note(r, "front after") == back);
    CHECK(note(r, "back after") == front);
    CHECK(note(r, "end force") == 6);                // Maneuver's End still applies
    CHECK(count(r, "bc.special_flip") == 1);
}

TEST_CASE("BC-19 Maneuver without enough force attacks normally and gains force at End", "[battlecon]") {
    auto r = drill(R"(
bc.set_pair(A, "Maneuver", "Strike")
bc.pair(B, {range = 1, speed = 1}, {range = 1, speed = 0})
bc.reveal.run(ctx)
bc.note("pair", bc.names(A, "pair"))
bc.fire.fire("end_beat", {}, S.order())
bc.note("force", S.force(A))
bc.recycle.run(ctx, true)
bc.note("d1", bc.names(A, "discard1")))");
    CHECK(note(r, "pair") == "Maneuver,Strike");
    CHECK(note(r, "force") == 3);
    CHECK(note(r, "d1") == "Maneuver,Strike");
    for (const Event* e : r.of_type("decision")) CHECK(r.data(*e)["id"] != "maneuver.special");
}

TEST_CASE("BC-16 a clash run-out in a whole beat: no Start, no attack, no End, no Recycle effects", "[battlecon]") {
    // The beat itself (battlecon.beat), not its steps called one by one: after the run-out it
    // goes straight to Recycle, with Recycle-condition effects off (option runout_recycle_effects).
    auto r = drill(R"(
bc.card(A, "style", "sA", {range = 1, speed = 2}, "hand")
bc.card(A, "base", "b1", {range = 1, speed = 3}, "hand")
bc.card(A, "base", "b2", {range = 1, speed = 3}, "hand")
bc.card(B, "style", "sB", {range = 1, speed = 2}, "hand")
bc.card(B, "base", "c1", {range = 1, speed = 3}, "hand")
bc.card(B, "base", "b3", {range = 1, speed = 3}, "hand")
bc.card(B, "base", "b4", {range = 1, speed = 3}, "hand")
for _, p in ipairs({A, B}) do
  bc.on(p, "start", function() bc.note("start effect", p) end)
  bc.on(p, "end_beat", function() bc.note("end effect", p) end)
  bc.on(p, "recycle", function() bc.note("recycle effect", p) end)
end
bc.beat.run(ctx)
bc.note("d1A", bc.names(A, "discard1")); bc.note("d1B", bc.names(B, "discard1"))
bc.note("force", S.force(A) .. "/" .. S.force(B)))",
                   seat({{"hand", json::array()}}), seat({{"hand", json::array()}}), {}, {{"first_active", 2}});
    CHECK(count(r, "bc.clash") == 2);
    CHECK(count(r, "bc.clash_runout") == 1);
    CHECK(note(r, "start effect").is_null());
    CHECK(note(r, "end effect").is_null());
    CHECK(note(r, "recycle effect").is_null());
    CHECK(count(r, "bc.attack") == 0);
    CHECK(count(r, "bc.recycle") == 1);     // Recycle itself runs: cards cycle, force comes in
    CHECK(note(r, "d1A") == "b2,sA");
    CHECK(note(r, "d1B") == "b3,sB");
    CHECK(note(r, "force") == "3/3");
}
