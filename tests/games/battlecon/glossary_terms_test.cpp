// Spec §8: one test per glossary term that had none of its own (docs/battlecon-glossary-tests.md
// maps every term to its test). Where the book's term is a card effect, a real card applies it:
// a sample fighter's card, or a drill card (cards/battlecon/drill/cards.lua, spec §10.0).
#include "bc_team.h"

using namespace duelbox;
using namespace duelbox::test::bc;

static const json kAshen = {{"fighter", "ashen"}, {"discard1", {"Cinder", "Grasp"}}, {"discard2", {"Flare", "Dash"}}};
static const json kBastion = {{"fighter", "bastion"}, {"discard1", {"Bulwark", "Grasp"}}, {"discard2", {"Surge", "Dash"}}};

static RunResult real_drill(const std::string& code, json s1 = seat(), json s2 = seat(), std::vector<ScriptedDecision> d = {},
                            json setup = json::object()) {
    return drill(std::string(kRealCards) + code, s1, s2, std::move(d), std::move(setup));
}

TEST_CASE("BattleCON glossary: fighter of another team (Volley: every enemy, not only the opponent)", "[battlecon]") {
    SECTION("team play: both enemies lose 1, the teammate nothing") {
        // P1 on 4 hits P3 on 5; P4 on 9 is not P1's opponent but is a fighter of another team.
        auto r = team_run(std::string(kRealCards) + R"(
drill_pair(1, "battlecon/drill/volley", {range = 1})
for q = 2, 4 do bc.pair(q, {range = 0}, {range = 0}) end
bc.attack.attack(1, bc.team_beat.choose_target)
for q = 1, 4 do bc.note("h" .. q, S.health(q)) end
bc.note("enemies of 1", #T.enemies(1)); bc.note("opponents of 1", #T.opponents(1)))",
                          {{1, 4}, {1, 2}, {2, 5}, {2, 9}});
        CHECK(note(r, "h3") == 19);
        CHECK(note(r, "h4") == 19);
        CHECK(note(r, "h2") == 20);
        CHECK(note(r, "h1") == 20);
        CHECK(note(r, "enemies of 1") == 2);
        CHECK(note(r, "opponents of 1") == 1);
    }
    SECTION("a duel: the opponent") {
        auto r = real_drill(R"(
drill_pair(A, "battlecon/drill/volley", {range = 1}); bc.pair(B, {range = 0}, {range = 0})
bc.place(A, 3); bc.place(B, 4); bc.attack.attack(A)
bc.note("A", S.health(A)); bc.note("B", S.health(B)))");
        CHECK(note(r, "B") == 19);
        CHECK(note(r, "A") == 20);
    }
}

TEST_CASE("BattleCON glossary: your range, power, speed and defense are the pair's sums with every bonus and penalty", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {range = {1, 2}, power = 2, speed = 3, defense = 1}, {range = {0, 1}, power = 1, speed = 1, defense = 2})
local function all(tag)
  bc.note(tag .. " range", st.range_text(st.range(A))); bc.note(tag .. " power", st.power(A))
  bc.note(tag .. " speed", st.speed(A)); bc.note(tag .. " defense", st.defense(A))
end
all("sum")
st.bonus(A, "power", 2); st.bonus(A, "speed", -1); st.bonus(A, "defense", 1); st.bonus(A, "range_max", 1)
all("bonus")
bc.note("printed power", st.printed(A, "power")))");
    CHECK(note(r, "sum range") == "1~3");
    CHECK(note(r, "sum power") == 3);
    CHECK(note(r, "sum speed") == 4);
    CHECK(note(r, "sum defense") == 3);
    CHECK(note(r, "bonus range") == "1~4");
    CHECK(note(r, "bonus power") == 5);
    CHECK(note(r, "bonus speed") == 3);
    CHECK(note(r, "bonus defense") == 4);
    CHECK(note(r, "printed power") == 3);
}

