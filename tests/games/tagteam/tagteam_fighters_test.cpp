// tagteam_fighters_test.cpp - the roster: the rulebook's first-game setup (setup steps 2-8) and
// every fighter's deck (10 cards, one start card, two start cards open the battle deck).
#include <catch2/catch.hpp>

#include <algorithm>

#include <filesystem>
#include <fstream>
#include <set>

#include "../../support/temp_dir.h"
#include "tagteam_run.h"

using namespace duelbox;
using namespace duelbox::tagteam_test;

namespace {
// Stops before decision number `decisions` + 1: 0 = before the start-card order (fighters just
// made), 2 = before the first Draft phase's question (round 1 played, cards back in the deck).
Scenario full_match(std::vector<std::string> a, std::vector<std::string> b, int decisions) {
    Scenario s;
    s.game = "tagteam";
    s.root = root();
    s.seats.resize(2);
    s.seats[0].agent = s.seats[1].agent = "first";
    if (!a.empty()) s.seats[0].setup = {{"fighters", a}};
    if (!b.empty()) s.seats[1].setup = {{"fighters", b}};
    s.stop.after_decisions = decisions;
    return s;
}

std::vector<std::string> names_in(const Run& r, const char* zone, int p) {
    std::vector<std::string> out;
    for (EntityId e : r.m().zone(r.m().find_zone(zone, p - 1)).items) out.push_back(r.m().entity(e).name);
    return out;
}
}  // namespace

TEST_CASE("First game: the rulebook's teams, base power, tokens and start cards", "[tagteam]") {
    Scenario s = full_match({}, {}, 0);
    s.options = {{"teams", "first_game"}};
    Run r = play(s);
    REQUIRE(r.state == RunState::Stopped);
    CHECK(r.m().entity(r.fighter(1, 1)).name == "Jeanne");
    CHECK(r.m().entity(r.fighter(1, 2)).name == "Zheng Shi");
    CHECK(r.m().entity(r.fighter(2, 1)).name == "Bodvar");
    CHECK(r.m().entity(r.fighter(2, 2)).name == "Wong Fei-hung");
    CHECK(r.power(1, 1) == 1);
    CHECK(r.power(1, 2) == 2);
    CHECK(r.power(2, 1) == 3);
    CHECK(r.power(2, 2) == 2);
    CHECK(r.count(2, 2, "focus") == 2);              // two focus tokens by Wong's board
    CHECK(r.count(1, 1, "special") == 0);            // special markers on cells Д, Е, Ж
    CHECK(r.count(1, 2, "special") == 0);
    CHECK(r.count(2, 1, "special") == 0);
    CHECK(is_nil(r.m().entity(r.fighter(2, 1)).prop("side")));   // Bodvar side up, not the Bear
    // the two start cards wait for their order, set aside from the decks
    const auto first = names_in(r, "drawn", 1), second = names_in(r, "drawn", 2);
    CHECK(std::set<std::string>(first.begin(), first.end()) ==
          std::set<std::string>{"Dieu Premier Servi", "Scourge of the Seas"});
    CHECK(std::set<std::string>(second.begin(), second.end()) ==
          std::set<std::string>{"Frenzy", "...The Harder They Fall"});
    s.stop.after_decisions = 2;   // ordered, reserves shuffled, round 1 played
    Run later = play(s);
    REQUIRE(later.state == RunState::Stopped);
    CHECK(names_in(later, "battle", 2).size() == 2);
    CHECK(names_in(later, "reserve", 1).size() + names_in(later, "drawn", 1).size() == 18);
}

