// zone_api_test.cpp - module `zone` (runtime/lua/lua_zone.cpp): ordered containers, moves
// between them, shuffles and reveals; and the errors a script author gets for bad arguments.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using nlohmann::json;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using Strings = std::vector<std::string>;

TEST_CASE("zone.create gives ids; zone.find, name and owner look them up", "[lua_api][zone]") {
    const RunResult r = run_snippet(R"(local deck = zone.create("deck", 1, "hidden")
local other = zone.create("deck", 2)
local pile = zone.create("pile")
print(deck, other, pile, zone.find("players"))
print(zone.find("deck", 1), zone.find("deck", 2), zone.find("deck"), zone.find("pile"), zone.find("nothing", 1))
print(zone.name(deck), zone.owner(deck), zone.owner(pile), zone.count(pile), zone.top(pile)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"2\t3\t4\t1", "2\t3\tnil\t4\tnil", "deck\t1\tnil\t0\tnil"});
}

TEST_CASE("zone.move puts the entity on top by default, at the bottom or at a position", "[lua_api][zone]") {
    const RunResult r = run_snippet(R"(local from = zone.create("from")
local to = zone.create("to")
local a = entity.create{zone = from, name = "A"}
local b = entity.create{zone = from, name = "B"}
local c = entity.create{zone = from, name = "C"}
zone.move(a, to)
zone.move(b, to, "bottom")
zone.move(c, to, 2)
print(table.concat(zone.items(to), ","), zone.count(to), zone.top(to), zone.count(from))
print(zone.of(c), zone.position(a), zone.position(c), zone.position(b)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"3,5,4\t3\t3\t0", "3\t1\t2\t3"});
}

