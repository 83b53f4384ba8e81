// line_words_test.cpp - advance, retreat, pull, push, close and teleport on a line board.
//
// Every worked movement example of battlecon.md §7.3 (M1-M10) and the movement tests of §10.5
// and §10.7 that the board alone can answer. Bans ("cannot advance") and triggers are the
// Match's job; here they show up as the classification the Match reads (counts_as, legal).
#include <catch2/catch.hpp>

#include <initializer_list>
#include <set>

#include "kernel/board.h"

using namespace duelbox;

namespace {

Board line(int n) {
    Board b;
    b.make_line(n);
    return b;
}

// Figures standing on the line. `occupied` excludes the mover, as the Match's does.
struct Line {
    Board board;
    std::set<SpaceId> figures;
    Line(int n, std::initializer_list<SpaceId> at) : board(line(n)), figures(at) {}
    std::function<bool(SpaceId)> occupied_except(SpaceId mover) const {
        return [this, mover](SpaceId s) { return s != mover && figures.count(s) > 0; };
    }
    LineMove move(LineWord w, SpaceId mover, SpaceId reference, int n) const {
        return line_move(board, w, mover, reference, n, occupied_except(mover));
    }
    Teleport teleport(SpaceId mover, SpaceId reference, SpaceId to) const {
        return line_teleport(board, mover, reference, to, occupied_except(mover));
    }
    // The legal results of "word 1-2" etc. (MV11), as destination spaces.
    std::vector<SpaceId> options(LineWord w, SpaceId mover, SpaceId reference, std::initializer_list<int> ns) const {
        std::vector<SpaceId> out;
        for (int n : ns)
            if (const LineMove m = move(w, mover, reference, n); m.legal) out.push_back(m.to);
        return out;
    }
};

void check_illegal(const LineMove& m, SpaceId from, const std::string& why) {
    CHECK_FALSE(m.legal);
    CHECK(m.from == from);
    CHECK(m.to == from);   // nothing moves
    CHECK(std::string(m.why) == why);
}

}  // namespace

// -- §7.3 worked examples and §10.5 ---------------------------------------------------------------

TEST_CASE("BC-35 (M1) advance 1-2 from distance 2", "[kernel][line]") {
    const Line l(7, {3, 5});   // A@3, B@5
    const LineMove a1 = l.move(LineWord::Advance, 3, 5, 1);
    REQUIRE(a1.legal);
    CHECK(a1.to == 4);
    CHECK(a1.direction == +1);
    CHECK_FALSE(a1.passed_reference);
    const LineMove a2 = l.move(LineWord::Advance, 3, 5, 2);
    REQUIRE(a2.legal);
    CHECK(a2.to == 6);   // 5 is B: jumped and not counted; the direction stays +1 past B
    CHECK(a2.passed_reference);
    CHECK(l.options(LineWord::Advance, 3, 5, {1, 2}) == std::vector<SpaceId>{4, 6});
}

TEST_CASE("BC-36 (M2) advance 1-2 when adjacent", "[kernel][line]") {
    const Line l(7, {3, 4});
    const LineMove a1 = l.move(LineWord::Advance, 3, 4, 1);
    const LineMove a2 = l.move(LineWord::Advance, 3, 4, 2);
    CHECK(a1.to == 5);
    CHECK(a2.to == 6);
    CHECK(a1.passed_reference);   // both options pass B
    CHECK(a2.passed_reference);
    CHECK(l.options(LineWord::Advance, 3, 4, {1, 2}) == std::vector<SpaceId>{5, 6});
}

TEST_CASE("BC-37 retreat 1-2 in open space", "[kernel][line]") {
    const Line l(7, {3, 5});
    const LineMove r = l.move(LineWord::Retreat, 3, 5, 1);
    CHECK(r.direction == -1);
    CHECK_FALSE(r.passed_reference);
    CHECK(l.options(LineWord::Retreat, 3, 5, {1, 2}) == std::vector<SpaceId>{2, 1});
}

TEST_CASE("BC-38 (M3) retreat 1-2 near the edge", "[kernel][line]") {
    const Line l(7, {2, 4});
    CHECK(l.move(LineWord::Retreat, 2, 4, 1).to == 1);
    check_illegal(l.move(LineWord::Retreat, 2, 4, 2), 2, "off the board");   // would need space 0
    CHECK(l.options(LineWord::Retreat, 2, 4, {1, 2}) == std::vector<SpaceId>{1});   // A must retreat 1
}

