// board_test.cpp - Board: building, regions, attributes, distance, reachable, path, LOS, lines.
#include <catch2/catch.hpp>

#include <set>

#include "kernel/board.h"

using namespace duelbox;

namespace {

// unmatched.md §3.4, the sample map of its tests ([D] invented, not from a rulebook):
//  s1 - s2 - s3 - s4 - s5 - s6 - s7 - s8 - s9, and s3 - s10.
//  RED = {s1, s2, s3, s4, s9}; BLUE = {s4, s5, s6, s10}; GREEN = {s7, s8}.
Board sample_map() {
    Board b;
    for (int i = 1; i <= 10; ++i) REQUIRE(b.add_space("s" + std::to_string(i)) == SpaceId(i));
    for (int i = 1; i < 9; ++i) REQUIRE(b.add_edge(i, i + 1));
    REQUIRE(b.add_edge(3, 10));
    for (int s : {1, 2, 3, 4, 9}) b.add_region(s, "RED");
    for (int s : {4, 5, 6, 10}) b.add_region(s, "BLUE");
    for (int s : {7, 8}) b.add_region(s, "GREEN");
    return b;
}

std::vector<SpaceId> spaces_of(const std::vector<Reach>& r) {
    std::vector<SpaceId> out;
    for (const Reach& x : r) out.push_back(x.space);
    return out;
}

// Figures by space and side, for "through allies, not enemies" predicates as the Match builds them.
struct Figures {
    std::set<SpaceId> allies, enemies;
    StepRules rules(std::vector<std::string> kinds = {"border"}) const {
        StepRules r;
        r.edge_kinds = std::move(kinds);
        r.can_pass = [this](SpaceId s) { return !enemies.count(s); };
        r.can_stop = [this](SpaceId s) { return !enemies.count(s) && !allies.count(s); };
        return r;
    }
};

}  // namespace

// -- building ------------------------------------------------------------------------------------

TEST_CASE("board: spaces are numbered from 1 in order and names are unique", "[kernel][board]") {
    Board b;
    CHECK(b.space_count() == 0);
    CHECK(b.add_space("a") == 1);
    CHECK(b.add_space("b") == 2);
    CHECK(b.add_space("a") == kNoSpace);   // taken
    CHECK(b.add_space("") == kNoSpace);    // empty
    CHECK(b.space_count() == 2);
    CHECK(b.find("b") == 2);
    CHECK(b.find("zz") == kNoSpace);
    CHECK(b.space(2).name == "b");
    CHECK(b.space(2).id == 2);
    CHECK(b.valid(1));
    CHECK_FALSE(b.valid(0));
    CHECK_FALSE(b.valid(3));
    CHECK_FALSE(b.is_line());
    CHECK(b.space(1).line_index == 0);
}

TEST_CASE("board: edges are undirected, carry a kind, and reject self-loops and duplicates", "[kernel][board]") {
    Board b;
    for (const char* n : {"a", "b", "c", "d"}) b.add_space(n);
    CHECK(b.add_edge(1, 2));
    CHECK_FALSE(b.add_edge(2, 1));            // same pair, same kind
    CHECK_FALSE(b.add_edge(1, 1));            // self-loop
    CHECK_FALSE(b.add_edge(1, 9));            // unknown space
    CHECK_FALSE(b.add_edge(kNoSpace, 1));
    CHECK(b.add_edge(2, 1, "wall"));          // a partial wall: border and wall on one pair
    CHECK(b.add_edge(3, 1, "wall"));
    CHECK(b.add_edge(4, 1, "waterfall"));
    REQUIRE(b.edges().size() == 4);
    CHECK(b.edges()[0].kind == "border");
    CHECK(b.edges()[1].kind == "wall");

    CHECK(b.neighbours(1) == std::vector<SpaceId>{2});             // border only by default
    CHECK(b.neighbours(2) == std::vector<SpaceId>{1});             // undirected
    CHECK(b.neighbours(1, {"wall"}) == std::vector<SpaceId>{2, 3});
    CHECK(b.neighbours(1, {}) == std::vector<SpaceId>{2, 3, 4});   // any kind; 2 listed once
    CHECK(b.neighbours(1, {"border", "waterfall"}) == std::vector<SpaceId>{2, 4});
    CHECK(b.neighbours(9).empty());
    CHECK(b.adjacent(1, 2));
    CHECK(b.adjacent(2, 1));
    CHECK_FALSE(b.adjacent(1, 3));
    CHECK(b.adjacent(1, 3, {"wall"}));
    CHECK(b.adjacent(3, 1, {}));
    CHECK_FALSE(b.adjacent(1, 9));
}