TEST_CASE("zone.items and zone.count filter by kind, by name, or by both", "[lua_api][zone]") {
    const RunResult r = run_snippet(R"(local pool = zone.create("pool")
local a = entity.create{zone = pool, kind = "counter", name = "frost"}
local b = entity.create{zone = pool, kind = "token", name = "Ward"}
local c = entity.create{zone = pool, kind = "counter", name = "frost"}
local d = entity.create{zone = pool, kind = "token", name = "frost"}
print(table.concat(zone.items(pool, "counter"), ","), table.concat(zone.items(pool, nil, "frost"), ","),
  table.concat(zone.items(pool, "token", "frost"), ","), #zone.items(pool, "token", "nothing"))
print(zone.count(pool), zone.count(pool, "token"), zone.count(pool, nil, "frost"), zone.count(pool, "counter", "frost"),
  zone.count(pool, "counter", "Ward")))");
    REQUIRE(r.finished());
    // Entities 3-6 in creation order (1-2 are the players); each new one goes to the bottom.
    CHECK(r.printed() == Strings{"3,5\t3,5,6\t6\t0", "4\t2\t3\t2\t0"});
}

TEST_CASE("zone.items and zone.tagged answer into a list the caller keeps, cleared past the answer", "[lua_api][zone]") {
    const RunResult r = run_snippet(R"(local pool = zone.create("pool", 1)
local a = entity.create{zone = pool, kind = "counter", name = "frost", tags = {"offer"}}
local b = entity.create{zone = pool, kind = "token", name = "Ward", tags = {"offer"}}
local c = entity.create{zone = pool, kind = "counter", name = "frost"}
local list = {9, 9, 9, 9, 9, 9, note = "kept"}
print(zone.items(pool, nil, nil, list) == list, table.concat(list, ","), list.note)
print(zone.items(pool, "token", nil, list) == list, table.concat(list, ","), #list)
print(zone.tagged("offer", 1, {"pool"}, list) == list, table.concat(list, ","))
zone.items(pool, "nothing", nil, list)
print(#list, next(list))
print(pcall(zone.items, pool, nil, nil, setmetatable({}, {})))
print(pcall(zone.tagged, "offer", 1, {"pool"}, 5)))");
    REQUIRE(r.finished());
    // Entities 3-5 (1-2 are the players).
    CHECK(r.printed() == Strings{"true\t3,4,5\tkept", "true\t4\t1", "true\t3,4", "0\tnote\tkept",
                                 "false\tbad argument #4 to 'zone.items' (a plain table to fill expected (it has a metatable))",
                                 "false\tbad argument #4 to 'zone.tagged' (table expected, got number)"});
}

TEST_CASE("zone.tagged lists the tagged entities of an owner's named zones, or of zones by id, zone by zone, top first",
          "[lua_api][zone]") {
    const RunResult r = run_snippet(R"(local ua = zone.create("ua", 1)
local cards = zone.create("cards", 1)
local other = zone.create("cards", 2)
local shared = zone.create("cards")
local a = entity.create{zone = cards, name = "A", tags = {"offer"}}
local b = entity.create{zone = cards, name = "B"}
local c = entity.create{zone = ua, name = "C", tags = {"offer", "x"}}
local d = entity.create{zone = cards, name = "D", tags = {"offer"}, where = "top"}
local e = entity.create{zone = other, name = "E", tags = {"offer"}}
local f = entity.create{zone = shared, name = "F", tags = {"offer"}}
print(table.concat(zone.tagged("offer", 1, {"ua", "cards", "missing"}), ","),
  table.concat(zone.tagged("offer", 1, {"cards", "ua"}), ","), table.concat(zone.tagged("offer", 2, {"ua", "cards"}), ","),
  table.concat(zone.tagged("offer", nil, {"cards"}), ","), #zone.tagged("x", 2, {"cards"}), #zone.tagged("offer", 1, {}))
print(table.concat(zone.tagged("offer", nil, {cards, other, ua}), ","), table.concat(zone.tagged("offer", 2, {"cards", ua + 0.0}), ","))
print(pcall(zone.tagged, "offer", 1, {"ua", 99}))
print(pcall(zone.tagged, "offer", 1, {"ua", true})))");
    REQUIRE(r.finished());
    // Entities 3-8 in creation order (1-2 are the players); d went on top of cards.
    CHECK(r.printed() == Strings{"5,6,3\t6,3,5\t7\t8\t0\t0", "6,3,7,5\t7,5",
                                 "false\tbad argument #3 to 'zone.tagged' (zones[2]: a zone id or a zone name expected, got no such zone)",
                                 "false\tbad argument #3 to 'zone.tagged' (zones[2]: a zone id or a zone name expected, got boolean)"});
}

TEST_CASE("zone.move emits zone.move with from, to and the index, sourced at the snippet line",
          "[lua_api][zone]") {
    const RunResult r = run_snippet(R"(local from = zone.create("from")
local to = zone.create("to")
local a = entity.create{zone = from, name = "A"}
local b = entity.create{zone = to, name = "B"}
zone.move(a, to, "bottom"))");
    REQUIRE(r.finished());
    const auto moves = r.of_type("zone.move");
    REQUIRE(moves.size() == 1);
    CHECK(r.where(*moves[0]) == "snippet:5");
    CHECK(r.data(*moves[0]) == json{{"entity", 3}, {"from", 2}, {"index", 1}, {"to", 3}});
    CHECK(r.narrate(*moves[0]) == "A moves from from to to");
}

TEST_CASE("moving a card from a hidden deck to its owner's hand hides it from the other player",
          "[lua_api][zone]") {
    const RunResult r = run_snippet(R"(local deck = zone.create("deck", 1, "hidden")
local hand = zone.create("hand", 1, "owner")
local card = entity.create{zone = deck, name = "Ace", owner = 1}
zone.move(card, hand))");
    REQUIRE(r.finished());
    const Event* move = r.first("zone.move");
    REQUIRE(move);
    CHECK(r.narrate(*move, 0) == "Ace moves from Player 1's deck to Player 1's hand");
    CHECK(r.narrate(*move, 1) == "a hidden card moves from Player 1's deck to Player 1's hand");
    CHECK(r.data(*move, 1) == json{{"from", 2}, {"to", 3}});   // neither the card nor where it went
    CHECK(EventLog::sees(*move, 1));                          // but player 2 learns that it happened
}

TEST_CASE("zone.shuffle draws from the match seed and logs zone.shuffle", "[lua_api][zone]") {
    const std::string code = R"(local z = zone.create("deck")
for i = 1, 12 do entity.create{zone = z} end
zone.shuffle(z)
print(table.concat(zone.items(z), ",")))";
    const RunResult a = run_snippet(code, 2, {}, 7);
    const RunResult b = run_snippet(code, 2, {}, 7);
    REQUIRE(a.finished());
    REQUIRE(b.finished());
    CHECK(a.printed() == b.printed());
    CHECK(a.printed() != Strings{"3,4,5,6,7,8,9,10,11,12,13,14"});   // 1 chance in 12! to fail
    const Event* shuffle = a.first("zone.shuffle");
    REQUIRE(shuffle);
    CHECK(a.data(*shuffle) == json{{"zone", 2}});
    CHECK(a.where(*shuffle) == "snippet:3");
    CHECK(a.narrate(*shuffle) == "deck is shuffled");
}

TEST_CASE("zone.reveal shows a card to a player until it moves", "[lua_api][zone]") {
    const RunResult r = run_snippet(R"(local hand = zone.create("hand", 1, "owner")
local other = zone.create("other", 1, "owner")
local card = entity.create{zone = hand, name = "Ace", owner = 1}
print(entity.sees(2, card))
zone.reveal(card, 2)
print(entity.sees(2, card))
zone.move(card, other)
print(entity.sees(2, card))
zone.reveal(card, {1, 2})
zone.reveal(card, "all"))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"false", "true", "false"});
    // The second reveal shows player 2 again; the third changes nothing, so it is not logged.
    const auto reveals = r.of_type("entity.reveal");
    REQUIRE(reveals.size() == 2);
    CHECK(r.where(*reveals[0]) == "snippet:5");
    CHECK(r.narrate(*reveals[0], 1) == "Ace is revealed");
    CHECK(r.where(*reveals[1]) == "snippet:9");
}

TEST_CASE("#19.1 a card every player may see is public: spectators read its name", "[lua_api][zone]") {
    // Three players. A card revealed to all, or to each player but its owner (who sees it
    // anyway), in an owner-only zone (a combat card laid face up from a hand): what every
    // player sees is public (EventLog::kSpectator). King is shown to player 2 only.
    const RunResult r = run_snippet(R"(local hand = zone.create("hand", 1, "owner")
local card = entity.create{zone = hand, name = "Ace", owner = 1}
local other = entity.create{zone = hand, name = "King", owner = 1}
local shown = entity.create{zone = hand, name = "Queen", owner = 1}
zone.reveal(card, "all")
zone.reveal(other, 2)
zone.reveal(shown, {2, 3})
log.event("t.show", "{e:a}, {e:b} and {e:c}", {a = card, b = other, c = shown}))", 3);
    REQUIRE(r.finished());
    const Event* show = r.first("t.show");
    REQUIRE(show);
    CHECK(r.narrate(*show, EventLog::kSpectator) == "Ace, a hidden card and Queen");
    CHECK(r.narrate(*show, 1) == "Ace, King and Queen");
}

TEST_CASE("zone.create, find and move reject bad arguments with the snippet line", "[lua_api][zone]") {
    CHECK(error_of("zone.create('deck', 1, 'secret')") ==
          "snippet:1: bad argument #3 to 'zone.create' (expected \"public\", \"owner\" or \"hidden\"; got \"secret\")");
    CHECK(error_of("zone.create('deck', 3)") ==
          "snippet:1: bad argument #2 to 'zone.create' (player 3 does not exist (players 1..2))");
    CHECK(error_of("zone.create()") == "snippet:1: bad argument #1 to 'zone.create' (string expected, got no value)");
    CHECK(error_of("zone.create('deck', 1)\nzone.create('deck', 1)") ==
          "snippet:2: zone 'deck' already exists for that owner");
    CHECK(error_of("zone.find('deck', 9)") ==
          "snippet:1: bad argument #2 to 'zone.find' (player 9 does not exist (players 1..2))");
    CHECK(error_of("zone.move(1, 99)") == "snippet:1: bad argument #2 to 'zone.move' (zone 99 does not exist)");
    CHECK(error_of("zone.move(99, 1)") == "snippet:1: bad argument #1 to 'zone.move' (entity 99 does not exist)");
    CHECK(error_of("zone.move(1, 1, 'middle')") ==
          "snippet:1: bad argument #3 to 'zone.move' (expected \"top\", \"bottom\" or a position (1 = top); got \"middle\")");
    CHECK(error_of("zone.move(1, 1, 1.5)") ==
          "snippet:1: bad argument #3 to 'zone.move' (expected \"top\", \"bottom\" or a position (1 = top); got 1.5)");
}

TEST_CASE("zone queries reject unknown zones and entities with the snippet line", "[lua_api][zone]") {
    CHECK(error_of("zone.items(0)") == "snippet:1: bad argument #1 to 'zone.items' (zone 0 does not exist)");
    CHECK(error_of("zone.count('x')") == "snippet:1: bad argument #1 to 'zone.count' (number expected, got string)");
    CHECK(error_of("zone.top(-1)") == "snippet:1: bad argument #1 to 'zone.top' (zone -1 does not exist)");
    CHECK(error_of("zone.shuffle(42)") == "snippet:1: bad argument #1 to 'zone.shuffle' (zone 42 does not exist)");
    CHECK(error_of("zone.name(5)") == "snippet:1: bad argument #1 to 'zone.name' (zone 5 does not exist)");
    CHECK(error_of("zone.owner()") == "snippet:1: bad argument #1 to 'zone.owner' (number expected, got no value)");
    CHECK(error_of("zone.of(3)") == "snippet:1: bad argument #1 to 'zone.of' (entity 3 does not exist)");
    CHECK(error_of("zone.position(50)") == "snippet:1: bad argument #1 to 'zone.position' (entity 50 does not exist)");
    CHECK(error_of("zone.reveal(1)") ==
          "snippet:1: bad argument #2 to 'zone.reveal' (\"all\", a player or a list of players expected, got no value)");
    CHECK(error_of("zone.reveal(1, 'some')") ==
          "snippet:1: bad argument #2 to 'zone.reveal' (\"all\", a player or a list of players expected, got string)");
    CHECK(error_of("zone.reveal(1, 7)") ==
          "snippet:1: bad argument #2 to 'zone.reveal' (player 7 does not exist (players 1..2))");
}

// Regression (was a bug): lua_zone.cpp/lua_entity.cpp pass the script's 1-based position to the kernel
// as a 0-based index and do not range-check it, so the kernel's message speaks of "index 8"
// and "(0..1)" to a script that asked for position 9 of a zone with positions 1..2.
TEST_CASE("zone.move to a position past the end names the position as the script wrote it",
          "[lua_api][zone]") {
    CHECK_THAT(error_of("zone.move(1, 1, 9)"),
               StartsWith("snippet:1: bad argument #3 to 'zone.move' (") && Contains("position 9") && Contains("1..2"));
    CHECK_THAT(error_of("zone.move(1, 1, 0)"), StartsWith("snippet:1: bad argument #3 to 'zone.move' ("));
}

// Regression (was a bug): lua_entity.cpp check_where casts the position with static_cast<int>, so
// 2^32 + 1 wraps to 1 and the entity silently goes to the top instead of failing.
TEST_CASE("zone.move refuses a position beyond the integer range instead of wrapping it",
          "[lua_api][zone]") {
    const RunResult r = run_snippet(R"(local z = zone.create("z")
local a = entity.create{zone = z}
local b = entity.create{zone = z}
zone.move(b, z, 4294967297))");
    CHECK(r.state == RunState::Failed);
    CHECK_THAT(r.error, StartsWith("snippet:4: bad argument #3 to 'zone.move' ("));
}

// Regression (was a bug): lua_zone.cpp zone_reveal checks list items with check_player(L, -1, m), so the
// message names argument #-1 instead of argument #2.
TEST_CASE("zone.reveal with a bad player in a list names argument #2", "[lua_api][zone]") {
    CHECK_THAT(error_of("zone.reveal(1, {1, 7})"),
               StartsWith("snippet:1: bad argument #2 to 'zone.reveal' (") && Contains("7") && Contains("players 1..2"));
}

TEST_CASE("zone.choose_all: each player picks one entity of a kind from a zone, all at once and hidden; the kernel "
          "lists them", "[lua_api][zone][decide]") {
    // Hands in owner-only zones, top first: player 1 holds Gust (style), Rock, Wave (bases);
    // player 2 holds Ember (base), Frost (style).
    const RunResult r = run_snippet(R"(local h1, h2 = zone.create("hand", 1, "owner"), zone.create("hand", 2, "owner")
local function card(z, kind, name, p) return entity.create{zone = z, where = "bottom", kind = kind, name = name, owner = p} end
local gust, rock, wave = card(h1, "style", "Gust", 1), card(h1, "base", "Rock", 1), card(h1, "base", "Wave", 1)
local ember, frost = card(h2, "base", "Ember", 2), card(h2, "style", "Frost", 2)
local names = {[gust] = "Gust", [rock] = "Rock", [wave] = "Wave", [ember] = "Ember", [frost] = "Frost"}
local picked = zone.choose_all{{player = 1, id = "b1", prompt = "a base", zone = h1, kind = "base", secret = true},
  {player = 2, id = "b2", zone = h2, kind = "base", secret = true}, {player = 1, id = "any", zone = h2}}
print(#picked, names[picked[1]], names[picked[2]], names[picked[3]]))",
                                    2, {pick(1, {2}, "b1"), pick(2, {1}, "b2"), pick(1, {2}, "any")});
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"3\tWave\tEmber\tFrost"});
    const auto decisions = r.of_type("decision");
    REQUIRE(decisions.size() == 3);
    // Every answer is logged once all are in, each where the questions were asked; a secret
    // one only to its chooser (the others read "something hidden").
    CHECK(r.where(*decisions[0]) == "snippet:6");
    CHECK(r.narrate(*decisions[0], 0) == "Player 1 chooses Wave");
    CHECK(r.narrate(*decisions[0], 1) == "Player 1 chooses something hidden");
    CHECK(r.narrate(*decisions[1], 1) == "Player 2 chooses Ember");
    CHECK(r.narrate(*decisions[1], 0) == "Player 2 chooses something hidden");
    // Not secret, but player 1 picks blind from player 2's owner-only hand: the option is "a
    // hidden card" to the chooser, so the answer names no card to anyone (its move names it to
    // its owner); a spectator reads that something hidden was chosen.
    CHECK(r.data(*decisions[2], 1) == json{{"answer", "a hidden card"}, {"id", "any"}, {"player", 1}});
    CHECK(r.narrate(*decisions[2], 0) == "Player 1 chooses a hidden card");
    CHECK(r.narrate(*decisions[2], EventLog::kSpectator) == "Player 1 chooses something hidden");
}

