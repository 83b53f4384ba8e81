// tagteam_deck_test.cpp - the battle deck, the Draft phase and team forming: TT-32 … TT-36, and
// the hidden insertion position (neither the opponent's log nor its agent's requests show it).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "agents/agent.h"
#include "tagteam_run.h"

using namespace duelbox;
using namespace duelbox::tagteam_test;

namespace {
std::string fx(const std::string& name) { return "tagteam/fx/" + name; }

ScriptedDecision pick(int player, const std::string& id, std::vector<std::int64_t> picks) {
    ScriptedDecision d;
    d.player = player - 1;
    d.id = id;
    d.picks = std::move(picks);
    return d;
}

// The same by option labels.
ScriptedDecision choose(int player, const std::string& id, std::vector<std::string> labels) {
    ScriptedDecision d = pick(player, id, {});
    d.labels = std::move(labels);
    return d;
}

// Names of the cards player p revealed, in order.
std::vector<std::string> revealed(const Run& r, int p) {
    std::vector<std::string> out;
    for (const Event* e : r.events("tagteam.reveal"))
        if (std::get<std::int64_t>(e->get("player")) == p)
            out.push_back(r.m().entity(static_cast<EntityId>(std::get<std::int64_t>(e->get("card")))).name);
    return out;
}

std::vector<std::string> zone_names(const Run& r, const char* zone, int p) {
    std::vector<std::string> out;
    for (EntityId e : r.m().zone(r.m().find_zone(zone, p - 1)).items) out.push_back(r.m().entity(e).name);
    return out;
}

ZoneId zone_of(const Event& e, const char* key) { return static_cast<ZoneId>(std::get<std::int64_t>(e.get(key))); }

// Which player (1-based) each draft card was dealt to, from the draft box into a hand.
std::map<EntityId, int> dealt_to(const Run& r) {
    std::map<EntityId, int> out;
    const ZoneId box = r.m().find_zone("draft_box", kNoPlayer);
    for (const Event* e : r.events("zone.move")) {
        if (zone_of(*e, "from") != box) continue;
        for (int p = 1; p <= 2; ++p)
            if (zone_of(*e, "to") == r.m().find_zone("draft_hand", p - 1))
                out[static_cast<EntityId>(std::get<std::int64_t>(e->get("entity")))] = p;
    }
    return out;
}

Side idle_side(std::vector<std::string> battle, std::vector<std::string> reserve) {
    Side s;
    s.battle = std::move(battle);
    s.reserve = std::move(reserve);
    return s;
}
}  // namespace

TEST_CASE("TT-32 insertion keeps the order; the cursor resets each Battle phase", "[tagteam]") {
    const Side a = idle_side({fx("s_idle"), fx("s_heal1")}, {fx("s_blk"), fx("s_heal3"), fx("s_pgain"), fx("s_heal2")});
    const Side b = idle_side({fx("s_idle"), fx("s_idle")}, {fx("s_idle"), fx("s_idle"), fx("s_idle"), fx("s_idle")});
    Scenario s = scenario(a, b);
    s.decisions = {pick(1, "draft_pick", {1}), pick(1, "draft_position", {2}), pick(1, "draft_return", {1, 2}),  // C between A and B
                   pick(1, "draft_pick", {1}), pick(1, "draft_position", {4}), pick(1, "draft_return", {1, 2})}; // D at the bottom
    Run r = play(s);
    REQUIRE(r.state == RunState::Finished);
    CHECK(revealed(r, 1) == std::vector<std::string>{"S-IDLE", "S-HEAL(1)",                            // round 1
                                                     "S-IDLE", "S-BLK", "S-HEAL(1)",                   // round 2
                                                     "S-IDLE", "S-BLK", "S-HEAL(1)", "S-HEAL(2)"});    // round 3
    CHECK(zone_names(r, "battle", 1) == std::vector<std::string>{"S-IDLE", "S-BLK", "S-HEAL(1)", "S-HEAL(2)"});
    CHECK(r.m().result().reason == "reserve exhausted");
}

