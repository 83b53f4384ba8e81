// Spec §9.3 O2 (+ O6, MV15, MV16, TM2): in team play "the opponent" is worked out again for
// every new effect and every time any fighter moves onto a new space (the rulebook's team
// memo: "при передвижении любого бойца на каждую новую ячейку"). A move's direction stays the
// one chosen at its start (TM2). Rule option team_opponent: "space" (default, the rulebook) or
// "move" (the opponent worked out once, when a move starts). Each test runs both values: the
// "space" checks fail if the re-evaluation breaks, the "move" ones pin the other reading.
#include "bc_team.h"

using namespace duelbox;
using namespace duelbox::test::bc;

static json with_option(const char* value) { return {{"team_opponent", value}}; }

// BC-64's position: A1 (P1) on 3 advances 1 over B1 (P3) on 4 and B2 (P4) on 5 to 6; A2 (P2)
// far behind on 1. Dodge avoids the attack of the opponent A1 moved past.
static RunResult dodge_drill(const char* value) {
    return team_run(R"(
bc.set_pair(1, "Swift", "Dodge")
for _, e in ipairs(zone.items(zone.find("pair", 1))) do zone.reveal(e, "all"); fire.activate(e) end
v.move(1, "advance", 1)
bc.note("A1 at", board.position(S.figure(1))); bc.note("passed", S.passed_enemy(1))
local function avoided(q)
  local attack = {attacker = q, target = 1}
  fire.fire("range_check", {attack = attack}, {1})
  return attack.avoided == true
end
bc.note("B1 avoided", avoided(3)); bc.note("B2 avoided", avoided(4)))",
                    {{1, 3}, {1, 1}, {2, 4}, {2, 5}}, {}, with_option(value));
}

TEST_CASE("BC-64 / O6 moving past several enemies: Dodge avoids only the enemy passed nearest when the move ends",
          "[battlecon][team]") {
    SECTION("team_opponent = space (default): B2, the last enemy passed") {
        auto r = dodge_drill("space");
        CHECK(note(r, "A1 at") == 6);
        CHECK(note(r, "passed") == 4);
        CHECK(note(r, "B2 avoided") == true);
        CHECK(note(r, "B1 avoided") == false);
    }
    SECTION("team_opponent = move: the opponent of the move's start, B1, the first enemy passed") {
        auto r = dodge_drill("move");
        CHECK(note(r, "A1 at") == 6);
        CHECK(note(r, "passed") == 3);
        CHECK(note(r, "B1 avoided") == true);
        CHECK(note(r, "B2 avoided") == false);
    }
}

// B2 (P4) on 1, A1 (P1) on 2, A2 (P2) on 6, B1 (P3) on 9. A1 advances 4 towards B1 (the other
// way runs off the board): 3, 4, 5, jumps A2, 7. When the move starts B1's opponent is A2 (the
// nearer enemy); on space 7 A1 is. B1 has "When the opponent advances: gain 1 endurance"
// (once per beat), B2 and A2 the same effect.
static RunResult when_opponent_advances(const char* value) {
    return team_run(R"(
for q = 2, 4 do
  counter.define(S.pe(q), "endurance", 0, 0)
  bc.on(q, "moving", function(c)
    if c.move.word ~= "advance" or not v.mover_is_opponent(q, c.move) then return false end
    counter.add(S.pe(q), "endurance", 1)
  end, {limit = 1, period = "beat"})
end
bc.note("moved", v.move(1, "advance", 4)); bc.note("A1 at", board.position(S.figure(1)))
for q = 2, 4 do bc.note("endurance" .. q, counter.get(S.pe(q), "endurance")) end)",
                    {{1, 2}, {1, 6}, {2, 9}, {2, 1}}, {}, with_option(value));
}

TEST_CASE("BC-60 / O2 team: the opponent is re-evaluated on every new space ('when the opponent advances')",
          "[battlecon][team]") {
    SECTION("team_opponent = space (default): A1 becomes B1's opponent on space 7 while advancing") {
        auto r = when_opponent_advances("space");
        CHECK(note(r, "moved") == true);
        CHECK(note(r, "A1 at") == 7);
        CHECK(note(r, "endurance3") == 1);   // B1: A1 is its opponent on a new space of the move
        CHECK(note(r, "endurance4") == 1);   // B2: A1 was its opponent from the start
        CHECK(note(r, "endurance2") == 0);   // A2: a teammate is never the opponent
    }
    SECTION("team_opponent = move: only where the mover stands when the move starts") {
        auto r = when_opponent_advances("move");
        CHECK(note(r, "A1 at") == 7);
        CHECK(note(r, "endurance3") == 0);
        CHECK(note(r, "endurance4") == 1);
        CHECK(note(r, "endurance2") == 0);
    }
}

