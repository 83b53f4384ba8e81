// scenario_test.cpp - scenario files: every field parses, writes back and parses equal; every
// malformed file is refused with a message that starts with the file and the field path.
//
// [SECTION] Helpers (parse from text, catch the message, compare two scenarios field by field)
// [SECTION] A full scenario: every field, root resolution, round trip
// [SECTION] Defaults and the short spellings
// [SECTION] Malformed files: each message names file, then field path
#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>
#include <string>

#include "scenario/scenario.h"

using namespace duelbox;
using nlohmann::json;
using Catch::Matchers::StartsWith;

namespace {

// [SECTION] Helpers

const std::string kSupport = DUELBOX_TEST_SUPPORT;
const std::string kFull = kSupport + "/scenarios/full.json";

std::string canonical(const std::string& p) {
    return std::filesystem::weakly_canonical(std::filesystem::absolute(p)).string();
}

// Parses `text` as if read from `file` (which need not exist).
Scenario parse_text(const std::string& text, const std::string& file = "s.json", const std::string& root = "") {
    return parse_scenario(json::parse(text), file, root);
}

// The ScenarioError message `body` throws; fails the test when it throws nothing.
std::string error_of(const std::function<void()>& body) {
    try {
        body();
    } catch (const ScenarioError& e) {
        return e.what();
    }
    FAIL("expected a ScenarioError, got none");
    return "";
}

std::string parse_error(const std::string& text) {
    return error_of([&] { parse_text(text); });
}

void require_same(const SeatSpec& a, const SeatSpec& b) {
    CHECK(a.name == b.name);
    CHECK(a.team == b.team);
    CHECK(a.agent == b.agent);
    CHECK(a.setup == b.setup);
}

void require_same(const ScriptedDecision& a, const ScriptedDecision& b) {
    CHECK(a.player == b.player);
    CHECK(a.id == b.id);
    CHECK(a.picks == b.picks);
    CHECK(a.labels == b.labels);
    CHECK(a.yes == b.yes);
}

// Every field, so a field added to Scenario and forgotten by scenario_to_json shows up here.
void require_same(const Scenario& a, const Scenario& b) {
    CHECK(a.title == b.title);
    CHECK(a.description == b.description);
    CHECK(a.game == b.game);
    CHECK(a.root == b.root);
    CHECK(a.seed == b.seed);
    REQUIRE(a.seats.size() == b.seats.size());
    for (std::size_t i = 0; i < a.seats.size(); ++i) require_same(a.seats[i], b.seats[i]);
    CHECK(a.setup == b.setup);
    CHECK(a.options == b.options);
    REQUIRE(a.decisions.size() == b.decisions.size());
    for (std::size_t i = 0; i < a.decisions.size(); ++i) require_same(a.decisions[i], b.decisions[i]);
    CHECK(a.stop.after_events == b.stop.after_events);
    CHECK(a.stop.at_event == b.stop.at_event);
    CHECK(a.stop.after_decisions == b.stop.after_decisions);
    CHECK(a.expect.winners == b.expect.winners);
    CHECK(a.expect.reason == b.expect.reason);
    REQUIRE(a.expect.events.size() == b.expect.events.size());
    for (std::size_t i = 0; i < a.expect.events.size(); ++i) {
        CHECK(a.expect.events[i].type == b.expect.events[i].type);
        CHECK(a.expect.events[i].fields == b.expect.events[i].fields);
    }
    CHECK(a.expect.absent == b.expect.absent);
    REQUIRE(a.expect.counters.size() == b.expect.counters.size());
    for (std::size_t i = 0; i < a.expect.counters.size(); ++i) {
        CHECK(a.expect.counters[i].player == b.expect.counters[i].player);
        CHECK(a.expect.counters[i].entity == b.expect.counters[i].entity);
        CHECK(a.expect.counters[i].counter == b.expect.counters[i].counter);
        CHECK(a.expect.counters[i].value == b.expect.counters[i].value);
    }
    CHECK(a.expect.error == b.expect.error);
    CHECK(a.limits.instructions == b.limits.instructions);
    CHECK(a.limits.memory_bytes == b.limits.memory_bytes);
    CHECK(a.limits.time_slice_ms == b.limits.time_slice_ms);
    CHECK(a.limits.decisions == b.limits.decisions);
    CHECK(a.limits.wall_clock_ms == b.limits.wall_clock_ms);
    CHECK(a.limits.match_wall_clock_ms == b.limits.match_wall_clock_ms);
}

// Writes `s` and reads it back the way a file would be (dump + parse, so number types are re-read).
Scenario round_trip(const Scenario& s, const std::string& file = "s.json") {
    return parse_scenario(json::parse(scenario_to_json(s).dump()), file, "");
}

// Two players, nothing else: the smallest valid scenario, with `extra` merged in.
std::string minimal(const std::string& extra = "") {
    return R"({"game": "fixture", "players": [{}, {}])" + (extra.empty() ? "" : ", " + extra) + "}";
}

}  // namespace