TEST_CASE("TT-33 the two other cards go under the reserve in the chosen order", "[tagteam]") {
    const Side a = idle_side({fx("s_idle"), fx("s_idle")},
                             {fx("s_heal1"), fx("s_heal2"), fx("s_heal3"), fx("s_pgain"), fx("s_blk")});
    // P2's reserve of 3 ends the game at the second Draft phase, before anyone draws again.
    const Side b = idle_side({fx("s_idle"), fx("s_idle")}, {fx("s_idle"), fx("s_idle"), fx("s_idle")});
    Scenario s = scenario(a, b);
    s.decisions = {pick(1, "draft_pick", {2}), pick(1, "draft_position", {1}),
                   pick(1, "draft_return", {2, 1})};   // keep r2; return r3, then r1
    Run r = play(s);
    REQUIRE(r.state == RunState::Finished);
    CHECK(zone_names(r, "reserve", 1) == std::vector<std::string>{"S-PGAIN", "S-BLK", "S-HEAL(3)", "S-HEAL(1)"});
}

TEST_CASE("TT-34 a reserve that cannot give 3 ends the game in a draw after 170 turns", "[tagteam]") {
    const std::vector<std::string> eighteen(18, fx("s_idle"));
    Run r = play(idle_side({fx("s_idle"), fx("s_idle")}, eighteen), idle_side({fx("s_idle"), fx("s_idle")}, eighteen));
    REQUIRE(r.state == RunState::Finished);
    CHECK(r.draw());
    CHECK(r.m().result().reason == "reserve exhausted");
    CHECK(r.events("tagteam.turn").size() == 170);
    CHECK(r.events("tagteam.round").size() == 17);
    CHECK(r.m().zone(r.m().find_zone("battle", 0)).items.size() == 18);
    CHECK(r.m().zone(r.m().find_zone("reserve", 0)).items.size() == 2);
}

TEST_CASE("TT-35 instant bonus after both added; the card and its place stay secret", "[tagteam]") {
    const Side a = idle_side({fx("s_idle"), fx("s_idle")}, {fx("s_instant_gain"), fx("s_idle"), fx("s_idle")});
    const Side b = idle_side({fx("s_idle"), fx("s_idle")}, {fx("s_idle"), fx("s_idle"), fx("s_idle")});
    Run r = play(scenario(a, b));
    REQUIRE(r.state == RunState::Finished);
    CHECK(r.power(1, 1) == 3);
    auto added = r.events("tagteam.added");
    auto instant = r.events("tagteam.instant");
    REQUIRE(added.size() == 2);
    REQUIRE(instant.size() == 1);
    CHECK(instant[0]->seq > added[1]->seq);   // announced after both players added
    const EntityId f = r.fighter(1, 1);
    bool gained_after = false;
    for (const Event& e : r.m().log().events())
        if (e.type == "counter.change" && e.seq > instant[0]->seq && std::get<std::int64_t>(e.get("owner")) == f)
            gained_after = true;
    CHECK(gained_after);
    CHECK(r.m().narrate(*instant[0], 1).find("gain 1 power") != std::string::npos);   // the bonus is public
    const Match& m = r.m();
    for (const Event& e : m.log().events()) {
        if (e.type == "tagteam.round" && std::get<std::int64_t>(e.get("round")) == 2) break;   // played from here on
        CHECK(m.narrate(e, 1).find("S-INSTANT") == std::string::npos);
    }
}

