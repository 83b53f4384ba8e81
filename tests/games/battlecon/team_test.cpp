// Spec §10.7: team play (BC-58 ... BC-67) on a 9-space board: drills of its rules and, where
// named "(game level)", whole team beats played by the game's own loop (team_beat.lua).
#include "bc_team.h"

using namespace duelbox;
using namespace duelbox::test::bc;

// Seats 1..n with teams and positions on the 9-space board; every seat plays Kestrel.
static RunResult team_drill(const std::string& code, std::vector<std::pair<int, int>> team_pos,
                            std::vector<json> extra = {}, std::vector<ScriptedDecision> decisions = {}) {
    Scenario sc = scenario(json::object());
    sc.seats.clear();
    int n = 0;
    for (auto [team, at] : team_pos) {
        SeatSpec spec;
        spec.name = "P" + std::to_string(++n);
        spec.team = team;
        spec.agent = "first";
        spec.setup = seat({{"position", at}});
        if (extra.size() >= static_cast<std::size_t>(n))
            for (auto& [k, v] : extra[static_cast<std::size_t>(n - 1)].items()) spec.setup[k] = v;
        sc.seats.push_back(spec);
    }
    sc.options = {{"spaces", 9}};
    sc.decisions = std::move(decisions);
    sc.setup = {{"first_active", 1}, {"drill", std::string(kPrelude) + "local T = bc.team\n" + code}};
    RunResult r = run_scenario(sc);
    INFO(r.error);
    REQUIRE(r.finished());
    return r;
}

static const char* kList = R"(
local function list(t) local s = {} for i, q in ipairs(t) do s[i] = tostring(q) end return table.concat(s, ",") end
)";

TEST_CASE("BC-58 team common pool: 65 for three fighters, 85 for four", "[battlecon]") {
    auto three = team_drill("bc.note('pool', counter.get(S.pool(), 'force') + 6)", {{1, 4}, {2, 6}, {2, 7}});
    CHECK(note(three, "pool") == 65);
    auto four = team_drill("bc.note('pool', counter.get(S.pool(), 'force') + 8)", {{1, 4}, {1, 2}, {2, 6}, {2, 8}});
    CHECK(note(four, "pool") == 85);
}

TEST_CASE("BC-59 Daidzin's range 2~4: the nearest enemy in range on each side", "[battlecon]") {
    // P1 Daidzin on 5; Kora (P2) on 3, Anya (P3) on 6, Vekil (P4) on 8: 3 vs 1.
    auto r = team_drill(std::string(kList) + R"(
bc.note("targets", list(T.targets(1, function(d) return d >= 2 and d <= 4 end))))",
                        {{1, 5}, {2, 3}, {2, 6}, {2, 8}});
    CHECK(note(r, "targets") == "2,4");   // Kora (distance 2) and Vekil (distance 3), not Anya
}

TEST_CASE("BC-60 Kora pulls: choosing the opponent", "[battlecon]") {
    SECTION("(a) enemies on both sides: either") {
        auto r = team_drill(std::string(kList) + "bc.note('opp', list(T.opponents(2)))", {{1, 3}, {2, 5}, {1, 7}});
        CHECK(note(r, "opp") == "1,3");
    }
    SECTION("(b) both enemies on one side: the nearest") {
        auto r = team_drill(std::string(kList) + "bc.note('opp', list(T.opponents(1)))", {{1, 3}, {2, 5}, {2, 7}});
        CHECK(note(r, "opp") == "2");
    }
    SECTION("(c) X cannot be pulled: Kora must pull Rin") {
        auto r = team_drill(std::string(kList) + R"(
effect.prohibit{target = S.figure(1), action = "be_pulled"}
bc.note("opp", list(T.opponents(2, function(q) return not effect.prohibited(S.figure(q), "be_pulled") end))))",
                            {{1, 3}, {2, 5}, {1, 7}});
        CHECK(note(r, "opp") == "3");
    }
}

