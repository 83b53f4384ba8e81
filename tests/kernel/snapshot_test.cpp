// snapshot_test.cpp - MatchSnapshot: log-free copies that share unchanged pieces (snapshot.h).
//
// A little match touches every part of the state (players, zones, entities with props and
// tags, counters, handlers, modifiers, prohibitions, the board, randomness, the rule context,
// the result). A snapshot is taken after every event, each with the one before it; every one
// must restore to exactly what a plain copy of the Match held at that moment.
#include <catch2/catch.hpp>

#include <memory>
#include <sstream>
#include <vector>

#include "kernel/snapshot.h"
#include "../support/match_dump.h"

using namespace duelbox;
using duelbox::test::dump;

namespace {

// Player Ada (player 0) with a hidden deck of n plain cards (ids 2..n+1 after her player
// entity); returns the deck.
ZoneId add_deck(Match& m, int n) {
    const PlayerIndex a = m.add_player("Ada", 1);
    const ZoneId deck = m.create_zone("deck", a, Visibility::Hidden);
    for (int i = 0; i < n; ++i) m.create_entity("card", "", "c" + std::to_string(i), a, deck);
    return deck;
}

// Plays a small match that touches every part of the state; calls `after` after each event.
void play(Match& m) {
    const PlayerIndex a = m.add_player("Ada", 1), b = m.add_player("Brook", 2);
    Board board;
    board.make_line(5);
    m.set_board(std::move(board));
    const ZoneId deck = m.create_zone("deck", a, Visibility::Hidden);
    const ZoneId hand = m.create_zone("hand", a, Visibility::Owner);
    std::vector<EntityId> cards;
    for (int i = 0; i < 40; ++i)   // many chunks of entities
        cards.push_back(m.create_entity("card", "t/c" + std::to_string(i), "Card " + std::to_string(i), a, deck,
                                        Where::bottom(), {{"power", Value{std::int64_t{i}}}}, {"card"}));
    const EntityId fa = m.create_entity("figure", "", "A", a, m.find_zone("players", kNoPlayer));
    const EntityId fb = m.create_entity("figure", "", "B", b, m.find_zone("players", kNoPlayer));
    m.place(fa, 2);
    m.place(fb, 4);
    m.define_counter(m.player(a).entity, "life", 20, 0, 20);
    m.define_counter(m.player(b).entity, "life", 20, 0, 20);
    for (int i = 0; i < 40; ++i) m.windows().add(Handler{0, "hit", cards[i], a, i, 0, 1, "beat"});
    for (int i = 0; i < 20; ++i) m.windows().remove(static_cast<HandlerId>(i + 1));   // a frozen chunk
    m.shuffle(deck);
    const std::string_view previous_rule = m.set_rule("§3.1 draw");
    for (int i = 0; i < 5; ++i) m.move(m.zone(deck).items.front(), hand);
    m.set_rule(previous_rule);
    m.reveal(m.zone(hand).items.front(), mask_of(b));
    m.set_prop(cards[3], "power", Value{std::int64_t{9}});
    m.add_tag(cards[4], "style");
    m.remove_tag(cards[5], "card");
    m.add_counter(m.player(b).entity, "life", -7);
    const EffectId mod = m.add_modifier(Modifier{0, fa, "power", ModOp::Add, 2, cards[0], "beat"});
    m.add_prohibition(Prohibition{0, fb, "retreat", cards[1], "beat"});
    m.windows().mark_fired(25);
    m.line_move(LineWord::Advance, fa, fb, 1, true);
    m.remove_effect(mod);
    m.end_period("beat");
    m.rng().uniform(1, 6);   // randomness that leaves no event until the next one
    m.add_counter(m.player(b).entity, "life", -13);
    m.finish({a}, "knockout");
}

}  // namespace

TEST_CASE("kernel: a snapshot after every event restores exactly the match at that event", "[kernel][snapshot]") {
    Match m(42);
    std::vector<std::unique_ptr<Match>> copies;   // plain value copies: the reference
    std::vector<MatchSnapshot> snaps;
    m.set_event_observer([&](const Match& live, std::uint32_t) {
        copies.push_back(std::make_unique<Match>(live));
        snaps.push_back(MatchSnapshot::take(live, snaps.empty() ? nullptr : &snaps.back()));
    });
    play(m);
    REQUIRE(snaps.size() > 60);
    REQUIRE(snaps.size() == m.log().size());

    Match target(7);   // another seed: restore must overwrite everything
    for (std::size_t i = 0; i < snaps.size(); ++i) {
        CAPTURE(i);
        CHECK(snaps[i].events() == i + 1);
        snaps[i].restore(target, m.log());
        CHECK(target.check_invariants() == "");
        CHECK(dump(target) == dump(*copies[i]));
    }
    // Out of order and following a log by a few events (keep) gives the same.
    for (std::size_t i : {std::size_t{5}, std::size_t{50}, std::size_t{49}, std::size_t{51}, std::size_t{0}}) {
        const std::size_t keep = std::min(target.log().size(), snaps[i].events());
        snaps[i].restore(target, m.log(), keep);
        CHECK(dump(target) == dump(*copies[i]));
    }
}

