// helter_maps_test.cpp - the two sample Judge Dredd: Helter Skelter boards, maps/helter_city_blocks.json
// and maps/helter_grand_hall.json (SAMPLE CONTENT, not from the rulebook; written by
// tools/maps/helter_sample_maps.py): each loads through load_map_file with 40 designated spaces joined
// by borders (spec §2.1, §2.2), carries the features its side should (§2.3-§2.6), and its line of
// sight and distances follow from them (§2.7, §2.8). Rerun the generator and update the pairs named
// here together.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "scenario/map_file.h"

using namespace duelbox;

namespace {

#ifdef DUELBOX_TEST_SUPPORT
const std::string kRepo = std::string(DUELBOX_TEST_SUPPORT) + "/../..";
#else
const std::string kRepo = ".";   // run from the source root
#endif

const std::vector<std::string> kBorder{"border"};
const std::vector<std::string> kWall{"wall"};
const std::vector<std::string> kWaterfall{"waterfall"};
const std::vector<std::string> kRange{"border", "waterfall"};   // spec §2.8: FLY steps and SHOTGUN range

const LoadedMap& city_blocks() {
    static const LoadedMap m = load_map_file(kRepo + "/maps/helter_city_blocks.json");
    return m;
}

const LoadedMap& grand_hall() {
    static const LoadedMap m = load_map_file(kRepo + "/maps/helter_grand_hall.json");
    return m;
}

SpaceId id(const Board& b, const std::string& name) {
    const SpaceId s = b.find(name);
    REQUIRE(s != kNoSpace);
    return s;
}

bool flag(const Board& b, SpaceId s, const char* key) { return b.space(s).attr(key) == Value{true}; }

int count_flag(const Board& b, const char* key) {
    int n = 0;
    for (SpaceId s = 1; static_cast<int>(s) <= b.space_count(); ++s) n += flag(b, s, key) ? 1 : 0;
    return n;
}

int count_edges(const Board& b, const std::string& kind) {
    int n = 0;
    for (const Edge& e : b.edges()) n += e.kind == kind ? 1 : 0;
    return n;
}

// A partial wall (spec §2.2): the pair shares a border piece and a wall piece, so it stays adjacent.
bool partial_wall(const Board& b, const std::string& x, const std::string& y) {
    return b.adjacent(id(b, x), id(b, y), kBorder) && b.adjacent(id(b, x), id(b, y), kWall);
}

// Spaces "1".."40" in that order, then the waterfall pseudo-spaces "W1", "W2", ...; every designated
// space has a border neighbour and reaches every other over borders alone.
void check_forty_joined_by_borders(const LoadedMap& m, int waterfalls) {
    const Board& b = m.board;
    CHECK(m.info.sample);
    CHECK_THAT(m.info.name, Catch::Contains("(SAMPLE CONTENT — not from the rulebook)"));
    REQUIRE(b.space_count() == 40 + waterfalls);
    for (int i = 1; i <= 40; ++i) CHECK(b.space(static_cast<SpaceId>(i)).name == std::to_string(i));
    for (int w = 1; w <= waterfalls; ++w) CHECK(b.space(static_cast<SpaceId>(40 + w)).name == "W" + std::to_string(w));
    for (SpaceId s = 1; s <= 40; ++s) {
        CHECK_FALSE(b.neighbours(s, kBorder).empty());
        CHECK(b.distance(1, s, kBorder) >= 0);
    }
}

}  // namespace

TEST_CASE("Helter sample maps: City Blocks has 40 designated spaces joined by borders", "[map][helter]") {
    check_forty_joined_by_borders(city_blocks(), 2);
}

TEST_CASE("Helter sample maps: Grand Hall has 40 designated spaces joined by borders", "[map][helter]") {
    check_forty_joined_by_borders(grand_hall(), 0);
}

TEST_CASE("Helter sample maps: City Blocks has waterfalls, cover, walls and a partial wall, no high ground",
          "[map][helter]") {
    const Board& b = city_blocks().board;
    CHECK(count_flag(b, "high") == 0);   // spec §2.5: high ground only on the Grand Hall
    for (const char* w : {"W1", "W2"}) {
        const SpaceId s = id(b, w);
        CHECK(flag(b, s, "waterfall"));
        CHECK(b.neighbours(s, kBorder).empty());        // never entered by MOVE or CLIMB
        CHECK(b.neighbours(s, kWaterfall).size() >= 2);
        for (const Edge& e : b.edges())
            if (e.a == s || e.b == s) CHECK(e.kind == "waterfall");
        CHECK(b.distance(1, s, kBorder) == -1);
        CHECK(b.distance(1, s, kRange) > 0);
    }
    CHECK(count_flag(b, "waterfall") == 2);
    CHECK(count_flag(b, "cover") >= 5);
    CHECK(count_flag(b, "cover") <= 8);
    CHECK(flag(b, id(b, "31"), "cover"));
    CHECK(count_edges(b, "wall") > 0);
    CHECK(partial_wall(b, "3", "8"));
    CHECK(partial_wall(b, "24", "29"));
    // A full wall: 22 and 32 share only wall, so they are not adjacent (spec §2.2).
    CHECK(b.adjacent(id(b, "22"), id(b, "32"), kWall));
    CHECK_FALSE(b.adjacent(id(b, "22"), id(b, "32"), kBorder));
}