// A1 (P1) on 1 closes 5 towards B1 (P3) on 7; B2 (P4) on 8, A2 (P2) on 9. Before the move
// (W14), B2's effect puts B2 on space 4: a fighter moved onto a new space, so B2 is now the
// nearest enemy on that side and the close stops before it (direction unchanged, TM2).
static RunResult close_after_w14(const char* value) {
    return team_run(R"(
bc.on(4, "moving", function(c)
  if c.move.mover ~= 1 then return false end
  bc.place(4, 4)
end)
bc.note("moved", v.move(1, "close", 5)); bc.note("A1 at", board.position(S.figure(1))))",
                    {{1, 1}, {1, 9}, {2, 7}, {2, 8}}, {}, with_option(value));
}

TEST_CASE("BC-60 / O2 team: a close stops before the enemy that became the opponent before it began",
          "[battlecon][team]") {
    SECTION("team_opponent = space (default): stops next to B2 on 4") {
        auto r = close_after_w14("space");
        CHECK(note(r, "moved") == true);
        CHECK(note(r, "A1 at") == 3);
    }
    SECTION("team_opponent = move: B1, fixed when the move started: jumps B2, stops next to B1") {
        auto r = close_after_w14("move");
        CHECK(note(r, "A1 at") == 6);
    }
}

// A pull enters every space it counts; a teleport only its destination (§7.2). P3 (B1) on 9
// watches for "when the opponent moves".
TEST_CASE("BC-60 / O2 team: a teleport enters only its destination; a pushed fighter is re-evaluated too",
          "[battlecon][team]") {
    auto r = team_run(R"(
local seen = {}
bc.on(3, "moving", function(c)
  seen[#seen + 1] = tostring(v.mover_is_opponent(3, c.move))
end)
v.teleport(1, 3)        -- A1 from 2 to 3: A2 on 6 stays B1's nearest enemy
v.teleport(1, 7)        -- to 7: nearer than A2, so A1 is B1's opponent there
bc.place(1, 2)
v.move(4, "push", 2)    -- B2 (on 1) pushes A1 from 2: 3, 4 (A2 on 6 still nearer to B1)
v.move(4, "push", 3)    -- from 4: 5, jumps A2, 7, 8: on 7 A1 is B1's opponent
bc.note("seen", table.concat(seen, ",")); bc.note("A1 at", board.position(S.figure(1))))",
                      {{1, 2}, {1, 6}, {2, 9}, {2, 1}});
    CHECK(note(r, "seen") == "false,true,false,true");
    CHECK(note(r, "A1 at") == 8);
}

