// rule_context_test.cpp - Match::set_rule / rule() and RuleScope: the rule context that
// stamps a "rule" field on every event appended while it is set (teaching walkthroughs).
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "kernel/match.h"

using namespace duelbox;

namespace {
struct Table {
    Match m{7};
    PlayerIndex ann = m.add_player("Ann", 1);
    PlayerIndex bob = m.add_player("Bob", 2);
    ZoneId hand = m.create_zone("hand", ann, Visibility::Owner);
    ZoneId discard = m.create_zone("discard", ann, Visibility::Public);
    EntityId card = m.create_entity("card", "test/ace", "Ace", ann, hand);
};

const Event& last(const Match& m) { return m.log().events().back(); }

std::string rule_of(const Event& e) {
    const Field* f = e.find("rule");
    return f ? value_to_string(f->value) : std::string("<none>");
}
}  // namespace

TEST_CASE("rule context: events appended while it is set carry it; clearing stops it", "[kernel][rule]") {
    Table t;
    CHECK(t.m.rule().empty());
    CHECK(rule_of(last(t.m)) == "<none>");   // entity.create before any context

    CHECK(t.m.set_rule("§3.11 step 3").empty());   // returns the previous context: none
    CHECK(t.m.rule() == "§3.11 step 3");
    t.m.move(t.card, t.discard);
    CHECK(last(t.m).type == "zone.move");
    CHECK(rule_of(last(t.m)) == "§3.11 step 3");
    t.m.add_counter(t.m.player(t.ann).entity, "force", 0);   // no change, no event
    t.m.define_counter(t.m.player(t.ann).entity, "force", 2, 0, 10);
    CHECK(last(t.m).type == "counter.change");
    CHECK(rule_of(last(t.m)) == "§3.11 step 3");

    CHECK(t.m.set_rule("") == "§3.11 step 3");
    t.m.set_prop(t.card, "live", Value{true});
    CHECK(last(t.m).type == "entity.prop");
    CHECK(rule_of(last(t.m)) == "<none>");
}

TEST_CASE("rule context: the field is public even on an event with hidden fields", "[kernel][rule]") {
    Table t;
    t.m.set_rule("§3.2 SET1");
    t.m.set_prop(t.card, "face", Value{std::string("down")});   // the card is in Ann's hand: only Ann
    const Event& e = last(t.m);
    CHECK(e.audience == mask_of(t.ann));
    const Field* f = e.find("rule");
    REQUIRE(f);
    CHECK(f->visible_to == kEveryone);
    CHECK(EventLog::sees(*f, t.bob));
}

TEST_CASE("rule context: an event's own rule field wins over the context", "[kernel][rule]") {
    Table t;
    t.m.set_rule("§3");
    t.m.emit("bc.hit", "hit", {FieldIn{"rule", std::string_view("§3.9 AT4.2"), kEveryone}});
    REQUIRE(last(t.m).fields.size() == 1);
    CHECK(rule_of(last(t.m)) == "§3.9 AT4.2");
    t.m.emit("bc.note", "note", {});
    CHECK(rule_of(last(t.m)) == "§3");
}

TEST_CASE("rule context: scopes nest and restore the outer context, also on an exception", "[kernel][rule]") {
    Table t;
    {
        RuleScope beat(t.m, "§3");
        {
            RuleScope recycle(t.m, "§3.11");
            t.m.move(t.card, t.discard);
            CHECK(rule_of(last(t.m)) == "§3.11");
        }
        CHECK(t.m.rule() == "§3");
        t.m.shuffle(t.discard);
        CHECK(rule_of(last(t.m)) == "§3");
        try {
            RuleScope failing(t.m, "§3.9");
            CHECK(t.m.rule() == "§3.9");
            throw std::runtime_error("a script error");
        } catch (const std::runtime_error&) {
        }
        CHECK(t.m.rule() == "§3");
    }
    CHECK(t.m.rule().empty());
}

TEST_CASE("rule context: copies of a Match carry it and then go their own way", "[kernel][rule]") {
    Table t;
    t.m.set_rule("§2 S9");
    Match snapshot = t.m;
    CHECK(snapshot.rule() == "§2 S9");
    snapshot.set_rule("§3.2");
    CHECK(t.m.rule() == "§2 S9");
    snapshot.move(snapshot.entity(t.card).id, t.discard);
    CHECK(rule_of(snapshot.log().events().back()) == "§3.2");
}