TEST_CASE("BattleCON glossary: cause a clash through a card (Provoke)", "[battlecon]") {
    const std::string pairs = R"(
drill_pair(A, "battlecon/drill/provoke", {range = 1, speed = 3})
bc.card(A, "base", "a2", {speed = 9}, "hand"); bc.card(B, "base", "b2", {speed = 1}, "hand")
)";
    SECTION("speeds 3 and 5 differ, yet Provoke's Reveal effect makes them clash") {
        auto r = real_drill(pairs + R"(bc.pair(B, {range = 1, speed = 5}, {range = 0})
bc.note("go", bc.reveal.run(ctx)); bc.note("active", S.active()))",
                            seat({{"hand", json::array()}}), seat({{"hand", json::array()}}), {}, {{"first_active", 2}});
        CHECK(count(r, "bc.clash") == 1);
        CHECK(note(r, "go") == true);
        CHECK(note(r, "active") == 1);   // Provoke 0 + a2 9 against 5 + 1 after the clash
    }
    SECTION("a ▲ still cancels it: no clash, the faster is active") {
        auto r = real_drill(pairs + R"(bc.pair(B, {range = 1, speed = 5}, {range = 0, tiebreak = true})
bc.note("go", bc.reveal.run(ctx)); bc.note("active", S.active()))",
                            seat({{"hand", json::array()}}), seat({{"hand", json::array()}}), {}, {{"first_active", 2}});
        CHECK(count(r, "bc.clash") == 0);
        CHECK(note(r, "active") == 2);
    }
}

TEST_CASE("BattleCON glossary: ignore defense through a card (Pierce)", "[battlecon]") {
    SECTION("defense 5 counts as 0: 2 damage after armor stuns; armor still applies") {
        auto r = real_drill(R"(
drill_pair(A, "battlecon/drill/pierce", {range = 1, power = 3}); bc.pair(B, {range = 1, defense = 5}, {range = 0})
bc.place(A, 3); bc.place(B, 4); v.armor(B, 1)
bc.attack.attack(A)
bc.note("health", S.health(B)); bc.note("stunned", S.flag(B, "stunned")); bc.note("defense", st.defense(B)))");
        CHECK(note(r, "health") == 18);
        CHECK(note(r, "stunned") == true);
        CHECK(note(r, "defense") == 5);   // only that attack counted it as 0
    }
    SECTION("stability still prevents the stun") {
        auto r = real_drill(R"(
drill_pair(A, "battlecon/drill/pierce", {range = 1, power = 3}); bc.pair(B, {range = 1, defense = 5, stability = true}, {range = 0})
bc.place(A, 3); bc.place(B, 4)
bc.attack.attack(A)
bc.note("health", S.health(B)); bc.note("stunned", S.flag(B, "stunned")))");
        CHECK(note(r, "health") == 17);
        CHECK(note(r, "stunned") == false);
    }
}

TEST_CASE("BattleCON glossary: printed value in a card effect (Measure: lose your printed power)", "[battlecon]") {
    auto r = real_drill(R"(
drill_pair(A, "battlecon/drill/measure", {range = 1, power = 3}); bc.pair(B, {range = 1, defense = 20}, {range = 0})
bc.place(A, 3); bc.place(B, 4)
st.bonus(A, "power", 2)
bc.note("power", st.power(A)); bc.note("printed", st.printed(A, "power"))
bc.attack.attack(A)
bc.note("health", S.health(B)))");
    CHECK(note(r, "power") == 5);
    CHECK(note(r, "printed") == 3);
    CHECK(note(r, "health") == 12);   // loses 3 (printed) at Hit, then takes 5 (power) damage
    bool lost3 = false;
    for (const Event* e : r.of_type("bc.lose"))
        if (r.data(*e)["n"] == 3) lost3 = true;
    CHECK(lost3);
}

