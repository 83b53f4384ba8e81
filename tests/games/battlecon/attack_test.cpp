// Spec §10.3: the attack (BC-20 ... BC-30).
#include "bc_support.h"

using namespace duelbox::test::bc;

TEST_CASE("BC-20 range 2~4 hits at distance 4, not at distance 1", "[battlecon]") {
    const std::string setup = R"(
bc.pair(A, {range = {2, 4}, power = 3}, {range = 0})
bc.pair(B, {range = 1}, {range = 1})
bc.on(A, "hit", function() bc.note("hit effect", true) end)
bc.on(A, "after", function() bc.note("after effect", true) end)
)";
    SECTION("distance 4: hit") {
        auto r = drill(setup + "bc.place(A, 2); bc.place(B, 6); bc.attack.attack(A); bc.note('health', S.health(B))");
        CHECK(note(r, "hit effect") == true);
        CHECK(note(r, "health") == 17);
    }
    SECTION("distance 1: no hit, no damage, After still applies") {
        auto r = drill(setup + "bc.place(A, 2); bc.place(B, 3); bc.attack.attack(A); bc.note('health', S.health(B))");
        CHECK(note(r, "hit effect").is_null());
        CHECK(note(r, "after effect") == true);
        CHECK(note(r, "health") == 20);
    }
}

TEST_CASE("BC-21 a hit stays a hit", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {range = {1, 2}, power = 4}, {range = 0})
bc.pair(B, {range = 1, defense = 9}, {range = 1})
bc.on(A, "hit", function(c) v.move(c.player, "push", 2) end)
bc.attack.attack(A)
bc.note("B at", board.position(S.figure(B))); bc.note("health", S.health(B)))");
    CHECK(note(r, "B at") == 7);
    CHECK(note(r, "health") == 16);
}

static const std::string kFeilana = R"(
bc.pair(A, {range = 1, power = 3, speed = 5}, {range = 0})
bc.pair(B, {range = 1, power = 2, defense = 2, speed = 1}, {range = 0})
bc.place(A, 3); bc.place(B, 4)
bc.on(B, "end_beat", function() bc.note("B end", true) end)
bc.on(B, "recycle", function() bc.note("B recycle", true) end)
)";

TEST_CASE("BC-22 Feilana is stunned and does not attack", "[battlecon]") {
    SECTION("no Fortify: 3 > 2") {
        auto r = drill(kFeilana + R"(bc.attack.run(); bc.recycle.run(ctx, true)
bc.note("health", S.health(B)); bc.note("stunned", S.flag(B, "stunned")); bc.note("A health", S.health(A)))");
        CHECK(note(r, "health") == 17);
        CHECK(note(r, "stunned") == true);
        CHECK(count(r, "bc.no_attack") == 1);
        CHECK(note(r, "A health") == 20);
        CHECK(note(r, "B end") == true);
        CHECK(note(r, "B recycle") == true);
    }
    SECTION("with Fortify (+2 defense): not stunned, and she attacks") {
        auto r = drill(kFeilana + R"(st.bonus(B, "defense", 2); bc.attack.run()
bc.note("stunned", S.flag(B, "stunned")); bc.note("A health", S.health(A)))");
        CHECK(note(r, "stunned") == false);
        CHECK(note(r, "A health") == 18);
    }
}

TEST_CASE("BC-23 damage equal to defense does not stun", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {range = 1, power = 3}, {range = 0})
bc.pair(B, {range = 1, defense = 3}, {range = 0})
bc.place(A, 3); bc.place(B, 4)
bc.attack.attack(A); bc.note("stunned", S.flag(B, "stunned")); bc.note("health", S.health(B)))");
    CHECK(note(r, "health") == 17);
    CHECK(note(r, "stunned") == false);
}

static const std::string kArmor = R"(
bc.pair(B, {range = 1, defense = 2}, {range = 0})
bc.place(A, 3); bc.place(B, 4)
bc.on(A, "damage", function() bc.note("damage effect", true) end)
)";

