// match_test.cpp - Match: entities and zones, visibility, counters, periods, errors, the log.
//
// Board and movement have their own tests (board_test.cpp); nothing here needs a board.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "kernel/match.h"

using namespace duelbox;

namespace {
// Two players, each with a hidden deck, an owner-only hand and a public discard pile.
struct Table {
    Match m{42};
    PlayerIndex ann = m.add_player("Ann", 1);
    PlayerIndex bob = m.add_player("Bob", 2);
    ZoneId deck = m.create_zone("deck", ann, Visibility::Hidden);
    ZoneId hand = m.create_zone("hand", ann, Visibility::Owner);
    ZoneId discard = m.create_zone("discard", ann, Visibility::Public);

    EntityId card(std::string name, ZoneId z) { return m.create_entity("card", "test/" + name, name, ann, z); }
};

const Event& last_event(const Match& m) {
    REQUIRE(m.log().size() > 0);
    return m.log().events().back();
}

std::vector<const Event*> events_of(const Match& m, std::string_view type) {
    std::vector<const Event*> out;
    for (const auto& e : m.log().events())
        if (e.type == type) out.push_back(&e);
    return out;
}

std::int64_t int_of(const Event& e, std::string_view key) {
    const auto* v = std::get_if<std::int64_t>(&e.get(key));
    REQUIRE(v != nullptr);
    return *v;
}
}  // namespace

TEST_CASE("players are entities in the players zone and know their allies", "[kernel][match]") {
    Match m(1);
    const PlayerIndex a = m.add_player("Ann", 1);
    const PlayerIndex b = m.add_player("Bob", 2);
    const PlayerIndex c = m.add_player("Cid", 1);
    CHECK(a == 0);
    CHECK(b == 1);
    CHECK(m.player_count() == 3);

    const Entity& ann = m.entity(m.player(a).entity);
    CHECK(ann.kind == "player");
    CHECK(ann.name == "Ann");
    CHECK(ann.owner == a);
    CHECK(m.zone(ann.zone).name == "players");

    CHECK(m.allies(a, c));
    CHECK(m.allies(b, b));
    CHECK_FALSE(m.allies(a, b));
    CHECK_FALSE(m.allies(a, 7));
    CHECK(m.check_invariants() == "");
}

TEST_CASE("an unknown player, entity or zone throws KernelError with a message", "[kernel][match]") {
    Table t;
    const EntityId strike = t.card("Strike", t.hand);

    CHECK_THROWS_WITH(t.m.player(2), "player 3 does not exist (players 1..2)");
    CHECK_THROWS_AS(t.m.player(-1), KernelError);
    CHECK_THROWS_WITH(t.m.entity(0), "entity 0 does not exist");
    CHECK_THROWS_WITH(t.m.entity(99), "entity 99 does not exist");
    CHECK_THROWS_WITH(t.m.zone(99), "zone 99 does not exist");
    CHECK_THROWS_AS(t.m.move(99, t.hand), KernelError);
    CHECK_THROWS_AS(t.m.move(strike, 99), KernelError);
    CHECK_THROWS_AS(t.m.create_entity("card", "", "Ghost", t.ann, 99), KernelError);
    CHECK_THROWS_AS(t.m.set_counter(99, "life", 3), KernelError);
    CHECK_THROWS_AS(t.m.reveal(99, kEveryone), KernelError);
    CHECK_THROWS_AS(t.m.can_see(t.ann, 99), KernelError);
    Modifier mod;
    mod.target = 99;
    mod.stat = "power";
    CHECK_THROWS_AS(t.m.add_modifier(mod), KernelError);
    CHECK_THROWS_WITH(t.m.define_counter(strike, "x", 0, 5, 1), "counter 'x': min is greater than max");

    // Nothing half-happened.
    CHECK(t.m.entity(strike).zone == t.hand);
    CHECK(t.m.check_invariants() == "");
}

TEST_CASE("zone names are unique per owner", "[kernel][match]") {
    Table t;
    CHECK_THROWS_AS(t.m.create_zone("hand", t.ann, Visibility::Owner), KernelError);
    const ZoneId bob_hand = t.m.create_zone("hand", t.bob, Visibility::Owner);
    CHECK(bob_hand != t.hand);
    CHECK(t.m.find_zone("hand", t.ann) == t.hand);
    CHECK(t.m.find_zone("hand", t.bob) == bob_hand);
    CHECK(t.m.find_zone("graveyard", t.ann) == kNoZone);
    CHECK(t.m.zone(t.deck).visibility == Visibility::Hidden);
}