TEST_CASE("Every roster fighter has ten cards, one of them its start card", "[tagteam]") {
    const std::vector<std::string> roster = {
        "tagteam/jeanne", "tagteam/zheng_shi", "tagteam/bodvar", "tagteam/wong_fei_hung",
        "tagteam/golem", "tagteam/mordred", "tagteam/wild_bunch", "tagteam/shango",
        "tagteam/kestrel", "tagteam/brakk", "tagteam/marguerite", "tagteam/old_tomas"};
    for (std::size_t i = 0; i < roster.size(); i += 4) {
        Run r = play(full_match({roster[i], roster[i + 1]}, {roster[i + 2], roster[i + 3]}, 2));
        INFO(roster[i] << " " << r.runner->error());
        REQUIRE(r.state == RunState::Stopped);
        for (int p = 1; p <= 2; ++p) {
            std::multiset<std::string> per_fighter;
            for (const char* zone : {"battle", "reserve", "drawn"})
                for (EntityId e : r.m().zone(r.m().find_zone(zone, p - 1)).items) {
                    const std::string& def = r.m().entity(e).def;
                    per_fighter.insert(def.substr(0, def.rfind('/')));
                }
            for (int f = 1; f <= 2; ++f) {
                const std::string& key = r.m().entity(r.fighter(p, f)).def;
                CHECK(per_fighter.count(key) == 10);
            }
            std::set<std::string> starts;
            for (EntityId e : r.m().zone(r.m().find_zone("battle", p - 1)).items) {
                const std::string& def = r.m().entity(e).def;
                starts.insert(def.substr(0, def.rfind('/')));
            }
            CHECK(starts.size() == 2);   // one start card from each fighter
        }
    }
}

namespace {
Side deck_side(std::vector<std::string> fighters, std::vector<int> power, std::vector<int> hp,
               std::vector<std::string> battle) {
    Side s;
    s.fighters = std::move(fighters);
    s.power = std::move(power);
    s.hp = std::move(hp);
    s.battle = std::move(battle);
    return s;
}
}  // namespace

TEST_CASE("Bodvar's first KO flips him to the Berserker Bear; the Bear's KO is final (sample rule)", "[tagteam]") {
    const Side hitter = deck_side({"tagteam/fx_plain20", "tagteam/fx_plain20"}, {5, 2}, {},
                                  {"tagteam/fx/s_atk@1", "tagteam/fx/s_atk@1", "tagteam/fx/s_atk@1"});
    const Side bodvar = deck_side({"tagteam/bodvar", "tagteam/fx_plain20"}, {3, 2}, {3, 20},
                                  {"tagteam/bodvar/rage_unleashed", "tagteam/bodvar/rage_unleashed",
                                   "tagteam/bodvar/rage_unleashed"});
    Run r = play(hitter, bodvar);
    REQUIRE(r.state == RunState::Finished);
    REQUIRE(r.events("tagteam.ko_vetoed").size() == 1);   // turn 1: 3 -> 0, the Bear rises on 4
    CHECK(std::get<std::string>(r.m().entity(r.fighter(2, 1)).prop("side")) == "bear");
    CHECK(r.events("tagteam.reveal").size() == 6);        // turn 2: 4 -> 2 (the Bear's STOP); turn 3: KO
    CHECK(r.hp(2, 1) == 0);
    CHECK(r.winner() == 1);
}

TEST_CASE("Bodvar's Rage track reaching 3 flips the board", "[tagteam]") {
    const Side idle = deck_side({"tagteam/fx_plain20", "tagteam/fx_plain20"}, {2, 2}, {},
                                {"tagteam/fx/s_idle@1", "tagteam/fx/s_idle@1"});
    const Side bodvar = deck_side({"tagteam/bodvar", "tagteam/fx_plain20"}, {3, 2}, {},
                                  {"tagteam/bodvar/rage_unleashed", "tagteam/bodvar/frenzy"});
    Run r = play(idle, bodvar);
    CHECK(r.count(2, 1, "special") == 3);
    CHECK(r.events("tagteam.flip").size() == 1);
    CHECK(r.hp(1, 1) == 17);   // Frenzy: Bodvar's 3, the flip came after this turn's actions
}

TEST_CASE("Bodvar's flip in a trigger wave does not lose a symbol entered in the same wave (seed L586-588, L627)",
          "[tagteam]") {
    // Holy Wrath's THEN attack moves Bodvar's Rage onto 3 (the flip) before his health onto 11
    // (Rage +1): the flip ran first and cell 11 was read from the Bear's board, so its symbol never
    // fired. Every symbol of a wave is read before any fires.
    const Side jeanne = deck_side({"tagteam/jeanne", "tagteam/golem"}, {2, 2}, {}, {"tagteam/jeanne/holy_wrath"});
    const Side bodvar = deck_side({"tagteam/bodvar", "tagteam/wong_fei_hung"}, {2, 2}, {12, 15}, {"tagteam/bodvar/frenzy"});
    Scenario s = scenario(jeanne, bodvar);
    s.seats[1].setup["special"] = {2};
    s.stop.at_event = "tagteam.flip";
    Run r = play(s);
    std::vector<std::int64_t> cells;
    for (const Event* e : r.events("tagteam.symbol"))
        if (static_cast<EntityId>(std::get<std::int64_t>(e->get("fighter"))) == r.fighter(2, 1))
            cells.push_back(std::get<std::int64_t>(e->get("cell")));
    CHECK(std::find(cells.begin(), cells.end(), 3) != cells.end());
    CHECK(std::find(cells.begin(), cells.end(), 11) != cells.end());
}

