// Spec §10.5: movement at the game level (BC-35 ... BC-47): the legal outcomes a card effect
// offers (verbs.outcomes), the move itself (verbs.move / verbs.teleport), "moved" flags and
// prohibitions. The kernel's line words are tested in tests/kernel/line_words_test.cpp.
#include "bc_support.h"

using namespace duelbox::test::bc;

// Runs `code` with A and B placed; notes "out" = the legal destinations joined by commas.
static RunResult moves(int a, int b, const std::string& code, std::vector<duelbox::ScriptedDecision> d = {}) {
    return drill("bc.place(A, " + std::to_string(a) + "); bc.place(B, " + std::to_string(b) + R"()
local function out(p, w, n) local t = {} for i, o in ipairs(v.outcomes(p, w, n)) do t[i] = o.to end bc.note("out", table.concat(t, ",")) end
local function at(p) return board.position(S.figure(p)) end
)" + code, seat(), seat(), std::move(d));
}

TEST_CASE("BC-35 advance 1-2 from distance 2 (game level)", "[battlecon]") {
    auto r = moves(3, 5, R"(out(A, "advance", {1, 2})
v.move(A, "advance", {1, 2}); bc.note("at", at(A)); bc.note("past", S.flag(A, "moved_past")))",
                   {choose(1, "advance 2 (to space 6)", "move")});
    CHECK(note(r, "out") == "4,6");
    CHECK(note(r, "at") == 6);
    CHECK(note(r, "past") == true);
}

TEST_CASE("BC-36 advance 1-2 when adjacent: both pass (game level)", "[battlecon]") {
    auto r = moves(3, 4, R"(out(A, "advance", {1, 2}))");
    CHECK(note(r, "out") == "5,6");
}

TEST_CASE("BC-37 retreat 1-2 in open space (game level)", "[battlecon]") {
    auto r = moves(3, 5, R"(out(A, "retreat", {1, 2}))");
    CHECK(note(r, "out") == "2,1");
}

TEST_CASE("BC-38 retreat 1-2 near the edge: only 1 (game level)", "[battlecon]") {
    auto r = moves(2, 4, R"(out(A, "retreat", {1, 2}); v.move(A, "retreat", {1, 2}); bc.note("at", at(A)))");
    CHECK(note(r, "out") == "1");
    CHECK(note(r, "at") == 1);
    for (const Event* e : r.of_type("decision")) CHECK(r.data(*e)["id"] != "move");   // one legal option: no choice
}

TEST_CASE("BC-39 push or pull 1 at the edge: must pull (game level)", "[battlecon]") {
    auto r = moves(5, 7, R"(v.move(A, {"push", "pull"}, 1); bc.note("B", at(B)))");
    CHECK(note(r, "B") == 6);
}

TEST_CASE("BC-40 advance 3 when only 2 is possible: no movement (game level)", "[battlecon]") {
    auto r = moves(4, 6, R"(local moved = v.move(A, "advance", 3)
bc.note("moved", moved); bc.note("at", at(A)); bc.note("flag", S.flag(A, "moved")))");
    CHECK(note(r, "moved") == false);
    CHECK(note(r, "at") == 4);
    CHECK(note(r, "flag") == false);
    CHECK(count(r, "bc.move_ignored") == 1);
}

TEST_CASE("BC-41 close (game level)", "[battlecon]") {
    auto r = moves(1, 5, R"(v.move(A, "close", 2); bc.note("c2", at(A))
bc.place(A, 1); v.move(A, "close", 5); bc.note("c5", at(A))
bc.place(A, 4); bc.place(B, 5); bc.note("moved", v.move(A, "close", 3)); bc.note("c3", at(A)))");
    CHECK(note(r, "c2") == 3);
    CHECK(note(r, "c5") == 4);
    CHECK(note(r, "moved") == false);
    CHECK(note(r, "c3") == 4);
}

TEST_CASE("BC-42 pull and push (game level)", "[battlecon]") {
    auto r = moves(3, 4, R"(
v.move(A, "pull", 1); bc.note("pull1", at(B)); bc.place(B, 4)
v.move(A, "pull", 2); bc.note("pull2", at(B)); bc.place(B, 4)
v.move(A, "pull", 3); bc.note("pull3", at(B)); bc.place(B, 4)
v.move(A, "push", 2); bc.note("push2", at(B)))");
    CHECK(note(r, "pull1") == 2);
    CHECK(note(r, "pull2") == 1);
    CHECK(note(r, "pull3") == 4);
    CHECK(note(r, "push2") == 6);
}