TEST_CASE("create_entity puts the entity in its zone and logs the creation", "[kernel][match]") {
    Table t;
    const EntityId a = t.card("A", t.discard);
    const EntityId b = t.card("B", t.discard);
    const EntityId top = t.m.create_entity("card", "test/top", "Top", t.ann, t.discard, Where::top());

    const Entity& e = t.m.entity(a);
    CHECK(e.id == a);
    CHECK(e.kind == "card");
    CHECK(e.def == "test/A");
    CHECK(e.zone == t.discard);
    CHECK(t.m.zone(t.discard).items == std::vector<EntityId>{top, a, b});

    const Event& ev = last_event(t.m);
    CHECK(ev.type == "entity.create");
    CHECK(int_of(ev, "entity") == top);
    CHECK(int_of(ev, "zone") == t.discard);
    CHECK(t.m.check_invariants() == "");
}

TEST_CASE("move puts an entity on top, at the bottom or at an index", "[kernel][match]") {
    Table t;
    const EntityId a = t.card("A", t.discard);
    const EntityId b = t.card("B", t.discard);
    const EntityId c = t.card("C", t.discard);
    const EntityId x = t.card("X", t.hand);

    t.m.move(x, t.discard);   // top by default
    CHECK(t.m.zone(t.discard).items == std::vector<EntityId>{x, a, b, c});
    CHECK(t.m.zone(t.hand).items.empty());
    CHECK(t.m.entity(x).zone == t.discard);

    t.m.move(x, t.discard, Where::bottom());   // within the same zone
    CHECK(t.m.zone(t.discard).items == std::vector<EntityId>{a, b, c, x});

    t.m.move(x, t.discard, Where::at(1));
    CHECK(t.m.zone(t.discard).items == std::vector<EntityId>{a, x, b, c});

    t.m.move(a, t.hand, Where::at(0));
    CHECK(t.m.zone(t.hand).items == std::vector<EntityId>{a});

    const Event& ev = last_event(t.m);
    CHECK(ev.type == "zone.move");
    CHECK(int_of(ev, "entity") == a);
    CHECK(int_of(ev, "from") == t.discard);
    CHECK(int_of(ev, "to") == t.hand);
    CHECK(int_of(ev, "index") == 0);
    CHECK(t.m.check_invariants() == "");
}

TEST_CASE("a move to a bad index throws and changes nothing", "[kernel][match]") {
    Table t;
    const EntityId a = t.card("A", t.discard);
    const EntityId b = t.card("B", t.discard);
    const EntityId x = t.card("X", t.hand);
    const auto events_before = t.m.log().size();

    CHECK_THROWS_WITH(t.m.move(x, t.discard, Where::at(3)), "index 3 is outside zone 'discard' (0..2)");
    CHECK_THROWS_AS(t.m.move(x, t.discard, Where::at(-1)), KernelError);
    // Within one zone the entity's own slot does not count: 2 items leave room for 0..1.
    CHECK_THROWS_WITH(t.m.move(a, t.discard, Where::at(2)), "index 2 is outside zone 'discard' (0..1)");

    CHECK(t.m.zone(t.discard).items == std::vector<EntityId>{a, b});
    CHECK(t.m.zone(t.hand).items == std::vector<EntityId>{x});
    CHECK(t.m.log().size() == events_before);
    CHECK(t.m.check_invariants() == "");
}

TEST_CASE("a seeded shuffle gives the same order in every match with that seed", "[kernel][match]") {
    auto shuffled = [](std::uint64_t seed) {
        Table t;
        t.m.rng().reseed(seed);
        for (int i = 0; i < 12; ++i) t.card("card" + std::to_string(i), t.deck);
        t.m.shuffle(t.deck);
        CHECK(last_event(t.m).type == "zone.shuffle");
        CHECK(t.m.check_invariants() == "");
        return t.m.zone(t.deck).items;
    };
    const auto first = shuffled(7);
    const auto again = shuffled(7);
    const auto other = shuffled(8);
    CHECK(first == again);
    CHECK(first != other);

    auto sorted = first;
    std::sort(sorted.begin(), sorted.end());
    CHECK(first != sorted);   // 12! orders: staying sorted would mean nothing happened
    CHECK(std::is_permutation(first.begin(), first.end(), other.begin(), other.end()));
}