TEST_CASE("BattleCON glossary: apply an effect (Echo applies the base's Hit effect again)", "[battlecon]") {
    SECTION("Echo + Grasp: Grasp's push at Hit, and again at After") {
        auto r = real_drill(R"(
real_pair(A, "battlecon/drill/echo", "battlecon/grasp")
bc.pair(B, {range = 0}, {range = 0}); bc.place(A, 3); bc.place(B, 4)
bc.attack.attack(A); bc.note("B at", board.position(S.figure(B))); bc.note("health", S.health(B)))",
                            seat(), seat(), {choose(1, "push 1 (to space 5)", "move"), choose(1, "push 1 (to space 6)", "move")});
        CHECK(note(r, "B at") == 6);
        CHECK(note(r, "health") == 18);   // Grasp's power 2: the effect applied, not a second attack
    }
    SECTION("a miss: nothing to apply") {
        auto r = real_drill(R"(
real_pair(A, "battlecon/drill/echo", "battlecon/grasp")
bc.pair(B, {range = 0}, {range = 0}); bc.place(A, 2); bc.place(B, 5)
bc.attack.attack(A); bc.note("B at", board.position(S.figure(B))))");
        CHECK(note(r, "B at") == 5);
    }
}

TEST_CASE("BattleCON glossary: remove (Flash goes to the box and never comes back)", "[battlecon]") {
    auto r = real_drill(R"(
local flash = drill_pair(A, "battlecon/drill/flash", {name = "TB", range = 1, power = 1})
bc.pair(B, {range = 0}, {range = 0}); bc.place(A, 3); bc.place(B, 4)
bc.attack.attack(A)
bc.note("zone", zone.name(zone.of(flash))); bc.note("live", S.live(flash))
bc.recycle.run(ctx, true); bc.note("d1", bc.names(A, "discard1"))
bc.recycle.run(ctx, true); bc.recycle.run(ctx, true)
bc.note("back", zone.of(flash) ~= S.box()))");
    CHECK(note(r, "zone") == "box");
    CHECK(note(r, "live") == false);
    CHECK(note(r, "d1") == "TB");
    CHECK(note(r, "back") == false);
}

TEST_CASE("BattleCON glossary: deal X damage through a card (Ashen's Kindled Ground)", "[battlecon]") {
    // B stands on Ashen's Ember (space 4): Ashen's Hit deals 1 damage. It is not an attack: no
    // Damage window of its own, but "when you take damage" fires and it counts for the stun.
    auto r = real_drill(R"(
bc.pair(A, {range = 1, power = 2}, {range = 0}); bc.pair(B, {range = 1, defense = 3}, {range = 0})
bc.place(A, 3); bc.place(B, 4)
local damage, when = 0, 0
bc.on(A, "damage", function() damage = damage + 1 end)
bc.on(B, "when_damaged", function() when = when + 1 end)
bc.note("power", st.power(A))
bc.attack.attack(A)
bc.note("health", S.health(B)); bc.note("stunned", S.flag(B, "stunned"))
bc.note("damage windows", damage); bc.note("when damaged", when))",
                        seat(kAshen));
    CHECK(note(r, "power") == 3);            // Blaze form: +1
    CHECK(note(r, "health") == 16);          // 1 dealt + 3 from the attack
    CHECK(note(r, "stunned") == true);       // 4 over the beat > defense 3
    CHECK(note(r, "damage windows") == 1);   // only the attack's
    CHECK(note(r, "when damaged") == 2);
}

TEST_CASE("BattleCON glossary: deal X damage is lowered by armor", "[battlecon]") {
    auto r = real_drill(R"(
bc.pair(A, {range = 1, power = -1}, {range = 0}); bc.pair(B, {range = 1, defense = 0}, {range = 0})
bc.place(A, 3); bc.place(B, 4); v.armor(B, 1)
bc.attack.attack(A)
bc.note("health", S.health(B)); bc.note("stunned", S.flag(B, "stunned")); bc.note("armor", counter.get(S.pe(B), "armor")))",
                        seat(kAshen));
    CHECK(note(r, "health") == 20);
    CHECK(note(r, "armor") == 0);
    CHECK(note(r, "stunned") == false);
}

