// offers_api_test.cpp - module `offers` (runtime/lua/lua_offers.cpp), alone: what a round lists
// for a seat and in what order, why a play is not open, the question offers.choose asks (and
// when it asks none), and the errors of a bad spec or a bad card offer. The snippet game's cards
// are tests/support/cards/snippet/offers.lua.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using nlohmann::json;
using Catch::Matchers::Contains;
using Strings = std::vector<std::string>;

namespace {

// Two seats: player 1 with 3 gold, player 2 with none. Each has a "table" zone; player 1's
// boosts raise derived "shine" (its source may be fixed) and "calm" (blocked while the derived
// "still" is above 0 or an effect on the seat's "still" stat is).
const char* const kRound = R"(local pe1, pe2 = match.player_entity(1), match.player_entity(2)
counter.define(pe1, "gold", 3)
counter.define(pe2, "gold", 0)
local t1, t2 = zone.create("table", 1), zone.create("table", 2)
local pair = zone.create("pair", 1)
local src = entity.create{zone = pair, kind = "style", props = {shine = 1, calm = 1}}
local shine = derived.define{name = "shine", zones = {pair}, prop = "shine", fixed = "shine_fixed"}
local calm = derived.define{name = "calm", zones = {pair}, prop = "calm"}
local still = derived.define{name = "still", zones = {pair}, prop = "still"}
local gift = cards.create("snippet/offer/gift", 1, t1)
local charm = cards.create("snippet/offer/charm", 1, t1)
local curse1 = cards.create("snippet/offer/curse", 1, t1)
local lamp = cards.create("snippet/offer/lamp", 1, t1)
cards.create("snippet/offer/plain", 1, t1)
cards.create("snippet/offer/hidden", 1, t1)
local curse2 = cards.create("snippet/offer/curse", 2, t2)
local boosts = {{label = "Shine", cost = 2, used = "shone", stat = shine},
                {label = "Calm", cost = 1, used = "calmed", stat = calm, blocked_by = {still}, blocked_by_effects = {"still"}}}
local R = offers.prepare{tag = "offer", counter = "gold", once_flag = "spent", id = "play", prompt = "play or pass",
  seats = {{entity = pe1, zones = {t1, t2}, boosts = boosts}, {entity = pe2, zones = {t2, t1}}}}
local function listing(p)
  local why = {}
  local n = offers.list(R, p, why)
  local out = {}
  for i = 1, n do
    local label, boost, card = offers.entry(R, i)
    out[i] = label .. (boost and "/b" .. boost or "") .. (card and "/c" or "")
  end
  local no = {}
  for i = 1, #why do no[i] = why[i].label .. ":" .. why[i].why .. (why[i].because and "@" .. tostring(why[i].because == src) or "") end
  print(table.concat(out, ";") .. " | " .. table.concat(no, ";"))
end
)";

}  // namespace

TEST_CASE("offers.list: pass, the open boosts, then each zone's open card offers from the top; what is not open and why",
          "[lua_api][offers]") {
    const RunResult r = run_snippet(std::string(kRound) + R"(listing(1)
listing(2)
entity.set(lamp, "lit", true)                 -- its condition holds now
flag.set(charm, "spent", true)                -- a once-only offer spent
flag.set(pe1, "shone", true)                  -- a boost spent
entity.set(src, "still", 1)                   -- Calm blocked by a derived value
listing(1)
entity.set(src, "still", 0)
effect.modify{target = pe1, stat = "still", op = "add", amount = 1}   -- ... or by an effect on the seat's entity
flag.set(pe1, "shone", nil)
entity.set(src, "shine_fixed", true)          -- the value Shine raises is fixed: it would change nothing
listing(1)
counter.set(pe1, "gold", 0)                   -- nothing that costs is open
listing(1))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{
        // Curse is its owner's opponent's to use: player 1 sees player 2's, player 2 player 1's (ADV6-like).
        "pass;Shine/b1;Calm/b2;open the gift/c;Charm/c;lift the curse/c | rub the lamp:condition",
        "pass;lift the curse/c | ",   // player 2's seat has no boosts
        "pass;open the gift/c;rub the lamp/c;lift the curse/c | Shine:used;Calm:blocked;Charm:once",
        "pass;open the gift/c;rub the lamp/c;lift the curse/c | Shine:fixed@true;Calm:blocked;Charm:once",
        "pass;rub the lamp/c;lift the curse/c | Shine:cost;Calm:cost;open the gift:cost;Charm:once"});
}

