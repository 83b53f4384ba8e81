// Spec §10.6: glossary terms (BC-47 markers, BC-48 ... BC-57) and BC-67.
#include "bc_support.h"

using namespace duelbox::test::bc;

TEST_CASE("BC-47 markers: same-name jump, placement rules, never blocking", "[battlecon]") {
    auto r = drill(R"(
local m, m2 = bc.kit.marker(A, "m"), bc.kit.marker(A, "m")
bc.kit.place(m, 3); bc.kit.place(m2, 4)
bc.kit.move(m, 1, 1); bc.note("m", entity.get(m, "space"))
bc.note("m2 on 4", bc.kit.place(m2, 4))
bc.kit.place(m, 3)
bc.note("m2 on 3", bc.kit.place(m2, 3))
bc.note("m2 on 5", bc.kit.place(m2, 5))
bc.place(A, 3); bc.place(B, 5)
bc.note("advance", v.outcomes(A, "advance", 1)[1].to)
local far = bc.kit.marker(A, "far"); bc.kit.place(far, 7)
bc.note("off board", bc.kit.move(far, 1, 1)))");
    CHECK(note(r, "m") == 5);
    CHECK(note(r, "m2 on 4") == false);
    CHECK(note(r, "m2 on 3") == false);
    CHECK(note(r, "m2 on 5") == true);
    CHECK(note(r, "advance") == 4);
    CHECK(note(r, "off board") == false);
}

TEST_CASE("BC-48 lose X never eliminates, is not damage", "[battlecon]") {
    auto r = drill(R"(
bc.pair(B, {defense = 0}, {})
counter.set(S.pe(B), "health", 3); v.armor(B, 2)
bc.on(A, "damage", function() bc.note("damage effect", true) end)
v.lose(A, 5)
bc.note("health", S.health(B)); bc.note("stunned", S.flag(B, "stunned")); bc.note("armor", counter.get(S.pe(B), "armor")))");
    CHECK(note(r, "health") == 1);
    CHECK(note(r, "stunned") == false);
    CHECK(note(r, "armor") == 2);
    CHECK(note(r, "damage effect").is_null());
    CHECK_FALSE(r.match().result().reason == "knockout");
}

TEST_CASE("BC-49 health cannot go below 1", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {range = 1, power = 5}, {range = 0})
bc.pair(B, {range = 1, defense = 2}, {range = 0})
bc.place(A, 3); bc.place(B, 4); counter.set(S.pe(B), "health", 3)
effect.modify{target = S.pe(B), stat = "health_floor", op = "add", amount = 1, expires = "beat"}
bc.on(A, "damage", function(c) if c.attack.dealt < 4 then return false end v.gain_force(A, 1) end)
bc.attack.attack(A)
bc.note("health", S.health(B)); bc.note("stunned", S.flag(B, "stunned")); bc.note("force", S.force(A)))");
    CHECK(note(r, "health") == 1);
    CHECK(note(r, "stunned") == false);
    CHECK(note(r, "force") == 3);
}

TEST_CASE("BC-50 at most X damage at a time", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {range = 1, power = 6}, {range = 0})
bc.pair(B, {range = 1, defense = 2}, {range = 0})
bc.place(A, 3); bc.place(B, 4); v.armor(B, 1)
effect.modify{target = S.pe(B), stat = "damage_cap", op = "set", amount = 3, expires = "beat"}
bc.on(A, "damage", function(c) bc.note("seen", c.attack.dealt) end)
bc.attack.attack(A)
bc.note("health", S.health(B)); bc.note("stunned", S.flag(B, "stunned")); bc.note("armor", counter.get(S.pe(B), "armor")))");
    CHECK(note(r, "health") == 17);
    CHECK(note(r, "stunned") == true);
    CHECK(note(r, "seen") == 3);
    CHECK(note(r, "armor") == 0);
}

TEST_CASE("BC-51 stability", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {range = 1, power = 5}, {range = 0})
bc.pair(B, {range = 1, defense = 4, stability = true}, {range = 0})
bc.place(A, 3); bc.place(B, 4)
bc.on(A, "before", function(c) c.attack.ignore_defense = true end)
bc.attack.attack(A)
bc.note("health", S.health(B)); bc.note("stunned", S.flag(B, "stunned"))
bc.note("effect stun", v.stun(B)); bc.note("defense", st.defense(B))
bc.pair(B, {range = 1, defense = 0}, {range = 0})
v.stun(B); bc.note("again", v.stun(B)))");
    CHECK(note(r, "health") == 15);
    CHECK(note(r, "stunned") == false);
    CHECK(note(r, "effect stun") == false);
    CHECK(note(r, "defense") == 0);
    CHECK(note(r, "again") == false);   // already stunned: no further effect
}