TEST_CASE("two matches built the same way are identical, seed included", "[kernel][match]") {
    Table a, b;
    for (Table* t : {&a, &b}) {
        for (int i = 0; i < 8; ++i) t->card("c" + std::to_string(i), t->deck);
        t->m.shuffle(t->deck);
    }
    CHECK(a.m.seed() == 42);
    CHECK(a.m.zone(a.deck).items == b.m.zone(b.deck).items);
    CHECK(a.m.rng().draws() == b.m.rng().draws());
}

TEST_CASE("who can see an entity depends on its zone's visibility", "[kernel][match]") {
    Table t;
    const EntityId in_deck = t.card("Deck card", t.deck);
    const EntityId in_hand = t.card("Hand card", t.hand);
    const EntityId in_discard = t.card("Discarded", t.discard);

    CHECK(t.m.can_see(t.ann, in_discard));
    CHECK(t.m.can_see(t.bob, in_discard));
    CHECK(t.m.seen_by(in_discard) == kEveryone);

    CHECK(t.m.can_see(t.ann, in_hand));
    CHECK_FALSE(t.m.can_see(t.bob, in_hand));
    CHECK(t.m.seen_by(in_hand) == mask_of(t.ann));

    CHECK_FALSE(t.m.can_see(t.ann, in_deck));
    CHECK_FALSE(t.m.can_see(t.bob, in_deck));
    CHECK(t.m.seen_by(in_deck) == kNobody);

    CHECK(t.m.can_see(EventLog::kObserver, in_deck));
}

TEST_CASE("reveal shows a hidden card to some players until it moves", "[kernel][match]") {
    Table t;
    const EntityId top = t.card("Secret", t.deck);
    t.m.reveal(top, mask_of(t.bob));

    CHECK(t.m.can_see(t.bob, top));
    CHECK_FALSE(t.m.can_see(t.ann, top));
    const Event& ev = last_event(t.m);
    CHECK(ev.type == "entity.reveal");
    CHECK(EventLog::sees(ev, t.bob));
    CHECK(t.m.narrate(ev, t.bob) == "Secret is revealed");

    const auto events = t.m.log().size();
    t.m.reveal(top, mask_of(t.bob));   // already seen: nothing new to log
    CHECK(t.m.log().size() == events);

    t.m.move(top, t.deck, Where::bottom());
    CHECK_FALSE(t.m.can_see(t.bob, top));
    CHECK(t.m.entity(top).revealed_to == kNobody);
}

TEST_CASE("counter writes emit counter.change with from and to", "[kernel][match]") {
    Table t;
    const EntityId ann = t.m.player(t.ann).entity;

    CounterChange c = t.m.define_counter(ann, "life", 20, 0, 20);
    CHECK(c.to == 20);
    const Event& defined = last_event(t.m);
    CHECK(defined.type == "counter.change");
    CHECK(int_of(defined, "owner") == ann);
    CHECK(defined.get("counter") == Value{std::string("life")});
    CHECK(int_of(defined, "from") == 0);
    CHECK(int_of(defined, "to") == 20);

    c = t.m.add_counter(ann, "life", -25);
    CHECK(c.to == 0);
    CHECK(c.requested == -5);
    const Event& hit = last_event(t.m);
    CHECK(int_of(hit, "from") == 20);
    CHECK(int_of(hit, "to") == 0);
    CHECK(hit.get("verb") == Value{std::string("add")});
    CHECK(t.m.narrate(hit, t.bob) == "Ann life: 20 -> 0");

    const auto events = t.m.log().size();
    t.m.add_counter(ann, "life", -1);   // already at the floor: no change, no event
    CHECK(t.m.log().size() == events);
    CHECK(t.m.counter(ann, "life") == 0);

    t.m.set_counter(ann, "life", 7);
    CHECK(int_of(last_event(t.m), "from") == 0);
    CHECK(int_of(last_event(t.m), "to") == 7);
    CHECK(events_of(t.m, "counter.change").size() == 3);
}