TEST_CASE("offers.choose asks the listed plays as one question, returns the pick's boost or card, and asks nothing "
          "when only pass is open", "[lua_api][offers]") {
    const RunResult r = run_snippet(std::string(kRound) + R"(local function show(pick, boost, card)
  print(pick, boost, card == gift and "gift" or card == curse1 and "curse1" or tostring(card))
end
show(offers.choose(R, 1))   -- pass;Shine;Calm;open the gift;Charm;lift the curse: the script picks 4
show(offers.choose(R, 1))   -- ... then 2
show(offers.choose(R, 2))   -- pass;lift the curse (player 1's Curse): picks 2
counter.set(pe1, "gold", 0)
entity.set(src, "still", 1)
for _, c in ipairs(zone.items(t1)) do flag.set(c, "spent", true) end
zone.move(curse2, pair)
print(offers.choose(R, 1)))",   // nothing but pass (Charm spent, the rest cost or are gone): no question
                                    2, {pick(1, {4}, "play"), pick(1, {2}, "play"), pick(2, {2}, "play")});
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"4\tnil\tgift", "2\t1\tnil", "2\tnil\tcurse1", "1\tnil\tnil"});
    const auto decisions = r.of_type("decision");
    REQUIRE(decisions.size() == 3);   // the last turn asked nothing
    CHECK(r.data(*decisions[0]) == json{{"answer", "open the gift"}, {"id", "play"}, {"player", 1}});
    CHECK(r.data(*decisions[1]) == json{{"answer", "Shine"}, {"id", "play"}, {"player", 1}});
    CHECK(r.data(*decisions[2]) == json{{"answer", "lift the curse"}, {"id", "play"}, {"player", 2}});
    CHECK(r.where(*decisions[0]) == "snippet:36");   // the line that called offers.choose
}

TEST_CASE("offers errors name the spec's field, the card, or the condition's own line", "[lua_api][offers]") {
    const std::string head = R"(local pe1 = match.player_entity(1)
counter.define(pe1, "gold", 3)
local t1 = zone.create("table", 1)
)";
    CHECK_THAT(error_of(head + R"(offers.prepare{tag = "offer", counter = "gold", once_flag = "spent", id = "play",
  seats = {{entity = pe1, boosts = {{label = "x", cost = 1}}}}})"),
               Contains("offers.prepare: seats[1].boosts[1].used must be a string (got nil)"));
    CHECK_THAT(error_of(head + R"(offers.prepare{tag = "offer", counter = "gold", once_flag = "spent", id = "play",
  seats = {{entity = pe1, zones = {t1, 99}}}})"),
               Contains("offers.prepare: seats[1].zones[2]: zone 99 does not exist"));
    CHECK_THAT(error_of(head + R"(offers.prepare{tag = "offer", counter = "gold", id = "play", seats = {}})"),
               Contains("offers.prepare: once_flag must be a string (got nil)"));
    // Every place is written out only for the error that names it.
    CHECK_THAT(error_of(head + R"(offers.prepare{tag = "offer", counter = "gold", once_flag = "spent", id = "play",
  seats = {{entity = pe1, boosts = {{label = "x", used = "u"}, {label = "y", used = "v", cost = 1.5}}}}})"),
               Contains("offers.prepare: seats[1].boosts[2].cost must be an integer (got number)"));
    CHECK_THAT(error_of(head + R"(offers.prepare{tag = "offer", counter = "gold", once_flag = "spent", id = "play",
  seats = {{entity = pe1, boosts = {{label = "x", used = "u", blocked_by = {7777}}}}}})"),
               Contains("offers.prepare: seats[1].boosts[1].blocked_by[1]: no derived value 7777"));
    CHECK_THAT(error_of(head + R"(offers.prepare{tag = "offer", counter = "gold", once_flag = "spent", id = "play",
  seats = {{entity = 4242}}})"),
               Contains("offers.prepare: seats[1].entity: entity 4242 does not exist"));
    CHECK_THAT(error_of(head + R"(offers.prepare{tag = "offer", counter = "gold", once_flag = "spent", id = "play",
  seats = {{entity = pe1, boosts = {"x"}}}})"),
               Contains("offers.prepare: seats[1].boosts[1] must be a table {label=, cost=, used=, stat=}"));
    const std::string round = head + R"(local R = offers.prepare{tag = "offer", counter = "gold", once_flag = "spent", id = "play",
  seats = {{entity = pe1, zones = {t1}}}}
)";
    CHECK_THAT(error_of(round + R"(cards.create("snippet/offer/bad_cost", 1, t1)
offers.list(R, 1))"),
               Contains("offers: card 'snippet/offer/bad_cost': offer.cost must be an integer"));
    CHECK_THAT(error_of(round + "offers.list(R, 2)"), Contains("offers: player 2 has no seat in this round"));
    CHECK_THAT(error_of(round + "offers.list({}, 1)"), Contains("offers handle (offers.prepare) expected"));
    // A condition may not ask: the kernel is listing, so no question can wait for an answer.
    CHECK_THAT(error_of(round + R"(cards.create("snippet/offer/nosy", 1, t1)
offers.choose(R, 1))"),
               Contains("cards/snippet/offers.lua:15: decide: no match is waiting for decisions here"));
}