TEST_CASE("board: regions are sorted, may overlap, and need not be connected", "[kernel][board]") {
    Board b = sample_map();
    b.add_region(4, "RED");   // already there: no duplicate
    CHECK(b.space(4).regions == std::vector<std::string>{"BLUE", "RED"});
    CHECK(b.in_region(4, "RED"));
    CHECK(b.in_region(4, "BLUE"));
    CHECK_FALSE(b.in_region(4, "GREEN"));
    CHECK_FALSE(b.in_region(99, "RED"));
    CHECK(b.region_spaces("RED") == std::vector<SpaceId>{1, 2, 3, 4, 9});
    CHECK(b.region_spaces("BLUE") == std::vector<SpaceId>{4, 5, 6, 10});
    CHECK(b.region_spaces("PURPLE").empty());
    CHECK(b.regions() == std::vector<std::string>{"BLUE", "GREEN", "RED"});
    CHECK(b.share_region(1, 9));     // same colour at opposite ends
    CHECK(b.share_region(4, 5));     // through the multi-region space
    CHECK(b.share_region(1, 4));
    CHECK_FALSE(b.share_region(1, 5));
    CHECK_FALSE(b.share_region(7, 10));
}

TEST_CASE("board: attributes are kept sorted, replaced by key, and Nil when absent", "[kernel][board]") {
    Board b;
    b.add_space("a");
    b.set_attr(1, "high", true);
    b.set_attr(1, "capacity", std::int64_t{2});
    b.set_attr(1, "terrain", std::string("water"));
    b.set_attr(1, "capacity", std::int64_t{3});
    const Space& s = b.space(1);
    REQUIRE(s.attrs.size() == 3);
    CHECK(s.attrs[0].first == "capacity");
    CHECK(s.attrs[1].first == "high");
    CHECK(s.attrs[2].first == "terrain");
    CHECK(s.attr("capacity") == Value{std::int64_t{3}});
    CHECK(s.attr("high") == Value{true});
    CHECK(s.attr("terrain") == Value{std::string("water")});
    CHECK(is_nil(s.attr("cover")));
    CHECK(is_nil(s.attr("")));
}

// -- distance ------------------------------------------------------------------------------------

TEST_CASE("board: distance is fewest steps over the given kinds, ignoring figures", "[kernel][board]") {
    Board b = sample_map();
    CHECK(b.distance(1, 1) == 0);
    CHECK(b.distance(1, 2) == 1);
    CHECK(b.distance(1, 10) == 3);
    CHECK(b.distance(10, 9) == 7);
    CHECK(b.distance(9, 10) == 7);
    b.add_space("island");
    CHECK(b.distance(1, 11) == -1);
    CHECK(b.distance(1, 99) == -1);
    // A wall is not a border: the shortcut counts only when walls are searched.
    b.add_edge(1, 9, "wall");
    CHECK(b.distance(1, 9) == 8);
    CHECK(b.distance(1, 9, {"wall"}) == 1);
    CHECK(b.distance(1, 8, {}) == 2);
    CHECK(b.distance(1, 8, {"wall"}) == -1);
}

TEST_CASE("board: distances_from answers distance for every target from one search", "[kernel][board]") {
    Board b = sample_map();
    b.add_space("island");
    b.add_edge(1, 9, "wall");
    for (const std::vector<std::string>& kinds :
         {std::vector<std::string>{"border"}, std::vector<std::string>{"wall"}, std::vector<std::string>{}}) {
        for (SpaceId a = 1; a <= static_cast<SpaceId>(b.space_count()); ++a) {
            const std::vector<int> all = b.distances_from(a, kinds);
            REQUIRE(all.size() == static_cast<std::size_t>(b.space_count()));
            for (SpaceId t = 1; t <= static_cast<SpaceId>(b.space_count()); ++t) CHECK(all[t - 1] == b.distance(a, t, kinds));
        }
    }
    CHECK(b.distances_from(1)[10] == -1);   // the island
    CHECK(b.distances_from(99) == std::vector<int>(b.space_count(), -1));
}

