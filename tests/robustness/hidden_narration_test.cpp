// Issue #16.15: narration the kernel renders for a viewer never names a card that viewer
// cannot see, whatever a script does to it. Each test touches a card in the opponent's hand
// (an "owner" zone: its owner sees it, the other player only the count) from a script, and
// reads the log as the other player, as a spectator and as the owner.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using nlohmann::json;

namespace {

// Player 2's hand holds "Ace" (entity 3: players are entities 1 and 2).
const std::string kHand = "local hand = zone.create('hand', 2, 'owner')\n"
                          "local ace = entity.create{zone = hand, name = 'Ace', owner = 2}\n";

// Event `type` as player 1 (who must not see Ace), the spectator and player 2 (its owner).
struct Views {
    std::string p1, spectator, owner;
    json p1_data;
};
Views views(const RunResult& r, const std::string& type) {
    const Event* e = r.first(type);
    REQUIRE(e);
    return {r.narrate(*e, 0), r.narrate(*e, EventLog::kSpectator), r.narrate(*e, 1), r.data(*e, 0)};
}

}  // namespace

TEST_CASE("#16.15 a script's {e:x} narration does not name a card in the opponent's hand", "[robustness][sandbox][16]") {
    const RunResult r = run_snippet(kHand + "log.event('peek', '{p:who} looks at {e:card}', {who = 1, card = ace})\n"
                                            "log.say('{e:card} glows', {card = ace}, {hidden = {card = {1, 2}}})");
    INFO(r.error);
    REQUIRE(r.finished());
    const Views peek = views(r, "peek");
    CHECK(peek.p1 == "Player 1 looks at a hidden card");
    CHECK(peek.spectator == "Player 1 looks at a hidden card");
    CHECK(peek.owner == "Player 1 looks at Ace");
    CHECK(peek.p1_data == json{{"who", 1}});   // the id is left out of the JSON view too
    // `hidden` may narrow further but never widen past what the kernel allows.
    const Views say = views(r, "say");
    CHECK(say.p1 == "a hidden card glows");
    CHECK(say.owner == "Ace glows");
    CHECK(r.narrate(*r.first("say"), EventLog::kObserver) == "Ace glows");
}

TEST_CASE("#16.15 counter.add on a card in the opponent's hand does not name it or its values", "[robustness][sandbox][16]") {
    const RunResult r = run_snippet(kHand + "counter.define(ace, 'power', 2, 0, 9)\ncounter.add(ace, 'power', 3)");
    INFO(r.error);
    REQUIRE(r.finished());
    const auto changes = r.of_type("counter.change");
    REQUIRE(changes.size() == 2);
    CHECK(r.narrate(*changes[1], 0) == "a hidden card power: something hidden -> something hidden");
    CHECK(r.narrate(*changes[1], EventLog::kSpectator) == "a hidden card power: something hidden -> something hidden");
    CHECK(r.narrate(*changes[1], 1) == "Ace power: 2 -> 5");
    CHECK(r.data(*changes[1], 0) == json{{"counter", "power"}, {"verb", "add"}});
}

TEST_CASE("#16.15 effect.modify and effect.prohibit on a card in the opponent's hand do not name it", "[robustness][sandbox][16]") {
    const RunResult r = run_snippet(kHand + "effect.modify{target = ace, stat = 'power', op = 'add', amount = 2}\n"
                                            "effect.prohibit{target = ace, action = 'move'}");
    INFO(r.error);
    REQUIRE(r.finished());
    CHECK(views(r, "modifier.add").p1 == "a hidden card power add 2");
    CHECK(views(r, "modifier.add").owner == "Ace power add 2");
    CHECK(views(r, "prohibition.add").p1 == "a hidden card cannot move");
    CHECK(views(r, "prohibition.add").spectator == "a hidden card cannot move");
    CHECK(views(r, "prohibition.add").owner == "Ace cannot move");
}

TEST_CASE("#16.15 a decision picking a card from the chooser's hand does not name it to the others", "[robustness][sandbox][16]") {
    const RunResult r = run_snippet(kHand + "decide{player = 2, id = 'pick', options = {{label = 'Ace', entity = ace}, 'pass'}}");
    INFO(r.error);
    REQUIRE(r.finished());
    CHECK(views(r, "decision").p1 == "Player 2 chooses something hidden");
    CHECK(views(r, "decision").owner == "Player 2 chooses Ace");
}

TEST_CASE("#16.15 a public card is still named to everyone", "[robustness][sandbox][16]") {
    const RunResult r = run_snippet("local pile = zone.create('discard', 2, 'public')\n"
                                    "local ace = entity.create{zone = pile, name = 'Ace', owner = 2}\n"
                                    "counter.define(ace, 'power', 0, 0, 9)\ncounter.add(ace, 'power', 1)\nlog.say('{e:card} glows', {card = ace})\n"
                                    "decide{player = 2, id = 'pick', options = {{label = 'Ace', entity = ace}}}");
    INFO(r.error);
    REQUIRE(r.finished());
    CHECK(views(r, "say").p1 == "Ace glows");
    CHECK(r.narrate(*r.of_type("counter.change").back(), EventLog::kSpectator) == "Ace power: 0 -> 1");
    CHECK(views(r, "decision").p1 == "Player 2 chooses Ace");
}
