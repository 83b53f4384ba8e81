// mcts_test.cpp - the search agents (search/mcts.h, search/search_agents.h): information sets,
// simultaneous choices, determinism and agent names. Strength is measured by the lab, never
// here (docs/ai.md): `duelbox lab <game> --agents mcts,random`.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <set>

#include "lua/host.h"
#include "lua/match_runner.h"
#include "search/forks.h"
#include "search/mcts.h"
#include "search/search_agents.h"
#include "../support/search_hosts.h"

using namespace duelbox;

namespace {

Scenario bench_of(const std::string& game) {
    const std::string root = DUELBOX_SOURCE_ROOT;
    return load_scenario(root + "/examples/" + game + "/bench.json", root);
}

// Every event as player `viewer` sees it.
std::vector<std::string> view_of(const Match& m, PlayerIndex viewer, std::size_t events) {
    std::vector<std::string> out;
    const NameResolver names = m.names();
    for (std::size_t i = 0; i < events; ++i) {
        const Event e = m.log().event(i);
        if (!mask_has(e.audience, viewer)) continue;
        out.push_back(m.log().to_json_line(e, viewer, &names));
    }
    return out;
}

std::vector<std::string> defs_in(const Match& m, const std::string& zone, PlayerIndex owner) {
    std::vector<std::string> out;
    for (EntityId e : m.zone(m.find_zone(zone, owner)).items) out.push_back(m.entity(e).def);
    return out;
}

// Two matches that differ only in what player 1 cannot see, each run to its first question,
// and a third host for the search; every host has the game loaded.
struct TwinMatches {
    LuaHost hx, hy, search;
    std::unique_ptr<MatchRunner> rx, ry;
    TwinMatches(const Scenario& x, const Scenario& y) : hx(x.limits), hy(y.limits), search(x.limits) {
        std::vector<std::string> errors;
        REQUIRE(hx.load_game(x, errors));
        REQUIRE(hy.load_game(y, errors));
        REQUIRE(search.load_game(x, errors));
        rx = std::make_unique<MatchRunner>(hx, x);
        ry = std::make_unique<MatchRunner>(hy, y);
        REQUIRE(rx->run() == RunState::Stopped);
        REQUIRE(ry->run() == RunState::Stopped);
    }
};

// Searches the questions both matches ask now for player 1, with the same search seed: the
// matches differ only in what the player cannot see, so the answer and every option's figures
// must be the same. `player`: the searching player (0-based; player 1 by default).
void check_same_search(LuaHost& search_host, const Scenario& x, const MatchRunner& rx, const Scenario& y,
                       const MatchRunner& ry, int iterations, PlayerIndex player = 0) {
    SearchBudget b;
    b.iterations = iterations;
    const SearchResult sx = search_decision(search_host, x, rx.taken(), rx.pending(), player, b, 5);
    const SearchResult sy = search_decision(search_host, y, ry.taken(), ry.pending(), player, b, 5);
    REQUIRE(sx.failed_copies == 0);
    REQUIRE(sx.options.size() == sy.options.size());
    CHECK(sx.answers == sy.answers);
    for (std::size_t i = 0; i < sx.options.size(); ++i) {
        CHECK(sx.options[i].label == sy.options[i].label);
        CHECK(sx.options[i].visits == sy.options[i].visits);
        CHECK(sx.options[i].value == sy.options[i].value);
        CHECK(sx.options[i].probability == sy.options[i].probability);
    }
}

}  // namespace

TEST_CASE("MCTS decides from its information set: matches it cannot tell apart get the same answer", "[search]") {
    // Sinbad (seat 2) holds different cards in X and Y; Medusa (seat 1) saw only "a card is created".
    Scenario x = bench_of("unmatched"), y = bench_of("unmatched");
    const std::vector<std::string> hand_x{"scimitar", "parry", "sea_legs", "spoils", "trade_winds"},
        deck_x{"parry", "parry", "parry", "heavy_load", "heavy_load", "heavy_load", "roc_feather", "roc_feather",
               "cunning_escape", "cunning_escape", "cunning_escape", "porters_sack", "porters_sack", "porters_sack",
               "scimitar", "scimitar", "seven_voyages", "seven_voyages", "sea_legs", "sea_legs", "spoils",
               "trade_winds", "turning_point", "turning_point", "turning_point"},
        hand_y{"heavy_load", "heavy_load", "roc_feather", "turning_point", "cunning_escape"},
        deck_y{"scimitar", "parry", "sea_legs", "spoils", "trade_winds", "parry", "parry", "parry", "heavy_load",
               "roc_feather", "cunning_escape", "cunning_escape", "porters_sack", "porters_sack", "porters_sack",
               "scimitar", "scimitar", "seven_voyages", "seven_voyages", "sea_legs", "sea_legs", "spoils",
               "trade_winds", "turning_point", "turning_point"};
    x.seats[1].setup["hand"] = hand_x;
    x.seats[1].setup["deck"] = deck_x;
    y.seats[1].setup["hand"] = hand_y;
    y.seats[1].setup["deck"] = deck_y;
    for (Scenario* s : {&x, &y}) {
        s->seed = 11;
        s->stop.after_decisions = 0;   // stop at the first question
    }
    TwinMatches t(x, y);
    const MatchRunner &rx = *t.rx, &ry = *t.ry;
    REQUIRE(rx.pending().size() == 1);
    REQUIRE(rx.pending()[0].player == 0);
    REQUIRE(rx.pending()[0].options.size() > 1);
    // The truth differs; Medusa's view does not.
    REQUIRE(defs_in(rx.match(), "hand", 1) != defs_in(ry.match(), "hand", 1));
    REQUIRE(view_of(rx.match(), 0, rx.match().log().size()) == view_of(ry.match(), 0, ry.match().log().size()));

    check_same_search(t.search, x, rx, y, ry, 24);
}