// [SECTION] A full scenario

TEST_CASE("a scenario with every field parses", "[scenario]") {
    Scenario s = load_scenario(kFull, "/somewhere/else");
    CHECK(s.file == kFull);
    CHECK(s.title == "Every field");
    CHECK_THAT(s.description, StartsWith("A scenario that uses every field"));
    CHECK(s.game == "fixture");
    CHECK(s.root == canonical(kSupport));   // ".." from scenarios/, not the default root
    CHECK(s.seed == 424242);

    REQUIRE(s.seats.size() == 3);
    CHECK(s.seats[0].name == "Alice");
    CHECK(s.seats[0].team == 1);
    CHECK(s.seats[0].agent == "scripted");
    CHECK(s.seats[0].setup == json{{"fighter", "hikaru"}, {"position", 3}});
    CHECK(s.seats[1].name == "Bob");
    CHECK(s.seats[1].team == 2);
    CHECK(s.seats[1].agent == "first");
    CHECK(s.seats[1].setup["hand"] == json{"strike", "drive"});
    CHECK(s.seats[2].name == "Player 3");   // defaults: name, team = seat number, empty setup
    CHECK(s.seats[2].team == 3);
    CHECK(s.seats[2].agent == "human");
    CHECK(s.seats[2].setup == json::object());

    CHECK(s.setup == json{{"board", "line7"}, {"life", 20}});
    CHECK(s.options == json{{"sudden_death", true}});

    REQUIRE(s.decisions.size() == 5);
    CHECK(s.decisions[0].player == 0);   // seats are 1-based in files, 0-based here
    CHECK(s.decisions[0].id == "set.style");
    CHECK(s.decisions[0].picks == std::vector<std::int64_t>{2});   // one integer = a one-element list
    CHECK(s.decisions[1].player == 1);
    CHECK(s.decisions[1].picks == std::vector<std::int64_t>{0, 3});
    CHECK(s.decisions[2].player == kNoPlayer);   // whoever is asked next
    CHECK(s.decisions[2].labels == std::vector<std::string>{"Strike"});
    CHECK(s.decisions[2].picks.empty());
    CHECK(s.decisions[3].player == 2);
    CHECK(s.decisions[3].labels == std::vector<std::string>{"space 4", "pass"});
    CHECK(s.decisions[4].id == "confirm");
    REQUIRE(s.decisions[4].yes.has_value());
    CHECK(*s.decisions[4].yes == false);

    CHECK(s.stop.after_events == 500);
    CHECK(s.stop.at_event == "beat_end");
    CHECK(s.stop.after_decisions == 40);

    REQUIRE(s.expect.winners.has_value());
    CHECK(*s.expect.winners == std::vector<PlayerIndex>{0, 2});
    CHECK(s.expect.reason == std::optional<std::string>("life"));
    REQUIRE(s.expect.events.size() == 2);
    CHECK(s.expect.events[0].type == "attack_hit");
    CHECK(s.expect.events[0].fields == json{{"attacker", 1}, {"damage", 4}});
    CHECK(s.expect.events[1].type == "match_end");
    CHECK(s.expect.events[1].fields == json::object());
    CHECK(s.expect.absent == std::vector<std::string>{"stun", "cancel"});
    REQUIRE(s.expect.counters.size() == 2);
    CHECK(s.expect.counters[0].player == 1);
    CHECK(s.expect.counters[0].entity.empty());
    CHECK(s.expect.counters[0].counter == "life");
    CHECK(s.expect.counters[0].value == 0);
    CHECK(s.expect.counters[1].player == kNoPlayer);
    CHECK(s.expect.counters[1].entity == "battlecon/strike");
    CHECK(s.expect.counters[1].counter == "power");
    CHECK(s.expect.counters[1].value == -1);
    CHECK(s.expect.error == std::optional<std::string>("budget exceeded"));
    CHECK(s.expect.any());

    CHECK(s.limits.instructions == 1000000);
    CHECK(s.limits.memory_bytes == 16 * (std::int64_t{1} << 20));
    CHECK(s.limits.time_slice_ms == 5);
    CHECK(s.limits.decisions == 500);
    CHECK(s.limits.match_wall_clock_ms == 60000);
}