TEST_CASE("Power of Flame counts when Shango attacks through his partner's card (Q-06 R1)", "[tagteam]") {
    const Side a = deck_side({"tagteam/fx_plain20", "tagteam/shango"}, {2, 3}, {}, {"tagteam/fx/s_patk@1"});
    const Side b = deck_side({"tagteam/fx_plain20", "tagteam/fx_plain20"}, {2, 2}, {}, {"tagteam/fx/s_idle@1"});
    CHECK(play(a, b).hp(2, 1) == 20 - 2 - (3 + 1));
}

TEST_CASE("Wild Bunch's block takes the Sheriff, which then adds to her attacks (sample rule)", "[tagteam]") {
    const Side wb = deck_side({"tagteam/wild_bunch", "tagteam/fx_plain20"}, {2, 2}, {},
                              {"tagteam/wild_bunch/hold_the_line", "tagteam/wild_bunch/six_shooters"});
    const Side b = deck_side({"tagteam/fx_plain20", "tagteam/fx_plain20"}, {2, 2}, {},
                             {"tagteam/fx/s_atk@1", "tagteam/fx/s_idle@1"});
    Run r = play(wb, b);
    CHECK(r.count(1, 1, "sheriff") == 1);
    CHECK(r.hp(1, 1) == 14);              // the blocked attack did nothing
    CHECK(r.hp(2, 1) == 20 - (2 + 1) - 2);
}

TEST_CASE("a mod's roster fighter with a malformed board still loads: prepare copies it as it is", "[tagteam][mods]") {
    // defs.prepare copies every roster fighter's tracks and every card's action lists into plain
    // tables once per host. A malformed one (a track that is not a table, cells that are not a
    // table, sides that are not a table, a card whose action list is a string) must not fail the
    // load for the whole game: the rules raise where they meet it, as they did reading the view.
    const test::TempDir dir("tagteam_broken_mod");
    const std::filesystem::path mod = dir.root() / "broken";
    std::filesystem::create_directories(mod / "cards/tagteam");
    std::ofstream(mod / "mod.json") << R"({"name": "broken", "game": "tagteam", "version": "1"})";
    std::ofstream(mod / "cards/tagteam/broken.lua") << R"lua(return {
  { key = "tagteam/broken", kind = "fighter", name = "Broken", props = { base_power = 1, roster = true },
    track = { max = "y", cells = "x" }, special = 7, sides = 5 },
  { key = "tagteam/broken/odd", name = "Odd", text = "", actions = "attack", success = 3,
    props = { fighter = "tagteam/broken" } },
})lua";
    Scenario s = full_match({"tagteam/jeanne", "tagteam/zheng_shi"}, {"tagteam/bodvar", "tagteam/wong_fei_hung"}, -1);
    s.mods = {mod.string()};
    LuaHost h(s.limits);
    std::vector<std::string> errors;
    REQUIRE(h.load_game(s, errors));
    CHECK(errors.empty());
    MatchRunner runner(h, s);
    CHECK(runner.run() == RunState::Finished);
}

TEST_CASE("Wong Fei-hung holds at most his two focus tokens (the box holds two, seed L86-87)", "[tagteam]") {
    Side wong;
    wong.fighters = {"tagteam/wong_fei_hung", "tagteam/fx_plain20"};
    wong.battle = {"tagteam/wong_fei_hung/meditation@1"};   // "Gain 1 power. Gain a focus token."
    Side idle;
    idle.battle = {"tagteam/fx/s_idle@1"};
    Run r = play(wong, idle);
    REQUIRE(r.state == RunState::Finished);
    CHECK(r.count(1, 1, "focus") == 2);   // not 3
    CHECK(r.power(1, 1) == 3);            // the rest of the card happened
}