TEST_CASE("BC-24 armor burns", "[battlecon]") {
    SECTION("(a) armor 2 against power 5: 3 taken") {
        auto r = drill(kArmor + R"(bc.pair(A, {range = 1, power = 5}, {range = 0}); v.armor(B, 2); bc.attack.attack(A)
bc.note("health", S.health(B)); bc.note("armor", counter.get(S.pe(B), "armor")); bc.note("stunned", S.flag(B, "stunned")))");
        CHECK(note(r, "health") == 17);
        CHECK(note(r, "armor") == 0);
        CHECK(note(r, "stunned") == true);
    }
    SECTION("(b) armor 3 against power 2: 0 taken, 1 left; a later deal 4 takes 3") {
        auto r = drill(kArmor + R"(bc.pair(A, {range = 1, power = 2}, {range = 0}); v.armor(B, 3); bc.attack.attack(A)
bc.note("health", S.health(B)); bc.note("armor", counter.get(S.pe(B), "armor")); bc.note("stunned", S.flag(B, "stunned"))
v.deal_damage(A, 4); bc.note("health2", S.health(B)))");
        CHECK(note(r, "health") == 20);
        CHECK(note(r, "armor") == 1);
        CHECK(note(r, "stunned") == false);
        CHECK(note(r, "damage effect").is_null());
        CHECK(note(r, "health2") == 17);
    }
    SECTION("(c) ignore armor: 5 taken, the armor does not burn") {
        auto r = drill(kArmor + R"(bc.pair(A, {range = 1, power = 5}, {range = 0}); v.armor(B, 3)
bc.on(A, "before", function(c) c.attack.ignore_armor = true end)
bc.attack.attack(A); bc.note("health", S.health(B)); bc.note("armor", counter.get(S.pe(B), "armor")))");
        CHECK(note(r, "health") == 15);
        CHECK(note(r, "armor") == 3);
    }
}

TEST_CASE("BC-25 elimination ends a duel at once", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {range = 1, power = 5, speed = 5}, {range = 0})
bc.pair(B, {range = 1, power = 5, speed = 1}, {range = 0})
bc.place(A, 3); bc.place(B, 4); counter.set(S.pe(B), "health", 4)
bc.on(A, "damage", function() bc.note("damage effect", true) end)
bc.on(A, "after", function() bc.note("after effect", true) end)
bc.on(B, "end_beat", function() bc.note("end effect", true) end)
bc.attack.run())");
    CHECK(r.match().result().winners == std::vector<duelbox::PlayerIndex>{0});
    CHECK(r.match().result().reason == "knockout");
    CHECK(note(r, "damage effect").is_null());
    CHECK(note(r, "after effect").is_null());
    CHECK(note(r, "end effect").is_null());
    CHECK(count(r, "bc.attack") == 1);
}

TEST_CASE("BC-26 an attack always finishes", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {range = 1, power = 3}, {range = 0})
bc.pair(B, {range = 1, defense = 5}, {range = 0})
bc.place(A, 3); bc.place(B, 4)
bc.on(B, "when_hit", function(c) v.stun(A) end)
bc.on(A, "damage", function() bc.note("damage effect", true) end)
bc.on(A, "after", function() bc.note("after effect", true) end)
bc.attack.attack(A)
bc.note("health", S.health(B)); bc.note("A stunned", S.flag(A, "stunned")))");
    CHECK(note(r, "health") == 17);
    CHECK(note(r, "damage effect") == true);
    CHECK(note(r, "after effect") == true);
    CHECK(note(r, "A stunned") == true);
}

TEST_CASE("BC-27 stunned fighters keep their phase effects", "[battlecon]") {
    auto r = drill(R"(
bc.pair(A, {range = 1, power = 1, speed = 1}, {range = 0})
bc.pair(B, {range = 1, power = 3, speed = 5}, {range = 0})
bc.place(A, 3); bc.place(B, 4)
bc.on(A, "reveal", function() v.stun(B) end)
bc.on(B, "start", function() bc.note("B start", true) end)
bc.on(B, "end_beat", function() bc.note("B end", true) end)
bc.on(B, "recycle", function() bc.note("B recycle", true) end)
bc.reveal.run(ctx); bc.note("active", S.active())
bc.attack.run(); bc.recycle.run(ctx, true)
bc.note("A health", S.health(A)); bc.note("B health", S.health(B)))");
    CHECK(note(r, "active") == 2);
    CHECK(note(r, "B start") == true);
    CHECK(note(r, "B end") == true);
    CHECK(note(r, "B recycle") == true);
    CHECK(note(r, "A health") == 20);
    CHECK(note(r, "B health") == 19);
}