TEST_CASE("end_period expires effects and resets handler limits", "[kernel][match]") {
    Table t;
    const EntityId fighter = t.card("Fighter", t.discard);

    Modifier plus;
    plus.target = fighter;
    plus.stat = "power";
    plus.amount = 2;
    plus.expires = "beat";
    t.m.add_modifier(plus);
    Modifier lasting = plus;
    lasting.amount = 1;
    lasting.expires = "";
    t.m.add_modifier(lasting);
    Prohibition stuck;
    stuck.target = fighter;
    stuck.action = "move";
    stuck.expires = "beat";
    t.m.add_prohibition(stuck);

    Handler once;
    once.window = "hit";
    once.limit = 1;
    once.period = "beat";
    const HandlerId h = t.m.windows().add(once);
    t.m.windows().mark_fired(h);

    CHECK(t.m.stat(fighter, "power", 3) == 6);
    CHECK(t.m.prohibited(fighter, "move"));
    CHECK_FALSE(t.m.windows().can_fire(h));

    t.m.end_period("round");   // another period: nothing changes
    CHECK(t.m.stat(fighter, "power", 3) == 6);

    t.m.end_period("beat");
    CHECK(t.m.stat(fighter, "power", 3) == 4);
    CHECK_FALSE(t.m.prohibited(fighter, "move"));
    CHECK(t.m.windows().can_fire(h));

    const Event& ev = last_event(t.m);
    CHECK(ev.type == "period.end");
    CHECK(ev.get("period") == Value{std::string("beat")});
    CHECK(int_of(ev, "expired") == 2);
    CHECK(int_of(ev, "reset") == 1);
}

TEST_CASE("remove_effect removes one effect and logs it", "[kernel][match]") {
    Table t;
    const EntityId fighter = t.card("Fighter", t.discard);
    Prohibition p;
    p.target = fighter;
    p.action = "advance";
    const EffectId id = t.m.add_prohibition(p);
    CHECK(last_event(t.m).type == "prohibition.add");
    CHECK(t.m.remove_effect(id));
    CHECK(last_event(t.m).type == "effect.remove");
    CHECK_FALSE(t.m.prohibited(fighter, "advance"));
    CHECK_FALSE(t.m.remove_effect(id));
}

TEST_CASE("narration of a draw hides the card from the opponent", "[kernel][match]") {
    Table t;
    const EntityId strike = t.card("Strike", t.deck);
    t.m.move(strike, t.hand);
    const Event& draw = last_event(t.m);

    CHECK(t.m.narrate(draw, t.ann) == "Strike moves from Ann's deck to Ann's hand");
    CHECK(t.m.narrate(draw, t.bob) == "a hidden card moves from Ann's deck to Ann's hand");
    CHECK(t.m.narrate(draw, EventLog::kObserver) == "Strike moves from Ann's deck to Ann's hand");

    // Even its creation in the deck named nobody's card.
    const auto created = events_of(t.m, "entity.create");
    REQUIRE_FALSE(created.empty());
    CHECK(t.m.narrate(*created.back(), t.ann) == "a hidden card is created in Ann's deck");
}

TEST_CASE("to_json_line leaves out the fields a viewer may not see", "[kernel][match]") {
    Table t;
    const EntityId strike = t.card("Strike", t.deck);
    t.m.move(strike, t.hand);
    const Event& draw = last_event(t.m);
    const std::string seq = std::to_string(draw.seq);
    const std::string from = std::to_string(t.deck), to = std::to_string(t.hand);

    CHECK(t.m.log().to_json_line(draw, t.bob, nullptr) ==
          "{\"seq\":" + seq + ",\"type\":\"zone.move\",\"data\":{\"from\":" + from + ",\"to\":" + to + "}}");
    CHECK(t.m.log().to_json_line(draw, t.ann, nullptr) ==
          "{\"seq\":" + seq + ",\"type\":\"zone.move\",\"data\":{\"entity\":" + std::to_string(strike) +
              ",\"from\":" + from + ",\"index\":0,\"to\":" + to + "}}");

    const NameResolver names = t.m.names();
    const std::string with_text = t.m.log().to_json_line(draw, t.bob, &names);
    CHECK(with_text.find("\"text\":\"a hidden card moves from Ann's deck to Ann's hand\"") != std::string::npos);
    CHECK(with_text.find("Strike") == std::string::npos);
}