TEST_CASE("BC-61 team turn order and ties", "[battlecon]") {
    // P1 = A1, P2 = A2 (team 1); P3 = B1, P4 = B2 (team 2). A2's team held the card.
    const std::vector<std::pair<int, int>> seats = {{1, 4}, {1, 2}, {2, 6}, {2, 8}};
    auto order = [&](const std::string& entries, int holder) {
        auto r = team_drill(std::string(kList) + "local s, ch = T.turn_order(" + entries + ", " + std::to_string(holder) +
                                ")\nlocal t = {} for i, e in ipairs(s) do t[i] = e.player end\n"
                                "bc.note('order', list(t)); bc.note('choose', #ch)",
                            seats);
        return std::make_pair(note(r, "order").get<std::string>(), note(r, "choose").get<int>());
    };
    auto main = order("{{player = 1, speed = 6}, {player = 3, speed = 6, tiebreak = true}, {player = 2, speed = 4}, "
                      "{player = 4, speed = 4}}",
                      1);
    CHECK(main.first == "3,1,4,2");   // B1, A1, B2, A2
    CHECK(order("{{player = 1, speed = 5}, {player = 3, speed = 5}}", 2).first == "3,1");   // the holder's team
    CHECK(order("{{player = 1, speed = 5, tiebreak = true}, {player = 3, speed = 5, tiebreak = true}}", 1).first == "1,3");
    auto mates = order("{{player = 1, speed = 5, tiebreak = true}, {player = 2, speed = 5}}", 2);
    CHECK(mates.second == 1);          // teammates tied: they choose (▲ ignored)
    // Three tied ([GAP], broken pairwise): A2 beats B1 (both ▲, A holds the card), B1 beats A1
    // (only B1 has ▲), A1 and A2 would choose: A2, B1, A1 is the one order keeping every pair's
    // rule, whatever order the entries come in (a comparator sort put B1 first; rules audit).
    const auto three = [&](const std::string& entries) { return order(entries, 1); };
    const auto forward = three("{{player = 1, speed = 5}, {player = 3, speed = 5, tiebreak = true}, "
                               "{player = 2, speed = 5, tiebreak = true}}");
    CHECK(forward.first == "2,3,1");
    CHECK(forward.second == 0);        // A1 and A2 are not next to each other: nothing to choose
    CHECK(three("{{player = 2, speed = 5, tiebreak = true}, {player = 3, speed = 5, tiebreak = true}, "
                "{player = 1, speed = 5}}").first == "2,3,1");
}

TEST_CASE("BC-62 damage adds up over a beat", "[battlecon]") {
    auto r = team_drill(R"(
bc.pair(3, {defense = 3}, {}); v.armor(3, 1)
v.take_damage(3, 2); bc.note("first", S.flag(3, "stunned")); bc.note("h1", S.health(3))
v.take_damage(3, 3); bc.note("second", S.flag(3, "stunned")); bc.note("h2", S.health(3)))",
                        {{1, 4}, {1, 2}, {2, 6}, {2, 8}});
    CHECK(note(r, "first") == false);
    CHECK(note(r, "h1") == 19);
    CHECK(note(r, "second") == true);
    CHECK(note(r, "h2") == 16);
}

// BC-63 through the game's own path: the Recycle step's team income (recycle.team_income),
// paid with verbs.gain_force into the team pool, capped at 20 with the excess to the box.
TEST_CASE("BC-63 team force: income, Revenge, the cap of 20", "[battlecon]") {
    auto r = team_drill(R"(
local box = zone.items(zone.find("table"))[3]
local function pool(t) return counter.get(S.force_holder(t == 1 and 1 or 3), "force") end
counter.set(S.pe(1), "health", 12); counter.set(S.pe(2), "health", 6)       -- team A: 1 + 2
counter.set(S.pe(3), "health", 0); S.set_flag(3, "eliminated", true)        -- team B: Revenge + 1
counter.set(S.pe(4), "health", 10)
counter.set(S.force_holder(1), "force", 15); counter.set(S.force_holder(3), "force", 0)
bc.recycle.team_income()
bc.note("a pool", pool(1)); bc.note("b pool", pool(2))
counter.set(S.force_holder(1), "force", 19); local box_before = counter.get(box, "force")
bc.recycle.team_income()
bc.note("capped", pool(1)); bc.note("to box", counter.get(box, "force") - box_before))",
                        {{1, 4}, {1, 2}, {2, 6}, {2, 8}});
    CHECK(note(r, "a pool") == 18);    // 15 + 1 (health 12) + 2 (health 6)
    CHECK(note(r, "b pool") == 3);     // Revenge +2 for the eliminated fighter, +1 for the other
    CHECK(note(r, "capped") == 20);    // 19 + 3 = 22, capped at 20
    CHECK(note(r, "to box") == 2);
}

// BC-64 (moving past several enemies, O6) runs with both values of rule option team_opponent
// in team_opponent_test.cpp.