TEST_CASE("TT-36 team drafts never share a fighter and honour the discard", "[tagteam]") {
    for (const char* how : {"standard", "competitive"}) {
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            Scenario s;
            s.game = "tagteam";
            s.root = root();
            s.seed = seed;
            s.options = {{"teams", how}};
            s.seats.resize(2);
            s.stop.at_event = "tagteam.round";
            Run r = play(s);
            INFO(how << " seed " << seed << " " << r.runner->error());
            REQUIRE(r.state != RunState::Failed);
            std::set<std::string> fighters;
            for (int p = 1; p <= 2; ++p)
                for (int i = 1; i <= 2; ++i) fighters.insert(r.m().entity(r.fighter(p, i)).def);
            CHECK(fighters.size() == 4);
            std::size_t picks = 0, discards = 0;
            for (const Event* e : r.events("decision")) {
                const auto id = std::get<std::string>(e->get("id"));
                picks += id == "team_pick";
                discards += id == "team_discard";
            }
            CHECK(picks == 4);
            CHECK(discards == (std::string(how) == "competitive" ? 2u : 0u));
            // 6 / 6 dealt from the 12 draft cards; the discarded ones are out of the pool
            CHECK(r.m().zone(r.m().find_zone("draft_row", 0)).items.size() == 2);
            const ZoneId out = r.m().find_zone("draft_discard", kNoPlayer);
            REQUIRE(out != kNoZone);
            CHECK(r.m().zone(out).items.size() == discards);
            for (EntityId e : r.m().zone(out).items)
                CHECK(fighters.count(std::get<std::string>(r.m().entity(e).prop("fighter"))) == 0);
            CHECK(r.m().zone(r.m().find_zone("draft_box", kNoPlayer)).items.empty());
            // The swap: each first pick came from the picker's own dealt hand, each second pick
            // from the other player's (a draft without the swap would still never share a
            // fighter, so the checks above cannot see it), and the swap passed every card left.
            const std::map<EntityId, int> dealt = dealt_to(r);
            for (int p = 1; p <= 2; ++p) {
                const auto& row = r.m().zone(r.m().find_zone("draft_row", p - 1)).items;
                REQUIRE(row.size() == 2);
                CHECK(dealt.at(row[0]) == p);
                CHECK(dealt.at(row[1]) == 3 - p);
                std::size_t passed = 0;
                for (const Event* e : r.events("zone.move"))
                    passed += zone_of(*e, "from") == r.m().find_zone("draft_hand", 2 - p) &&
                              zone_of(*e, "to") == r.m().find_zone("draft_hand", p - 1);
                CHECK(passed == (std::string(how) == "competitive" ? 4u : 5u));
            }
            for (const Event* e : r.events("zone.move")) {   // each player discards from its own hand, before the swap
                if (zone_of(*e, "to") != out) continue;
                const auto card = static_cast<EntityId>(std::get<std::int64_t>(e->get("entity")));
                CHECK(zone_of(*e, "from") == r.m().find_zone("draft_hand", dealt.at(card) - 1));
            }
        }
    }
}

namespace {
std::set<std::string> team_of(const Run& r, int p) {
    return {r.m().entity(r.fighter(p, 1)).def, r.m().entity(r.fighter(p, 2)).def};
}
}  // namespace

TEST_CASE("Free choice (§2.3): each player chooses two fighters in secret; a fighter both chose is chosen again",
          "[tagteam]") {
    Scenario s;
    s.game = "tagteam";
    s.root = root();
    s.seed = 1;
    s.options = {{"teams", "free"}};
    s.seats.resize(2);
    s.stop.at_event = "tagteam.round";
    SECTION("different fighters: the teams are the choices") {
        s.decisions = {choose(1, "team_choice", {"Golem", "Shango"}), choose(2, "team_choice", {"Jeanne", "Mordred"})};
        Run r = play(s);
        INFO(r.runner->error());
        REQUIRE(r.state != RunState::Failed);
        CHECK(team_of(r, 1) == std::set<std::string>{"tagteam/golem", "tagteam/shango"});
        CHECK(team_of(r, 2) == std::set<std::string>{"tagteam/jeanne", "tagteam/mordred"});
        std::size_t asked = 0;
        for (const Event* e : r.events("decision")) {
            if (std::get<std::string>(e->get("id")) != "team_choice") continue;
            ++asked;
            const int p = static_cast<int>(std::get<std::int64_t>(e->get("player")));
            const Field* answer = e->find("answer");
            REQUIRE(answer);
            CHECK_FALSE(EventLog::sees(*answer, 2 - p));   // the other player does not see the choice
        }
        CHECK(asked == 2);
    }
    SECTION("both chose Golem (one board per fighter): both choose again") {
        s.decisions = {choose(1, "team_choice", {"Golem", "Shango"}), choose(2, "team_choice", {"Golem", "Jeanne"}),
                       choose(1, "team_choice", {"Golem", "Shango"}), choose(2, "team_choice", {"Jeanne", "Mordred"})};
        Run r = play(s);
        INFO(r.runner->error());
        REQUIRE(r.state != RunState::Failed);
        std::size_t asked = 0;
        for (const Event* e : r.events("decision")) asked += std::get<std::string>(e->get("id")) == "team_choice";
        CHECK(asked == 4);
        CHECK(team_of(r, 1) == std::set<std::string>{"tagteam/golem", "tagteam/shango"});
        CHECK(team_of(r, 2) == std::set<std::string>{"tagteam/jeanne", "tagteam/mordred"});
    }
}

