// timeline_test.cpp - time travel on a long match without reruns (timeline.h, snapshot.h).
//   Travel to N equals a fresh run stopped at N for N spread over a long Line Duel; after the
//   first run no travel, step or play reruns anything; memory stays within the budget; a
//   timeline over its budget leaves gaps that travel fills by rerunning, still exactly.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <memory>

#include "model/session.h"

using namespace duelbox;
using namespace duelbox::editor;

namespace {

const std::string kSupport = DUELBOX_TEST_SUPPORT;

// The editor's long measurement match (every deck all Guards: nobody is hit): 20,091 events
// as it stands, or shortened to `rounds`.
Scenario long_duel(int rounds = 0) {
    Scenario s = load_scenario(kSupport + "/../../editor/bench/long_duel.json", kSupport);
    if (rounds > 0) s.options["rounds"] = rounds;
    return s;
}

// state_digest plus what it leaves out: handlers, randomness, rule context, result, bounds.
std::string full_state(const Match& m) {
    std::string s = state_digest(m);
    for (const Handler* h : m.windows().live())
        s += "handler " + std::to_string(h->id) + " " + h->window + " " + std::to_string(h->source) + " fired " +
             std::to_string(h->fired) + "\n";
    for (const Counter& c : m.counters().all())
        s += "bounds " + c.name + " " + std::to_string(c.min) + ".." + std::to_string(c.max) + "\n";
    s += "rng draws " + std::to_string(const_cast<Match&>(m).rng().draws()) + " rule '" + std::string(m.rule()) + "' result " +
         m.result().reason + "\n";
    return s;
}

// What a fresh run of the same scenario holds right after event n, for every n in `at`.
struct FreshStates {
    std::map<std::size_t, std::string> digest;              // full_state at n
    std::map<std::size_t, std::vector<std::string>> tail;   // the last 30 JSON lines of the log at n
    std::size_t events = 0;
};

std::vector<std::string> tail_lines(const Match& m, std::size_t n) {
    std::vector<std::string> out;
    const auto names = m.names();
    for (std::size_t i = n > 30 ? n - 30 : 0; i < n && i < m.log().size(); ++i)
        out.push_back(m.log().to_json_line(m.log().events()[i], EventLog::kObserver, &names));
    return out;
}

FreshStates fresh_run(const Scenario& s, const std::vector<std::size_t>& at) {
    FreshStates f;
    LuaHost host(s.limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(s.root, s.game, errors));
    MatchRunner fresh(host, s);
    fresh.set_event_observer([&](const Match& m, std::uint32_t) {
        const std::size_t n = m.log().size();
        if (std::find(at.begin(), at.end(), n) == at.end()) return;
        f.digest[n] = full_state(m);
        f.tail[n] = tail_lines(m, n);
    });
    fresh.run();
    f.events = fresh.visible_events();
    return f;
}

}  // namespace

