// resample_hidden_test.cpp - Match::resample_hidden: a search's copy re-dealt from one player's view.
//
// What must hold: nothing the viewer can see or knows changes; hidden identities trade only
// within their class (owner and kind); a card the viewer knows to be in a zone stays in it;
// and two matches the viewer cannot tell apart re-deal to the same cards in the same places.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <set>
#include <tuple>
#include <string>
#include <vector>

#include "kernel/match.h"

using namespace duelbox;

namespace {

struct Table {
    Match m{1};
    ZoneId hand0, hand1, deck1, set1, discard;
    explicit Table(std::uint64_t seed = 1) : m(seed) {
        m.add_player("A", 1);
        m.add_player("B", 2);
        hand0 = m.create_zone("hand", 0, Visibility::Owner);
        hand1 = m.create_zone("hand", 1, Visibility::Owner);
        deck1 = m.create_zone("deck", 1, Visibility::Hidden);
        set1 = m.create_zone("set", 1, Visibility::Owner);
        discard = m.create_zone("discard", kNoPlayer, Visibility::Public);
    }
    EntityId card(const std::string& def, PlayerIndex owner, ZoneId z, const std::string& kind = "card") {
        return m.create_entity(kind, def, def, owner, z, Where::bottom(), {{"power", std::int64_t(def.size())}}, {"t_" + def});
    }
    std::vector<std::string> defs(ZoneId z) const {
        std::vector<std::string> out;
        for (EntityId e : m.zone(z).items) out.push_back(m.entity(e).def);
        return out;
    }
};

// A's card in hand; six of B's cards in B's deck, two of them drawn; a style B set; a public card.
void deal(Table& t) {
    t.card("mine", 0, t.hand0);
    for (const char* d : {"a", "bb", "ccc", "dddd", "eeeee", "ffffff"}) t.card(d, 1, t.deck1);
    t.card("style", 1, t.set1, "style");
    t.card("open", 1, t.discard);
    t.m.move(t.m.zone(t.deck1).items[0], t.hand1);
    t.m.move(t.m.zone(t.deck1).items[0], t.hand1);
}

std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

}  // namespace

TEST_CASE("resample_hidden keeps what the viewer sees and re-deals the rest within its class") {
    Table t;
    deal(t);
    const auto all_before = sorted([&] {
        auto v = t.defs(t.hand1);
        for (auto& d : t.defs(t.deck1)) v.push_back(d);
        return v;
    }());
    bool changed = false;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Table u;   // the same table, re-dealt with another seed
        deal(u);
        const auto before = u.defs(u.hand1);
        u.m.resample_hidden(0, seed);
        CHECK(u.m.check_invariants() == "");
        CHECK(u.defs(u.hand0) == std::vector<std::string>{"mine"});        // the viewer's own
        CHECK(u.defs(u.discard) == std::vector<std::string>{"open"});      // public
        CHECK(u.defs(u.set1) == std::vector<std::string>{"style"});        // another class: never swapped in
        auto after = u.defs(u.hand1);
        for (auto& d : u.defs(u.deck1)) after.push_back(d);
        CHECK(sorted(after) == all_before);                                // the same cards, re-dealt
        CHECK(u.m.zone(u.hand1).items.size() == 2);
        changed = changed || u.defs(u.hand1) != before;
        // A card's props and tags travel with it.
        for (EntityId e : u.m.zone(u.deck1).items) {
            const Entity& ent = u.m.entity(e);
            CHECK(std::get<std::int64_t>(ent.prop("power")) == static_cast<std::int64_t>(ent.def.size()));
            CHECK(ent.has_tag("t_" + ent.def));
        }
    }
    CHECK(changed);   // over 20 seeds the hidden hand was dealt differently at least once
}

TEST_CASE("resample_hidden: matches the viewer cannot tell apart re-deal to the same state") {
    // B's deck is built in two different orders: player A saw only "a card is created" each time.
    Table x, y;
    for (const char* d : {"a", "b", "c", "d", "e"}) x.card(d, 1, x.deck1);
    for (const char* d : {"e", "c", "a", "d", "b"}) y.card(d, 1, y.deck1);
    x.m.move(x.m.zone(x.deck1).items[0], x.hand1);
    y.m.move(y.m.zone(y.deck1).items[0], y.hand1);
    REQUIRE(x.defs(x.hand1) != y.defs(y.hand1));   // the truth differs
    x.m.resample_hidden(0, 99);
    y.m.resample_hidden(0, 99);
    CHECK(x.defs(x.hand1) == y.defs(y.hand1));
    CHECK(x.defs(x.deck1) == y.defs(y.deck1));
    CHECK(x.m.rng().next() == y.m.rng().next());   // the future draws follow the seed, not the match
}