TEST_CASE("Helter sample maps: Grand Hall has two high-ground galleries, cover, walls and a partial wall",
          "[map][helter]") {
    const Board& b = grand_hall().board;
    CHECK(count_flag(b, "waterfall") == 0);
    CHECK(count_edges(b, "waterfall") == 0);
    std::vector<std::string> high;
    for (SpaceId s = 1; s <= 40; ++s)
        if (flag(b, s, "high")) high.push_back(b.space(s).name);
    CHECK(high == std::vector<std::string>{"1", "2", "3", "37", "39", "40"});
    // The north-west gallery (1, 2, 3) and the south-east one (37, 39, 40) do not touch.
    CHECK(b.adjacent(id(b, "1"), id(b, "2")));     // high beside high: MOVE along the gallery
    CHECK(b.adjacent(id(b, "39"), id(b, "40")));
    CHECK(b.adjacent(id(b, "37"), id(b, "40")));
    CHECK(b.adjacent(id(b, "2"), id(b, "8")));     // normal beside high: CLIMB up, MOVE down
    CHECK_FALSE(flag(b, id(b, "8"), "high"));
    for (const char* west : {"1", "2", "3"})
        for (const char* east : {"37", "39", "40"}) CHECK_FALSE(b.adjacent(id(b, west), id(b, east), {}));
    // A wall between two high spaces of the same gallery.
    CHECK(b.adjacent(id(b, "2"), id(b, "3"), kWall));
    CHECK_FALSE(b.adjacent(id(b, "2"), id(b, "3"), kBorder));
    CHECK(count_flag(b, "cover") >= 5);
    CHECK(count_flag(b, "cover") <= 8);
    CHECK(count_edges(b, "wall") > 0);
    CHECK(partial_wall(b, "25", "30"));
    CHECK(partial_wall(b, "28", "34"));
}

TEST_CASE("Helter sample maps: City Blocks 13 and 14 are joined only through waterfall W1", "[map][helter]") {
    const Board& b = city_blocks().board;
    const SpaceId a = id(b, "13"), c = id(b, "14"), w1 = id(b, "W1");
    CHECK_FALSE(b.adjacent(a, c, kRange));
    CHECK(b.adjacent(a, w1, kWaterfall));
    CHECK(b.adjacent(c, w1, kWaterfall));
    CHECK(b.distance(a, c, kRange) == 2);     // a FLY over W1, or SHOTGUN range (spec §2.8)
    CHECK(b.distance(a, c, kBorder) == 3);    // on foot, round by 22 and 23
    // The same across the plaza's pool W2.
    CHECK(b.distance(id(b, "22"), id(b, "28"), kRange) == 2);
    CHECK(b.distance(id(b, "22"), id(b, "28"), kBorder) == 3);
}

TEST_CASE("Helter sample maps: City Blocks sight is blocked by the 22/32 wall and by cover 31", "[map][helter]") {
    const Board& b = city_blocks().board;
    const auto sees = [&](const char* from, const char* to) { return b.has_los(id(b, from), id(b, to)); };
    CHECK_FALSE(sees("22", "32"));   // the wall between them, both ways
    CHECK_FALSE(sees("32", "22"));
    CHECK_FALSE(sees("30", "32"));   // the line runs through cover 31, both ways
    CHECK_FALSE(sees("32", "30"));
    CHECK(sees("30", "31"));         // cover hides what is behind it, not itself
    CHECK(sees("31", "32"));
    CHECK(sees("21", "25"));         // a clear street the width of the board
    CHECK(sees("25", "21"));
    CHECK(sees("13", "14"));         // waterfalls never block
}

TEST_CASE("Helter sample maps: Grand Hall gallery 1 sees intersection 22, which cannot see back", "[map][helter]") {
    const Board& b = grand_hall().board;
    const auto sees = [&](const char* from, const char* to) { return b.has_los(id(b, from), id(b, to)); };
    CHECK(sees("1", "22"));          // over cover 21: cover never hides from high ground
    CHECK_FALSE(sees("22", "1"));    // normal -> high: never
    CHECK_FALSE(sees("14", "22"));   // from normal ground, cover 21 on the line blocks
    CHECK(sees("1", "2"));           // high -> high along the gallery
    CHECK_FALSE(sees("2", "3"));     // the wall between two high spaces
    CHECK_FALSE(sees("3", "2"));
    CHECK(sees("22", "22"));
}