TEST_CASE("set_source stamps each event with the script line that caused it", "[kernel][match]") {
    Table t;
    const EntityId ann = t.m.player(t.ann).entity;
    const std::uint32_t file = t.m.log().intern_file("cards/test/drive.lua");
    CHECK(t.m.log().intern_file("cards/test/drive.lua") == file);   // interned once

    t.m.set_source(SourceLoc{file, 14});
    t.m.set_counter(ann, "force", 2);
    const Event& ev = last_event(t.m);
    CHECK(ev.source.line == 14);
    CHECK(t.m.log().where(ev) == "cards/test/drive.lua:14");
    CHECK(t.m.log().to_json_line(ev, t.bob, nullptr).find("\"source\":\"cards/test/drive.lua:14\"") !=
          std::string::npos);

    t.m.set_source(SourceLoc{});
    t.m.set_counter(ann, "force", 3);
    CHECK(t.m.log().where(last_event(t.m)) == "");
}

TEST_CASE("props and tags of a hidden card are logged only to those who see it", "[kernel][match]") {
    Table t;
    const EntityId card = t.card("Plan", t.hand);
    t.m.set_prop(card, "power", Value{std::int64_t{4}});
    const Event& ev = last_event(t.m);
    CHECK(ev.type == "entity.prop");
    CHECK(EventLog::sees(ev, t.ann));
    CHECK_FALSE(EventLog::sees(ev, t.bob));
    CHECK(t.m.narrate(ev, t.bob) == "");
    CHECK(t.m.entity(card).prop("power") == Value{std::int64_t{4}});

    t.m.add_tag(card, "style");
    CHECK(t.m.entity(card).has_tag("style"));
    const auto events = t.m.log().size();
    t.m.add_tag(card, "style");   // already tagged: no event
    CHECK(t.m.log().size() == events);
    t.m.remove_tag(card, "style");
    CHECK_FALSE(t.m.entity(card).has_tag("style"));
    CHECK(last_event(t.m).type == "entity.untag");
}

TEST_CASE("every log entry has a sequence number equal to its position", "[kernel][match]") {
    Table t;
    const EntityId a = t.card("A", t.deck);
    t.m.move(a, t.hand);
    t.m.shuffle(t.deck);
    const auto& events = t.m.log().events();
    REQUIRE(events.size() >= 5);
    for (std::size_t i = 0; i < events.size(); ++i) CHECK(events[i].seq == i);
    CHECK(t.m.check_invariants() == "");
}

TEST_CASE("finish records the result once", "[kernel][match]") {
    Table t;
    t.m.finish({t.bob}, "knockout");
    CHECK(t.m.result().finished);
    CHECK(t.m.result().winners == std::vector<PlayerIndex>{t.bob});
    CHECK(last_event(t.m).type == "match.end");
    CHECK(last_event(t.m).get("winners") == Value{std::string("Bob")});
    CHECK(last_event(t.m).get("reason") == Value{std::string("knockout")});
    CHECK_THROWS_WITH(t.m.finish({}, "again"), "the match is already finished");
}

TEST_CASE("Entity::prop finds every prop, few or many, and nothing that is not there", "[kernel][match]") {
    // A few props are scanned, many are searched by halves (entity.cpp): both must agree.
    for (const int count : {1, 5, 16, 17, 200}) {
        Entity e;
        for (int i = 0; i < count; ++i) e.set_prop("k" + std::to_string(i * 7 % count), Value{std::int64_t{i}});
        for (int i = 0; i < count; ++i) {
            const Value& v = e.prop("k" + std::to_string(i * 7 % count));
            REQUIRE(std::holds_alternative<std::int64_t>(v));
            CHECK(std::get<std::int64_t>(v) == i);
        }
        CHECK(is_nil(e.prop("k")));
        CHECK(is_nil(e.prop("k" + std::to_string(count))));
        CHECK(is_nil(e.prop("")));
    }
}