TEST_CASE("resample_hidden: a card the viewer saw arrive stays; one shuffled in stays in its zone") {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Table t;
        for (const char* d : {"a", "b", "c", "d", "e", "f"}) t.card(d, 1, t.deck1);
        const EntityId shown = t.m.zone(t.deck1).items[0];
        t.m.reveal(shown, mask_of(0));                 // A is shown B's top card ...
        t.m.move(shown, t.hand1);                      // ... and sees it go into B's hand
        const EntityId shuffled = t.m.zone(t.deck1).items[0];
        t.m.move(shuffled, t.discard);                 // public, then back into the deck, shuffled
        t.m.move(shuffled, t.deck1, Where::top());
        t.m.shuffle(t.deck1);
        t.m.resample_hidden(0, seed);
        CHECK(t.m.entity(shown).def == "a");
        CHECK(t.m.entity(shown).zone == t.hand1);
        const auto deck = t.defs(t.deck1);
        CHECK(std::count(deck.begin(), deck.end(), "b") == 1);   // still in the deck, somewhere
    }
}

TEST_CASE("resample_hidden refuses a player who is not at the table") {
    Table t;
    CHECK_THROWS_AS(t.m.resample_hidden(2, 1), KernelError);
}

TEST_CASE("resample_hidden: in zones with secret kinds, hidden cards trade their kind too; elsewhere they keep it") {
    // B's hand and deck hold units and orders in two different orders; A sees none of them.
    // With secret kinds, what A knows is B's cards, not which kind lies where: both tables
    // re-deal to the same state. Without, each place keeps its kind (a style stays a style).
    const auto table = [](bool secret, const std::vector<std::pair<const char*, const char*>>& cards) {
        auto t = std::make_unique<Table>();
        const ZoneId hand = t->m.create_zone("hand2", 1, Visibility::Owner, secret);
        const ZoneId deck = t->m.create_zone("deck2", 1, Visibility::Hidden, secret);
        for (const auto& [def, kind] : cards) t->card(def, 1, deck, kind);
        t->m.move(t->m.zone(deck).items[0], hand);
        return std::make_tuple(std::move(t), hand, deck);
    };
    const std::vector<std::pair<const char*, const char*>> order_x{{"u1", "unit"}, {"o1", "order"}, {"u2", "unit"}, {"o2", "order"}},
        order_y{{"o2", "order"}, {"u2", "unit"}, {"o1", "order"}, {"u1", "unit"}};
    const auto kinds = [](const Table& t, ZoneId z) {
        std::vector<std::string> out;
        for (EntityId e : t.m.zone(z).items) out.push_back(t.m.entity(e).kind + ":" + t.m.entity(e).def);
        return out;
    };
    auto [x, xh, xd] = table(true, order_x);
    auto [y, yh, yd] = table(true, order_y);
    REQUIRE(kinds(*x, xd) != kinds(*y, yd));
    x->m.resample_hidden(0, 5);
    y->m.resample_hidden(0, 5);
    CHECK(kinds(*x, xh) == kinds(*y, yh));   // kind and card travel together
    CHECK(kinds(*x, xd) == kinds(*y, yd));
    CHECK(x->m.check_invariants() == "");
    // The same decks without secret kinds: every place keeps its kind, whatever the seed.
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        auto [z, zh, zd] = table(false, order_x);
        z->m.resample_hidden(0, seed);
        std::vector<std::string> place_kinds;
        for (EntityId e : z->m.zone(zd).items) place_kinds.push_back(z->m.entity(e).kind);
        CHECK(place_kinds == std::vector<std::string>{"order", "unit", "order"});
        CHECK(z->m.entity(z->m.zone(zh).items[0]).kind == "unit");
    }
}