// -- reachable -----------------------------------------------------------------------------------

TEST_CASE("UM-04 movement through allies, blocked by enemies", "[kernel][board]") {
    // P's hero on s2, P's sidekick on s3, an opposing fighter on s5. (The rules also allow
    // staying on s2; reachable() never lists the origin - the caller adds "stay".)
    const Board b = sample_map();
    Figures f;
    f.allies = {3};
    f.enemies = {5};
    const auto move2 = b.reachable(2, 2, f.rules());
    CHECK(spaces_of(move2) == std::vector<SpaceId>{1, 4, 10});
    REQUIRE(move2.size() == 3);
    CHECK(move2[0].steps == 1);
    CHECK(move2[1].steps == 2);
    CHECK(move2[2].steps == 2);

    // Variant, move 3: s5 still illegal (enemy), s6 unreachable behind it.
    CHECK(spaces_of(b.reachable(2, 3, f.rules())) == std::vector<SpaceId>{1, 4, 10});
    // Without the enemy the same move 3 reaches s5 in 3.
    f.enemies.clear();
    const auto open = b.reachable(2, 3, f.rules());
    CHECK(spaces_of(open) == std::vector<SpaceId>{1, 4, 5, 10});
    CHECK(open[2].steps == 3);
}

TEST_CASE("UM-27 team allies are passable but not a place to stop", "[kernel][board]") {
    const Board b = sample_map();
    Figures f;
    f.allies = {3};
    const auto r = b.reachable(2, 2, f.rules());
    CHECK(spaces_of(r) == std::vector<SpaceId>{1, 4, 10});
}

TEST_CASE("board: reachable lists each space once with its fewest steps, never the origin", "[kernel][board]") {
    // A ring 1-2-3-4-5-6-1: 4 is 3 steps either way.
    Board b;
    for (int i = 1; i <= 6; ++i) b.add_space(std::to_string(i));
    for (int i = 1; i <= 6; ++i) b.add_edge(i, i % 6 + 1);
    const auto r = b.reachable(1, 10, StepRules{});
    REQUIRE(r.size() == 5);
    CHECK(spaces_of(r) == std::vector<SpaceId>{2, 3, 4, 5, 6});
    CHECK(r[0].steps == 1);   // 2
    CHECK(r[1].steps == 2);   // 3
    CHECK(r[2].steps == 3);   // 4
    CHECK(r[3].steps == 2);   // 5
    CHECK(r[4].steps == 1);   // 6
    CHECK(b.reachable(1, 0, StepRules{}).empty());
    CHECK(b.reachable(1, -1, StepRules{}).empty());
    CHECK(b.reachable(99, 3, StepRules{}).empty());
    // An enemy on 2 makes 3 the long way round: 4 steps via 6-5-4-3.
    StepRules blocked;
    blocked.can_pass = [](SpaceId s) { return s != 2; };
    blocked.can_stop = [](SpaceId s) { return s != 2; };
    const auto around = b.reachable(1, 4, blocked);
    CHECK(spaces_of(around) == std::vector<SpaceId>{3, 4, 5, 6});
    CHECK(around[0].steps == 4);
}

TEST_CASE("board: can_step gates each step (no climbing onto high ground)", "[kernel][board]") {
    // 1 - 2(high) - 3, and 1 - 4 - 3. From normal ground a mover may not step onto high ground.
    Board b;
    for (int i = 1; i <= 4; ++i) b.add_space(std::to_string(i));
    b.add_edge(1, 2);
    b.add_edge(2, 3);
    b.add_edge(1, 4);
    b.add_edge(4, 3);
    b.set_attr(2, "high", true);
    auto high = [&](SpaceId s) { return b.space(s).attr("high") == Value{true}; };
    StepRules r;
    r.can_step = [&](SpaceId from, SpaceId to) { return high(from) || !high(to); };
    CHECK(spaces_of(b.reachable(1, 2, r)) == std::vector<SpaceId>{3, 4});
    // From the high space itself, stepping down is fine.
    CHECK(spaces_of(b.reachable(2, 1, r)) == std::vector<SpaceId>{1, 3});
    CHECK(b.path(1, 3, r) == std::vector<SpaceId>{1, 4, 3});   // 1-2-3 would be lower ids, but is barred
    CHECK(b.path(1, 2, r).empty());
}