TEST_CASE("BC-43 teleport (game level)", "[battlecon]") {
    auto r = moves(3, 5, R"(
for _, s in ipairs({6, 4, 5, 3, 1}) do
  local ok, counts = board.teleport(S.figure(A), S.figure(B), s, true)
  bc.note("t" .. s, ok and counts or "illegal")
end
effect.prohibit{target = S.figure(A), action = "advance"}
for _, s in ipairs({6, 4, 1, 2}) do bc.note("ban" .. s, (v.teleport(A, s))); bc.place(A, 3) end)");
    CHECK(note(r, "t6") == "advance");
    CHECK(note(r, "t4") == "advance");
    CHECK(note(r, "t5") == "illegal");
    CHECK(note(r, "t3") == "illegal");
    CHECK(note(r, "t1") == "retreat");
    CHECK(note(r, "ban6") == false);
    CHECK(note(r, "ban4") == false);
    CHECK(note(r, "ban1") == true);
    CHECK(note(r, "ban2") == true);
}

// BC-44 with a real resource-scaled effect: Bastion's SAMPLE Surge ("Before: spend any number
// of endurance; close 1 for each", one movement, MV8). The spent endurance leaves the pool.
TEST_CASE("BC-44 resource-scaled movement is one move (game level)", "[battlecon]") {
    const json bastion = seat({{"fighter", "bastion"}, {"discard1", {"Bulwark", "Grasp"}}, {"discard2", {"Vengeful", "Dash"}}});
    const std::string code = R"(
local function at(p) return board.position(S.figure(p)) end
local kit = bc.kit
local fired = 0
-- "close" is an advance that stops next to the opponent (MV13)
bc.on(B, "moving", function(c) if not (c.move.mover == A and (c.move.word == "advance" or c.move.word == "close")) then return false end fired = fired + 1 end)
local surge = cards.create("battlecon/bastion/surge", A, zone.find("pair", A), "top")
zone.reveal(surge, "all"); fire.activate(surge)
bc.place(A, 1); bc.place(B, 6)
bc.note("before", kit.count(A, "endurance"))
fire.fire("before", {}, {A}, {only = {surge}})
bc.note("at", at(A)); bc.note("fired", fired); bc.note("left", kit.count(A, "endurance")))";
    ScriptedDecision three;
    three.player = 0;
    three.id = "bastion.surge";
    three.picks = {3};
    auto r = drill(code, bastion, seat(), {three});
    CHECK(note(r, "before") == 3);
    CHECK(note(r, "at") == 4);         // one "close 3"
    CHECK(note(r, "fired") == 1);      // "each time the opponent advances": once
    CHECK(note(r, "left") == 0);       // the 3 endurance were spent
    // Spending 5 (two more from a refill) closes 5: from 1 to 5, next to B on 6.
    auto r5 = drill(R"(
local function at(p) return board.position(S.figure(p)) end
local kit = bc.kit
kit.create(A, "counter", "endurance", 2)
local surge = cards.create("battlecon/bastion/surge", A, zone.find("pair", A), "top")
zone.reveal(surge, "all"); fire.activate(surge)
bc.place(A, 1); bc.place(B, 6)
fire.fire("before", {}, {A}, {only = {surge}})
bc.note("at5", at(A)))", bastion, seat(), {[] { ScriptedDecision d; d.player = 0; d.id = "bastion.surge"; d.picks = {5}; return d; }()});
    CHECK(note(r5, "at5") == 5);
}

TEST_CASE("BC-45 prohibitions (game level)", "[battlecon]") {
    SECTION("(a) cannot be pushed or pulled: push or pull 1 is ignored") {
        auto r = moves(3, 4, R"(
effect.prohibit{target = S.figure(B), action = "be_pushed"}; effect.prohibit{target = S.figure(B), action = "be_pulled"}
bc.note("moved", v.move(A, {"push", "pull"}, 1)); bc.note("B", at(B)))");
        CHECK(note(r, "moved") == false);
        CHECK(note(r, "B") == 4);
    }
    SECTION("(b) cannot advance or retreat: own advance ignored, a pull still works") {
        auto r = moves(3, 5, R"(
effect.prohibit{target = S.figure(A), action = "advance"}; effect.prohibit{target = S.figure(A), action = "retreat"}
bc.note("adv", v.move(A, "advance", 1)); bc.note("pulled", v.move(B, "pull", 1)); bc.note("A", at(A)))");
        CHECK(note(r, "adv") == false);
        CHECK(note(r, "pulled") == true);
        CHECK(note(r, "A") == 4);
    }
    SECTION("(c) cannot advance: a teleport past B is illegal, away from B legal") {
        auto r = moves(3, 5, R"(
effect.prohibit{target = S.figure(A), action = "advance"}
bc.note("past", v.teleport(A, 6)); bc.note("away", v.teleport(A, 1)))");
        CHECK(note(r, "past") == false);
        CHECK(note(r, "away") == true);
    }
}