TEST_CASE("MCTS at Unmatched's defense card does not read the attacker's hidden hand (a red team's case)", "[search]") {
    // Anna's hand holds one or two cards the Jabberwock may use, which Karl cannot see. The two
    // cards were asked as one group, and the attacker's question (built from her real hand) gave
    // Karl's search a different answer in X and Y; the attacker is now asked first.
    const std::string root = DUELBOX_SOURCE_ROOT;
    const auto make = [&](std::vector<std::string> hand, std::vector<std::string> deck) {
        nlohmann::json j = {{"game", "unmatched"}, {"root", root}, {"seed", 1},
                            {"setup", {{"map", "tests/support/maps/unmatched_sample.json"}}},
                            {"players", {{{"name", "Anna"}, {"agent", "first"},
                                          {"setup", {{"hero", "alice"}, {"size", "big"}, {"positions", {"s1", "s5"}},
                                                     {"hand", hand}, {"deck", deck}}}},
                                         {{"name", "Karl"}, {"agent", "first"},
                                          {"setup", {{"hero", "king_arthur"}, {"positions", {"s6", "s8"}},
                                                     {"hand", {"skirmish", "shield_wall", "tower_shield"}},
                                                     {"deck", {"shield_wall"}}}}}}},
                            {"decisions", {{{"player", 1}, {"id", "action"}, {"choose", "Attack"}},
                                           {{"player", 1}, {"id", "attacker"}, {"choose", "Jabberwock"}},
                                           {{"player", 1}, {"id", "target"}, {"choose", "King Arthur on s6"}},
                                           {{"player", 1}, {"id", "attack_card"}, {"choose", "Biting Jaws"}}}},
                            {"stop", {{"after_decisions", 4}}}};
        return parse_scenario(j, "um.json", root);
    };
    const Scenario x = make({"biting_jaws", "slithy_toves", "croquet"}, {"croquet", "croquet"});
    const Scenario y = make({"biting_jaws", "croquet", "croquet"}, {"slithy_toves", "croquet"});
    TwinMatches t(x, y);
    const MatchRunner &rx = *t.rx, &ry = *t.ry;
    REQUIRE(rx.pending().size() == 1);
    REQUIRE(rx.pending()[0].player == 1);   // Karl, alone
    REQUIRE(view_of(rx.match(), 1, rx.match().log().size()) == view_of(ry.match(), 1, ry.match().log().size()));
    check_same_search(t.search, x, rx, y, ry, 48, 1);
}

namespace {

// The Blind fixture (tests/support/scripts/blind): seat 2's cards split between hand and deck
// as given, stopped at the secret group where both choose a card of their hand.
Scenario blind(const std::string& before, const std::vector<int>& hand2, const std::vector<int>& deck2) {
    Scenario s = load_scenario(std::string(DUELBOX_TEST_SUPPORT) + "/scenarios/blind.json", DUELBOX_TEST_SUPPORT);
    s.options["before"] = before;
    s.seats[1].setup["hand"] = hand2;
    s.seats[1].setup["deck"] = deck2;
    s.decisions.clear();
    const bool greets = before != "checkpoint" && before != "none";
    if (greets) s.decisions.push_back(ScriptedDecision{0, "greet", {}, {"wave"}, {}});
    s.stop.after_decisions = greets ? 1 : 0;
    return s;
}

}  // namespace

