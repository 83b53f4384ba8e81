// Issue #16.10: a map's size costs what it gives. 60,000 spaces took 25 s to load (every name
// was found by a scan) and one "los" entry made a spaces x spaces matrix (484 MB). Speed is
// never asserted by a timed test (DESIGN.md): these assert the structure that makes loading
// O(N log N) and line of sight proportional to the entries the map lists.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "kernel/match.h"
#include "scenario/map_file.h"

using namespace duelbox;
using nlohmann::json;

namespace {

constexpr int kSpaces = 60'000;

// A chain of kSpaces spaces "s0".."s59999" with `blocked` one-way "los" entries that do not see
// and as many that do (which need no storage: every pair sees by default).
json big_map(int blocked) {
    json spaces = json::array(), edges = json::array(), los = json::array();
    for (int i = 0; i < kSpaces; ++i) {
        spaces.push_back({{"id", "s" + std::to_string(i)}});
        if (i > 0) edges.push_back({"s" + std::to_string(i - 1), "s" + std::to_string(i)});
    }
    for (int i = 0; i < blocked; ++i) {
        los.push_back({{"from", "s" + std::to_string(i)}, {"to", "s" + std::to_string(kSpaces - 1 - i)}, {"sees", false}});
        los.push_back({{"from", "s" + std::to_string(kSpaces - 1 - i)}, {"to", "s" + std::to_string(i)}, {"sees", true}});
    }
    return {{"id", "big"}, {"spaces", spaces}, {"edges", edges}, {"los", los}};
}

}  // namespace

TEST_CASE("#16.10 a 60,000-space map loads with line of sight stored per entry, not per pair", "[robustness][16]") {
    const LoadedMap one = parse_map(big_map(1), "maps/big.json");
    CHECK(one.board.space_count() == kSpaces);
    CHECK(one.board.edges().size() == kSpaces - 1);
    CHECK(one.board.los_entries() == 1);   // was a 60,000 x 60,000 matrix
    CHECK_FALSE(one.board.has_los(1, kSpaces));
    CHECK(one.board.has_los(kSpaces, 1));  // one-way
    CHECK(one.board.has_los(2, kSpaces));
    CHECK(one.board.find("s59999") == kSpaces);
    CHECK(one.board.find("s60000") == kNoSpace);

    const LoadedMap many = parse_map(big_map(1000), "maps/big.json");
    CHECK(many.board.los_entries() == 1000);   // grows with the entries the map lists
    CHECK_FALSE(many.board.has_los(1000, kSpaces - 999));
    CHECK(many.board.has_los(1001, kSpaces - 1000));
}

TEST_CASE("#16.10 a match takes a 60,000-space board with one zone per space, each found by name", "[robustness][16]") {
    Match m(1);
    m.add_player("Ann", 0);
    m.create_zone("hand", 0, Visibility::Owner);
    m.set_board(parse_map(big_map(0), "maps/big.json").board);
    CHECK(m.board().space_count() == kSpaces);
    CHECK(m.find_zone("space:s59999", kNoPlayer) == m.space_zone(kSpaces));
    CHECK(m.find_zone("space:s0", kNoPlayer) == m.space_zone(1));
    CHECK(m.find_zone("hand", 0) != kNoZone);   // zones made before the board stay found
    CHECK(m.check_invariants().empty());
}

TEST_CASE("#16.10 a duplicate los entry is still named", "[robustness][16]") {
    json j = big_map(1);
    j["los"].push_back(j["los"][0]);
    CHECK_THROWS_WITH(parse_map(j, "maps/big.json"), "maps/big.json: los[2]: duplicate entry for \"s0\" -> \"s59999\"");
}
