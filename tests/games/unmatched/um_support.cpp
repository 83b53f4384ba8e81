// um_support.cpp - see um_support.h.
#include "um_support.h"

#include <catch2/catch.hpp>

#include <filesystem>

#include "../../support/temp_dir.h"
#include "scenario/scenario.h"

namespace duelbox::test::um {

using nlohmann::json;

std::string repo_root() { return std::string(DUELBOX_TEST_SUPPORT) + "/../.."; }

RunResult run(json s) {
    if (!s.contains("game")) s["game"] = "unmatched";
    if (!s.contains("setup")) s["setup"] = json::object();
    if (!s["setup"].contains("map")) s["setup"]["map"] = "tests/support/maps/unmatched_sample.json";
    return run_scenario(parse_scenario(s, "", repo_root()));
}

namespace {
// scripts/unmatched, cards/unmatched, the sample map and the fixture heroes under one root
// (scripts/core comes from the engine, as for any game folder outside it).
std::string fixture_root() {
    namespace fs = std::filesystem;
    static const TempDir dir("unmatched_fixtures");
    static const bool made = [] {
        const fs::path repo = repo_root(), root = dir.root();
        fs::create_directories(root / "scripts");
        fs::copy(repo / "scripts/unmatched", root / "scripts/unmatched", fs::copy_options::recursive);
        fs::create_directories(root / "cards/unmatched/fixtures");
        fs::copy(repo / "cards/unmatched", root / "cards/unmatched", fs::copy_options::recursive);
        fs::copy_file(repo / "tests/support/cards/unmatched/witnesses.lua", root / "cards/unmatched/fixtures/witnesses.lua");
        fs::create_directories(root / "tests/support/maps");
        fs::copy_file(repo / "tests/support/maps/unmatched_sample.json", root / "tests/support/maps/unmatched_sample.json");
        return true;
    }();
    (void)made;
    return dir.root().string();
}
}  // namespace

RunResult run_with_fixtures(json s) {
    s["root"] = fixture_root();
    return run(std::move(s));
}

json seat(const std::string& name, json setup, int team) {
    json j = {{"name", name}, {"agent", "scripted"}, {"setup", std::move(setup)}};
    if (team > 0) j["team"] = team;
    return j;
}

json duel(json anna, json karl, json decisions, json stop) {
    return {{"seed", 1},
            {"players", json::array({seat("Anna", std::move(anna)), seat("Karl", std::move(karl))})},
            {"decisions", std::move(decisions)},
            {"stop", std::move(stop)}};
}

json hero_setup(const char* hero, json positions, json hand, json deck) {
    return {{"hero", hero}, {"size", "big"}, {"positions", std::move(positions)}, {"hand", std::move(hand)}, {"deck", std::move(deck)}};
}

json team_match(json a1, json b1, json a2, json b2, json decisions, json stop) {
    return {{"seed", 1},
            {"players", json::array({seat("A1", std::move(a1), 1), seat("B1", std::move(b1), 2), seat("A2", std::move(a2), 1),
                                     seat("B2", std::move(b2), 2)})},
            {"decisions", std::move(decisions)},
            {"stop", std::move(stop)}};
}

json say(int p, const std::string& id, const std::string& label) {
    return {{"player", p}, {"id", id}, {"choose", label}};
}

json say(int p, const std::string& id, const std::vector<std::string>& labels) {
    return {{"player", p}, {"id", id}, {"choose", labels}};
}

EntityId fighter(const RunResult& r, std::string_view name) {
    const Match& m = r.match();
    for (int e = 1; e <= m.entity_count(); ++e)
        if (m.entity(e).kind == "figure" && m.entity(e).name == name) return e;
    FAIL("no fighter named " << name);
    return 0;
}

std::int64_t health(const RunResult& r, std::string_view name) { return r.match().counter(fighter(r, name), "health"); }

std::string space(const RunResult& r, std::string_view name) {
    const SpaceId s = r.match().position(fighter(r, name));
    return s == kNoSpace ? "" : r.match().board().space(s).name;
}

std::vector<std::string> cards_in(const RunResult& r, std::string_view zone, int p) {
    const Match& m = r.match();
    const ZoneId z = m.find_zone(zone, p - 1);
    REQUIRE(z != kNoZone);
    std::vector<std::string> out;
    for (EntityId e : m.zone(z).items) out.push_back(m.entity(e).name);
    return out;
}

std::vector<std::string> pending_labels(const RunResult& r, std::size_t i) {
    REQUIRE(r.runner->pending().size() > i);
    std::vector<std::string> out;
    for (const auto& o : r.runner->pending()[i].options) out.push_back(o.label);
    return out;
}

std::string pending_id(const RunResult& r, std::size_t i) {
    REQUIRE(r.runner->pending().size() > i);
    return r.runner->pending()[i].id;
}

std::vector<int> winners(const RunResult& r) {
    std::vector<int> out;
    for (PlayerIndex p : r.match().result().winners) out.push_back(p + 1);
    return out;
}

std::vector<int> turn_players(const RunResult& r) {
    std::vector<int> out;
    for (const Event* e : r.of_type("turn")) out.push_back(static_cast<int>(std::get<std::int64_t>(e->get("player"))));
    return out;
}

}  // namespace duelbox::test::um