TEST_CASE("MCTS at a secret group does not read the other player's hand the group offers them", "[search][hidden]") {
    // Seat 2 holds 1, 5, 9 in X and 2, 1, 9 in Y (the rest in its deck): seat 1 sees only three
    // cards. Seat 2's question in the group lists its hand, and was built by the rules before
    // a copy could be re-dealt at the decision: the search learnt seat 2's real hand from it.
    // A copy is now re-dealt before the group is asked (Forks::make_for), at the question
    // before it or at the checkpoint the copies start from.
    // ("token": a hidden card made after the re-deal point, offered by no question, changes
    // nothing: a review found the copies falling back to the decision for it.)
    for (const std::string before : {"question", "checkpoint", "token"}) {
        INFO("before: " << before);
        const Scenario x = blind(before, {1, 5, 9}, {2, 3}), y = blind(before, {2, 1, 9}, {3, 5});
        TwinMatches t(x, y);
        REQUIRE(t.rx->pending().size() == 2);
        REQUIRE(view_of(t.rx->match(), 0, t.rx->match().log().size()) == view_of(t.ry->match(), 0, t.ry->match().log().size()));
        check_same_search(t.search, x, *t.rx, y, *t.ry, 48);
        SearchBudget b;
        b.iterations = 48;
        const SearchResult r = search_decision(t.search, x, t.rx->taken(), t.rx->pending(), 0, b, 5);
        CHECK(r.redeals.before + r.redeals.unfit == 48);
        CHECK(r.redeals.at_arrival == 0);
        CHECK(r.redeals.unfit == 0);   // nothing seat 1 sees depends on seat 2's hand before the group
        CHECK(r.iterations == 48);
    }
}

TEST_CASE("MCTS re-dealing before a group does not keep the real order of cards shuffled since", "[search][hidden]") {
    // Player 1 saw their own cards go into their deck, then the deck was shuffled, then a group
    // asks them to bet on the next card. The re-deal before the group (at the greeting) could not
    // touch those cards (player 1 saw them then): the shuffle after it, the real one, must not
    // decide where they lie in the copies (a review found the search betting right every time).
    // Matches of other seeds differ only in that order: the same answer and figures.
    std::vector<SearchResult> results;
    std::set<bool> tops;   // whether the real next card is high, over the seeds: both, or the test shows nothing
    for (std::uint64_t seed : {10, 11, 13, 14, 16, 17}) {
        Scenario s = blind("shuffle", {1, 5, 9}, {2, 3});
        s.seats[0].setup["hand"] = std::vector<int>{1, 2, 3, 7, 8, 9};
        s.seats[0].setup["deck"] = std::vector<int>{};
        s.seed = seed;
        test::SearchHosts hosts(s);
        MatchRunner real(hosts.real, s);
        REQUIRE(real.run() == RunState::Stopped);
        REQUIRE(real.pending().size() == 2);
        const Match& m = real.match();
        tops.insert(std::get<std::int64_t>(m.entity(m.zone(m.find_zone("deck", 0)).items.front()).prop("value")) >= 5);
        SearchBudget b;
        b.iterations = 64;
        results.push_back(search_decision(hosts.search, s, real.taken(), real.pending(), 0, b, 5));
        CHECK(results.back().redeals.before == 64);
    }
    REQUIRE(tops.size() == 2);
    for (std::size_t k = 1; k < results.size(); ++k) {
        REQUIRE(results[k].options.size() == results[0].options.size());
        for (std::size_t i = 0; i < results[0].options.size(); ++i) {   // (best first: the labels too)
            CHECK(results[k].options[i].label == results[0].options[i].label);
            CHECK(results[k].options[i].visits == results[0].options[i].visits);
            CHECK(results[k].options[i].value == results[0].options[i].value);
        }
    }
}

TEST_CASE("MCTS loses a copy rather than show it a group built from the real cards", "[search][hidden]") {
    // Blind's gate: the group comes only when player 2 holds a 5 and a 9, so most re-deals of
    // player 2's hand before it never reach player 1's question in the group. Re-dealing such a
    // copy at the decision instead would show it player 2's real hand (the group was built from
    // it): a review found X and Y giving different figures that way. The copy is lost instead.
    const Scenario x = blind("gate", {1, 5, 9}, {2, 3}), y = blind("gate", {5, 9, 2}, {1, 3});
    TwinMatches t(x, y);
    REQUIRE(t.rx->pending().size() == 2);
    check_same_search(t.search, x, *t.rx, y, *t.ry, 48);
    SearchBudget b;
    b.iterations = 48;
    const SearchResult r = search_decision(t.search, x, t.rx->taken(), t.rx->pending(), 0, b, 5);
    CHECK(r.redeals.before + r.redeals.unfit + r.redeals.lost == 48);
    CHECK(r.redeals.refused > 0);
    CHECK(r.redeals.at_arrival == 0);
}

