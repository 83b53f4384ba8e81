// narration_test.cpp - every event type the kernel makes narrates in words: non-empty, no
// placeholder left unfilled ("?"), no raw "nil". A teaching walkthrough shows all of them.
// (The runner's "decision" event: tests/lua_api/decide_api_test.cpp.)
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "kernel/match.h"

using namespace duelbox;

TEST_CASE("every kernel event type narrates in words", "[kernel][narration]") {
    Match m{3};
    const PlayerIndex ann = m.add_player("Ann", 1);
    const PlayerIndex bob = m.add_player("Bob", 2);
    const ZoneId deck = m.create_zone("deck", ann, Visibility::Hidden);
    const ZoneId discard = m.create_zone("discard", ann, Visibility::Public);
    const EntityId card = m.create_entity("card", "test/ace", "Ace", ann, deck);
    const EntityId other = m.create_entity("card", "test/two", "Two", ann, deck);
    m.set_prop(card, "live", Value{true});
    m.set_prop(card, "live", Value{});   // cleared
    m.add_tag(card, "fast");
    m.remove_tag(card, "fast");
    m.reveal(card, mask_of(bob));
    m.move(card, discard);
    m.shuffle(deck);
    const EntityId me = m.player(ann).entity;
    m.define_counter(me, "health", 20, 0, 20);
    m.add_counter(me, "health", -3);
    m.set_counter(me, "health", 10);
    Modifier mod;
    mod.target = me;
    mod.stat = "power";
    mod.amount = 2;
    const EffectId mod_id = m.add_modifier(mod);
    Prohibition ban;
    ban.target = me;
    ban.action = "advance";
    m.add_prohibition(ban);
    m.remove_effect(mod_id);
    m.end_period("beat");
    Board b;
    b.make_line(5);
    m.set_board(std::move(b));
    const EntityId fig_a = m.create_entity("figure", "", "Ann's figure", ann, deck);
    const EntityId fig_b = m.create_entity("figure", "", "Bob's figure", bob, deck);
    m.place(fig_a, m.board().at_line(1));
    m.place(fig_b, m.board().at_line(5));
    m.line_move(LineWord::Advance, fig_a, fig_b, 1, true);
    m.teleport(fig_a, fig_b, m.board().at_line(3), true);
    m.finish({ann}, "knockout");
    (void)other;

    std::set<std::string> types;
    for (const Event& e : m.log().events()) {
        types.insert(std::string(e.type));
        for (PlayerIndex viewer : {EventLog::kObserver, ann, bob}) {
            if (!EventLog::sees(e, viewer)) continue;
            const std::string text = m.narrate(e, viewer);
            INFO("event #" << e.seq << " " << e.type << " seen by " << viewer << ": " << text);
            CHECK_FALSE(text.empty());
            CHECK(text.find('?') == std::string::npos);
            CHECK(text.find("nil") == std::string::npos);
            CHECK(text.find('{') == std::string::npos);
        }
    }
    CHECK(types == std::set<std::string>{"entity.create", "entity.prop", "entity.tag", "entity.untag", "entity.reveal",
                                         "zone.move", "zone.shuffle", "counter.change", "modifier.add",
                                         "prohibition.add", "effect.remove", "period.end", "board.set", "board.place",
                                         "board.move", "match.end"});
    const Event& cleared = m.log().events()[5];
    REQUIRE(cleared.type == "entity.prop");
    CHECK(m.narrate(cleared, EventLog::kObserver) == "Ace live is cleared");
}

TEST_CASE("a JSON line leaves out the source of an event with a field hidden from its viewer", "[kernel][narration][hidden]") {
    // A red team (2026-11-30): `run --as N --json` printed each event's script line even when
    // the event's card was hidden from N; a hidden card's own script (cards/...) names it.
    EventLog log;
    const SourceLoc source{log.intern_file("cards/game/secret_card.lua"), 12};
    const FieldIn hidden[] = {{"card", FieldValue{std::int64_t{7}}, mask_of(1)}};
    const FieldIn open[] = {{"amount", FieldValue{std::int64_t{2}}}};
    log.append(intern("card.effect"), intern("{e:card} acts"), hidden, 0, source, kEveryone);
    log.append(intern("card.effect"), intern("{amount}"), open, 0, source, kEveryone);
    const std::string at = "\"source\":\"cards/game/secret_card.lua:12\"";
    CHECK(log.to_json_line(log.event(0), 0, nullptr).find(at) == std::string::npos);   // player 1: the card is hidden
    CHECK(log.to_json_line(log.event(0), 1, nullptr).find(at) != std::string::npos);   // its owner sees it
    CHECK(log.to_json_line(log.event(0), EventLog::kObserver, nullptr).find(at) != std::string::npos);
    CHECK(log.to_json_line(log.event(1), 0, nullptr).find(at) != std::string::npos);   // nothing hidden
}