TEST_CASE("BC-65 jumping several figures (game level)", "[battlecon]") {
    auto r = team_drill(R"(
entity.set(S.tracker(), "opp1", 3)
v.move(1, "advance", 1); bc.note("A1", board.position(S.figure(1))))",
                        {{1, 2}, {1, 3}, {2, 4}, {2, 8}});
    CHECK(note(r, "A1") == 5);
}

TEST_CASE("BattleCON team: eliminated fighters leave the board; the last one standing wins for the team", "[battlecon]") {
    auto r = team_drill(R"(
counter.set(S.pe(3), "health", 1); v.take_damage(3, 5)
bc.note("B1 on board", board.position(S.figure(3)) ~= nil); bc.note("over", match.finished())
bc.note("opponents of A1", #bc.team.opponents(1))
local left = 0
for _, z in ipairs(S.KIT_ZONES) do left = left + zone.count(zone.find(z, 3)) end
bc.note("B1 components left", left)
counter.set(S.pe(4), "health", 1); v.take_damage(4, 5))",
                        {{1, 4}, {1, 2}, {2, 6}, {2, 8}});
    CHECK(note(r, "B1 on board") == false);
    CHECK(note(r, "over") == false);
    CHECK(note(r, "opponents of A1") == 1);
    CHECK(note(r, "B1 components left") == 0);   // #17.6 EL1/TE1: cards, tokens, markers leave too
    CHECK(r.match().result().winners == std::vector<PlayerIndex>{0, 1});
    CHECK(r.match().result().reason == "knockout");
}

TEST_CASE("BattleCON team: a status ends when the fighter who gave it is eliminated (EL1/TE1; rulebook L274-276, L555)",
          "[battlecon]") {
    // Found by a rules audit: Chilled stayed on A1 for its full time after Frostwarden left the game.
    const json frost = {{"fighter", "frostwarden"}, {"discard1", {"Glacial", "Grasp"}}, {"discard2", {"Shard", "Dash"}}};
    auto r = team_drill(R"(
local CH = "battlecon/frostwarden/chilled"
local numbing = cards.create("battlecon/frostwarden/numbing", 3, zone.find("hand", 3))
bc.status.give(1, CH, numbing)                                 -- B1 (P3) chills A1 (P1)
bc.status.give(2, CH)                                          -- a status no fighter's card gave
bc.note("A1 chilled", bc.status.has(1, CH))
counter.set(S.pe(3), "health", 1); v.take_damage(3, 5)        -- B1 is eliminated; B2 fights on
bc.note("A1 chilled after", bc.status.has(1, CH)); bc.note("A2 chilled after", bc.status.has(2, CH)))",
                        {{1, 4}, {1, 2}, {2, 6}, {2, 8}}, {json::object(), json::object(), frost});
    CHECK(note(r, "A1 chilled") == true);
    CHECK(note(r, "A1 chilled after") == false);
    CHECK(note(r, "A2 chilled after") == true);
    REQUIRE(r.of_type("bc.status_end").size() == 1);
    CHECK(r.narrate(*r.of_type("bc.status_end")[0]) == "P1's status Chilled ends: P3 is out of the game");
}

TEST_CASE("BattleCON team: an eliminated fighter's modifiers and prohibitions on others end at once (rulebook L555)",
          "[battlecon]") {
    // Found by a rules audit: Bastion's Anvil ("the opponent cannot move this beat") kept A1 from
    // advancing after Bastion was eliminated earlier in the beat.
    auto r = team_drill(R"(
local anvil = cards.create("battlecon/bastion/anvil", 3, zone.find("pair", 3))
local other = cards.create("battlecon/dash", 4, zone.find("pair", 4))
effect.prohibit{target = S.figure(1), action = "move", source = anvil, expires = "beat"}
effect.modify{target = S.pe(1), stat = "power", amount = -2, source = anvil, expires = "beat"}
effect.prohibit{target = S.figure(2), action = "move", source = other, expires = "beat"}
bc.note("A1 held", effect.prohibited(S.figure(1), "move"))
counter.set(S.pe(3), "health", 1); v.take_damage(3, 5)        -- B1 (P3) is eliminated
bc.note("A1 held after", effect.prohibited(S.figure(1), "move"))
bc.note("A1 power after", effect.stat(S.pe(1), "power", 3))
bc.note("A2 held after", effect.prohibited(S.figure(2), "move")))",
                        {{1, 4}, {1, 2}, {2, 6}, {2, 8}});
    CHECK(note(r, "A1 held") == true);
    CHECK(note(r, "A1 held after") == false);
    CHECK(note(r, "A1 power after") == 3);
    CHECK(note(r, "A2 held after") == true);   // B2's effect stays: B2 fights on
}