TEST_CASE("MCTS at a match's first question, a secret group, can only re-deal at the decision (a known limit)", "[search][hidden]") {
    // With no question and no checkpoint before the group, there is no point to re-deal at
    // before the rules build it: the copies are re-dealt at the decision, as before, and the
    // group's other questions still show seat 2's real hand (docs/ai.md). The same X and Y as
    // above then give different figures: what the test above checks is what this one lacks.
    const Scenario x = blind("none", {1, 5, 9}, {2, 3}), y = blind("none", {2, 1, 9}, {3, 5});
    TwinMatches t(x, y);
    SearchBudget b;
    b.iterations = 48;
    const SearchResult sx = search_decision(t.search, x, t.rx->taken(), t.rx->pending(), 0, b, 5);
    const SearchResult sy = search_decision(t.search, y, t.ry->taken(), t.ry->pending(), 0, b, 5);
    CHECK(sx.redeals.at_arrival == 48);
    CHECK(sx.redeals.before == 0);
    // The same when the cards offered were made after the question before the group ("late"):
    // nothing could re-deal them before it, and the search says so.
    const Scenario late = blind("late", {1, 5, 9}, {2, 3});
    TwinMatches t2(late, late);
    REQUIRE(t2.rx->pending().size() == 2);
    const SearchResult sl = search_decision(t2.search, late, t2.rx->taken(), t2.rx->pending(), 0, b, 5);
    CHECK(sl.redeals.at_arrival == 48);
    CHECK(sl.failed_copies == 0);
    REQUIRE(sx.options.size() == sy.options.size());
    bool differ = false;
    for (std::size_t i = 0; i < sx.options.size(); ++i)
        differ = differ || sx.options[i].value != sy.options[i].value || sx.options[i].visits != sy.options[i].visits;
    CHECK(differ);
}

TEST_CASE("MCTS answers a simultaneous secret choice with a mixed strategy (BattleCON's SET)", "[search]") {
    Scenario s = bench_of("battlecon");
    s.seed = 3;
    test::SearchHosts hosts(s);
    LuaHost &host = hosts.real, &search_host = hosts.search;
    // Play at random until a group asks both players at once.
    for (auto& seat : s.seats) seat.agent = "random";
    std::size_t at = 0;
    std::vector<DecisionRequest> group;
    std::vector<ScriptedDecision> prefix;
    for (; at < 200 && group.empty(); ++at) {
        Scenario t = s;
        t.stop.after_decisions = static_cast<std::int64_t>(at);
        MatchRunner r(host, t);
        if (r.run() != RunState::Stopped) break;
        bool both = false;
        for (const auto& q : r.pending()) both = both || q.player != r.pending()[0].player;
        if (both && r.taken().size() == at) {
            group = r.pending();
            prefix = r.taken();
        }
    }
    REQUIRE_FALSE(group.empty());
    SearchBudget b;
    b.iterations = 40;
    const SearchResult res = search_decision(search_host, s, prefix, group, 0, b, 9);
    CHECK(res.simultaneous);
    CHECK(res.failed_copies == 0);
    double total = 0;
    for (const auto& o : res.options) {
        CHECK(o.probability >= 0);
        total += o.probability;
    }
    CHECK(std::abs(total - 1) < 1e-9);
    // The answer covers every request of player 1 in the group (style and base).
    std::size_t mine = 0;
    for (const auto& q : group) mine += q.player == 0;
    CHECK(res.answers.size() == mine);
    // Deterministic: the same seed, the same everything.
    const SearchResult again = search_decision(search_host, s, prefix, group, 0, b, 9);
    CHECK(again.answers == res.answers);
    for (std::size_t i = 0; i < res.options.size(); ++i) CHECK(again.options[i].probability == res.options[i].probability);
}

TEST_CASE("a match with an MCTS seat plays to the end and replays identically", "[search]") {
    Scenario s = bench_of("tagteam");
    s.seed = 5;
    s.seats[0].agent = "mcts:6";
    s.seats[1].agent = "greedy:1";
    LuaHost host(s.limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(s, errors));
    MatchRunner a(host, s);
    REQUIRE(a.run() == RunState::Finished);
    const auto first = a.taken().size();
    MatchRunner b(host, s);
    REQUIRE(b.run() == RunState::Finished);
    REQUIRE(b.taken().size() == first);
    for (std::size_t i = 0; i < first; ++i) CHECK(b.taken()[i].picks == a.taken()[i].picks);
    CHECK(b.match().log().size() == a.match().log().size());
}