TEST_CASE("zone.choose_all names a bad request and refuses a zone with nothing to choose", "[lua_api][zone][decide]") {
    const std::string head = "local h = zone.create('hand', 1) entity.create{zone = h, kind = 'style', name = 'Gust'}\n";
    CHECK_THAT(error_of(head + "zone.choose_all{{player = 1, zone = h, kind = 'base'}}"),
               Contains("snippet:2: zone.choose_all: request 1: zone hand holds no base to choose"));
    CHECK_THAT(error_of(head + "zone.choose_all{{player = 1, zone = 99}}"), Contains("zone 99 does not exist"));
    CHECK_THAT(error_of(head + "zone.choose_all{}"), Contains("zone.choose_all: needs at least one request"));
    CHECK_THAT(error_of(head + "zone.choose_all{{player = 1, zone = h, id = 'x\\255'}}"),
               Contains("zone.choose_all: field 'id' must be UTF-8 text (its byte 2 is not)"));
    CHECK_THAT(error_of(head + "zone.choose_all{7}"), Contains("zone.choose_all: request 1 must be a table"));
}

TEST_CASE("zone.create's opts: secret_kinds and secret_owners are kept on the zone, an unknown field is refused",
          "[lua_api][zone]") {
    const RunResult r = run_snippet(R"(local d = zone.create("deck", 1, "hidden", {secret_kinds = true})
local p = zone.create("pile", nil, "hidden", {secret_owners = true})
local h = zone.create("hand", 1, "owner"))");
    REQUIRE(r.finished());
    const Zone& deck = r.match().zone(r.match().find_zone("deck", 0));
    const Zone& pile = r.match().zone(r.match().find_zone("pile", kNoPlayer));
    const Zone& hand = r.match().zone(r.match().find_zone("hand", 0));
    CHECK(deck.secret_kinds);
    CHECK_FALSE(deck.secret_owners);
    CHECK(pile.secret_owners);
    CHECK_FALSE(pile.secret_kinds);
    CHECK_FALSE(hand.secret_kinds);
    CHECK_FALSE(hand.secret_owners);
    CHECK_THAT(error_of(R"(zone.create("deck", 1, "hidden", {secret_kind = true}))"),
               Contains("bad argument #4 to 'zone.create' (unknown field (known: secret_kinds, secret_owners))"));
}