TEST_CASE("BC-39 (M4) push or pull 1 with the opponent on the edge space", "[kernel][line]") {
    // A@5 pushes or pulls B@7: the mover is B, the reference A (MV12: both outcomes are computed).
    const Line l(7, {5, 7});
    const LineMove push = l.move(LineWord::Push, 7, 5, 1);
    check_illegal(push, 7, "off the board");   // 8 is OFF
    const LineMove pull = l.move(LineWord::Pull, 7, 5, 1);
    REQUIRE(pull.legal);                       // so A must pull
    CHECK(pull.to == 6);
    CHECK(pull.direction == -1);
}

TEST_CASE("BC-40 (M5) advance 3 with room for 2 does not move", "[kernel][line]") {
    const Line l(7, {4, 6});
    // 5, (6 jumped) 7, then 8 is OFF: the whole effect is ignored, not shortened.
    check_illegal(l.move(LineWord::Advance, 4, 6, 3), 4, "off the board");
    const LineMove two = l.move(LineWord::Advance, 4, 6, 2);   // for comparison
    REQUIRE(two.legal);
    CHECK(two.to == 7);
    CHECK(two.passed_reference);
}

TEST_CASE("BC-41 (M6) close moves as near as it can and never past", "[kernel][line]") {
    const Line l(7, {1, 5});
    const LineMove c2 = l.move(LineWord::Close, 1, 5, 2);
    REQUIRE(c2.legal);
    CHECK(c2.to == 3);
    const LineMove c5 = l.move(LineWord::Close, 1, 5, 5);
    REQUIRE(c5.legal);   // not all-or-nothing (MV13)
    CHECK(c5.to == 4);   // next to B, never past
    CHECK_FALSE(c5.passed_reference);
    CHECK(c5.direction == +1);

    // Adjacent: close 3 is no movement ("moved" is false), but not an illegal effect.
    const Line adjacent(7, {4, 5});
    const LineMove c3 = adjacent.move(LineWord::Close, 4, 5, 3);
    CHECK(c3.legal);
    CHECK(c3.to == c3.from);
    CHECK(c3.to == 4);
    // Closing from the right moves left.
    const Line right(7, {2, 7});
    const LineMove left = right.move(LineWord::Close, 7, 2, 2);
    CHECK(left.to == 5);
    CHECK(left.direction == -1);
}

TEST_CASE("BC-42 (M7) pull through the puller, and push", "[kernel][line]") {
    // A@3 pulls or pushes B@4: the mover is B, the reference A.
    const Line l(7, {3, 4});
    const LineMove p1 = l.move(LineWord::Pull, 4, 3, 1);
    REQUIRE(p1.legal);
    CHECK(p1.to == 2);   // A's space 3 jumped
    CHECK(p1.passed_reference);
    CHECK(p1.direction == -1);
    CHECK(l.move(LineWord::Pull, 4, 3, 2).to == 1);
    check_illegal(l.move(LineWord::Pull, 4, 3, 3), 4, "off the board");   // B stays on 4
    const LineMove push = l.move(LineWord::Push, 4, 3, 2);
    REQUIRE(push.legal);
    CHECK(push.to == 6);
    CHECK(push.direction == +1);
    CHECK_FALSE(push.passed_reference);
}