TEST_CASE("a full scenario round-trips through scenario_to_json", "[scenario]") {
    Scenario s = load_scenario(kFull, "");
    Scenario back = round_trip(s, "elsewhere/copy.json");   // root is absolute now: another folder reads it the same
    back.file = s.file;
    require_same(s, back);
    CHECK(scenario_to_json(back) == scenario_to_json(s));
}

TEST_CASE("scenario_to_json writes seats 1-based and the short spellings", "[scenario]") {
    json j = scenario_to_json(load_scenario(kFull, ""));
    CHECK(j["decisions"][0] == json{{"player", 1}, {"id", "set.style"}, {"pick", {2}}});
    CHECK(j["decisions"][2] == json{{"choose", {"Strike"}}});
    CHECK(j["decisions"][4] == json{{"player", 1}, {"id", "confirm"}, {"yes", false}});
    CHECK(j["expect"]["winners"] == json{1, 3});
    CHECK(j["expect"]["counters"][0]["player"] == 2);
    CHECK(j["limits"]["memory_mb"] == 16);
}

TEST_CASE("root resolves against the scenario file's folder", "[scenario]") {
    namespace fs = std::filesystem;
    const std::string base = (fs::temp_directory_path() / "duelbox_scen" / "games").string();

    SECTION("relative to the file, with the trailing separator dropped") {
        Scenario s = parse_text(minimal(R"("root": "../content/")"), base + "/bc/start.json", "/ignored");
        CHECK(s.root == canonical(base + "/content"));
    }
    SECTION("an absolute root stays as written") {
        Scenario s = parse_text(minimal(R"("root": ")" + base + R"(/x/../y")"), "a/b.json");
        CHECK(s.root == canonical(base + "/y"));
    }
    SECTION("no root: the caller's default, resolved against the working directory, not the file") {
        Scenario s = parse_text(minimal(), base + "/bc/start.json", "content");
        CHECK(s.root == canonical("content"));
    }
    SECTION("no root and no default: empty") {
        CHECK(parse_text(minimal(), base + "/start.json").root.empty());
    }
    SECTION("a scenario without a file resolves against the working directory") {
        CHECK(parse_text(minimal(R"("root": "content")"), "").root == canonical("content"));
    }
}

// [SECTION] Defaults and the short spellings