TEST_CASE("resample_hidden: in a zone with secret owners, hidden cards trade their owner too; elsewhere they keep it") {
    // A shared face-down pile holds one card of A's and two of B's in two different orders; A
    // sees none of them. With secret owners (backs alike), what A knows is the pile's cards, not
    // whose lies where: both tables re-deal to the same state, and each card keeps its owner (a
    // re-dealt copy must not give B's card to A). Without, each place keeps its owner, as a
    // card's back shows it.
    const auto table = [](bool secret, const std::vector<std::pair<const char*, PlayerIndex>>& cards) {
        auto t = std::make_unique<Table>();
        const ZoneId pile = t->m.create_zone("pile", kNoPlayer, Visibility::Hidden, false, secret);
        for (const auto& [def, owner] : cards) t->card(def, owner, pile);
        return std::make_pair(std::move(t), pile);
    };
    const auto cards = [](const Table& t, ZoneId z) {
        std::vector<std::string> out;
        for (EntityId e : t.m.zone(z).items) out.push_back(t.m.entity(e).def + "@" + std::to_string(t.m.entity(e).owner));
        return out;
    };
    const std::vector<std::pair<const char*, PlayerIndex>> order_x{{"a1", 0}, {"b1", 1}, {"b2", 1}},
        order_y{{"b2", 1}, {"b1", 1}, {"a1", 0}};
    auto [x, xp] = table(true, order_x);
    auto [y, yp] = table(true, order_y);
    REQUIRE(cards(*x, xp) != cards(*y, yp));
    x->m.resample_hidden(0, 5);
    y->m.resample_hidden(0, 5);
    CHECK(cards(*x, xp) == cards(*y, yp));
    CHECK(sorted(cards(*x, xp)) == std::vector<std::string>{"a1@0", "b1@1", "b2@1"});   // each card with its owner
    CHECK(x->m.check_invariants() == "");
    // Across seeds A's card lands in every place of the secret pile; in a plain one, never off
    // the place it was made at.
    std::set<std::size_t> secret_places, plain_places;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        for (const bool secret : {true, false}) {
            auto [t, pile] = table(secret, order_x);
            t->m.resample_hidden(0, seed);
            const auto& items = t->m.zone(pile).items;
            for (std::size_t i = 0; i < items.size(); ++i)
                if (t->m.entity(items[i]).owner == 0) (secret ? secret_places : plain_places).insert(i);
        }
    }
    CHECK(secret_places == std::set<std::size_t>{0, 1, 2});
    CHECK(plain_places == std::set<std::size_t>{0});
    // B puts one card of a hand of two into the pile, unseen: A cannot tell which, so each of
    // them is sometimes in the pile (a review: the pile's class of its own kept the real one there).
    std::set<std::string> in_pile;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        auto [t, pile] = table(true, {{"a1", 0}});
        for (const char* d : {"x", "y"}) t->card(d, 1, t->hand1);
        t->m.move(t->m.zone(t->hand1).items[0], pile);   // "x" goes
        t->m.resample_hidden(0, seed);
        for (EntityId e : t->m.zone(pile).items)
            if (t->m.entity(e).owner == 1) in_pile.insert(t->m.entity(e).def);
        CHECK(t->m.zone(t->hand1).items.size() == 1);
        CHECK(t->m.entity(t->m.zone(t->hand1).items[0]).owner == 1);   // a hand keeps its owner's card
        CHECK(t->m.check_invariants() == "");
    }
    CHECK(in_pile == std::set<std::string>{"x", "y"});
}

TEST_CASE("resample_hidden: a card's handlers go with its identity, not with the place it left") {
    // Each of B's hidden cards has a handler (its definition's function, as cards.activate
    // registers it). A re-dealt copy that left the handlers behind played the real card's
    // effect at the place where another card was dealt.
    bool moved = false;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        Table t;
        deal(t);
        struct Registered {
            HandlerId id;
            EntityId was;
            std::string def;   // its card's definition
        };
        std::vector<Registered> handlers;
        for (ZoneId z : {t.hand1, t.deck1})
            for (EntityId e : t.m.zone(z).items) {
                Handler h;
                h.window = "go";
                h.source = e;
                h.player = 1;
                handlers.push_back({t.m.windows().add(h), e, t.m.entity(e).def});
            }
        t.m.resample_hidden(0, seed);
        for (const Registered& r : handlers) {
            const Handler* h = t.m.windows().get(r.id);
            REQUIRE(h);
            CHECK(t.m.entity(h->source).def == r.def);   // wherever that card was dealt
            moved = moved || h->source != r.was;
        }
    }
    CHECK(moved);
}

TEST_CASE("hidden_from lists what resample_hidden may re-deal: what the viewer cannot see nor saw arrive") {
    Table t;
    deal(t);
    std::vector<EntityId> expected;
    for (ZoneId z : {t.hand1, t.deck1, t.set1})
        for (EntityId e : t.m.zone(z).items) expected.push_back(e);
    std::sort(expected.begin(), expected.end());
    CHECK(t.m.hidden_from(0) == expected);
    // B sees its hand, its set and the public card, not A's hand nor its own deck.
    std::vector<EntityId> from_b{t.m.zone(t.hand0).items[0]};
    for (EntityId e : t.m.zone(t.deck1).items) from_b.push_back(e);
    std::sort(from_b.begin(), from_b.end());
    CHECK(t.m.hidden_from(1) == from_b);
    CHECK_THROWS_AS(t.m.hidden_from(5), KernelError);
}

