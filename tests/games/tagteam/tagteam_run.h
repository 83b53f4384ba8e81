// tagteam_run.h - runs Tag Team matches in-process for the [tagteam] tests.
//
// A test describes each side (fighters, power, health, battle deck, reserve) the way a scenario
// file would; the match then plays until it ends. An empty reserve ends the game at the first
// Draft phase (a draw), so a test of k turns gives each side a k-card battle deck and no reserve.
#pragma once
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "../game_host.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/scenario.h"

namespace duelbox::tagteam_test {

inline constexpr char kGame[] = "tagteam";
inline std::string root() { return test::games_root(); }
// One host for the whole binary: definitions load once, matches run one at a time.
inline LuaHost& host() { return test::game_host<kGame>(); }

struct Side {
    std::vector<std::string> fighters{"tagteam/fx_plain20", "tagteam/fx_plain20"};
    std::vector<int> power{2, 2};
    std::vector<int> hp{};                       // empty: start cells
    std::vector<std::string> battle{};           // top first; "key@slot"
    std::vector<std::string> reserve{};          // empty: no reserve (the first Draft phase draws)
    bool full_reserve = false;                   // true: the fighters' own decks, shuffled
    bool own_battle = false;                     // true: the start cards, ordered by a decision
};

inline nlohmann::json side_json(const Side& s) {
    nlohmann::json j = {{"fighters", s.fighters}, {"power", s.power}};
    if (!s.hp.empty()) j["hp"] = s.hp;
    if (!s.own_battle) j["battle"] = s.battle;
    if (!s.full_reserve) j["reserve"] = s.reserve;
    return j;
}

inline Scenario scenario(const Side& a, const Side& b, nlohmann::json options = nlohmann::json::object(),
                         std::uint64_t seed = 1, const std::string& agent = "first") {
    Scenario s;
    s.game = "tagteam";
    s.root = root();
    s.seed = seed;
    s.options = std::move(options);
    for (const Side* side : {&a, &b}) {
        SeatSpec seat;
        seat.agent = agent;
        seat.setup = side_json(*side);
        s.seats.push_back(seat);
    }
    return s;
}

struct Run {
    std::unique_ptr<MatchRunner> runner;
    RunState state;
    const Match& m() const { return runner->match(); }
    // The fighter entity of player p (1-based) in team slot i (1-based).
    EntityId fighter(int p, int i) const {
        const ZoneId z = m().find_zone("fighters", p - 1);
        return m().zone(z).items.at(static_cast<std::size_t>(i - 1));
    }
    std::int64_t hp(int p, int i) const { return m().counter(fighter(p, i), "hp"); }
    std::int64_t power(int p, int i) const { return m().counter(fighter(p, i), "power"); }
    std::int64_t count(int p, int i, const std::string& c) const { return m().counter(fighter(p, i), c); }
    std::vector<const Event*> events(const std::string& type) const {
        std::vector<const Event*> out;
        for (const Event& e : m().log().events())
            if (e.type == type) out.push_back(&e);
        return out;
    }
    bool draw() const { return m().result().finished && m().result().winners.empty(); }
    // The winner as a 1-based player, 0 for a draw or an unfinished match.
    int winner() const { return m().result().winners.size() == 1 ? m().result().winners[0] + 1 : 0; }
};

inline Run play(const Scenario& s) {
    Run r;
    r.runner = std::make_unique<MatchRunner>(host(), s);
    r.state = r.runner->run();
    return r;
}

inline Run play(const Side& a, const Side& b, nlohmann::json options = nlohmann::json::object()) {
    return play(scenario(a, b, std::move(options)));
}

}  // namespace duelbox::tagteam_test