TEST_CASE("board: capacity() follows the capacity attribute, a closed space and later changes", "[kernel][board]") {
    Board b;
    b.make_line(3);
    b.set_attr(2, "capacity", std::int64_t{3});
    CHECK(b.capacity(1) == 1);   // no attribute: one figure
    CHECK(b.capacity(2) == 3);
    // Kept per board, so a change after the first question must be seen: by set_attr...
    b.set_attr(2, "capacity", std::int64_t{2});
    CHECK(b.capacity(2) == 2);
    // ...by a space changed in place (closed: nothing may stand there)...
    b.space_mut(3).closed = true;
    CHECK(b.capacity(3) == 0);
    // ...and by a space added later.
    const SpaceId extra = b.add_space("extra");
    CHECK(b.capacity(extra) == 1);
    CHECK(b.capacity(2) == 2);
}

TEST_CASE("board: capacity-like can_stop lets several figures share a space", "[kernel][board]") {
    // A line of 4 spaces; space 3 holds two figures and has capacity 3, space 2 one figure, capacity 1.
    Board b;
    for (int i = 1; i <= 4; ++i) b.add_space(std::to_string(i));
    for (int i = 1; i < 4; ++i) b.add_edge(i, i + 1);
    b.set_attr(3, "capacity", std::int64_t{3});
    const std::vector<int> here{0, 0, 1, 2, 0};   // by space id
    StepRules r;
    r.can_stop = [&](SpaceId s) {
        const auto* cap = std::get_if<std::int64_t>(&b.space(s).attr("capacity"));
        return here[s] < (cap ? *cap : 1);
    };
    CHECK(spaces_of(b.reachable(1, 3, r)) == std::vector<SpaceId>{3, 4});
    b.set_attr(3, "capacity", std::int64_t{2});
    CHECK(spaces_of(b.reachable(1, 3, r)) == std::vector<SpaceId>{4});
}

TEST_CASE("board: edge kinds choose the step graph (flying over a waterfall)", "[kernel][board]") {
    // 1 -border- 2 -waterfall- W -waterfall- 3. W is a pseudo-space: pass, never stop.
    Board b;
    for (const char* n : {"1", "2", "3", "W"}) b.add_space(n);
    b.add_edge(1, 2);
    b.add_edge(2, 4, "waterfall");
    b.add_edge(4, 3, "waterfall");
    StepRules walk;
    CHECK(spaces_of(b.reachable(1, 5, walk)) == std::vector<SpaceId>{2});
    StepRules fly;
    fly.edge_kinds = {"border", "waterfall"};
    fly.can_stop = [](SpaceId s) { return s != 4; };
    const auto r = b.reachable(1, 3, fly);
    CHECK(spaces_of(r) == std::vector<SpaceId>{2, 3});
    CHECK(r[1].steps == 3);
    StepRules any;
    any.edge_kinds = {};
    CHECK(spaces_of(b.reachable(1, 3, any)) == std::vector<SpaceId>{2, 3, 4});
}

// -- path ----------------------------------------------------------------------------------------

TEST_CASE("board: path is a shortest legal path, taking the lowest neighbour id first", "[kernel][board]") {
    // Two equal routes 1-3-4-6 and 1-2-5-6; and 2-4 makes 1-2-4-6 another. Edges are added in
    // an order that a "first added wins" search would get wrong.
    Board b;
    for (int i = 1; i <= 6; ++i) b.add_space(std::to_string(i));
    b.add_edge(5, 6);
    b.add_edge(4, 6);
    b.add_edge(2, 5);
    b.add_edge(3, 4);
    b.add_edge(1, 3);
    b.add_edge(1, 2);
    CHECK(b.path(1, 6, StepRules{}) == std::vector<SpaceId>{1, 2, 5, 6});
    b.add_edge(2, 4);
    CHECK(b.path(1, 6, StepRules{}) == std::vector<SpaceId>{1, 2, 4, 6});
    CHECK(b.path(6, 1, StepRules{}) == std::vector<SpaceId>{6, 4, 2, 1});
    // With an enemy on 2 the only legal route is through 3.
    StepRules r;
    r.can_pass = [](SpaceId s) { return s != 2; };
    CHECK(b.path(1, 6, r) == std::vector<SpaceId>{1, 3, 4, 6});
    // The destination itself needs can_stop, not can_pass.
    CHECK(b.path(1, 2, r) == std::vector<SpaceId>{1, 2});
    StepRules full;
    full.can_stop = [](SpaceId s) { return s != 6; };
    CHECK(b.path(1, 6, full).empty());
}