TEST_CASE("BC-43 (M8) teleport: straight to a free space, classified by side", "[kernel][line]") {
    const Line l(7, {3, 5});   // A@3, B@5
    const Teleport t6 = l.teleport(3, 5, 6);
    REQUIRE(t6.legal);
    CHECK(t6.to == 6);
    CHECK(t6.counts_as == LineWord::Advance);   // beyond B is still B's side of A
    CHECK(t6.passed_reference);                 // [AMBIG] recommended reading: yes, it moved past B
    const Teleport t4 = l.teleport(3, 5, 4);
    REQUIRE(t4.legal);
    CHECK(t4.counts_as == LineWord::Advance);
    CHECK_FALSE(t4.passed_reference);
    const Teleport t5 = l.teleport(3, 5, 5);
    CHECK_FALSE(t5.legal);                      // B is there
    CHECK(std::string(t5.why) == "occupied");
    CHECK(t5.to == 3);
    const Teleport t3 = l.teleport(3, 5, 3);
    CHECK_FALSE(t3.legal);                      // same space
    CHECK(std::string(t3.why) == "already there");
    for (SpaceId s : {1u, 2u}) {
        const Teleport back = l.teleport(3, 5, s);
        REQUIRE(back.legal);
        CHECK(back.counts_as == LineWord::Retreat);
        CHECK_FALSE(back.passed_reference);
    }
    // "If A cannot advance: 4 and 6 are illegal, 1 and 2 still legal" - the Match bans by counts_as.
    std::vector<SpaceId> allowed_without_advance;
    for (SpaceId s = 1; s <= 7; ++s)
        if (const Teleport t = l.teleport(3, 5, s); t.legal && t.counts_as != LineWord::Advance)
            allowed_without_advance.push_back(s);
    CHECK(allowed_without_advance == std::vector<SpaceId>{1, 2});
    CHECK_FALSE(l.teleport(3, 5, 8).legal);
    CHECK(std::string(l.teleport(3, 5, 8).why) == "off the board");
}

TEST_CASE("BC-44 resource-scaled close is one close of the whole amount", "[kernel][line]") {
    const Line l(7, {1, 6});
    const LineMove c3 = l.move(LineWord::Close, 1, 6, 3);   // spent 3: one "close 3"
    REQUIRE(c3.legal);
    CHECK(c3.to == 4);
    const LineMove c5 = l.move(LineWord::Close, 1, 6, 5);   // spent 5: next to B
    REQUIRE(c5.legal);
    CHECK(c5.to == 5);
}

TEST_CASE("BC-45c a teleport past B counts as an advance, one away as a retreat", "[kernel][line]") {
    const Line l(7, {3, 5});
    CHECK(l.teleport(3, 5, 7).counts_as == LineWord::Advance);    // banned under "cannot advance"
    CHECK(l.teleport(3, 5, 1).counts_as == LineWord::Retreat);    // still allowed
    // Mirrored: the reference on the left.
    const Line m(7, {5, 3});
    CHECK(m.teleport(5, 3, 1).counts_as == LineWord::Advance);
    CHECK(m.teleport(5, 3, 1).passed_reference);
    CHECK(m.teleport(5, 3, 7).counts_as == LineWord::Retreat);
}

TEST_CASE("BC-46 an impossible push is ignored, so the pushed figure did not move", "[kernel][line]") {
    const Line l(7, {6, 7});   // A@6 pushes B@7 on the edge
    const LineMove m = l.move(LineWord::Push, 7, 6, 1);
    check_illegal(m, 7, "off the board");
    const Line open(7, {5, 6});
    const LineMove ok = open.move(LineWord::Push, 6, 5, 1);
    CHECK(ok.legal);
    CHECK(ok.to != ok.from);   // "if you moved" is true for B
}

TEST_CASE("BC-65 (M9) jumping several figures in a row", "[kernel][line]") {
    // 9-space team board: A1@2, A2@3 (ally), B1@4 (enemy); A1 advances 1 toward B1.
    const Line l(9, {2, 3, 4, 8});
    const LineMove m = l.move(LineWord::Advance, 2, 4, 1);
    REQUIRE(m.legal);
    CHECK(m.to == 5);   // 3 and 4 jumped and not counted
    CHECK(m.passed_reference);
}

TEST_CASE("BC-64 moving past several enemies", "[kernel][line]") {
    // A1@3, B1@4, B2@5; A1 advances 1 and ends on 6, past both. (Which one is "the opponent
    // moved past" - B2, the nearest after the move - is the Match's relation query; the board
    // says, for either reference, that the mover ended on its far side.)
    const Line l(9, {3, 4, 5});
    const LineMove by_b1 = l.move(LineWord::Advance, 3, 4, 1);
    REQUIRE(by_b1.legal);
    CHECK(by_b1.to == 6);
    CHECK(by_b1.passed_reference);
    const LineMove by_b2 = l.move(LineWord::Advance, 3, 5, 1);
    CHECK(by_b2.to == 6);
    CHECK(by_b2.passed_reference);
}