TEST_CASE("past a search's safety limit, a copy under way is cut short and counts for nothing", "[search]") {
    // A copy may run its rules only until the search's deadline (Forks::set_deadline), except
    // the first a search is handed (some copy must decide). Blind's `spin` makes the rules busy
    // for tens of milliseconds before the first question, far past a deadline already gone.
    Scenario s = blind("question", {1, 5, 9}, {2, 3});
    s.options["spin"] = 3'000'000;
    test::SearchHosts hosts(s);
    MatchRunner real(hosts.real, s);
    REQUIRE(real.run() == RunState::Stopped);
    Forks forks(hosts.search, s, real.taken());
    forks.set_deadline(std::chrono::steady_clock::now());
    Rng rng(3);
    {
        const auto first = forks.make_for(0, rng);
        CHECK(first->reached());
        CHECK_FALSE(forks.cut_short(*first));
    }
    const auto second = forks.make_for(0, rng);
    CHECK_FALSE(second->reached());
    CHECK(forks.cut_short(*second));
    CHECK(second->error().find("wall") != std::string::npos);
}

TEST_CASE("a search past its safety limit stops with the copies made so far, and says so", "[search]") {
    // A mod whose rules run for seconds made one decision take the budget times each copy's
    // own limits; limit_seconds bounds the search. A limit already passed stops it after one copy.
    Scenario s = bench_of("unmatched");
    s.seed = 11;
    s.stop.after_decisions = 0;   // stop at the first question
    LuaHost host(s.limits), search(s.limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(s, errors));
    REQUIRE(search.load_game(s, errors));
    MatchRunner r(host, s);
    REQUIRE(r.run() == RunState::Stopped);
    const PlayerIndex asked = r.pending().front().player;
    REQUIRE(r.pending().front().options.size() > 1);
    SearchBudget b;
    b.iterations = 24;
    b.limit_seconds = 1e-9;
    const SearchResult cut = search_decision(search, s, r.taken(), r.pending(), asked, b, 7);
    CHECK(cut.stopped_at_limit);
    CHECK(cut.iterations == 1);
    CHECK_FALSE(cut.answers.empty());   // the one copy decided
    b.limit_seconds = 0;                // no limit: the whole budget
    const SearchResult whole = search_decision(search, s, r.taken(), r.pending(), asked, b, 7);
    CHECK_FALSE(whole.stopped_at_limit);
    CHECK(whole.iterations == 24);

    // greedy: the same limit; the answer is the best of the answers it tried.
    auto greedy = make_greedy_agent(3, 7, 1e-9);
    const std::vector<DecisionRequest>& group = r.pending();
    std::size_t index = 0;
    while (group[index].player != asked) ++index;
    (void)greedy->answer(group[index], r.match(), DecisionContext{&s, &r.taken(), group, index});
    const SearchResult* g = last_search(*greedy);
    REQUIRE(g != nullptr);
    CHECK(g->stopped_at_limit);
    CHECK(g->iterations == 1);
    int visited = 0;
    const OptionEstimate* tried = nullptr;
    for (const auto& o : g->options) {
        visited += o.visits;
        if (o.visits > 0) tried = &o;
    }
    CHECK(visited == 1);
    REQUIRE(tried != nullptr);
    CHECK(g->answers == tried->answers);   // never an answer no copy tried
}

TEST_CASE("agents by name", "[search]") {
    for (const char* ok : {"random", "first", "human", "scripted", "mcts", "mcts:1", "mcts:2000", "mcts:150ms", "greedy", "greedy:4"})
        CHECK(agent_name_error(ok) == "");
    CHECK(agent_name_error("mcts:0").find("whole number") != std::string::npos);
    CHECK(agent_name_error("mcts:lots").find("whole number") != std::string::npos);
    CHECK(agent_name_error("greedy:20ms").find("not a time") != std::string::npos);
    CHECK(agent_name_error("random:3").find("only mcts and greedy") != std::string::npos);
    CHECK(agent_name_error("best").find("expected one of") != std::string::npos);
    CHECK(std::string(make_named_agent("mcts:10", 1)->kind()) == "mcts");
    CHECK(std::string(make_named_agent("greedy", 1)->kind()) == "greedy");
    CHECK(make_named_agent("human", 1) == nullptr);   // front ends wire people
}