TEST_CASE("BC-52 vulnerability", "[battlecon]") {
    const std::string code = R"(
bc.pair(B, {range = 1, defense = 4}, {range = 0})
bc.place(A, 3); bc.place(B, 4); v.armor(B, 2)
effect.modify{target = S.pe(B), stat = "vulnerable", op = "add", amount = 1, expires = "beat"}
bc.attack.attack(A)
bc.note("health", S.health(B)); bc.note("stunned", S.flag(B, "stunned")); bc.note("armor", counter.get(S.pe(B), "armor")))";
    SECTION("power 3") {
        auto r = drill("bc.pair(A, {range = 1, power = 3}, {range = 0})" + code);
        CHECK(note(r, "health") == 17);
        CHECK(note(r, "stunned") == true);
        CHECK(note(r, "armor") == 2);
    }
    SECTION("power 0: no damage, no stun") {
        auto r = drill("bc.pair(A, {range = 1, power = 0}, {range = 0})" + code);
        CHECK(note(r, "health") == 20);
        CHECK(note(r, "stunned") == false);
    }
}

TEST_CASE("BC-53 avoid attacks", "[battlecon]") {
    SECTION("(a) no hit, no Hit effects, no damage; After applies") {
        auto r = drill(R"(
bc.pair(A, {range = 1, power = 3}, {range = 0}); bc.pair(B, {range = 1}, {range = 0})
bc.place(A, 4); bc.place(B, 5)
bc.on(B, "range_check", function(c) v.avoid(c.attack) end)
bc.on(A, "hit", function() bc.note("hit effect", true) end)
bc.on(A, "after", function() bc.note("after effect", true) end)
bc.attack.attack(A); bc.note("health", S.health(B)))");
        CHECK(note(r, "hit effect").is_null());
        CHECK(note(r, "after effect") == true);
        CHECK(note(r, "health") == 20);
    }
    SECTION("(b) avoid attacks at distance 1, measured from the attack's origin") {
        auto r = drill(R"(
bc.pair(B, {range = 1}, {range = 0})
bc.on(B, "range_check", function(c)
  if board.distance(c.attack.origin or board.position(S.figure(A)), board.position(S.figure(B))) ~= 1 then return false end
  v.avoid(c.attack) end)
bc.place(B, 5)
bc.pair(A, {range = 1, power = 3}, {range = 0}); bc.place(A, 4); bc.attack.attack(A); bc.note("own space", S.health(B))
bc.pair(A, {range = 1, power = 3}, {range = 0}); bc.place(A, 2)
bc.on(A, "before", function(c) c.attack.origin = 4 end, {limit = 1, period = "beat"})
bc.attack.attack(A); bc.note("marker 4", S.health(B))
match.end_period("beat")
bc.pair(A, {range = 2, power = 3}, {range = 0})
bc.on(A, "before", function(c) c.attack.origin = 3 end, {limit = 1, period = "beat"})
bc.attack.attack(A); bc.note("marker 3", S.health(B)))");
        CHECK(note(r, "own space") == 20);
        CHECK(note(r, "marker 4") == 20);
        CHECK(note(r, "marker 3") == 17);
    }
}

TEST_CASE("BC-54 restore health; spending", "[battlecon]") {
    auto r = drill(R"(
counter.set(S.pe(A), "health", 18); v.restore(A, 5); bc.note("a", S.health(A))
counter.set(S.pe(A), "health", 2); bc.note("b", v.spend_health(A, 2)); bc.note("b health", S.health(A))
counter.set(S.pe(A), "health", 3); bc.note("c", v.spend_health(A, 2)); bc.note("c health", S.health(A))
bc.kit.create(A, "counter", "endurance", 2)
bc.note("d", bc.kit.spend(A, "endurance", 3)); bc.note("d left", bc.kit.count(A, "endurance")))");
    CHECK(note(r, "a") == 20);
    CHECK(note(r, "b") == false);
    CHECK(note(r, "b health") == 2);
    CHECK(note(r, "c") == true);
    CHECK(note(r, "c health") == 1);
    CHECK(note(r, "d") == false);
    CHECK(note(r, "d left") == 2);
}

