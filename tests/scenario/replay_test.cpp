// replay_test.cpp - replay files: write, read back equal; strict fields under `replay.`;
// content_hash is FNV-1a 64 as 16 lowercase hex digits, the same on every run and platform.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "../support/temp_dir.h"
#include "scenario/scenario.h"

using namespace duelbox;
using nlohmann::json;
using Catch::Matchers::StartsWith;

namespace {

const std::string kSupport = DUELBOX_TEST_SUPPORT;

std::string replay_error(const std::function<void()>& body) {
    try {
        body();
    } catch (const ScenarioError& e) {
        return e.what();
    }
    FAIL("expected a ScenarioError, got none");
    return "";
}

// A valid replay as JSON, for the malformed cases to break one field of.
json valid_replay() {
    return json::parse(R"({
        "duelbox_replay": 1,
        "scenario": {"game": "fixture", "players": [{}, {}], "decisions": [{"player": 2, "pick": [1, 0]}]},
        "scripts": [{"path": "scripts/fixture/rules.lua", "hash": "0123456789abcdef"}],
        "events": ["{\"type\":\"match_start\"}"],
        "result": {"winners": [2]}
    })");
}

std::string error_with(const std::function<void(json&)>& edit) {
    json j = valid_replay();
    edit(j);
    return replay_error([&] { parse_replay(j, "r.json", ""); });
}

Replay sample_replay() {
    Replay r;
    r.scenario = load_scenario(kSupport + "/scenarios/full.json", "");
    r.scripts = {{"scripts/fixture/rules.lua", content_hash("rules")}, {"cards/fixture/strike.lua", content_hash("")}};
    r.events = {R"({"type":"match_start"})", R"({"type":"attack_hit","attacker":1})", ""};
    r.result = {{"winners", {1, 3}}, {"reason", "life"}, {"events", 3}};
    return r;
}

void require_same(const Replay& a, const Replay& b) {
    // Scenario fields are compared in scenario_test.cpp; here its JSON form stands for it.
    CHECK(scenario_to_json(a.scenario) == scenario_to_json(b.scenario));
    REQUIRE(a.scripts.size() == b.scripts.size());
    for (std::size_t i = 0; i < a.scripts.size(); ++i) {
        CHECK(a.scripts[i].path == b.scripts[i].path);
        CHECK(a.scripts[i].hash == b.scripts[i].hash);
    }
    CHECK(a.events == b.events);
    CHECK(a.result == b.result);
}

}  // namespace

TEST_CASE("a replay round-trips through replay_to_json", "[scenario]") {
    Replay r = sample_replay();
    json j = replay_to_json(r);
    CHECK(j["duelbox_replay"] == 1);
    CHECK(j["scenario"] == scenario_to_json(r.scenario));
    Replay back = parse_replay(json::parse(j.dump()), "elsewhere/r.json", "");
    require_same(r, back);
    CHECK(back.scenario.root == r.scenario.root);   // absolute, so the replay's own folder does not matter
    REQUIRE(back.scenario.decisions.size() == 5);
    CHECK(back.scenario.decisions[1].picks == std::vector<std::int64_t>{0, 3});
    CHECK(replay_to_json(back) == j);
}

TEST_CASE("a replay round-trips through a file", "[scenario]") {
    const test::TempDir dir("replay_test");   // private to this process: runs in parallel do not collide
    const std::string file = dir.file("saved.json");
    Replay r = sample_replay();
    {
        std::ofstream out(file, std::ios::binary);
        out << replay_to_json(r).dump(2);
    }
    Replay back = load_replay(file, "");
    require_same(r, back);
    CHECK(back.scenario.file == file);
}

TEST_CASE("a replay file loads, its root relative to the file", "[scenario]") {
    const std::string file = kSupport + "/scenarios/replay.json";
    Replay r = load_replay(file, "");
    CHECK(r.scenario.file == file);
    CHECK(r.scenario.root == std::filesystem::weakly_canonical(kSupport).string());
    CHECK(r.scenario.seed == 7);
    REQUIRE(r.scenario.decisions.size() == 2);
    CHECK(r.scenario.decisions[0].player == 0);
    CHECK(r.scenario.decisions[1].player == 1);
    CHECK(r.scenario.decisions[1].yes == std::optional<bool>(true));
    REQUIRE(r.scripts.size() == 2);
    CHECK(r.scripts[0].path == "scripts/fixture/rules.lua");
    CHECK(r.scripts[0].hash == content_hash("abc"));
    CHECK(r.scripts[1].hash == content_hash(""));
    CHECK(r.events == std::vector<std::string>{R"({"type":"match_start"})", R"({"type":"match_end","winner":1})"});
    CHECK(r.result == json{{"winners", {1}}, {"reason", "life"}});
}

TEST_CASE("a replay without scripts, events or result reads as empty", "[scenario]") {
    json j = valid_replay();
    j.erase("scripts");
    j.erase("events");
    j.erase("result");
    Replay r = parse_replay(j, "r.json", "");
    CHECK(r.scripts.empty());
    CHECK(r.events.empty());
    CHECK(r.result == json::object());
}