TEST_CASE("a game whose evaluate fails makes the searching agent fail the match with its file:line", "[search]") {
    namespace fs = std::filesystem;
    const fs::path support(DUELBOX_TEST_SUPPORT);
    const fs::path root = fs::temp_directory_path() / ("duelbox_bad_evaluate_" + std::to_string(::getpid()));
    fs::remove_all(root);
    fs::create_directories(root / "scripts");
    fs::create_directories(root / "cards");
    fs::copy(support / "scripts" / "duel", root / "scripts" / "duel", fs::copy_options::recursive);
    fs::copy(support / "cards" / "duel", root / "cards" / "duel", fs::copy_options::recursive);
    {
        std::ifstream in(root / "scripts" / "duel" / "game.lua");
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        text.replace(text.rfind("return game"), 11, "function game.evaluate(p) error(\"no estimate here\") end\nreturn game");
        std::ofstream(root / "scripts" / "duel" / "game.lua") << text;
    }
    Scenario s = load_scenario(support.string() + "/scenarios/duel_demo.json", root.string());
    s.root = root.string();
    s.options["rounds"] = 200;   // long enough that copies are cut short and evaluated
    s.seats[0].agent = "mcts:8";
    s.seats[1].agent = "random";
    LuaHost host(s.limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(s, errors));
    MatchRunner runner(host, s);
    REQUIRE(runner.run() == RunState::Failed);
    CHECK(runner.error().find("game.evaluate: ") != std::string::npos);
    CHECK(runner.error().find("game.lua:") != std::string::npos);
    CHECK(runner.error().find("no estimate here") != std::string::npos);
    fs::remove_all(root);
}

TEST_CASE("MCTS in Tag Team decides from its information set: the other's reserve order is not read through the search's copy", "[search]") {
    // Found by a rules audit: the rules kept each card's definition and fighter in tables keyed
    // by the card's id, which the search's re-deal (Match::resample_hidden) cannot reach, so the
    // copy played the real hidden cards. X and Y differ only in the order of seat 2's reserve.
    const std::string root = DUELBOX_SOURCE_ROOT;
    std::vector<std::string> reserve{"tagteam/golem/clay_fist", "tagteam/golem/protect_the_innocent",
                                     "tagteam/golem/crushing_step", "tagteam/golem/earthen_wall", "tagteam/golem/mud_skin",
                                     "tagteam/golem/slow_grind", "tagteam/golem/tremor", "tagteam/golem/shelter",
                                     "tagteam/golem/clay_remade", "tagteam/shango/lightning_axe", "tagteam/shango/kindle",
                                     "tagteam/shango/storm_call", "tagteam/shango/wildfire", "tagteam/shango/drum_of_bata",
                                     "tagteam/shango/thunder_shield", "tagteam/shango/rain_dance",
                                     "tagteam/shango/oyas_wind", "tagteam/shango/sky_fire"};
    const auto scenario = [&](const std::vector<std::string>& their_reserve) {
        const nlohmann::json j = {
            {"game", "tagteam"}, {"root", root}, {"seed", 11},
            {"players",
             {{{"name", "S"}, {"agent", "random"},
               {"setup", {{"fighters", {"tagteam/jeanne", "tagteam/zheng_shi"}},
                          {"battle", {"tagteam/jeanne/dieu_premier_servi", "tagteam/zheng_shi/scourge_of_the_seas"}}}}},
              {{"name", "O"}, {"agent", "random"},
               {"setup", {{"fighters", {"tagteam/golem", "tagteam/shango"}},
                          {"battle", {"tagteam/golem/stone_awakening", "tagteam/shango/thunder_king"}},
                          {"reserve", their_reserve}}}}}},
            {"stop", {{"after_decisions", 0}}}};
        return parse_scenario(j, "mcts_test", root);
    };
    std::vector<std::string> shuffled = reserve;
    std::reverse(shuffled.begin(), shuffled.end());
    const Scenario x = scenario(reserve), y = scenario(shuffled);
    TwinMatches t(x, y);
    const MatchRunner &rx = *t.rx, &ry = *t.ry;
    REQUIRE_FALSE(rx.pending().empty());
    REQUIRE(rx.pending()[0].id == "draft_pick");   // the first question: both draft at once
    // The truth differs; S's view does not.
    REQUIRE(defs_in(rx.match(), "drawn", 1) != defs_in(ry.match(), "drawn", 1));
    REQUIRE(view_of(rx.match(), 0, rx.match().log().size()) == view_of(ry.match(), 0, ry.match().log().size()));

    check_same_search(t.search, x, rx, y, ry, 40);
}