namespace {
// First-legal answers, remembering every request its seat was asked.
struct RecordingAgent final : Agent {
    std::vector<DecisionRequest>* seen;
    explicit RecordingAgent(std::vector<DecisionRequest>* s) : seen(s) {}
    const char* kind() const override { return "recording"; }
    std::optional<Answer> answer(const DecisionRequest& request, const Match& match) override {
        seen->push_back(request);
        return make_first_agent()->answer(request, match);
    }
};
}  // namespace

TEST_CASE("The insertion position of a drafted card is hidden from the opponent", "[tagteam]") {
    // P1 keeps S-BLK (a card P2 has never seen) and puts it between its two battle cards.
    const Side a = idle_side({fx("s_idle"), fx("s_heal1")}, {fx("s_blk"), fx("s_heal2"), fx("s_heal3")});
    const Side b = idle_side({fx("s_idle"), fx("s_idle")}, {fx("s_idle"), fx("s_idle"), fx("s_idle")});
    Scenario s = scenario(a, b);
    s.decisions = {pick(1, "draft_pick", {1}), pick(1, "draft_position", {2}), pick(1, "draft_return", {1, 2})};
    std::vector<DecisionRequest> asked_of_p2;
    MatchRunner runner(host(), s, [&](const SeatSpec&, PlayerIndex p, std::uint64_t) -> std::unique_ptr<Agent> {
        if (p == 1) return std::make_unique<RecordingAgent>(&asked_of_p2);
        return make_first_agent();
    });
    INFO(runner.error());
    REQUIRE(runner.run() == RunState::Finished);
    const Match& m = runner.match();
    const ZoneId battle1 = m.find_zone("battle", 0);
    bool inserted = false;
    for (const Event& e : m.log().events()) {
        if (e.type == "tagteam.round" && std::get<std::int64_t>(e.get("round")) == 2) break;   // revealed from here on
        CHECK(m.narrate(e, 1).find("S-BLK") == std::string::npos);
        if (e.type == "zone.move" && std::get<std::int64_t>(e.get("to")) == battle1 &&
            std::get<std::int64_t>(e.get("from")) != static_cast<std::int64_t>(m.find_zone("played", 0))) {
            inserted = true;
            CHECK(std::get<std::int64_t>(e.get("index")) == 1);       // the observer sees where
            CHECK(EventLog::sees(*e.find("index"), 0));               // so does its owner
            CHECK_FALSE(EventLog::sees(*e.find("index"), 1));         // the opponent does not
            CHECK_FALSE(EventLog::sees(*e.find("entity"), 1));
            const std::string json = m.log().to_json_line(e, 1, nullptr);
            CHECK(json.find("\"index\"") == std::string::npos);
        }
        if (e.type == "decision" && std::get<std::int64_t>(e.get("player")) == 1)
            CHECK_FALSE(EventLog::sees(*e.find("answer"), 1));        // P1's picks are secret
    }
    CHECK(inserted);
    // P2's agent was asked only its own questions, which never name P1's cards.
    REQUIRE_FALSE(asked_of_p2.empty());
    for (const DecisionRequest& req : asked_of_p2) {
        CHECK(req.player == 1);
        CHECK(req.prompt.find("S-BLK") == std::string::npos);
        for (const auto& o : req.options) CHECK(o.label.find("S-BLK") == std::string::npos);
    }
}