TEST_CASE("kernel: a restored snapshot plays on like the match it was taken from", "[kernel][snapshot]") {
    Match m(3);
    const ZoneId deck = add_deck(m, 10);
    const PlayerIndex a = 0;
    const MatchSnapshot s = MatchSnapshot::take(m);
    Match copy(m);
    Match restored(99);
    s.restore(restored, m.log());
    // The same randomness and ids from here on: a shuffle and a new entity come out the same.
    copy.shuffle(deck);
    restored.shuffle(deck);
    CHECK(restored.zone(deck).items == copy.zone(deck).items);
    CHECK(restored.create_entity("card", "", "new", a, deck) == copy.create_entity("card", "", "new", a, deck));
    CHECK(dump(restored) == dump(copy));
    // ... and the original is untouched by either.
    CHECK(m.log().size() == s.events());
}

TEST_CASE("kernel: snapshots share the pieces an event did not change", "[kernel][snapshot]") {
    Match m(1);
    const PlayerIndex a = m.add_player("Ada", 1);
    const ZoneId deck = m.create_zone("deck", a, Visibility::Hidden);
    for (int i = 0; i < 64; ++i) m.create_entity("card", "", "c" + std::to_string(i), a, deck);
    m.define_counter(m.player(a).entity, "life", 20, 0, 20);
    const MatchSnapshot first = MatchSnapshot::take(m);
    CHECK(first.shared_pieces() == 0);
    m.add_counter(m.player(a).entity, "life", -1);   // touches the counters only
    const MatchSnapshot second = MatchSnapshot::take(m, &first);
    CHECK(second.shared_pieces() == second.pieces() - 1);
    CHECK(second.added_bytes() * 20 < first.added_bytes());
    m.set_prop(40, "power", Value{std::int64_t{3}});   // one entity: one chunk of the entity table
    const MatchSnapshot third = MatchSnapshot::take(m, &second);
    CHECK(third.shared_pieces() == third.pieces() - 1);
    // A snapshot of the unchanged match shares everything.
    const MatchSnapshot fourth = MatchSnapshot::take(m, &third);
    CHECK(fourth.shared_pieces() == fourth.pieces());
    CHECK(fourth.added_bytes() == 0);
}

TEST_CASE("kernel: restoring from a log shorter than the snapshot is refused", "[kernel][snapshot]") {
    Match m(1);
    m.add_player("Ada", 1);
    const MatchSnapshot s = MatchSnapshot::take(m);
    Match other(1);
    CHECK_THROWS_AS(s.restore(other, other.log()), KernelError);
}

// Write stamps (write_stamps.h) let a snapshot share what nobody wrote since the previous one
// without comparing it. They belong to one Match object: a copy that goes its own way must
// never be snapshotted as if its stamps were the original's.
TEST_CASE("kernel: write stamps say which items were written since a tick", "[kernel][snapshot]") {
    WriteStamps w;
    CHECK(w.unwritten(0, 4, 0));   // nothing written yet
    w.write(2);
    const std::uint64_t after_first = w.clock();
    CHECK_FALSE(w.unwritten(0, 4, 0));
    CHECK(w.unwritten(0, 2, 0));
    CHECK(w.unwritten(0, 4, after_first));
    w.write(0);
    CHECK_FALSE(w.unwritten(0, 1, after_first));
    CHECK(w.unwritten(1, 3, after_first));
    CHECK_FALSE(w.unwritten(4, 6, after_first));   // past what was ever stamped: not known unwritten
    w.write_all(3);
    CHECK_FALSE(w.unwritten(1, 2, after_first + 1));
}

TEST_CASE("kernel: a copied match that diverges is not snapshotted with the original's write stamps", "[kernel][snapshot]") {
    Match a(1);
    add_deck(a, 8);
    Match b = a;                                    // same stamps and clocks so far
    a.set_prop(1, "power", Value{std::int64_t{1}});
    const MatchSnapshot of_a = MatchSnapshot::take(a);
    b.set_prop(7, "power", Value{std::int64_t{7}});   // b's clock now equals a's at of_a
    const MatchSnapshot of_b = MatchSnapshot::take(b, &of_a);
    Match restored(1);
    of_b.restore(restored, b.log());
    CHECK(dump(restored) == dump(b));
    CHECK(restored.entity(1).prop("power") == Value{});
    CHECK(restored.entity(7).prop("power") == Value{std::int64_t{7}});
}

TEST_CASE("kernel: after a restore, the next snapshot compares instead of trusting old stamps", "[kernel][snapshot]") {
    Match m(1);
    add_deck(m, 8);
    const MatchSnapshot early = MatchSnapshot::take(m);
    m.set_prop(3, "power", Value{std::int64_t{3}});
    const MatchSnapshot late = MatchSnapshot::take(m, &early);
    late.restore(m, m.log(), m.log().size());        // the same object goes back to `late`...
    early.restore(m, m.log());                       // ...and then to `early`: entity 3 unset
    const MatchSnapshot again = MatchSnapshot::take(m, &late);
    Match restored(1);
    again.restore(restored, m.log());
    CHECK(restored.entity(3).prop("power") == Value{});
    CHECK(dump(restored) == dump(m));
}