TEST_CASE("editor: travel anywhere in a long match equals a fresh run, with no rerun", "[editor]") {
    const Scenario s = long_duel();
    Session session;
    std::string error;
    REQUIRE(session.open(s, error));
    const std::size_t tip = session.tip();
    REQUIRE(tip > 20000);
    CHECK(session.travel_is_instant());

    // N spread over the whole match, visited out of order (far jumps both ways), and the tip.
    std::vector<std::size_t> at{1, tip - 1, 2, tip / 2, 17, tip / 3, tip - 2, 999, tip / 7 * 5, tip / 2 + 1};
    for (std::size_t k = 1; k < 20; ++k) at.push_back(tip * k / 20 + k);
    const FreshStates fresh = fresh_run(s, at);
    REQUIRE(fresh.events == tip);

    const auto& json_at = [&](std::size_t n) { return tail_lines(session.view(), n); };
    for (std::size_t n : at) {
        CAPTURE(n);
        session.travel(n);
        REQUIRE(session.cursor() == n);
        REQUIRE(fresh.digest.count(n));
        CHECK(session.view().log().size() == n);
        CHECK(full_state(session.view()) == fresh.digest.at(n));
        CHECK(json_at(n) == fresh.tail.at(n));
        CHECK(session.view().check_invariants() == "");
    }
    // The whole log of the view equals the run's prefix, event for event.
    session.travel(tip / 2);
    const auto& view_events = session.view().log().events();
    const auto& run_events = session.run().match().log().events();
    REQUIRE(view_events.size() == tip / 2);
    std::size_t same = 0;
    for (std::size_t i = 0; i < view_events.size(); ++i) same += same_event(view_events[i], run_events[i]) ? 1 : 0;
    CHECK(same == tip / 2);

    // Stepping both ways and playing to the end rerun nothing either.
    session.travel(0);
    CHECK(session.view().log().size() == 0);
    session.step(+1);
    session.step(+1);
    session.step(-1);
    CHECK(session.cursor() == 1);
    session.set_playing(true);
    std::size_t frames = 0;
    while (session.playing() && frames < 100000) {
        session.advance(37);
        ++frames;
        REQUIRE(session.view().log().size() == session.cursor());
    }
    CHECK(session.cursor() == tip);
    CHECK(session.reruns_for_travel() == 0);

    // Memory: one snapshot per event (and one for the start), within the budget.
    const Timeline* t = session.run().timeline();
    REQUIRE(t);
    CHECK(t->complete());
    CHECK(t->count() == session.run().match().log().size() + 1);
    CHECK(t->bytes() <= Timeline::kDefaultBudget);
    CHECK(t->bytes() / t->count() < 2000);   // a kilobyte or so per event, not a Match (8 MB here) per event
}

TEST_CASE("editor: a timeline over its budget thins out; travel into a gap reruns, still exactly", "[editor]") {
    const Scenario s = long_duel(40);
    Session session;
    session.set_timeline_budget(64 * 1024);
    std::string error;
    REQUIRE(session.open(s, error));
    const std::size_t tip = session.tip();
    REQUIRE(tip > 300);
    const Timeline* t = session.run().timeline();
    REQUIRE(t);
    CHECK_FALSE(t->complete());
    CHECK_FALSE(session.travel_is_instant());
    CHECK(t->count() < tip);
    CHECK(t->bytes() <= 2 * 64 * 1024 + 16 * 1024);   // the last snapshot kept may cross twice the budget

    // Early events are kept (before the budget ran out); a late one is a gap.
    std::size_t gap = tip - 1;
    while (gap > 0 && t->at(gap)) --gap;
    REQUIRE(gap > 0);
    const FreshStates fresh = fresh_run(s, {3, gap});
    session.travel(3);
    CHECK(session.reruns_for_travel() == 0);
    CHECK(full_state(session.view()) == fresh.digest.at(3));
    session.travel(gap);
    CHECK(session.reruns_for_travel() == 1);
    CHECK(full_state(session.view()) == fresh.digest.at(gap));
    CHECK(tail_lines(session.view(), gap) == fresh.tail.at(gap));
}

TEST_CASE("editor: travel in every game's example equals a fresh run, with no rerun", "[editor]") {
    // Richer states than the duel: modifiers, prohibitions, statuses, graph maps, teams.
    for (const char* file : {"examples/battlecon/first_match.json", "examples/battlecon/team_match.json",
                             "examples/unmatched/match.json", "examples/tagteam/first_game.json"}) {
        CAPTURE(file);
        const Scenario s = load_scenario(kSupport + "/../../" + file, kSupport);
        Session session;
        std::string error;
        REQUIRE(session.open(s, error));
        const std::size_t tip = session.tip();
        REQUIRE(tip > 100);
        std::vector<std::size_t> at;
        for (std::size_t k = 1; k < 16; ++k) at.push_back(tip * k / 16);
        at.push_back(tip - 1);
        const FreshStates fresh = fresh_run(s, at);
        for (std::size_t i = at.size(); i-- > 0;) {   // backwards: every travel goes back in time
            const std::size_t n = at[i];
            CAPTURE(n);
            session.travel(n);
            CHECK(full_state(session.view()) == fresh.digest.at(n));
            CHECK(tail_lines(session.view(), n) == fresh.tail.at(n));
            CHECK(session.view().check_invariants() == "");
        }
        CHECK(session.reruns_for_travel() == 0);
    }
}