TEST_CASE("a minimal scenario takes every default", "[scenario]") {
    Scenario s = parse_text(minimal());
    CHECK(s.title.empty());
    CHECK(s.seed == 1);
    REQUIRE(s.seats.size() == 2);
    CHECK(s.seats[1].name == "Player 2");
    CHECK(s.seats[1].team == 2);
    CHECK(s.seats[1].agent == "random");
    CHECK(s.setup == json::object());
    CHECK(s.options == json::object());
    CHECK(s.decisions.empty());
    CHECK(s.stop.after_events == -1);
    CHECK(s.stop.at_event.empty());
    CHECK(s.stop.after_decisions == -1);
    CHECK_FALSE(s.expect.any());
    Limits defaults;
    CHECK(s.limits.instructions == defaults.instructions);
    CHECK(s.limits.memory_bytes == defaults.memory_bytes);
    CHECK(s.limits.time_slice_ms == defaults.time_slice_ms);
    CHECK(s.limits.decisions == defaults.decisions);
    require_same(s, round_trip(s));
}

TEST_CASE("winner, winners and draw are three spellings of one expectation", "[scenario]") {
    SECTION("winner") {
        Scenario s = parse_text(minimal(R"("expect": {"winner": 2})"));
        CHECK(*s.expect.winners == std::vector<PlayerIndex>{1});
        CHECK(scenario_to_json(s)["expect"] == json{{"winner", 2}});
        require_same(s, round_trip(s));
    }
    SECTION("a one-seat winners list reads as winner") {
        Scenario s = parse_text(minimal(R"("expect": {"winners": [2]})"));
        CHECK(*s.expect.winners == std::vector<PlayerIndex>{1});
        require_same(s, round_trip(s));
    }
    SECTION("draw") {
        Scenario s = parse_text(minimal(R"("expect": {"draw": true})"));
        REQUIRE(s.expect.winners.has_value());
        CHECK(s.expect.winners->empty());
        CHECK(s.expect.any());
        CHECK(scenario_to_json(s)["expect"] == json{{"draw", true}});
        require_same(s, round_trip(s));
    }
}

TEST_CASE("numbers: whole floats count, the full uint64 seed range survives", "[scenario]") {
    Scenario s = parse_text(minimal(R"("seed": 18446744073709551615, "limits": {"memory_mb": 2.0})"));
    CHECK(s.seed == 18446744073709551615ull);
    CHECK(s.limits.memory_bytes == 2 * (std::int64_t{1} << 20));
    require_same(s, round_trip(s));
    CHECK(parse_text(minimal(R"("seed": 3.0)")).seed == 3);
    CHECK(parse_text(minimal(R"("decisions": [{"player": 2.0, "pick": -4}])")).decisions[0].player == 1);
}

TEST_CASE("a scenario built in code writes a file that parses back", "[scenario]") {
    Scenario s;
    s.game = "fixture";
    s.seats.resize(2);   // name "" and team 0 mean "the default"
    s.seats[1].agent = "scripted";
    ScriptedDecision d;
    d.labels = {"Strike"};
    s.decisions.push_back(d);
    s.decisions.push_back(ScriptedDecision{});   // no answer given: an empty pick
    s.limits.memory_bytes = (std::int64_t{1} << 20) + 1;   // not a whole MiB: rounds up

    Scenario back = round_trip(s);
    CHECK(back.seats[0].name == "Player 1");
    CHECK(back.seats[0].team == 1);
    CHECK(back.seats[1].name == "Player 2");
    CHECK(back.seats[1].team == 2);
    CHECK(back.seats[1].agent == "scripted");
    REQUIRE(back.decisions.size() == 2);
    CHECK(back.decisions[0].labels == std::vector<std::string>{"Strike"});
    CHECK(back.decisions[1].picks.empty());
    CHECK(back.limits.memory_bytes == 2 * (std::int64_t{1} << 20));
}

// [SECTION] Malformed files

TEST_CASE("malformed JSON names file:line:col", "[scenario]") {
    const std::string file = kSupport + "/scenarios/malformed.json";
    CHECK(error_of([&] { load_scenario(file, ""); }) ==
          file + ":5:20: malformed JSON: syntax error while parsing object key - unexpected '}'; expected string literal");
}

