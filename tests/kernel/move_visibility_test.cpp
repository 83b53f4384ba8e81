// move_visibility_test.cpp - where a moved entity lands in a zone is as secret as the entity:
// a card slid face down into an owner-only deck shows its position to its owner only (a
// drafted card's insertion point must not leak), while a move into a public zone shows it to all.
#include <catch2/catch.hpp>

#include "kernel/match.h"

using namespace duelbox;

namespace {
struct Table {
    Match m{7};
    PlayerIndex ann = m.add_player("Ann", 1);
    PlayerIndex bob = m.add_player("Bob", 2);
    ZoneId hand = m.create_zone("hand", ann, Visibility::Owner);
    ZoneId deck = m.create_zone("deck", ann, Visibility::Owner);     // face down, its owner knows the order
    ZoneId pile = m.create_zone("pile", ann, Visibility::Public);
    EntityId card(const char* name, ZoneId z) { return m.create_entity("card", name, name, ann, z, Where::bottom()); }
};
}  // namespace

TEST_CASE("an insert position into an owner-only zone is visible to the owner only", "[kernel][match]") {
    Table t;
    t.card("A", t.deck);
    t.card("B", t.deck);
    const EntityId x = t.card("X", t.hand);
    t.m.move(x, t.deck, Where::at(1));
    const Event& ev = t.m.log().events().back();
    REQUIRE(ev.type == "zone.move");
    CHECK(std::get<std::int64_t>(ev.get("index")) == 1);
    CHECK(EventLog::sees(*ev.find("index"), t.ann));
    CHECK_FALSE(EventLog::sees(*ev.find("index"), t.bob));
    CHECK_FALSE(EventLog::sees(*ev.find("entity"), t.bob));
    CHECK(EventLog::sees(*ev.find("to"), t.bob));                          // that a card went in is public
    const std::string bob_view = t.m.log().to_json_line(ev, t.bob, nullptr);
    CHECK(bob_view.find("\"index\"") == std::string::npos);
    CHECK(t.m.log().to_json_line(ev, t.ann, nullptr).find("\"index\":1") != std::string::npos);
}

TEST_CASE("an insert position into a public zone is visible to everyone", "[kernel][match]") {
    Table t;
    t.card("A", t.pile);
    const EntityId x = t.card("X", t.hand);
    t.m.move(x, t.pile, Where::bottom());
    const Event& ev = t.m.log().events().back();
    CHECK(std::get<std::int64_t>(ev.get("index")) == 1);
    CHECK(EventLog::sees(*ev.find("index"), t.bob));
    CHECK(EventLog::sees(*ev.find("entity"), t.bob));
}

TEST_CASE("a card created in a hidden zone hides its kind, definition and id from the others", "[kernel][match]") {
    // Found by a squad-battle audit: the create event named each hidden card's type (order,
    // unit, ...), so a player read the composition and order of the other's deck.
    Table t;
    t.m.create_entity("order", "Jamming", "Jamming", t.ann, t.deck, Where::bottom());
    const Event& ev = t.m.log().events().back();
    REQUIRE(ev.type == "entity.create");
    CHECK(std::get<std::string>(ev.get("kind")) == "order");
    CHECK(EventLog::sees(*ev.find("kind"), t.ann));
    CHECK_FALSE(EventLog::sees(*ev.find("kind"), t.bob));
    CHECK_FALSE(EventLog::sees(*ev.find("def"), t.bob));
    CHECK_FALSE(EventLog::sees(*ev.find("entity"), t.bob));
    const std::string bob_view = t.m.log().to_json_line(ev, t.bob, nullptr);
    CHECK(bob_view.find("order") == std::string::npos);
    CHECK(bob_view.find("Jamming") == std::string::npos);
    // In a public zone everyone sees what was made.
    t.m.create_entity("unit", "Gunship", "Gunship", t.ann, t.pile, Where::bottom());
    CHECK(EventLog::sees(*t.m.log().events().back().find("kind"), t.bob));
}
