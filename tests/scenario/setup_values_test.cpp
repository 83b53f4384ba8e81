// Setup values are validated, never silently changed (issue #18.2): each game declares its
// options and setup keys with their types and bounds (scenario_fields.h); a value outside them
// is an error naming its field path, the same in `run`, `check` and `lab`; a counter's start
// value outside its bounds is an error, not a clamp (counter_api_test.cpp has the kernel side).
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>

#include "../support/cli_run.h"
#include "../support/read_text.h"
#include "../support/temp_dir.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "lua/scenario_fields.h"

using namespace duelbox;
using duelbox::test::read_text;
using duelbox::test::TempDir;

namespace {

const std::string kRoot = DUELBOX_SOURCE_ROOT;

Scenario example(const std::string& game) { return load_scenario(kRoot + "/examples/" + game + "/bench.json", kRoot); }

// The refusal before play (scenario_fields_error), or the run's error when the game's own
// setup refuses (a bound that depends on the fighter).
std::string refusal(const Scenario& s) {
    LuaHost host(s.limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(s.root, s.game, errors));
    if (std::string e = scenario_fields_error(host, s); !e.empty()) return e;
    MatchRunner runner(host, s);
    return runner.run() == RunState::Failed ? runner.error() : "";
}

using duelbox::test::cli;   // (support/cli_run.h)

}  // namespace

TEST_CASE("#18.2 BattleCON: a start health above the fighter's is refused with its field, not capped", "[scenario][battlecon]") {
    Scenario s = example("battlecon");
    s.seats[0].setup["health"] = 25;
    CHECK_THAT(refusal(s), Catch::Contains("players[0].setup.health: 25 is above Ashen's starting health 20"));
    s.seats[0].setup["health"] = 0;
    CHECK(refusal(s) == "players[0].setup.health: 0 is below the minimum 1");
    s.seats[0].setup["health"] = 12;   // lower is allowed: a worked example's mid-match state
    CHECK(refusal(s).empty());
}

TEST_CASE("#18.2 option values: the declared type, enumeration and bounds", "[scenario]") {
    Scenario s = example("battlecon");
    s.options["set3"] = "literally";
    CHECK(refusal(s) == R"(options.set3: "literally" is not one of "literal", "cards")");
    s.options = {{"pool", "lots"}};
    CHECK(refusal(s) == R"(options.pool: expected a whole number, got "lots")");
    s.options = {{"spaces", 2}};
    CHECK(refusal(s) == "options.spaces: 2 is below the minimum 3");
    s.options = {{"runout_recycle_effects", 1}};   // the type follows the default (false)
    CHECK(refusal(s) == "options.runout_recycle_effects: expected true or false, got 1");
    Scenario u = example("unmatched");
    u.options = {{"ability_order", "attacker_first"}};
    CHECK_THAT(refusal(u), Catch::StartsWith(R"(options.ability_order: "attacker_first" is not one of)"));
    Scenario t = example("tagteam");
    t.options = {{"teams", "draft"}};
    CHECK_THAT(refusal(t), Catch::StartsWith(R"(options.teams: "draft" is not one of "first_game", "standard")"));
}

TEST_CASE("#18.2 seat and setup keys: types, list elements and bounds, with the element's path", "[scenario]") {
    Scenario s = example("battlecon");
    s.seats[1].setup["fighter"] = 3;
    CHECK(refusal(s) == "players[1].setup.fighter: expected a string, got 3");
    s.seats[1].setup = {{"hand", nlohmann::json::array({"battlecon/ashen/flare", 3})}};
    CHECK(refusal(s) == "players[1].setup.hand[1]: expected a string, got 3");
    s.seats[1].setup = {{"special", 3}};
    CHECK(refusal(s) == "players[1].setup.special: 3 is above the maximum 2");
    s.seats[1].setup = nlohmann::json::object();
    s.setup = {{"first_active", 5}};
    CHECK(refusal(s) == "setup.first_active: 5 is above the maximum 4");
    Scenario u = example("unmatched");
    u.seats[0].setup["health"] = nlohmann::json::array({13, -1});
    CHECK(refusal(u) == "players[0].setup.health[1]: -1 is below the minimum 0");
    u.seats[0].setup = {{"hero", "alice"}, {"size", "huge"}};
    CHECK(refusal(u) == R"(players[0].setup.size: "huge" is not one of "big", "small")");
    Scenario t = example("tagteam");
    t.seats[0].setup["fighters"] = "tagteam/jeanne";
    CHECK(refusal(t) == R"(players[0].setup.fighters: expected a list, got "tagteam/jeanne")");
}

TEST_CASE("#18.2 a value no script can hold is refused with its path: a whole number past 2^63 - 1, a NUL in a text",
          "[scenario]") {
    // 18446744073709551615 became -1 in Lua (setup.beats of it ended the match at once, a mod's
    // power of it read -1), and "ashen\u0000 anything" was read as "ashen".
    const auto parse_error = [](const std::string& text) {
        try {
            parse_scenario(nlohmann::json::parse(text), "s.json", kRoot);
        } catch (const ScenarioError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    CHECK_THAT(parse_error(R"({"game": "battlecon", "players": [{}, {}], "setup": {"beats": 18446744073709551615}})"),
               Catch::Contains("s.json: setup.beats: 18446744073709551615 is beyond the whole numbers a script holds"));
    CHECK_THAT(parse_error(R"({"game": "battlecon", "players": [{}, {}], "options": {"x": [1, 9223372036854775808]}})"),
               Catch::Contains("s.json: options.x[1]: 9223372036854775808 is beyond the whole numbers"));
    CHECK_THAT(parse_error(R"({"game": "battlecon", "players": [{"setup": {"fighter": "ashen\u0000 anything"}}, {}]})"),
               Catch::Contains("s.json: players[0].setup.fighter: a text cannot hold a NUL byte"));
    CHECK(parse_error(R"({"game": "battlecon", "players": [{}, {}], "seed": 18446744073709551615,
                          "setup": {"beats": 9223372036854775807}})") == "");   // a seed may; 2^63 - 1 fits
}

TEST_CASE("#18.2 the same refusal from run, check and lab", "[scenario][cli]") {
    const TempDir dir("setup_values");
    nlohmann::json j = nlohmann::json::parse(read_text(kRoot + "/examples/battlecon/bench.json"));
    j["root"] = kRoot;
    j["options"] = {{"sp5", "deck"}};
    const std::string file = dir.file("bad.json");
    std::ofstream(file) << j.dump();
    const std::string expected = R"(options.sp5: "deck" is not one of "hand", "cycle")";
    std::string text;
    CHECK(cli("run " + file, text) != 0);
    CHECK_THAT(text, Catch::Contains(expected));
    CHECK(cli("check " + file, text) == 3);
    CHECK_THAT(text, Catch::Contains(expected));
    CHECK(cli("lab " + file + " --matches 1 --out " + dir.file("lab"), text) == 3);
    CHECK_THAT(text, Catch::Contains(expected));
}