TEST_CASE("BattleCON glossary: stunned as an effect through a card (Kestrel's Stillwind)", "[battlecon]") {
    const std::string code = R"(
real(A, "battlecon/kestrel/stillwind")
bc.place(A, 3); bc.place(B, 4); v.armor(B, 9)
bc.attack.attack(A)
bc.note("health", S.health(B)); bc.note("stunned", S.flag(B, "stunned")))";
    SECTION("armor and defense do not matter") {
        auto r = real_drill("bc.pair(B, {range = 1, defense = 9}, {range = 0})" + code);
        CHECK(note(r, "health") == 20);
        CHECK(note(r, "stunned") == true);
    }
    SECTION("stability prevents it") {
        auto r = real_drill("bc.pair(B, {range = 1, defense = 9, stability = true}, {range = 0})" + code);
        CHECK(note(r, "stunned") == false);
    }
}

TEST_CASE("BattleCON glossary: ignore armor through a card (Ashen's Inferno): the armor is there for the next attacker", "[battlecon]") {
    // P1 Ashen (Inferno: ignore armor, power 6 + Blaze 1) and P2 against P3 (armor 3).
    auto r = team_run(std::string(kRealCards) + R"(
for _, m in ipairs(zone.items(zone.find("markers", 1))) do bc.kit.clear(m) end
real(1, "battlecon/ashen/inferno")
bc.pair(2, {range = 2, power = 2}, {range = 0})
bc.pair(3, {range = 0, defense = 20}, {range = 0}); bc.pair(4, {range = 0}, {range = 0})
v.armor(3, 3)
bc.attack.attack(1, bc.team_beat.choose_target)
bc.note("after 1", S.health(3)); bc.note("armor 1", counter.get(S.pe(3), "armor"))
bc.attack.attack(2, bc.team_beat.choose_target)
bc.note("after 2", S.health(3)); bc.note("armor 2", counter.get(S.pe(3), "armor")))",
                      {{1, 2, kAshen}, {1, 1}, {2, 3}, {2, 9}});
    CHECK(note(r, "after 1") == 13);
    CHECK(note(r, "armor 1") == 3);
    CHECK(note(r, "after 2") == 13);   // P2's 2 burn 2 of the 3
    CHECK(note(r, "armor 2") == 1);
}

TEST_CASE("BattleCON glossary: optional (Maneuver's swap may be declined with the force to pay)", "[battlecon]") {
    auto r = drill(R"(
bc.set_pair(A, "Maneuver", "Strike")
bc.pair(B, {range = 1, speed = 1}, {range = 1, speed = 0})
bc.reveal.run(ctx)
bc.note("pair", bc.names(A, "pair")); bc.note("force", S.force(A)); bc.note("special", bc.names(A, "special"))
bc.fire.fire("end_beat", {}, S.order()); bc.note("end force", S.force(A)))",
                   seat({{"force", 5}}), seat(), {answer_yes(1, false, "maneuver.special"), answer_yes(1, false, "maneuver.flip")});
    CHECK(note(r, "pair") == "Maneuver,Strike");
    CHECK(note(r, "force") == 5);
    CHECK(note(r, "special") == "Skyfall");
    CHECK(note(r, "end force") == 6);   // not swapped: Maneuver's End applies
}

TEST_CASE("BattleCON glossary: one-time advantage (Ashen turns the form card once per beat)", "[battlecon]") {
    auto r = drill(R"(
local function offered() for _, c in ipairs(bc.set.choices(A)) do if c.label == "turn the form card over" then return c end end end
local function active_form() for _, c in ipairs(zone.items(zone.find("cards", A))) do if bc.kit.active(c) then return entity.name(c) end end end
bc.note("offered", offered() ~= nil); bc.set.use(A, offered()); bc.note("form", active_form())
bc.note("again", offered() ~= nil)
bc.beat.clean_up(ctx); bc.note("next beat", offered() ~= nil))",
                   seat(kAshen));
    CHECK(note(r, "offered") == true);
    CHECK(note(r, "form") == "Smolder");
    CHECK(note(r, "again") == false);
    CHECK(note(r, "next beat") == true);
}