TEST_CASE("BattleCON team: a fighter eliminated by a W14 effect before its own move moves no further (EL1)",
          "[battlecon]") {
    // Found by a rules audit: the move went on with the figure off the line and failed the match
    // (team.lua: arithmetic on a nil space).
    auto r = team_drill(R"(
bc.on(3, "moving", function(ctx)
  if ctx.move.mover == 1 then counter.set(S.pe(1), "health", 1); v.take_damage(1, 5) else return false end
end)
bc.note("moved", v.move(1, "advance", 1))
bc.note("A1 out", S.flag(1, "eliminated")))",
                        {{1, 4}, {1, 2}, {2, 6}, {2, 8}});
    CHECK(note(r, "moved") == false);
    CHECK(note(r, "A1 out") == true);
}

TEST_CASE("BC-66 [For opponent] advantages in team play", "[battlecon]") {
    // A1 (P1) on 4 and A2 (P2) on 9; Bastion B1 (P3) on 6 grants Taunt; B2 (P4) on 8.
    // A1's nearest enemy is B1; A2's is B2, so A2 may never use it.
    const json bastion = {{"fighter", "bastion"}, {"discard1", {"Bulwark", "Grasp"}}, {"discard2", {"Surge", "Dash"}}};
    auto r = team_drill(R"(
local function has_taunt(p) for _, c in ipairs(bc.set.choices(p)) do if c.label:find("Taunt") then return true end end return false end
bc.note("A1", has_taunt(1)); bc.note("A2", has_taunt(2))
for _, c in ipairs(bc.set.choices(1)) do if c.label:find("Taunt") then bc.set.use(1, c) end end
bc.note("A1 again", has_taunt(1))
bc.place(2, 5)   -- now B1 is A2's nearest enemy too; the team already used it this beat
bc.note("A2 near", has_taunt(2)))",
                        {{1, 4}, {1, 9}, {2, 6}, {2, 8}}, {json::object(), json::object(), bastion});
    CHECK(note(r, "A1") == true);
    CHECK(note(r, "A2") == false);
    CHECK(note(r, "A1 again") == false);
    CHECK(note(r, "A2 near") == false);
}

TEST_CASE("BC-61 teammates who tie choose their order (game level)", "[battlecon]") {
    auto r = team_drill(R"(
bc.pair(1, {range = 1, speed = 5, tiebreak = true}, {range = 0}); bc.pair(2, {range = 1, speed = 5}, {range = 0})
bc.pair(3, {range = 1, speed = 3}, {range = 0}); bc.pair(4, {range = 1, speed = 2}, {range = 0})
bc.team_beat.reveal()
bc.note("order", entity.get(S.tracker(), "order")); bc.note("active", S.active()))",
                        {{1, 4}, {1, 2}, {2, 6}, {2, 8}}, {}, {choose(1, "P2", "team.tie")});
    CHECK(note(r, "order") == "2,1,3,4");   // ▲ is ignored between teammates: P1 let P2 go first
    CHECK(note(r, "active") == 2);
}

TEST_CASE("BattleCON team: becoming the active player re-orders the others (TS6)", "[battlecon]") {
    auto r = team_drill(R"(
bc.pair(1, {range = 9, power = 1, speed = 5}, {range = 0}); bc.pair(2, {range = 9, power = 1, speed = 4}, {range = 0})
bc.pair(3, {range = 9, power = 1, speed = 3}, {range = 0}); bc.pair(4, {range = 9, power = 1, speed = 2}, {range = 0})
bc.team_beat.reveal(); bc.note("before", entity.get(S.tracker(), "order"))
bc.on(4, "start", function() v.become_active(4) end)
bc.fire.fire("start", {}, S.order()); bc.note("after", entity.get(S.tracker(), "order"))
bc.team_beat.attacks(bc.attack)
bc.note("active", S.active()))",
                        {{1, 4}, {1, 2}, {2, 6}, {2, 8}});
    CHECK(note(r, "before") == "1,2,3,4");
    CHECK(note(r, "after") == "4,1,2,3");
    auto attacks = r.of_type("bc.attack");
    REQUIRE(attacks.size() == 4);
    CHECK(r.data(*attacks[0])["player"] == 4);
    CHECK(r.data(*attacks[1])["player"] == 1);
    CHECK(note(r, "active") == 4);
}