TEST_CASE("MCTS in the squad battle re-deals across kinds: where each kind lies in the other's deck is not known", "[search]") {
    // Seat 2's deck holds the same cards in X and Y, top to bottom reversed: what lies where,
    // kinds included (depot, unit, order...), differs, and seat 1 sees none of it. A search
    // that re-dealt only within each kind kept every position's kind, so its copies of X and
    // Y played different decks.
    const std::string root = DUELBOX_SOURCE_ROOT;
    std::vector<std::string> deck;
    const std::vector<std::pair<const char*, int>> list{
        {"squad/blue_depot", 10}, {"squad/red_depot", 1}, {"squad/interceptor", 2}, {"squad/gunship", 2},
        {"squad/signal_relay", 2}, {"squad/salvage_crawler", 3}, {"squad/decoy_drone", 2}, {"squad/ace", 1},
        {"squad/plating", 2}, {"squad/jamming", 2}, {"squad/countermeasure", 3}};
    for (const auto& [key, n] : list) deck.insert(deck.end(), static_cast<std::size_t>(n), key);
    const auto scenario = [&](const std::vector<std::string>& their_cards) {
        const nlohmann::json j = {
            {"game", "squad"}, {"root", root}, {"seed", 11},
            {"players",
             {{{"name", "Ada"}, {"agent", "random"}, {"setup", {{"deck", "squad/red_quickstart"}}}},
              {{"name", "Brook"}, {"agent", "random"}, {"setup", {{"cards", their_cards}}}}}},
            {"stop", {{"after_decisions", 0}}}};
        return parse_scenario(j, "mcts_test", root);
    };
    std::vector<std::string> reversed = deck;
    std::reverse(reversed.begin(), reversed.end());
    const Scenario x = scenario(deck), y = scenario(reversed);
    TwinMatches t(x, y);
    const MatchRunner &rx = *t.rx, &ry = *t.ry;
    REQUIRE_FALSE(rx.pending().empty());
    REQUIRE(rx.pending()[0].player == 0);
    REQUIRE(rx.pending()[0].options.size() > 1);
    // The truth differs, kinds included; Ada's view does not.
    const auto kinds_in = [](const Match& m, const char* zone) {
        std::vector<std::string> out;
        for (EntityId e : m.zone(m.find_zone(zone, 1)).items) out.push_back(m.entity(e).kind);
        return out;
    };
    REQUIRE(kinds_in(rx.match(), "deck") != kinds_in(ry.match(), "deck"));
    // Numbered as Ada reads them (duelbox run --as 1 numbers only what she sees): the log's own
    // numbers count events hidden from her too (a card with an ability is tagged as it is made).
    const auto numbered_for_ada = [](std::vector<std::string> view) {
        for (std::size_t i = 0; i < view.size(); ++i)
            view[i] = "{\"seq\":" + std::to_string(i) + view[i].substr(view[i].find(','));
        return view;
    };
    REQUIRE(numbered_for_ada(view_of(rx.match(), 0, rx.match().log().size())) ==
            numbered_for_ada(view_of(ry.match(), 0, ry.match().log().size())));

    check_same_search(t.search, x, rx, y, ry, 40);
}

TEST_CASE("MCTS learns nothing of a secret move from the places it once knew", "[search][hidden]") {
    // Peek (tests/support/scripts/peek): player 1 saw a 9 placed (into a hand, or on top of a
    // deck), then player 2 made a secret move. Two red teams (2026-11-30) found the search
    // telling the two answers apart every time: it took "saw it placed there" for "can tell
    // when it leaves" (hand: which card was put face down; drawpos: the top or the bottom card
    // drawn), kept the other cards' real places after a secret reorder or insert (scry,
    // insert), and, where the bet was asked with another question (group), re-dealt at the
    // question before the secret move without the 9, whose place player 1 knew then (group), or
    // with the 9 in view there, a secret draw putting it into the hand the group offers (defer),
    // or a secret move within its zone shifting it (dscry: the copies are now re-dealt at the
    // decision); a card made at a secret place above it kept its place known (make); a card shown
    // to player 1 alone stayed "seen" where a secret insert had shifted it (reveal); in a shared
    // pile whose owners are secret, the copies kept each card's owner where it lay, so the one
    // card of player 2's was where the secret move had put it (owners). The kernel
    // now assumes no move's or new card's position is public, and re-deals the cards hidden at
    // the decision wherever their place was known.
    const std::vector<std::pair<std::string, std::pair<std::string, std::string>>> modes = {
        {"hand", {"card 9", "card 1"}}, {"drawpos", {"top", "bottom"}}, {"scry", {"first", "second"}},
        {"insert", {"top", "bottom"}}, {"defer", {"top", "bottom"}}, {"dscry", {"first", "second"}},
        {"make", {"top", "bottom"}}, {"reveal", {"top", "bottom"}}, {"owners", {"first", "second"}}};
    for (const auto& [mode, answers] : modes) {
        INFO("mode " << mode);
        const auto peek = [&mode](const std::string& answer) {
            Scenario s = load_scenario(std::string(DUELBOX_TEST_SUPPORT) + "/scenarios/peek.json", DUELBOX_TEST_SUPPORT);
            s.options["mode"] = mode;
            s.decisions.at(0).labels = {answer};
            return s;
        };
        const Scenario x = peek(answers.first), y = peek(answers.second);
        TwinMatches t(x, y);
        REQUIRE(!t.rx->pending().empty());
        REQUIRE(view_of(t.rx->match(), 0, t.rx->match().log().size()) == view_of(t.ry->match(), 0, t.ry->match().log().size()));
        check_same_search(t.search, x, *t.rx, y, *t.ry, 64);
    }
    // "group": re-dealt at the question before the secret move, then that move replayed by
    // position: the same worlds either way, but each copy's sample follows the real index, so
    // the figures are alike, not equal. Before, the search bet on the real card with every visit.
    const auto group = [](const std::string& answer) {
        Scenario s = load_scenario(std::string(DUELBOX_TEST_SUPPORT) + "/scenarios/peek.json", DUELBOX_TEST_SUPPORT);
        s.options["mode"] = "group";
        s.decisions.at(0).labels = {answer};
        return s;
    };
    const Scenario x = group("card 9"), y = group("card 1");
    TwinMatches t(x, y);
    REQUIRE(view_of(t.rx->match(), 0, t.rx->match().log().size()) == view_of(t.ry->match(), 0, t.ry->match().log().size()));
    SearchBudget b;
    b.iterations = 64;
    const SearchResult sx = search_decision(t.search, x, t.rx->taken(), t.rx->pending(), 0, b, 5);
    const SearchResult sy = search_decision(t.search, y, t.ry->taken(), t.ry->pending(), 0, b, 5);
    CHECK(sx.redeals.before == 64);
    CHECK(sx.answers == sy.answers);
    REQUIRE(sx.options.size() == 2);
    REQUIRE(sy.options.size() == 2);
    CHECK(sx.options[0].label == "bet=low");   // three low cards of four: low, whichever was hidden
    CHECK(sy.options[0].label == "bet=low");
}