TEST_CASE("BattleCON glossary: a [For opponent] advantage used by the opponent in a match", "[battlecon]") {
    // One whole beat (setup.beats = 1) of Kestrel (A) against Bastion (B): A takes Bastion's
    // Taunt in the Advantage phase; everything else is the "first" agents' play.
    Scenario sc = scenario({{"first_active", 1}, {"beats", 1}}, seat(), seat(kBastion),
                           {choose(1, "Swift", "set.style"), choose(1, "Strike", "set.base"),
                            choose(1, "Taunt Bastion: gain 1 force, Bastion +1 power", "advantage")});
    RunResult r = run_scenario(sc);
    INFO(r.error);
    REQUIRE(r.finished());
    int by_a = 0, by_b = 0;
    for (const Event* e : r.of_type("bc.advantage")) {
        json d = r.data(*e);
        if (d["label"].get<std::string>().find("Taunt") == std::string::npos) continue;
        (d["player"] == 1 ? by_a : by_b)++;
    }
    CHECK(by_a == 1);
    CHECK(by_b == 0);
    REQUIRE(r.of_type("bc.reveal").size() == 1);
    const auto reveal_at = r.of_type("bc.reveal")[0]->seq;
    bool a_gained = false;
    for (const Event* e : r.of_type("bc.force"))
        if (r.data(*e)["player"] == 1 && r.data(*e)["n"] == 1 && e->seq < reveal_at) a_gained = true;
    CHECK(a_gained);   // A gained 1 force before Reveal
    bool b_plus_one = false;
    for (const Event* e : r.of_type("bc.pair"))
        if (r.data(*e)["player"] == 2 && r.data(*e)["power"] == "5") b_plus_one = true;
    CHECK(b_plus_one);   // Bastion's Maneuver + Strike: 0 + 4, +1 from Taunt
}

TEST_CASE("BattleCON glossary: distance counts every space between, occupied or not", "[battlecon]") {
    // P1 on 2, its teammate P2 on 3, P3 on 5: distance 3 though a figure stands between.
    auto r = team_run(R"(
bc.note("adjacent", S.distance(1, 2)); bc.note("through", S.distance(1, 3))
bc.pair(1, {range = 3, power = 2}, {range = 0})
for q = 2, 4 do bc.pair(q, {range = 0}, {range = 0}) end
bc.attack.attack(1, bc.team_beat.choose_target); bc.note("health", S.health(3)))",
                      {{1, 2}, {1, 3}, {2, 5}, {2, 9}});
    CHECK(note(r, "adjacent") == 1);
    CHECK(note(r, "through") == 3);
    CHECK(note(r, "health") == 18);
}

TEST_CASE("BC E8 TS7 team play: simultaneous effects go in the beat's turn order, not around the table", "[battlecon]") {
    // Teams 1+2 and 3+4, turn order 2, 1, 3, 4 (P2 fastest): the active team's two fighters
    // first. The walk took the list as a set of players and went round the table from its
    // first: 2, 3, 4, 1 (audit of session 32).
    auto r = team_run(R"(
local seen = {}
for p = 1, 4 do bc.on(p, "start", function() seen[#seen + 1] = p end) end
bc.fire.fire("start", {}, {2, 1, 3, 4}); bc.note("by speed", table.concat(seen, ","))
seen = {}
bc.fire.fire("start", {}, {4, 3, 1, 2}); bc.note("other team", table.concat(seen, ",")))",
                      {{1, 2}, {1, 3}, {2, 5}, {2, 6}});
    CHECK(note(r, "by speed") == "2,1,3,4");
    CHECK(note(r, "other team") == "4,3,1,2");
}

TEST_CASE("BattleCON glossary: be eliminated (team play): the fighter's effects stop at once", "[battlecon]") {
    auto r = team_run(R"(
bc.on(3, "start", function() bc.note("P3 start", true) end)
bc.on(4, "start", function() bc.note("P4 start", true) end)
counter.set(S.pe(3), "health", 2); v.take_damage(3, 2)
bc.note("over", match.finished()); bc.note("in order", entity.get(S.tracker(), "order") or table.concat(S.order(), ","))
bc.fire.fire("start", {}, {1, 2, 3, 4}))",
                      {{1, 4}, {1, 2}, {2, 6}, {2, 8}});
    CHECK(note(r, "over") == false);
    CHECK(note(r, "in order") == "1,2,4");
    CHECK(note(r, "P4 start") == true);
    CHECK(note(r, "P3 start").is_null());
}