TEST_CASE("resample_hidden within a scope: only the listed entities trade, and the generator may stay") {
    // A search re-deals before the question it searches (search/forks.cpp): only what the viewer
    // will not know by then, and with the real draws kept until the copy arrives.
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Table t, same;
        deal(t);
        deal(same);
        const std::vector<EntityId> hand(t.m.zone(t.hand1).items.begin(), t.m.zone(t.hand1).items.end());
        std::vector<EntityId> only = hand;
        std::sort(only.begin(), only.end());
        const auto deck_before = t.defs(t.deck1);
        const auto hand_before = sorted(t.defs(t.hand1));
        t.m.resample_hidden(0, seed, Match::ResampleScope{&only, false});
        CHECK(t.m.check_invariants() == "");
        CHECK(t.defs(t.deck1) == deck_before);            // not listed: not touched
        CHECK(sorted(t.defs(t.hand1)) == hand_before);    // the listed two trade between themselves
        CHECK(t.m.rng().next() == same.m.rng().next());   // not reseeded: the real draws go on
    }
    // Reseeded when asked, as a whole re-deal is.
    Table t, same;
    deal(t);
    deal(same);
    const std::vector<EntityId> none;
    CHECK(t.m.resample_hidden(0, 7, Match::ResampleScope{&none, true}) == 0);
    CHECK(t.m.rng().next() != same.m.rng().next());
}

TEST_CASE("a card that left a zone unseen takes with it what a player knew of the cards still there") {
    // A saw B's five cards go into B's deck (public, then in), then the deck was shuffled and B
    // drew two without A seeing which: A knows B holds two of the five, not which two.
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        Table t(seed);
        for (const char* d : {"a", "b", "c", "d", "e"}) t.card(d, 1, t.discard);
        for (EntityId e : std::vector<EntityId>(t.m.zone(t.discard).items)) t.m.move(e, t.deck1);
        t.m.shuffle(t.deck1);
        for (EntityId e : t.m.zone(t.deck1).items) REQUIRE(mask_has(t.m.entity(e).zoned_for, 0));
        t.m.move(t.m.zone(t.deck1).items[0], t.hand1);
        t.m.move(t.m.zone(t.deck1).items[0], t.hand1);
        for (ZoneId z : {t.deck1, t.hand1})
            for (EntityId e : t.m.zone(z).items) {
                CHECK_FALSE(mask_has(t.m.entity(e).zoned_for, 0));
                CHECK(mask_has(t.m.entity(e).zoned_for, 1));   // B saw its own draws: B still knows
            }
    }
    // So a re-deal for A treats hand and deck alike, whatever the shuffle gave B.
    std::vector<std::vector<std::string>> hands;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        Table t(seed);
        for (const char* d : {"a", "b", "c", "d", "e"}) t.card(d, 1, t.discard);
        for (EntityId e : std::vector<EntityId>(t.m.zone(t.discard).items)) t.m.move(e, t.deck1);
        t.m.shuffle(t.deck1);
        t.m.move(t.m.zone(t.deck1).items[0], t.hand1);
        t.m.move(t.m.zone(t.deck1).items[0], t.hand1);
        t.m.resample_hidden(0, 42);
        hands.push_back(t.defs(t.hand1));
    }
    CHECK(hands[0] == hands[1]);   // the real draws (seed) no longer show through the re-deal
    CHECK(hands[0] == hands[2]);
}