TEST_CASE("BattleCON team TS6: after becoming the active player, every lower tie goes to the new holder's team", "[battlecon]") {
    // Speeds P1 6, P3 5, P2 4, P4 4 (teams 1+2 and 3+4), no tiebreak. P3 takes the card: P1,
    // then the tie at 4 goes to P3's team (TS3.3, docs/rules-decisions.md). The re-sort gave
    // the ties to the team of the fastest of the others (P1's): 3,1,2,4 (audit of session 32).
    auto r = team_drill(R"(
bc.pair(1, {range = 9, power = 1, speed = 6}, {range = 0}); bc.pair(2, {range = 9, power = 1, speed = 4}, {range = 0})
bc.pair(3, {range = 9, power = 1, speed = 5}, {range = 0}); bc.pair(4, {range = 9, power = 1, speed = 4}, {range = 0})
bc.team_beat.reveal(); bc.note("before", entity.get(S.tracker(), "order"))
v.become_active(3); bc.note("P3 active", entity.get(S.tracker(), "order"))
v.become_active(1); bc.note("P1 active", entity.get(S.tracker(), "order")))",
                        {{1, 4}, {1, 2}, {2, 6}, {2, 8}});
    CHECK(note(r, "before") == "1,3,2,4");
    CHECK(note(r, "P3 active") == "3,1,4,2");
    CHECK(note(r, "P1 active") == "1,3,2,4");
}

TEST_CASE("BC-58 the lone fighter may take Master (2 vs 1) or Champion (3 vs 1)", "[battlecon]") {
    auto master = team_drill("bc.note('health', S.health(3)); bc.note('card', bc.names(3, 'status'))",
                             {{1, 4}, {1, 2}, {2, 6}}, {}, {answer_yes(3, true, "setup.lone_card")});
    CHECK(note(master, "health") == 25);   // SAMPLE bonus
    CHECK(note(master, "card") == "Master");
    auto champion = team_drill("bc.note('health', S.health(1)); bc.note('card', bc.names(1, 'status'))",
                               {{1, 4}, {2, 6}, {2, 7}, {2, 8}}, {}, {answer_yes(1, true, "setup.lone_card")});
    CHECK(note(champion, "card") == "Champion");
    CHECK(note(champion, "health") == 30);
    auto declined = team_drill("bc.note('health', S.health(3))", {{1, 4}, {1, 2}, {2, 6}}, {},
                               {answer_yes(3, false, "setup.lone_card")});
    CHECK(note(declined, "health") == 20);
}

TEST_CASE("BattleCON team: an eliminated fighter's team places a Revenge card", "[battlecon]") {
    auto r = team_drill(R"(
counter.set(S.pe(3), "health", 1); v.take_damage(3, 5)
local n = 0 for _, e in ipairs(zone.items(zone.find("table"))) do if entity.name(e) == "Revenge" then n = n + 1 end end
bc.note("revenge", n); bc.note("income", bc.team.income_amount(2)))",
                        {{1, 4}, {1, 2}, {2, 6}, {2, 8}});
    CHECK(note(r, "revenge") == 1);
    CHECK(note(r, "income") == 3);   // B2 1 + Revenge 2
}

// #17.3 / O8: the other team may use each [For opponent] advantage once per beat, whichever
// of its players uses it — also one that is not one-time (Bastion's SAMPLE Open Guard).
TEST_CASE("BC-66 O8 a [For opponent] advantage that is not one-time: once per beat per team, again in a duel", "[battlecon]") {
    const json bastion = {{"fighter", "bastion"}, {"discard1", {"Bulwark", "Grasp"}}, {"discard2", {"Surge", "Dash"}}};
    const std::string code = R"(
local function guard(p) for _, c in ipairs(bc.set.choices(p)) do if c.label:find("Open Bastion") then return c end end end
bc.note("A1", guard(1) ~= nil); bc.note("A2", guard(2) ~= nil)
bc.set.use(1, guard(1))
bc.note("A2 after", guard(2) ~= nil); bc.note("A1 after", guard(1) ~= nil))";
    // A1 (P1) on 4, A2 (P2) on 5: both have B1 (Bastion, P3, on 6) as nearest enemy; B2 on 8.
    const std::vector<TeamSeat> seats = {{1, 4}, {1, 5}, {2, 6, bastion}, {2, 8}};
    auto team = team_run(code, seats);
    CHECK(note(team, "A1") == true);
    CHECK(note(team, "A2") == true);
    CHECK(note(team, "A2 after") == false);
    CHECK(note(team, "A1 after") == false);
    auto one_time = team_run(code, seats, {}, {{"for_opponent_once", "one_time"}});
    CHECK(note(one_time, "A2 after") == true);
    // ADV5: in a duel an advantage that is not one-time may be used again.
    auto duel = drill(R"(
local function guard(p) for _, c in ipairs(bc.set.choices(p)) do if c.label:find("Open Bastion") then return c end end end
bc.set.use(1, guard(1))
bc.note("again", guard(1) ~= nil); bc.note("own", guard(2) ~= nil))", seat(), bastion);
    CHECK(note(duel, "again") == true);
    CHECK(note(duel, "own") == false);
}