TEST_CASE("BattleCON glossary: restore health up to the starting health, never above", "[battlecon]") {
    auto r = drill(R"(
counter.set(S.pe(A), "health", 12); bc.note("a", v.restore(A, 5)); bc.note("a health", S.health(A))
bc.note("b", v.restore(A, 5)); bc.note("b health", S.health(A))
bc.note("c", v.restore(A, 5))
counter.set(S.pe(B), "health", 15); v.restore(B, 10); bc.note("bastion", S.health(B)))",
                   seat(), seat(kBastion));
    CHECK(note(r, "a") == 5);
    CHECK(note(r, "a health") == 17);
    CHECK(note(r, "b") == 3);
    CHECK(note(r, "b health") == 20);
    CHECK(note(r, "c") == 0);
    CHECK(note(r, "bastion") == 22);   // Bastion starts with 22
}

TEST_CASE("BattleCON restore with no maximum, or at the integer bound, neither fails nor wraps", "[battlecon]") {
    // A mod gave fighters 9223372036854775807 health: the counter's maximum then reads as none,
    // and restore compared with nil ("attempt to compare number with nil", no line), or would
    // have wrapped the sum to a negative health.
    auto r = drill(R"(
counter.define(S.pe(A), "health", 10, nil, nil); bc.note("open", v.restore(A, 5)); bc.note("open health", S.health(A))
counter.define(S.pe(B), "health", math.maxinteger, nil, nil); bc.note("top", v.restore(B, 3))
bc.note("top health", S.health(B) == math.maxinteger))",
                   seat(), seat());
    CHECK(note(r, "open") == 5);
    CHECK(note(r, "open health") == 15);
    CHECK(note(r, "top") == 0);
    CHECK(note(r, "top health") == true);
}

TEST_CASE("BattleCON glossary: spend X through a card (Frostwarden's Glacial): the full amount from the pool area, or nothing", "[battlecon]") {
    // Glacial: Before: spend 2 frost: +2 power. Exhausted frost cannot be spent.
    const json frostwarden = {{"fighter", "frostwarden"}, {"discard1", {"Numbing", "Grasp"}}, {"discard2", {"Shard", "Dash"}}};
    auto r = real_drill(R"(
drill_pair(A, "battlecon/frostwarden/glacial", {range = 1, power = 1})
bc.kit.create(A, "counter", "frost", 1); bc.kit.create(A, "counter", "frost", 2, "exhausted")
local function before() bc.fire.fire("before", {attack = {attacker = A, target = B}}, {A}) end
local function frost() return bc.kit.count(A, "frost") .. "/" .. bc.kit.count(A, "frost", "exhausted") end
before(); bc.note("short power", st.power(A)); bc.note("short frost", frost())
bc.kit.create(A, "counter", "frost", 2)
before(); bc.note("paid power", st.power(A)); bc.note("paid frost", frost())
counter.set(S.pe(A), "health", 1); bc.note("last health", v.spend_health(A, 1)); bc.note("health", S.health(A)))",
                        seat(frostwarden));
    CHECK(note(r, "short power") == 1);      // 1 frost in the pool: nothing is spent, no bonus
    CHECK(note(r, "short frost") == "1/2");
    CHECK(note(r, "paid power") == 3);
    CHECK(note(r, "paid frost") == "1/4");   // 2 of the 3 moved to the exhausted area
    CHECK(note(r, "last health") == false);  // you cannot spend your last health
    CHECK(note(r, "health") == 1);
}