TEST_CASE("BC-56 token and counter verbs", "[battlecon]") {
    // Frostwarden's Ward token: its effect (armor 2) applies on "use" only.
    auto r = drill(R"(
local t = zone.items(zone.find("pool_area", B))[1]
bc.note("name", entity.name(t))
bc.kit.use(B, t); bc.note("use", zone.name(zone.of(t))); bc.note("armor", counter.get(S.pe(B), "armor"))
bc.kit.return_(B, "Ward"); bc.note("return", zone.name(zone.of(t)))
bc.kit.spend(B, "Ward"); bc.note("spend", zone.name(zone.of(t)))
bc.kit.return_(B, "Ward"); bc.kit.exhaust(B, "Ward"); bc.note("exhaust", zone.name(zone.of(t)))
bc.note("armor after", counter.get(S.pe(B), "armor"))
bc.note("use exhausted", bc.kit.use(B, t))
bc.kit.remove(t); bc.note("remove", zone.name(zone.of(t)))
bc.kit.create(A, "counter", "frost", 3); bc.kit.spend(A, "frost", 2)
bc.note("frost", bc.kit.count(A, "frost") .. "/" .. bc.kit.count(A, "frost", "exhausted")))",
                   seat(), seat({{"fighter", "frostwarden"}, {"discard1", {"Numbing", "Grasp"}}, {"discard2", {"Glacial", "Dash"}}}));
    CHECK(note(r, "name") == "Ward");
    CHECK(note(r, "use") == "exhausted");
    CHECK(note(r, "armor") == 2);
    CHECK(note(r, "return") == "pool_area");
    CHECK(note(r, "spend") == "exhausted");
    CHECK(note(r, "exhaust") == "exhausted");
    CHECK(note(r, "armor after") == 2);        // spend / exhaust apply no effect
    CHECK(note(r, "use exhausted") == false);  // an exhausted token cannot be used
    CHECK(note(r, "remove") == "box");
    CHECK(note(r, "frost") == "1/2");
}

TEST_CASE("BC-57 discard without a named pile", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {name = "s"}, {name = "b"})
local x = bc.card(A, "base", "x", {}, "hand"); v.discard(A, x)
local y = bc.card(A, "base", "y", {}, "hand"); v.discard(A, y, "discard2")
bc.note("aside", bc.names(A, "aside"))
bc.recycle.run(ctx, true)
bc.note("d1", bc.names(A, "discard1")); bc.note("y in hand", zone.of(y) == zone.find("hand", A))
bc.recycle.run(ctx, true); bc.recycle.run(ctx, true)
bc.note("x in hand", zone.of(x) == zone.find("hand", A)))");
    CHECK(note(r, "aside") == "x");
    CHECK(note(r, "d1") == "s,b,x");
    CHECK(note(r, "y in hand") == true);
    CHECK(note(r, "x in hand") == true);
}

TEST_CASE("BC-67 becoming the active player at Start", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {range = 3, power = 1, speed = 5}, {range = 0}); bc.pair(B, {range = 3, power = 1, speed = 4}, {range = 0})
bc.reveal.run(ctx)
bc.on(B, "start", function() v.become_active(B) end)
bc.on(A, "end_beat", function() bc.note("end", "A") end)
bc.on(B, "end_beat", function() bc.note("end", "B") end)
bc.attack.run())");
    auto attacks = r.of_type("bc.attack");
    REQUIRE(attacks.size() == 2);
    CHECK(r.data(*attacks[0])["player"] == 2);
    CHECK(r.data(*attacks[1])["player"] == 1);
    auto ends = notes(r, "end");
    REQUIRE(ends.size() == 2);
    CHECK(ends[0] == "B");
}