TEST_CASE("an unreadable scenario file says why", "[scenario]") {
    const std::string missing = kSupport + "/scenarios/no_such_file.json";
    CHECK(error_of([&] { load_scenario(missing, ""); }) == missing + ": cannot read (No such file or directory)");
    const std::string folder = kSupport + "/scenarios";
    CHECK(error_of([&] { load_scenario(folder, ""); }) == folder + ": cannot read (it is a folder)");
}

TEST_CASE("errors read <file>: <field path>: ...", "[scenario]") {
    SECTION("an unknown top-level field is reported as a typo, before anything is missing") {
        CHECK_THAT(parse_error(R"({"seeed": 4})"),
                   StartsWith("s.json: seeed: unknown field (known: title, description, game, root, mods, seed, players, "));
    }
    SECTION("an unknown nested field") {
        CHECK(parse_error(R"({"game": "fixture", "players": [{"agnet": "first"}]})") ==
              "s.json: players[0].agnet: unknown field (known: name, team, agent, setup)");
        CHECK_THAT(parse_error(minimal(R"("expect": {"winer": 1})")),
                   StartsWith("s.json: expect.winer: unknown field (known: winner, winners, draw, "));
        CHECK_THAT(parse_error(minimal(R"("limits": {"memory": 1})")),
                   StartsWith("s.json: limits.memory: unknown field (known: instructions, memory_mb, time_slice_ms, wall_clock_ms, match_wall_clock_ms, decisions)"));
        CHECK_THAT(parse_error(minimal(R"("decisions": [{"pick": 0}, {"pik": 0}])")),
                   StartsWith("s.json: decisions[1].pik: unknown field"));
        CHECK_THAT(parse_error(minimal(R"("expect": {"events": [{"type": "hit", "field": {}}]})")),
                   StartsWith("s.json: expect.events[0].field: unknown field"));
    }
    SECTION("an unknown key that is not a plain name is quoted, as jq writes it") {
        CHECK_THAT(parse_error(R"({"game": "fixture", "players": [{"the name": "x"}]})"),
                   StartsWith(R"(s.json: players[0]["the name"]: unknown field)"));
    }
    SECTION("wrong types") {
        CHECK(parse_error(minimal(R"("seed": "42")")) == R"(s.json: seed: expected a non-negative integer; got "42")");
        CHECK(parse_error(minimal(R"("seed": -1)")) == "s.json: seed: expected a non-negative integer; got -1");
        CHECK(parse_error(minimal(R"("seed": 1.5)")) == "s.json: seed: expected a non-negative integer; got 1.5");
        CHECK(parse_error(minimal(R"("title": 3)")) == "s.json: title: expected a string; got 3");
        CHECK(parse_error(minimal(R"("setup": [1])")) == "s.json: setup: expected an object; got an array");
        CHECK(parse_error(minimal(R"("options": null)")) == "s.json: options: expected an object; got null");
        CHECK(parse_error(minimal(R"("decisions": {})")) == "s.json: decisions: expected a list; got an object");
        CHECK(parse_error(minimal(R"("decisions": [{"yes": 1}])")) == "s.json: decisions[0].yes: expected true or false; got 1");
        CHECK(parse_error(minimal(R"("decisions": [{"pick": [1, "x"]}])")) ==
              R"(s.json: decisions[0].pick[1]: expected an integer; got "x")");
        CHECK(parse_error(minimal(R"("decisions": [{"pick": "1"}])")) ==
              R"(s.json: decisions[0].pick: expected an integer or a list of integers; got "1")");
        CHECK(parse_error(minimal(R"("decisions": [{"choose": ["a", 2]}])")) ==
              "s.json: decisions[0].choose[1]: expected a string; got 2");
        CHECK(parse_error(R"({"game": "fixture", "players": [{"setup": 3}]})") ==
              "s.json: players[0].setup: expected an object; got 3");
    }
    SECTION("the top level must be an object") {
        CHECK(parse_error("[1, 2]") == "s.json: expected an object; got an array");
    }
    SECTION("a bad agent lists the choices") {
        CHECK(parse_error(R"({"game": "fixture", "players": [{}, {"agent": "best"}]})") ==
              R"(s.json: players[1].agent: expected one of "random", "first", "greedy", "mcts", "mcts:<copies>", "mcts:<ms>ms", "human", "scripted"; got "best")");
    }
    SECTION("bad seat fields") {
        CHECK(parse_error(R"({"game": "fixture", "players": [{"team": 0}]})") ==
              "s.json: players[0].team: expected an integer from 1 to 2147483647; got 0");
        CHECK(parse_error(R"({"game": "fixture", "players": [{"name": ""}]})") ==
              R"(s.json: players[0].name: expected a non-empty string; got "")");
        CHECK(parse_error(R"({"game": "fixture", "players": [3]})") == "s.json: players[0]: expected an object; got 3");
    }
    SECTION("a seat number out of range in a decision") {
        CHECK(parse_error(minimal(R"("decisions": [{"player": 3, "pick": 0}])")) ==
              "s.json: decisions[0].player: expected a seat number from 1 to 2 (players has 2 entries); got 3");
        CHECK(parse_error(minimal(R"("decisions": [{"pick": 0}, {"player": 0, "pick": 0}])")) ==
              "s.json: decisions[1].player: expected a seat number from 1 to 2 (players has 2 entries); got 0");
        CHECK(parse_error(R"({"game": "fixture", "players": [{}], "decisions": [{"player": 2, "yes": true}]})") ==
              "s.json: decisions[0].player: expected a seat number from 1 to 1 (players has 1 entry); got 2");
    }
    SECTION("a decision gives exactly one answer") {
        CHECK(parse_error(minimal(R"("decisions": [{"player": 1}])")) ==
              R"(s.json: decisions[0]: give one of "pick", "choose" or "yes")");
        CHECK(parse_error(minimal(R"("decisions": [{"pick": 1, "yes": true}])")) ==
              R"(s.json: decisions[0]: give only one of "pick", "choose" or "yes"; got "pick" and "yes")");
        CHECK(parse_error(minimal(R"("decisions": [{"pick": 1, "id": ""}])")) ==
              R"(s.json: decisions[0].id: expected a non-empty string; got "")");
    }
    SECTION("negative or zero limits") {
        CHECK(parse_error(minimal(R"("limits": {"instructions": -5})")) ==
              "s.json: limits.instructions: expected an integer from 1 to 1000000000; got -5");
        CHECK(parse_error(minimal(R"("limits": {"memory_mb": 0})")) ==
              "s.json: limits.memory_mb: expected an integer from 1 to 1024; got 0");
        CHECK(parse_error(minimal(R"("limits": {"time_slice_ms": -1})")) ==
              "s.json: limits.time_slice_ms: expected an integer from 1 to 10000; got -1");
        CHECK(parse_error(minimal(R"("limits": {"decisions": 0})")) ==
              "s.json: limits.decisions: expected an integer from 1 to 100000000; got 0");
    }
    SECTION("stop") {
        CHECK(parse_error(minimal(R"("stop": {"after_events": -1})")) ==
              "s.json: stop.after_events: expected a non-negative integer; got -1");
        CHECK(parse_error(minimal(R"("stop": {"at_event": ""})")) ==
              R"(s.json: stop.at_event: expected a non-empty string; got "")");
    }
    SECTION("a missing or bad game") {
        CHECK(parse_error(R"({"players": [{}]})") == "s.json: game: required field is missing");
        CHECK(parse_error(R"({"game": "Battle Con", "players": [{}]})") ==
              R"(s.json: game: expected a game name of lowercase letters, digits, '_' and '-' (e.g. "fixture"); got "Battle Con")");
        CHECK_THAT(parse_error(R"({"game": "../etc", "players": [{}]})"), StartsWith("s.json: game: expected a game name"));
    }
    SECTION("players: missing, empty, too many, not a list") {
        CHECK(parse_error(R"({"game": "fixture"})") == "s.json: players: required field is missing");
        CHECK(parse_error(R"({"game": "fixture", "players": []})") == "s.json: players: expected 1 to 16 entries; got 0");
        json many = json::parse(minimal());
        many["players"] = json::array();
        for (int i = 0; i < 17; ++i) many["players"].push_back(json::object());
        CHECK(error_of([&] { parse_scenario(many, "s.json", ""); }) == "s.json: players: expected 1 to 16 entries; got 17");
        CHECK(parse_error(R"({"game": "fixture", "players": {}})") == "s.json: players: expected a list; got an object");
    }
    SECTION("expectations") {
        CHECK(parse_error(minimal(R"("expect": {"winner": 1, "draw": true})")) ==
              R"(s.json: expect: give only one of "winner", "winners" or "draw")");
        CHECK(parse_error(minimal(R"("expect": {"draw": false})")) ==
              R"(s.json: expect.draw: only true is meaningful; to expect a winner use "winner" or "winners")");
        CHECK(parse_error(minimal(R"("expect": {"winners": []})")) ==
              R"(s.json: expect.winners: expected at least one seat (for a draw write "draw": true))");
        CHECK(parse_error(minimal(R"("expect": {"winners": [1, 1]})")) == "s.json: expect.winners[1]: seat 1 is listed twice");
        CHECK(parse_error(minimal(R"("expect": {"winners": [1, 5]})")) ==
              "s.json: expect.winners[1]: expected a seat number from 1 to 2 (players has 2 entries); got 5");
        CHECK(parse_error(minimal(R"("expect": {"winner": "1"})")) ==
              R"(s.json: expect.winner: expected a seat number from 1 to 2 (players has 2 entries); got "1")");
        CHECK(parse_error(minimal(R"("expect": {"events": [{"fields": {}}]})")) ==
              "s.json: expect.events[0].type: required field is missing");
        // An event's fields are plain values: an object could never match.
        CHECK(parse_error(minimal(R"("expect": {"events": [{"type": "x", "fields": {"a": {"b": 1}}}]})")) ==
              "s.json: expect.events[0].fields.a: expected a plain value (text, number, true/false or null); got an object");
        CHECK(parse_error(minimal(R"("expect": {"absent": ["stun", ""]})")) ==
              R"(s.json: expect.absent[1]: expected a non-empty string; got "")");
        CHECK(parse_error(minimal(R"("expect": {"counters": [{"player": 1, "entity": "x", "counter": "life", "value": 1}]})")) ==
              R"(s.json: expect.counters[0]: give exactly one of "player" or "entity")");
        CHECK(parse_error(minimal(R"("expect": {"counters": [{"player": 1, "value": 1}]})")) ==
              "s.json: expect.counters[0].counter: required field is missing");
        CHECK(parse_error(minimal(R"("expect": {"counters": [{"player": 1, "counter": "life", "value": 0.5}]})")) ==
              "s.json: expect.counters[0].value: expected an integer; got 0.5");
        CHECK(parse_error(minimal(R"("expect": {"error": ""})")) == R"(s.json: expect.error: expected a non-empty string; got "")");
    }
    SECTION("without a file name the message starts with the path") {
        CHECK(error_of([] { parse_scenario(json::parse(minimal(R"("seed": "x")")), "", ""); }) ==
              R"(seed: expected a non-negative integer; got "x")");
    }
}

TEST_CASE("a long bad value is cut short on a character boundary", "[scenario]") {
    // 1 quote byte + 28 two-byte characters = 57 bytes; one ASCII byte first moves the cut mid-character.
    std::string text = "x";
    for (int i = 0; i < 40; ++i) text += "\xC3\xA9";   // é
    json j = json::parse(minimal());
    j["seed"] = text;
    std::string msg = error_of([&] { parse_scenario(j, "s.json", ""); });
    CHECK_THAT(msg, StartsWith("s.json: seed: expected a non-negative integer; got \"x\xC3\xA9"));
    CHECK_THAT(msg, Catch::Matchers::EndsWith("\xC3\xA9..."));
    CHECK_NOTHROW(json(msg).dump());   // still valid UTF-8, so it can go into a JSON report
}