TEST_CASE("board: path honours max_steps, and a path to the origin is the origin", "[kernel][board]") {
    const Board b = sample_map();
    CHECK(b.path(1, 10, StepRules{}) == std::vector<SpaceId>{1, 2, 3, 10});
    CHECK(b.path(1, 10, StepRules{}, 3) == std::vector<SpaceId>{1, 2, 3, 10});
    CHECK(b.path(1, 10, StepRules{}, 2).empty());
    CHECK(b.path(1, 10, StepRules{}, -1).size() == 4);
    CHECK(b.path(4, 4, StepRules{}) == std::vector<SpaceId>{4});
    CHECK(b.path(1, 99, StepRules{}).empty());
    Figures f;
    f.enemies = {5};
    CHECK(b.path(4, 6, f.rules()).empty());   // the only way is through the enemy
}

// -- line of sight -------------------------------------------------------------------------------

TEST_CASE("board: without a LOS list every pair sees; with one it may be one-way", "[kernel][board]") {
    Board b;
    for (const char* n : {"low", "high", "far"}) b.add_space(n);
    CHECK(b.has_los(1, 2));
    CHECK(b.has_los(2, 1));
    CHECK(b.has_los(3, 3));
    CHECK_FALSE(b.has_los(1, 9));
    // High ground sees low; low does not see high; a wall stands between low and far.
    b.set_los({{1, 2}, {1, 3}, {3, 1}, {1, 99}});   // an unknown space is ignored
    CHECK(b.los_entries() == 3);
    CHECK(b.has_los(2, 1));
    CHECK_FALSE(b.has_los(1, 2));
    CHECK_FALSE(b.has_los(1, 3));
    CHECK_FALSE(b.has_los(3, 1));
    CHECK(b.has_los(3, 2));
    CHECK(b.has_los(1, 1));
    // The list was made for the old spaces: a new space drops it and every pair sees again.
    b.add_space("new");
    CHECK(b.has_los(1, 2));
}

// -- line boards ---------------------------------------------------------------------------------

TEST_CASE("board: make_line builds spaces 1..N in a row with a line order", "[kernel][board]") {
    Board b;
    b.make_line(7);
    CHECK(b.is_line());
    CHECK(b.line_length() == 7);
    CHECK(b.space_count() == 7);
    for (int i = 1; i <= 7; ++i) {
        CHECK(b.at_line(i) == SpaceId(i));
        CHECK(b.space(i).name == std::to_string(i));
        CHECK(b.space(i).line_index == i);
    }
    CHECK(b.at_line(0) == kNoSpace);
    CHECK(b.at_line(8) == kNoSpace);
    CHECK(b.find("5") == 5);
    CHECK(b.neighbours(1) == std::vector<SpaceId>{2});
    CHECK(b.neighbours(4) == std::vector<SpaceId>{3, 5});
    CHECK(b.distance(1, 7) == 6);
    CHECK(b.line_distance(3, 5) == 2);
    CHECK(b.line_distance(5, 3) == 2);
    CHECK(b.line_distance(4, 4) == 0);
}

TEST_CASE("board: line words parse from and print to their names", "[kernel][board]") {
    for (LineWord w : {LineWord::Advance, LineWord::Retreat, LineWord::Pull, LineWord::Push, LineWord::Close}) {
        LineWord back = LineWord::Close;
        REQUIRE(parse_line_word(line_word_name(w), back));
        CHECK(back == w);
    }
    LineWord w = LineWord::Push;
    CHECK_FALSE(parse_line_word("Advance", w));
    CHECK_FALSE(parse_line_word("teleport", w));
    CHECK_FALSE(parse_line_word("", w));
    CHECK(w == LineWord::Push);
    CHECK(std::string(line_word_name(LineWord::Close)) == "close");
}