TEST_CASE("BC-28 order of effects", "[battlecon]") {
    SECTION("(a) the active player orders their Start effects; both before the reactive's") {
        auto r = drill(R"(
bc.on(A, "start", function() bc.note("start", "e1") end, nil, "e1")
bc.on(A, "start", function() bc.note("start", "e2") end, nil, "e2")
bc.on(B, "start", function() bc.note("start", "e3") end, nil, "e3")
bc.fire.fire("start", {}, S.order()))",
                       seat(), seat(), {order(1, {"e2", "e1"}, "order.start")});
        auto order = notes(r, "start");
        REQUIRE(order.size() == 3);
        CHECK(order[0] == "e2");
        CHECK(order[1] == "e1");
        CHECK(order[2] == "e3");
    }
    SECTION("(b) the reactive attacker's Hit effect before the active defender's 'when hit'") {
        auto r = drill(R"(
bc.pair(B, {range = 1, power = 4}, {range = 0})
bc.pair(A, {range = 1, defense = 9}, {range = 0})
bc.place(A, 3); bc.place(B, 4)
bc.on(B, "hit", function() bc.note("order", "h1") end)
bc.on(A, "when_hit", function() bc.note("order", "armor"); v.armor(A, 2) end)
bc.attack.attack(B); bc.note("health", S.health(A)))");
        auto order = notes(r, "order");
        REQUIRE(order.size() == 2);
        CHECK(order[0] == "h1");
        CHECK(order[1] == "armor");
        CHECK(note(r, "health") == 18);
    }
    SECTION("(c) Damage effects, then 'when you take damage', which cannot reduce it") {
        auto r = drill(R"(
bc.pair(B, {range = 1, power = 4}, {range = 0})
bc.pair(A, {range = 1, defense = 9}, {range = 0})
bc.place(A, 3); bc.place(B, 4)
bc.on(B, "damage", function() bc.note("order", "d1") end)
bc.on(A, "when_damaged", function() bc.note("order", "w2"); v.armor(A, 2) end)
bc.attack.attack(B); bc.note("health", S.health(A)))");
        auto order = notes(r, "order");
        REQUIRE(order.size() == 2);
        CHECK(order[0] == "d1");
        CHECK(order[1] == "w2");
        CHECK(note(r, "health") == 16);
    }
}

TEST_CASE("BC-29 'when' fires once per beat, 'each time' every time", "[battlecon]") {
    auto r = drill(R"(
counter.define(S.pe(B), "endurance", 0, 0); counter.define(S.pe(B), "frost", 0, 0)
local function opp_advances(c) return c.move.mover == A and c.move.word == "advance" end
bc.on(B, "moving", function(c) if not opp_advances(c) then return false end counter.add(S.pe(B), "endurance", 1) end,
  {limit = 1, period = "beat"})
bc.on(B, "moving", function(c) if not opp_advances(c) then return false end counter.add(S.pe(B), "frost", 1) end)
bc.place(A, 1); bc.place(B, 7)
v.move(A, "advance", 1); v.move(A, "advance", 1)
bc.note("endurance", counter.get(S.pe(B), "endurance")); bc.note("frost", counter.get(S.pe(B), "frost"))
match.end_period("beat")
v.move(A, "advance", 1)
bc.note("endurance2", counter.get(S.pe(B), "endurance")); bc.note("frost2", counter.get(S.pe(B), "frost")))");
    CHECK(note(r, "endurance") == 1);
    CHECK(note(r, "frost") == 2);
    CHECK(note(r, "endurance2") == 2);
    CHECK(note(r, "frost2") == 3);
}

// #17.1: "When" applies once per beat (E11); an event that does not meet its condition has
// not used it. B's own retreat comes first, then the opponent's advance must still count.
TEST_CASE("BC-29 E11 a 'when' effect is not used up by a move that does not meet its condition", "[battlecon]") {
    auto r = drill(R"(
counter.define(S.pe(B), "endurance", 0, 0)
bc.on(B, "moving", function(c)
  if not (c.move.mover == A and c.move.word == "advance") then return false end
  counter.add(S.pe(B), "endurance", 1)
end, {limit = 1, period = "beat"})
bc.place(A, 1); bc.place(B, 5)
v.move(B, "retreat", 1)
v.move(A, "advance", 1)
bc.note("endurance", counter.get(S.pe(B), "endurance"))
v.move(A, "advance", 1)
bc.note("again", counter.get(S.pe(B), "endurance")))");
    CHECK(note(r, "endurance") == 1);
    CHECK(note(r, "again") == 1);
}

TEST_CASE("BC-30 a skipped conditional effect applies once its condition is met in the same phase", "[battlecon]") {
    auto r = drill(R"(
bc.place(A, 3); bc.place(B, 5)
bc.on(A, "end_beat", function(c) if S.distance(A, B) ~= 1 then return false end v.gain_force(A, 1) end)
bc.on(B, "end_beat", function(c) v.move(B, "advance", 1) end)
bc.fire.fire("end_beat", {}, S.order())
bc.note("force", S.force(A)); bc.note("distance", S.distance(A, B)))");
    CHECK(note(r, "distance") == 1);
    CHECK(note(r, "force") == 3);
}