// #17.2 / T3: a random *team* takes the active player card, each team equally likely.
TEST_CASE("BC T3 a random team, not a random player, takes the active player card (2 vs 1)", "[battlecon]") {
    int lone = 0;
    const int runs = 400;
    for (int seed = 1; seed <= runs; ++seed) {
        Scenario sc = scenario(json::object());
        sc.seed = static_cast<std::uint64_t>(seed);
        sc.seats.clear();
        const int teams[] = {1, 1, 2};
        const int at[] = {4, 2, 6};
        for (int i = 0; i < 3; ++i) {
            SeatSpec spec;
            spec.name = "P" + std::to_string(i + 1);
            spec.team = teams[i];
            spec.agent = "first";
            spec.setup = seat({{"position", at[i]}});
            sc.seats.push_back(spec);
        }
        sc.options = {{"spaces", 9}};
        sc.setup = {{"drill", std::string(kPrelude) + "bc.note('active', S.active())"}};
        RunResult r = run_scenario(sc);
        INFO(r.error);
        REQUIRE(r.finished());
        if (note(r, "active") == 3) ++lone;
    }
    // Fair: 200 expected (sd 10); a random player would give ~133 (it fails this check).
    // Bounds at about 3.9 sd: 161..239.
    CHECK(lone >= 161);
    CHECK(lone <= 239);
}

// #17.4 / TS5: every player on the team holding the active player card counts as active for
// card effects, even after the holder is eliminated; the others are reactive.
TEST_CASE("BC-61 TS5 the whole team holding the active player card counts as active", "[battlecon]") {
    auto r = team_run(R"(
for p = 1, 4 do bc.note("active " .. p, S.is_active(p)) end
S.set_flag(1, "eliminated", true)
bc.note("teammate after", S.is_active(2)); bc.note("enemy after", S.is_active(3)))",
                      {{1, 4}, {1, 2}, {2, 6}, {2, 8}});
    CHECK(note(r, "active 1") == true);
    CHECK(note(r, "active 2") == true);
    CHECK(note(r, "active 3") == false);
    CHECK(note(r, "active 4") == false);
    CHECK(note(r, "teammate after") == true);
    CHECK(note(r, "enemy after") == false);
    auto duel = drill(R"(bc.note("A", S.is_active(A)); bc.note("B", S.is_active(B)))");
    CHECK(note(duel, "A") == true);
    CHECK(note(duel, "B") == false);
}

TEST_CASE("§9.7 TF3 an empty hand's recycle (SET3) in team play pays into the team pool, capped at 20, not 10", "[battlecon]") {
    // Found by a rules audit: the duel's cap of 10 was applied to the team pool, sending force
    // the fighter never held to the box.
    auto r = team_run(R"(
local box = zone.items(zone.find("table"))[3]
counter.set(S.force_holder(1), "force", 12)
for _, e in ipairs(bc.set.of_kind(zone.find("hand", 1), "style")) do zone.move(e, S.box()) end
bc.set.set_phase(ctx, bc.recycle)
bc.note("pool", counter.get(S.force_holder(1), "force"))
bc.note("box", counter.get(box, "force"))
bc.note("own", counter.get(S.pe(1), "force")))",
                      {{1, 4}, {1, 2}, {2, 6}, {2, 8}});
    CHECK(count(r, "bc.set3") >= 1);
    CHECK(count(r, "bc.force_cap") == 0);
    CHECK(note(r, "pool") == 13);   // 12 and the fighter's 1
    CHECK(note(r, "box") == 0);
    CHECK(note(r, "own") == 0);
}