TEST_CASE("MCTS keeps what a whole zone moved in view tells: the cards known to be in it are where it went", "[search][hidden]") {
    // Peek "dropall": the 9 and the 1 seen going into player 2's hand, the whole hand into the
    // deck in view, two cards unseen into a box: the box holds the 2 and the 3, and a bet on it
    // is "low" every time. Moved one by one, each unseen departure made player 1 forget the
    // rest of the hand, and the search dealt the 9 into the box (a red team: it bet "high").
    Scenario s = load_scenario(std::string(DUELBOX_TEST_SUPPORT) + "/scenarios/peek.json", DUELBOX_TEST_SUPPORT);
    s.options["mode"] = "dropall";
    s.decisions.at(0).labels = {"yes"};
    test::SearchHosts hosts(s);
    MatchRunner real(hosts.real, s);
    REQUIRE(real.run() == RunState::Stopped);
    SearchBudget b;
    b.iterations = 64;
    const SearchResult r = search_decision(hosts.search, s, real.taken(), real.pending(), 0, b, 5);
    REQUIRE(!r.options.empty());
    CHECK(r.options[0].label == "bet=low");
    CHECK(r.options[0].value == Approx(1.0));
}

TEST_CASE("MCTS does not learn which card of a hand its owner put face down, for a card it saw go in", "[search][hidden]") {
    // Peek (tests/support/scripts/peek): player 1 saw the 9 go into player 2's hand, then player
    // 2 put a card of it face down in secret. The kernel took "saw it placed there" for "can
    // tell when it leaves": the copies kept the 9 where the real match had it, and the search
    // bet high with all its visits when the 9 was the face-down card and low when it was not
    // (a red team, 2026-11-30; BattleCON's recycled cards every beat). A hand's owner picks
    // any card unseen: the two matches now get the same answer.
    const auto peek = [](const std::string& hidden) {
        Scenario s = load_scenario(std::string(DUELBOX_TEST_SUPPORT) + "/scenarios/peek.json", DUELBOX_TEST_SUPPORT);
        s.decisions.at(0).labels = {hidden};
        return s;
    };
    const Scenario x = peek("card 9"), y = peek("card 1");
    TwinMatches t(x, y);
    REQUIRE(t.rx->pending().size() == 1);
    REQUIRE(t.rx->pending()[0].player == 0);
    REQUIRE(view_of(t.rx->match(), 0, t.rx->match().log().size()) == view_of(t.ry->match(), 0, t.ry->match().log().size()));
    check_same_search(t.search, x, *t.rx, y, *t.ry, 64);
    // What player 1 knows of the 9 now: neither its place nor its zone (hand or face down).
    for (const MatchRunner* r : {t.rx.get(), t.ry.get()}) {
        const Match& m = r->match();
        for (EntityId e = 1; e <= static_cast<EntityId>(m.entity_count()); ++e) {
            if (m.entity(e).name != "card 9") continue;
            CHECK_FALSE(mask_has(m.entity(e).placed_for, 0));
            CHECK_FALSE(mask_has(m.entity(e).zoned_for, 0));
        }
    }
}