TEST_CASE("BC-29 / O2 in a duel the mover of the other player is always the opponent", "[battlecon]") {
    auto r = drill(R"(
local seen = {}
bc.on(B, "moving", function(c) seen[#seen + 1] = tostring(v.mover_is_opponent(B, c.move)) end)
bc.place(A, 2); bc.place(B, 6)
v.move(A, "advance", 1); v.move(B, "retreat", 1); v.move(B, "pull", 1)
bc.note("seen", table.concat(seen, ",")))");
    CHECK(note(r, "seen") == "true,false,true");
}

// O4-O5 fix "the opponent" as the fighter hit (or the attacker) for Hit, damage and Damage
// effects and for effects of being hit or avoiding a hit; an After effect is a new effect, so
// O1-O2 work it out again. A1 (P1) on 4 hits B1 (P3) on 5; A1's Hit effect pushes B1 2 (over
// B2 (P4) on 6, to 8). In the Hit step A1's opponent is B1 wherever it is; in the After step it
// is the nearest enemy, B2.
TEST_CASE("BC-60 / O4 team: the opponent fixed by a hit holds for Hit effects, not for After effects", "[battlecon][team]") {
    auto r = team_run(R"(
bc.pair(1, {range = 1, power = 1, speed = 5}, {range = 0}); bc.pair(3, {range = 1, speed = 1}, {range = 0})
bc.on(1, "hit", function() bc.note("hit opp", S.opponent(1)); v.move(1, "push", 2); bc.note("B1 at", board.position(S.figure(3))) end)
bc.on(1, "after", function() bc.note("after opp", S.opponent(1)) end)
bc.attack.attack(1, bc.team_beat.choose_target))",
                      {{1, 4}, {1, 1}, {2, 5}, {2, 6}});
    CHECK(note(r, "hit opp") == 3);
    CHECK(note(r, "B1 at") == 8);
    CHECK(note(r, "after opp") == 4);
}

TEST_CASE("BC O4 team: Hit effects after the fighter hit is eliminated do nothing; they do not turn on the next enemy",
          "[battlecon][team]") {
    // A1 (P1) on 4 hits B1 (P3) on 5, who has 1 health; B2 (P4) stands behind on 6. A1's first
    // Hit effect deals 3 damage to "the opponent" (B1: eliminated, off the board); the next
    // ones push, stun and chill "the opponent", who is still B1 (O4: "the fighter you hit,
    // wherever it is now"): nothing happens to B2, and the attack's damage hits no one.
    auto r = team_run(R"(
bc.pair(1, {range = 1, power = 4, speed = 5}, {range = 0}); bc.pair(3, {range = 1, speed = 1}, {range = 0})
counter.set(S.pe(3), "health", 1)
local B2 = S.health(4)
bc.on(1, "hit", function() v.deal_damage(1, 3) end)
bc.on(1, "hit", function()
  bc.note("opp after", S.opponent(1))
  bc.note("pushed", v.move(1, "push", 2)); bc.note("stunned", v.stun(S.opponent(1)))
  bc.note("lost", v.lose(1, 2)); bc.note("chilled", bc.status.give(S.opponent(1), "battlecon/frostwarden/chilled") ~= nil)
end)
bc.on(1, "after", function() bc.note("after opp", S.opponent(1)) end)
bc.attack.attack(1, bc.team_beat.choose_target)
bc.note("B1 out", S.flag(3, "eliminated")); bc.note("B2 at", board.position(S.figure(4)))
bc.note("B2 stunned", S.flag(4, "stunned")); bc.note("B2 health lost", B2 - S.health(4)))",
                      {{1, 4}, {1, 1}, {2, 5}, {2, 6}});
    CHECK(note(r, "B1 out") == true);
    CHECK(note(r, "opp after") == 3);
    CHECK(note(r, "pushed") == false);
    CHECK(note(r, "stunned") == false);
    CHECK(note(r, "lost") == 0);
    CHECK(note(r, "chilled") == false);
    CHECK(note(r, "B2 at") == 6);
    CHECK(note(r, "B2 stunned") == false);
    CHECK(note(r, "B2 health lost") == 0);
    CHECK(note(r, "after opp") == 4);   // After effects work the opponent out again (O1-O2)
}

TEST_CASE("BC EL1 team: an attacker eliminated by the defender's When-hit effect deals no damage and its After does not run",
          "[battlecon][team]") {
    // A1 (P1, 1 health) hits B1 (P3); B1's "when hit" deals 3 damage to A1, who is eliminated
    // (A2 fights on). All of A1's effects stop at once (EL1): the attack's 4 damage is not dealt.
    auto r = team_run(R"(
bc.pair(1, {range = 1, power = 4, speed = 5}, {range = 0}); bc.pair(3, {range = 1, speed = 1}, {range = 0})
counter.set(S.pe(1), "health", 1)
local before = S.health(3)
bc.on(3, "when_hit", function() v.deal_damage(3, 3, 1) end)
bc.on(1, "after", function() bc.note("after ran", true) end)
bc.attack.attack(1, bc.team_beat.choose_target)
bc.note("A1 out", S.flag(1, "eliminated")); bc.note("B1 lost", before - S.health(3))
bc.note("B1 opp fixed", entity.get(S.tracker(), "opp3") ~= nil))",
                      {{1, 4}, {1, 1}, {2, 5}, {2, 6}});
    CHECK(note(r, "A1 out") == true);
    CHECK(note(r, "B1 lost") == 0);
    CHECK(note(r, "after ran").is_null());
    CHECK(note(r, "B1 opp fixed") == false);   // the attack's pairing is let go
}