TEST_CASE("BC-55 forms and special cards", "[battlecon]") {
    SECTION("(a) one form active at a time; activating an active form is illegal") {
        auto r = drill(R"(
local function form(name) local e = entity.create{kind = "form", name = name, owner = A, zone = zone.find("cards", A)}
  entity.set(e, "form", "stance"); return e end
local f1, f2, f3 = form("F1"), form("F2"), form("F3")
bc.kit.activate(f1)
bc.note("f2", bc.kit.activate(f2))
bc.note("state", tostring(bc.kit.active(f1)) .. "/" .. tostring(bc.kit.active(f2)) .. "/" .. tostring(bc.kit.active(f3)))
bc.note("again", bc.kit.activate(f2)))");
        CHECK(note(r, "f2") == true);
        CHECK(note(r, "state") == "false/true/false");
        CHECK(note(r, "again") == false);
    }
    SECTION("(c) a special card: deactivating an inactive one is illegal; active, its bonus applies to every attack") {
        auto r = drill(R"(
local aura = bc.setup.find_in(zone.find("cards", B), "Glacier Aura")
bc.pair(B, {range = 1, defense = 1}, {range = 0})
bc.note("deactivate", bc.kit.deactivate(aura)); bc.note("before", st.defense(B))
bc.note("activate", bc.kit.activate(aura)); bc.note("after", st.defense(B))
bc.pair(B, {range = 1, defense = 3}, {range = 0}); bc.note("next attack", st.defense(B))
bc.kit.deactivate(aura); bc.note("off", st.defense(B)))",
                       seat(), seat({{"fighter", "frostwarden"}, {"discard1", {"Numbing", "Grasp"}}, {"discard2", {"Glacial", "Dash"}}}));
        CHECK(note(r, "deactivate") == false);
        CHECK(note(r, "before") == 1);
        CHECK(note(r, "activate") == true);
        CHECK(note(r, "after") == 2);
        CHECK(note(r, "next attack") == 4);
        CHECK(note(r, "off") == 3);
    }
}

TEST_CASE("BattleCON status card: lasts its beats, then ends", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {range = 1, speed = 3}, {range = 0})
local status = bc.status
status.give(A, "battlecon/frostwarden/chilled")
bc.note("speed", st.speed(A)); bc.note("has", status.has(A, "battlecon/frostwarden/chilled"))
bc.beat.clean_up(ctx); bc.note("after 1", st.speed(A))
bc.beat.clean_up(ctx); bc.note("after 2", st.speed(A)); bc.note("has2", status.has(A, "battlecon/frostwarden/chilled")))");
    CHECK(note(r, "speed") == 2);
    CHECK(note(r, "has") == true);
    CHECK(note(r, "after 1") == 2);
    CHECK(note(r, "after 2") == 3);
    CHECK(note(r, "has2") == false);
}

TEST_CASE("BattleCON glossary: ignore defense", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {range = 1, power = 3}, {range = 0}); bc.pair(B, {range = 1, defense = 5}, {range = 0})
bc.place(A, 3); bc.place(B, 4)
bc.on(A, "before", function(c) c.attack.ignore_defense = true end)
bc.attack.attack(A); bc.note("stunned", S.flag(B, "stunned")); bc.note("defense", st.defense(B)))");
    CHECK(note(r, "stunned") == true);   // 3 > 0
    CHECK(note(r, "defense") == 5);      // only that attack counted it as 0
}

TEST_CASE("BattleCON glossary: cause a clash from a Reveal effect", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {range = 1, speed = 3}, {range = 0}); bc.pair(B, {range = 1, speed = 5}, {range = 0})
bc.on(A, "reveal", function() v.cause_clash() end)
bc.card(A, "base", "a2", {speed = 6}, "hand"); bc.card(B, "base", "b2", {speed = 1}, "hand")
bc.note("go", bc.reveal.run(ctx)); bc.note("active", S.active()))",
                   seat({{"hand", json::array()}}), seat({{"hand", json::array()}}), {}, {{"first_active", 2}});
    CHECK(count(r, "bc.clash") == 1);
    CHECK(note(r, "go") == true);
    CHECK(note(r, "active") == 1);       // 3 + 6 against 5 + 1 after the clash
}

TEST_CASE("BattleCON glossary: a [For opponent] advantage is offered only to the opponent", "[battlecon]") {
    const json bastion = seat({{"fighter", "bastion"}, {"discard1", {"Bulwark", "Grasp"}}, {"discard2", {"Surge", "Dash"}}});
    auto r = drill(R"(
bc.pair(A, {range = 1, power = 1}, {range = 0}); bc.pair(B, {range = 1, power = 1}, {range = 0})
local function labels(p) local t = {} for i, c in ipairs(bc.set.choices(p)) do t[i] = c.label end return table.concat(t, ";") end
bc.note("A", labels(A)); bc.note("B", labels(B))
bc.set.advantage_phase(ctx)
bc.note("force", S.force(A)); bc.note("power", st.power(B)); bc.note("A again", labels(A)))",
                   seat({{"force", 0}}), bastion,
                   {choose(1, "Taunt Bastion: gain 1 force, Bastion +1 power", "advantage"), choose(2, "pass", "advantage"),
                    choose(1, "pass", "advantage")});
    CHECK(note(r, "A") == "pass;Taunt Bastion: gain 1 force, Bastion +1 power");
    CHECK(note(r, "B").get<std::string>().find("Taunt") == std::string::npos);
    CHECK(note(r, "force") == 1);
    CHECK(note(r, "power") == 2);
    // Taunt is one-time (once per beat); Open Guard (SAMPLE, 1 force) is not, and A can pay now.
    CHECK(note(r, "A again") == "pass;Open Bastion's guard: pay 1 force, Bastion -1 defense");
}