TEST_CASE("rule context: the JSON line sorts rule with the other fields, byte for byte", "[kernel][rule]") {
    auto play = [] {
        Table t;
        t.m.set_rule("§3.11 step 1");
        t.m.move(t.card, t.discard);
        return t.m.log().to_json_line(last(t.m), EventLog::kObserver, nullptr);
    };
    const std::string line = play();
    CHECK(line == play());
    CHECK(line ==
          "{\"seq\":3,\"type\":\"zone.move\",\"data\":{\"entity\":3,\"from\":2,\"index\":0,"
          "\"rule\":\"§3.11 step 1\",\"to\":3}}");
}

TEST_CASE("event fields are stored in key order, the rule among them, whatever order they come in", "[kernel][rule][log]") {
    // EventLog::append remembers the order per sequence of key symbols: the second and third
    // events reuse what the first worked out, and a new sequence of the same keys gets its own.
    EventLog log;
    const Sym type = intern("test.order"), text = intern("x"), rule = intern("§1 R1");
    const FieldKey zed{"zed"}, alpha{"alpha"}, mid{"mid"};
    const auto keys_of = [&](std::size_t i) {
        std::string out;
        for (const Field& f : log.event(i).fields) out += (out.empty() ? "" : ",") + std::string(f.key);
        return out;
    };
    for (int round = 0; round < 2; ++round) {
        const FieldIn zma[] = {{zed.text, std::int64_t{1}, kEveryone, zed.sym},
                               {mid.text, std::int64_t{2}, kEveryone, mid.sym},
                               {alpha.text, std::int64_t{3}, kEveryone, alpha.sym}};
        log.append(type, text, zma, rule, {}, kEveryone);
        CHECK(keys_of(log.size() - 1) == "alpha,mid,rule,zed");
        log.append(type, text, zma, 0, {}, kEveryone);   // no rule context: no rule field
        CHECK(keys_of(log.size() - 1) == "alpha,mid,zed");
        const FieldIn amz[] = {{alpha.text, std::int64_t{3}, kEveryone, alpha.sym},
                               {mid.text, std::int64_t{2}, kEveryone, mid.sym},
                               {zed.text, std::int64_t{1}, kEveryone, zed.sym}};   // the same keys, another order
        log.append(type, text, amz, rule, {}, kEveryone);
        CHECK(keys_of(log.size() - 1) == "alpha,mid,rule,zed");
        CHECK(value_to_string(log.event(log.size() - 1).get("zed")) == "1");
        const FieldIn am[] = {{alpha.text, std::int64_t{3}, kEveryone, alpha.sym}, {mid.text, std::int64_t{2}, kEveryone, mid.sym}};
        log.append(type, text, am, rule, {}, kEveryone);
        CHECK(keys_of(log.size() - 1) == "alpha,mid,rule");
        const FieldIn own[] = {{zed.text, std::int64_t{1}, kEveryone, zed.sym},
                               {"rule", std::string_view("§9 its own"), kEveryone, 0}};   // an event's own rule wins
        log.append(type, text, own, rule, {}, kEveryone);
        CHECK(keys_of(log.size() - 1) == "rule,zed");
        CHECK(value_to_string(log.event(log.size() - 1).get("rule")) == "§9 its own");
    }
    CHECK(value_to_string(log.event(0).get("zed")) == "1");
}

TEST_CASE("the log's readable events grow their cache twofold when asked after every event", "[kernel][log]") {
    // A log printed as it plays (duelbox run) or a panel drawn every frame asks for events()
    // after each new event. Reserving exactly the new size moved the whole cache every time
    // (quadratic in the log's length); growth by doubling moves it a few times in all.
    EventLog log;
    const Sym type = intern("test.grow"), text = intern("event {n}");
    const FieldKey n_key{"n"}, word_key{"word"};
    int moves = 0;
    const Event* where = nullptr;
    for (std::int64_t i = 0; i < 4000; ++i) {
        const FieldIn fields[] = {{n_key.text, i, kEveryone, n_key.sym},
                                  {word_key.text, std::string_view("a field long enough to live on the heap"), kEveryone,
                                   word_key.sym}};
        log.append(type, text, fields, 0, {}, kEveryone);
        const std::vector<Event>& events = log.events();
        REQUIRE(events.size() == static_cast<std::size_t>(i + 1));
        if (events.data() != where) ++moves;
        where = events.data();
    }
    CHECK(moves <= 16);   // about log2(4000) = 12
    CHECK(log.events()[3999].get("n") == Value{std::int64_t{3999}});
    CHECK(log.events()[17].fields.size() == 2);
}