TEST_CASE("BC-46 'if you moved' counts moves by the opponent's cards (game level)", "[battlecon]") {
    const std::string effect = R"(
bc.on(B, "end_beat", function() if not S.flag(B, "moved") then return false end v.gain_force(B, 1) end)
)";
    SECTION("pushed: the condition holds") {
        auto r = moves(3, 4, effect + R"(v.move(A, "push", 1); bc.fire.fire("end_beat", {}, S.order()); bc.note("force", S.force(B)))");
        CHECK(note(r, "force") == 3);
    }
    SECTION("the push was impossible: the condition fails") {
        auto r = moves(6, 7, effect + R"(v.move(A, "push", 1); bc.fire.fire("end_beat", {}, S.order()); bc.note("force", S.force(B)))");
        CHECK(note(r, "force") == 2);
    }
}


// #17.7: E8 applies to the W14 windows too — a player orders their own simultaneous
// "when/each time X moves" and "when stunned" effects.
TEST_CASE("BC-28 E8 a player orders their own simultaneous effects before a move and before a stun", "[battlecon]") {
    auto r = moves(1, 6, R"(
bc.on(B, "moving", function(c) if c.move.mover ~= A then return false end bc.note("moving", "m1") end, nil, "m1")
bc.on(B, "moving", function(c) if c.move.mover ~= A then return false end bc.note("moving", "m2") end, nil, "m2")
bc.on(B, "stunned", function() bc.note("stunned", "s1") end, nil, "s1")
bc.on(B, "stunned", function() bc.note("stunned", "s2") end, nil, "s2")
v.move(A, "advance", 1)
v.stun(A))",
                   {order(2, {"m2", "m1"}, "order.moving"), order(2, {"s2", "s1"}, "order.stunned")});
    const auto moving = notes(r, "moving");
    REQUIRE(moving.size() == 2);
    CHECK(moving[0] == "m2");
    CHECK(moving[1] == "m1");
    const auto stunned = notes(r, "stunned");
    REQUIRE(stunned.size() == 2);
    CHECK(stunned[0] == "s2");
    CHECK(stunned[1] == "s1");
}

// #17.7 / §7.2: a teleport counts as an advance or a retreat — "if you advanced" sees it.
TEST_CASE("BC §7.2 a teleport that counts as an advance is an advance for 'if you advanced'", "[battlecon]") {
    auto r = moves(2, 5, R"(
v.teleport(A, 6); bc.note("advanced", S.flag(A, "advanced")); bc.note("past", S.flag(A, "moved_past"))
match.end_period("beat")
v.teleport(A, 7); bc.note("retreat advanced", S.flag(A, "advanced")))");
    CHECK(note(r, "advanced") == true);
    CHECK(note(r, "past") == true);
    CHECK(note(r, "retreat advanced") == false);
}

// #17.7 / MV9, MV16: a fighter pulled to the other side of the puller moved past them.
TEST_CASE("BC MV16 a pulled fighter that ends on the other side moved past", "[battlecon]") {
    auto r = moves(3, 4, R"(
v.move(A, "pull", 1); bc.note("B at", at(B)); bc.note("B past", S.flag(B, "moved_past")); bc.note("B moved", S.flag(B, "moved"))
bc.note("A past", S.flag(A, "moved_past")))");
    CHECK(note(r, "B at") == 2);
    CHECK(note(r, "B moved") == true);
    CHECK(note(r, "B past") == true);
    CHECK(note(r, "A past") == false);
}

TEST_CASE("#19.2 BC-38/BC-45 what a move leaves out, and why, for a person asking", "[battlecon]") {
    // A on 2, B on 4: retreat 2 would leave the board (BC-38); a card forbids B's being pushed
    // (BC-45) and names itself; advance 1 from 2 to 3 is offered.
    auto r = moves(2, 4, R"(local ward = entity.create{kind = "token", name = "Anchor", zone = zone.find("table")}
effect.prohibit{target = S.figure(B), action = "be_pushed", source = ward}
local why = {}
v.outcomes(A, {"retreat", "push", "advance"}, {1, 2}, nil, why)
local said = {}
for i, w in ipairs(why) do said[i] = w.label .. ": " .. w.why end
bc.note("why", table.concat(said, " | ")))");
    CHECK(note(r, "why") == "retreat 2: it would leave the board: a move is all or nothing (§7.1 MV7) | "
                            "push 1: forbidden by Anchor this beat | push 2: forbidden by Anchor this beat");
}