TEST_CASE("BattleCON glossary: take a style or base", "[battlecon]") {
    auto r = drill(R"(
local s = zone.items(zone.find("discard1", A))[1]
v.take(A, s); bc.note("in hand", zone.of(s) == zone.find("hand", A)))");
    CHECK(note(r, "in hand") == true);
}

TEST_CASE("BattleCON Dodge: avoid the attack of an opponent you moved past", "[battlecon]") {
    SECTION("B advances past A at Start: A's attack is avoided") {
        auto r = drill(R"(
bc.set_pair(B, "Swift", "Dodge")
bc.pair(A, {range = {1, 4}, power = 3, speed = 9}, {range = 0})
bc.place(A, 3); bc.place(B, 4)
bc.reveal.run(ctx); bc.attack.run()
bc.note("B at", board.position(S.figure(B))); bc.note("B past", S.flag(B, "moved_past")); bc.note("B health", S.health(B)))");
        CHECK(note(r, "B past") == true);
        CHECK(note(r, "B health") == 20);
        CHECK(count(r, "bc.miss") >= 1);
    }
    SECTION("B did not pass A: the attack hits") {
        auto r = drill(R"(
bc.set_pair(B, "Swift", "Dodge")
bc.pair(A, {range = {1, 6}, power = 3, speed = 9}, {range = 0})
bc.place(A, 1); bc.place(B, 5)
bc.reveal.run(ctx); bc.attack.run()
bc.note("B past", S.flag(B, "moved_past")); bc.note("B health", S.health(B)))",
                       seat(), seat(), {choose(2, "advance 1 (to space 4)", "move")});
        CHECK(note(r, "B past") == false);
        CHECK(note(r, "B health") == 17);
    }
}

TEST_CASE("BattleCON stun triggers: fire before the stun, may cancel it, never for a repeated stun", "[battlecon]") {
    auto r = drill(R"(
bc.pair(B, {range = 1, defense = 0}, {range = 0})
local fired = 0
bc.on(A, "stunned", function(c) if c.stun.target ~= B then return false end fired = fired + 1 end)
v.stun(B); v.stun(B)
bc.note("fired", fired); bc.note("B", S.flag(B, "stunned"))
bc.pair(A, {range = 1, defense = 0}, {range = 0})
bc.on(A, "stunned", function(c) if c.stun.target ~= A then return false end c.stun.cancel = true end)
bc.note("A stun", v.stun(A)); bc.note("A", S.flag(A, "stunned")))");
    CHECK(note(r, "fired") == 1);
    CHECK(note(r, "B") == true);
    CHECK(note(r, "A stun") == false);
    CHECK(note(r, "A") == false);
}

TEST_CASE("§8 deal X damage kept off by a health floor still fires When you take damage", "[battlecon]") {
    // "For every other effect, treat the full damage as taken" (§8): an attack's damage did
    // fire it already; a card's "deal X damage" did not (found by a rules audit).
    auto r = drill(R"(
bc.pair(A, {range = 1, power = 3}, {range = 0})
bc.pair(B, {range = 1, defense = 0}, {range = 0})
bc.place(A, 3); bc.place(B, 4)
counter.set(S.pe(B), "health", 1)
effect.modify { target = S.pe(B), stat = "health_floor", op = "add", amount = 1, expires = "beat" }
bc.on(B, "when_damaged", function(c) bc.note("B when_damaged", c.amount) end)
v.deal_damage(A, 3)
bc.note("deal: B health", S.health(B))
bc.attack.attack(A)
bc.note("attack: B health", S.health(B)))");
    const auto fired = notes(r, "B when_damaged");   // once for the card, once for the attack
    REQUIRE(fired.size() == 2);
    CHECK(fired[0] == 3);
    CHECK(fired[1] == 3);
    CHECK(note(r, "deal: B health") == 1);
    CHECK(note(r, "attack: B health") == 1);
}