TEST_CASE("what a player knows of a card that leaves unseen: its class only, and the leaver itself") {
    // A token leaving B's deck unseen tells A it was a token (kinds are not secret there): A
    // still knows the cards it saw go in are in the deck.
    Table t;
    for (const char* d : {"a", "b"}) t.card(d, 1, t.discard);
    for (EntityId e : std::vector<EntityId>(t.m.zone(t.discard).items)) t.m.move(e, t.deck1);
    const EntityId token = t.card("tok", 1, t.deck1, "token");
    t.m.shuffle(t.deck1);
    t.m.move(token, t.hand1);
    for (EntityId e : t.m.zone(t.deck1).items) CHECK(mask_has(t.m.entity(e).zoned_for, 0));
    // A saw B's card put on top of B's deck, then B drew a card unseen. The log does not say from
    // where (the top by a public rule, or the top or the bottom by B's secret choice: the kernel
    // cannot tell), so A no longer knows where the ace is: it may be the card drawn or still in
    // the deck (a red team found the search telling B's secret choice when A "knew" it was the
    // ace). Conservative: forgetting weakens a search, keeping a guess makes it cheat.
    Table u;
    for (const char* d : {"x", "y", "z"}) u.card(d, 1, u.deck1);
    u.m.shuffle(u.deck1);
    const EntityId ace = u.card("ace", 1, u.discard);
    u.m.move(ace, u.deck1, Where::top());
    REQUIRE(mask_has(u.m.entity(ace).placed_for, 0));
    u.m.move(u.m.zone(u.deck1).items[0], u.hand1);
    CHECK(u.m.entity(ace).zone == u.hand1);
    CHECK_FALSE(mask_has(u.m.entity(ace).zoned_for, 0));
    CHECK_FALSE(mask_has(u.m.entity(ace).placed_for, 0));
    for (EntityId e : u.m.zone(u.deck1).items) {   // nor where the others are
        CHECK_FALSE(mask_has(u.m.entity(e).zoned_for, 0));
        CHECK_FALSE(mask_has(u.m.entity(e).placed_for, 0));
    }
}

TEST_CASE("what a player knows after a secret reorder, a secret insert, and a whole zone moved") {
    // A saw the ace put on top of B's deck.
    Table t;
    for (const char* d : {"x", "y", "z"}) t.card(d, 1, t.deck1);
    const EntityId ace = t.card("ace", 1, t.discard);
    t.m.move(ace, t.deck1, Where::top());
    REQUIRE(mask_has(t.m.entity(ace).placed_for, 0));
    // B moves a card within the deck unseen: it is still in the deck (zoned_for kept), but A knows
    // no place there any more (which card went where is hidden).
    t.m.move(ace, t.deck1, Where::bottom());
    CHECK(mask_has(t.m.entity(ace).zoned_for, 0));
    CHECK_FALSE(mask_has(t.m.entity(ace).placed_for, 0));
    // Seen again on top, then a card of B's hand goes into the deck at a place A cannot see: the
    // ace may have moved down; A still knows it is in the deck.
    Table u;
    for (const char* d : {"x", "y"}) u.card(d, 1, u.deck1);
    const EntityId king = u.card("king", 1, u.discard);
    u.m.move(king, u.deck1, Where::top());
    u.card("h", 1, u.hand1);
    u.m.move(u.m.zone(u.hand1).items[0], u.deck1, Where::top());
    CHECK(mask_has(u.m.entity(king).zoned_for, 0));
    CHECK_FALSE(mask_has(u.m.entity(king).placed_for, 0));
    // Cards seen going into B's hand, then the whole hand into the deck in view: A knows every one
    // of them is in the deck now (one by one, each unseen departure made A forget the rest).
    Table w;
    const EntityId a = w.card("a", 1, w.discard), b = w.card("b", 1, w.discard);
    w.m.move(a, w.hand1);
    w.m.move(b, w.hand1);
    w.card("secret", 1, w.hand1);
    w.m.move_all(w.hand1, w.deck1);
    CHECK(mask_has(w.m.entity(a).zoned_for, 0));
    CHECK(mask_has(w.m.entity(b).zoned_for, 0));
}

TEST_CASE("a re-deal scoped to the cards hidden at a later decision re-deals them where the player knew their place") {
    // A knew where the ace lay at the re-deal point (a search's earlier group) but not at the
    // decision: the scope lists it, and it must take part, or a secret pick replayed by position
    // would take the real card (a red team: the search read which card B put face down).
    std::set<std::string> tops;
    for (std::uint64_t seed = 1; seed <= 24; ++seed) {
        Table t;
        for (const char* d : {"x", "y", "z"}) t.card(d, 1, t.hand1);
        const EntityId ace = t.card("ace", 1, t.discard);
        t.m.move(ace, t.hand1, Where::top());
        REQUIRE(mask_has(t.m.entity(ace).placed_for, 0));
        const std::vector<EntityId> listed = t.m.zone(t.hand1).items;   // (sorted: made in order)
        std::vector<EntityId> scope(listed.begin(), listed.end());
        std::sort(scope.begin(), scope.end());
        t.m.resample_hidden(0, seed, Match::ResampleScope{&scope, false});
        tops.insert(t.m.entity(t.m.zone(t.hand1).items[0]).def);
        CHECK_FALSE(mask_has(t.m.entity(t.m.zone(t.hand1).items[0]).placed_for, 0));
    }
    CHECK(tops.size() > 1);   // the ace no longer always on top
}
