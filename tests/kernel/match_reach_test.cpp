// match_reach_test.cpp - Match::reachable and Match::path share one board search per question
// (Match::search_for): the answers stay those of a fresh search after figures move, after a
// different question, and after a snapshot's restore. Board::search / reach_in / path_in answer
// as reachable() and path() do.
#include <catch2/catch.hpp>

#include "kernel/match.h"
#include "kernel/snapshot.h"

using namespace duelbox;

namespace {

std::vector<SpaceId> spaces_of(const std::vector<Reach>& r) {
    std::vector<SpaceId> out;
    for (const Reach& x : r) out.push_back(x.space);
    return out;
}

// s1 - s2 - ... - s6 in a row, and s2 - s7 - s4 (a way round s3).
struct Fixture {
    Match m{7};
    PlayerIndex a = m.add_player("Ada", 1), b = m.add_player("Brook", 2);
    EntityId ada = 0, brook = 0;
    Fixture() {
        Board board;
        for (int i = 1; i <= 7; ++i) board.add_space("s" + std::to_string(i));
        for (int i = 1; i < 6; ++i) board.add_edge(i, i + 1);
        board.add_edge(2, 7);
        board.add_edge(7, 4);
        m.set_board(std::move(board));
        const ZoneId off = m.create_zone("reserve", kNoPlayer, Visibility::Public);
        ada = m.create_entity("figure", "", "Ada", a, off);
        brook = m.create_entity("figure", "", "Brook", b, off);
        m.place(ada, 1);
        m.place(brook, 3);
    }
};

}  // namespace

TEST_CASE("UM-04 a kept search answers as a fresh one once a figure moved", "[kernel][board]") {
    Fixture f;
    // Ada on s1, Brook (an enemy) on s3: Ada may not pass s3, so s4 is reached round by s7.
    CHECK(spaces_of(f.m.reachable(f.ada, 3, Through::Allies)) == std::vector<SpaceId>{2, 4, 7});
    CHECK(f.m.path(f.ada, 4, Through::Allies, 3) == std::vector<SpaceId>{1, 2, 7, 4});
    // Brook steps aside to s6: now the straight way is open and taken (lowest ids first).
    f.m.place(f.brook, 6);
    CHECK(spaces_of(f.m.reachable(f.ada, 3, Through::Allies)) == std::vector<SpaceId>{2, 3, 4, 7});
    CHECK(f.m.path(f.ada, 4, Through::Allies, 3) == std::vector<SpaceId>{1, 2, 3, 4});
    // Another question at the same moment (fewer steps, another mover) is not answered from it.
    CHECK(f.m.path(f.ada, 4, Through::Allies, 2).empty());
    CHECK(spaces_of(f.m.reachable(f.brook, 1, Through::Allies)) == std::vector<SpaceId>{5});
    CHECK(f.m.path(f.ada, 4, Through::Allies, 3) == std::vector<SpaceId>{1, 2, 3, 4});
}

TEST_CASE("a kept search is not used for the state a snapshot gives back", "[kernel][board]") {
    Fixture f;
    const MatchSnapshot before = MatchSnapshot::take(f.m);
    f.m.place(f.brook, 6);
    CHECK(f.m.path(f.ada, 4, Through::Allies, 3) == std::vector<SpaceId>{1, 2, 3, 4});   // kept
    const EventLog log = f.m.log();   // the match's own log, read while it is rewritten
    before.restore(f.m, log);                                                            // Brook on s3 again
    CHECK(f.m.path(f.ada, 4, Through::Allies, 3) == std::vector<SpaceId>{1, 2, 7, 4});
}

TEST_CASE("board: search, reach_in and path_in answer as reachable and path", "[kernel][board]") {
    Fixture f;
    const Board& board = f.m.board();
    StepRules rules;
    rules.can_pass = [](SpaceId s) { return s != 3; };
    rules.can_stop = [](SpaceId s) { return s != 7; };
    Board::Search found;
    board.search(1, 3, rules, found);
    CHECK(spaces_of(board.reach_in(found, 1, rules)) == spaces_of(board.reachable(1, 3, rules)));
    for (SpaceId to = 2; to <= 6; ++to) {
        INFO("to s" << to);
        CHECK(board.path_in(found, to) == board.path(1, to, rules, 3));
    }
    board.search(5, 1, rules, found);   // the same storage, another origin
    CHECK(spaces_of(board.reach_in(found, 5, rules)) == std::vector<SpaceId>{4, 6});
}

TEST_CASE("reachable: a space's capacity lets a figure stop beside another; a closed space is passed, never ended on",
          "[kernel][board]") {
    // s1 - s2 - s3 - s4 in a row; Brook (an ally here: Through::Everyone) on s3.
    Match m{3};
    const PlayerIndex a = m.add_player("Ada", 1), b = m.add_player("Brook", 2);
    Board board;
    for (int i = 1; i <= 4; ++i) board.add_space("s" + std::to_string(i));
    for (int i = 1; i < 4; ++i) board.add_edge(i, i + 1);
    board.set_attr(3, "capacity", std::int64_t{2});
    board.space_mut(2).closed = true;
    m.set_board(std::move(board));
    const ZoneId off = m.create_zone("reserve", kNoPlayer, Visibility::Public);
    const EntityId ada = m.create_entity("figure", "", "Ada", a, off);
    const EntityId brook = m.create_entity("figure", "", "Brook", b, off);
    m.place(ada, 1);
    m.place(brook, 3);
    // s2 is closed (crossed, not a stop); s3 has room for two; s4 is past Brook.
    CHECK(spaces_of(m.reachable(ada, 3, Through::Everyone)) == std::vector<SpaceId>{3, 4});
    // Passing nobody: Brook's space may still be ended on (room for two), not crossed.
    CHECK(spaces_of(m.reachable(ada, 3, Through::Nobody)) == std::vector<SpaceId>{3});
    CHECK(m.path(ada, 3, Through::Nobody, 3) == std::vector<SpaceId>{1, 2, 3});
    CHECK(m.path(ada, 2, Through::Everyone, 3).empty());
    // Brook is no obstacle to itself: s4 is open; back across s2, s1 holds Ada (room for one).
    CHECK(spaces_of(m.reachable(brook, 2, Through::Nobody)) == std::vector<SpaceId>{4});
    m.place(ada, 4);
    CHECK(spaces_of(m.reachable(brook, 2, Through::Nobody)) == std::vector<SpaceId>{1});
}