TEST_CASE("malformed replays name file, then the path under replay", "[scenario]") {
    SECTION("a hash that is not 16 lowercase hex digits") {
        CHECK(error_with([](json& j) { j["scripts"][0]["hash"] = "0123456789ABCDEF"; }) ==
              R"(r.json: replay.scripts[0].hash: expected 16 lowercase hex digits; got "0123456789ABCDEF")");
        CHECK(error_with([](json& j) { j["scripts"][0]["hash"] = "abc"; }) ==
              R"(r.json: replay.scripts[0].hash: expected 16 lowercase hex digits; got "abc")");
        CHECK(error_with([](json& j) { j["scripts"][0]["hash"] = 12; }) ==
              "r.json: replay.scripts[0].hash: expected 16 lowercase hex digits; got 12");
        CHECK(error_with([](json& j) { j["scripts"][0].erase("hash"); }) ==
              "r.json: replay.scripts[0].hash: required field is missing");
        CHECK(error_with([](json& j) { j["scripts"][0]["path"] = ""; }) ==
              R"(r.json: replay.scripts[0].path: expected a non-empty string; got "")");
    }
    SECTION("the version") {
        CHECK(error_with([](json& j) { j["duelbox_replay"] = 2; }) ==
              "r.json: replay.duelbox_replay: expected 1 (the replay format this build reads); got 2");
        CHECK(error_with([](json& j) { j.erase("duelbox_replay"); }) ==
              "r.json: replay.duelbox_replay: required field is missing");
    }
    SECTION("the scenario inside reports its full path, with the file named once") {
        CHECK(error_with([](json& j) { j["scenario"]["seed"] = "7"; }) ==
              R"(r.json: replay.scenario.seed: expected a non-negative integer; got "7")");
        CHECK(error_with([](json& j) { j["scenario"]["decisions"][0]["player"] = 3; }) ==
              "r.json: replay.scenario.decisions[0].player: expected a seat number from 1 to 2 (players has 2 entries); got 3");
        CHECK(error_with([](json& j) { j["scenario"]["sed"] = 1; }) ==
              "r.json: replay.scenario.sed: unknown field (known: title, description, game, root, mods, seed, players, setup, "
              "options, decisions, stop, expect, limits)");
        CHECK(error_with([](json& j) { j.erase("scenario"); }) == "r.json: replay.scenario: required field is missing");
    }
    SECTION("other fields") {
        CHECK(error_with([](json& j) { j["extra"] = 1; }) ==
              "r.json: replay.extra: unknown field (known: duelbox_replay, scenario, scripts, events, result)");
        CHECK(error_with([](json& j) { j["events"].push_back(3); }) == "r.json: replay.events[1]: expected a string; got 3");
        CHECK(error_with([](json& j) { j["scripts"] = "x"; }) == R"(r.json: replay.scripts: expected a list; got "x")");
        CHECK(error_with([](json& j) { j["result"] = json::array(); }) ==
              "r.json: replay.result: expected an object; got an array");
        CHECK(replay_error([] { parse_replay(json::array(), "r.json", ""); }) ==
              "r.json: replay: expected an object; got an array");
    }
    SECTION("malformed JSON in a replay file") {
        const std::string file = kSupport + "/scenarios/replay_malformed.json";
        CHECK(replay_error([&] { load_replay(file, ""); }) ==
              file + ":5:1: malformed JSON: syntax error while parsing array - unexpected '}'; expected ']'");
    }
}

TEST_CASE("content_hash is FNV-1a 64 as 16 lowercase hex digits", "[scenario]") {
    // Known values (the standard FNV-1a test vectors; "" is the offset basis itself).
    CHECK(content_hash("") == "cbf29ce484222325");
    CHECK(content_hash("a") == "af63dc4c8601ec8c");
    CHECK(content_hash("abc") == "e71fa2190541574b");
    CHECK(content_hash("foobar") == "85944171f73967e8");
    // Every byte counts, NUL and high bytes included (no C-string or sign surprises).
    CHECK(content_hash(std::string("\0\xff", 2)) == "0831c907b4ea2b60");
    CHECK(content_hash("abc") == content_hash(std::string("abc")));   // stable
    CHECK(content_hash("abc") != content_hash("abd"));
    CHECK(content_hash("abc\n") != content_hash("abc"));
    for (const std::string& s : {std::string(""), std::string(1000, 'x'), std::string("rules.lua")}) {
        std::string h = content_hash(s);
        REQUIRE(h.size() == 16);
        for (char c : h) CHECK(((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')));
    }
    // What content_hash writes, a replay reads back.
    json j = valid_replay();
    j["scripts"][0]["hash"] = content_hash("whatever a script holds");
    CHECK_NOTHROW(parse_replay(j, "r.json", ""));
}