TEST_CASE("BC-47 (M10) a marker moved right jumps a same-name marker", "[kernel][line]") {
    // m@3, m'@4; markers are occupied only for their own same-name layer (the caller's predicate).
    const Board b = line(7);
    auto same_name_at = [](SpaceId s) { return s == 4; };
    const LineMove m = line_steps(b, 3, +1, 1, same_name_at);
    REQUIRE(m.legal);
    CHECK(m.to == 5);
    CHECK(m.direction == +1);
    CHECK_FALSE(m.passed_reference);
    // "Place m' on 4 / on 3" is a placement, not a line move: the zone rules answer it.
    const LineMove off = line_steps(b, 6, +1, 2, same_name_at);
    check_illegal(off, 6, "off the board");
    CHECK(line_steps(b, 3, -1, 2, nullptr).to == 1);
    check_illegal(line_steps(b, 3, 0, 1, nullptr), 3, "direction must be +1 or -1");
}

TEST_CASE("BC-60 pull: each side's opponent gives its own pull", "[kernel][line]") {
    // (a) X@3, Kora@5, Rin@7 on the 9-space board; "pull 1" on either one.
    const Line a(9, {3, 5, 7});
    CHECK(a.move(LineWord::Pull, 3, 5, 1).to == 4);   // X to 4
    CHECK(a.move(LineWord::Pull, 7, 5, 1).to == 6);   // Rin to 6
    // (b) Kora@3, Rin@5, Y@7: Rin is the only opponent, pulled to 4.
    const Line b(9, {3, 5, 7});
    CHECK(b.move(LineWord::Pull, 5, 3, 1).to == 4);
}

// -- the engine's readings ------------------------------------------------------------------------

TEST_CASE("line words: the direction is fixed from the chosen reference at the start", "[kernel][line]") {
    // TM2 [AMBIG], recommended reading: with enemies on both sides, the mover picks the
    // opponent and the advance runs toward it for the whole move.
    const Line l(9, {2, 5, 8});
    const LineMove left = l.move(LineWord::Advance, 5, 2, 2);
    CHECK(left.to == 3);
    CHECK(left.direction == -1);
    const LineMove right = l.move(LineWord::Advance, 5, 8, 2);
    CHECK(right.to == 7);
    CHECK(right.direction == +1);
    const LineMove far = l.move(LineWord::Advance, 5, 8, 3);   // 6, 7, (8 jumped) 9: past B
    CHECK(far.to == 9);
    CHECK(far.passed_reference);
}

TEST_CASE("line words: zero distance is legal and stays put", "[kernel][line]") {
    const Line l(7, {3, 5});
    for (LineWord w : {LineWord::Advance, LineWord::Retreat, LineWord::Close}) {
        const LineMove m = l.move(w, 3, 5, 0);
        CHECK(m.legal);
        CHECK(m.to == 3);
        CHECK_FALSE(m.passed_reference);
    }
}

TEST_CASE("line words: the reference's space is never a landing place", "[kernel][line]") {
    // Even with an `occupied` that forgets the reference figure, the mover jumps it.
    const Board b = line(7);
    const LineMove m = line_move(b, LineWord::Advance, 3, 4, 1, [](SpaceId) { return false; });
    CHECK(m.to == 5);
    const LineMove none = line_move(b, LineWord::Advance, 3, 4, 1, nullptr);
    CHECK(none.to == 5);
    const Teleport t = line_teleport(b, 3, 4, 4, nullptr);
    CHECK_FALSE(t.legal);
}

TEST_CASE("line words: malformed positions are illegal and say why", "[kernel][line]") {
    const Line l(7, {3, 5});
    check_illegal(l.move(LineWord::Advance, 3, 3, 1), 3, "the mover and the reference figure share a space");
    check_illegal(l.move(LineWord::Advance, 3, 5, -1), 3, "negative distance");
    check_illegal(l.move(LineWord::Advance, 9, 5, 1), 9, "the mover is not on the line");
    check_illegal(l.move(LineWord::Advance, 3, 0, 1), 3, "the reference figure is not on the line");
    Board graph;
    graph.add_space("a");
    graph.add_space("b");
    graph.add_edge(1, 2);
    check_illegal(line_move(graph, LineWord::Advance, 1, 2, 1, nullptr), 1, "not a line board");
    CHECK(std::string(line_teleport(graph, 1, 2, 2, nullptr).why) == "not a line board");
    CHECK(std::string(line_teleport(l.board, 3, 3, 4, l.occupied_except(3)).why) ==
          "the mover and the reference figure share a space");
}
