// squad_run.h - runs squad-battle matches in-process for the [squad] tests.
//
// A test gives each side its play deck, hand and Base area the way a scenario file would and
// scripts every decision of the turn it looks at (an arena a player may but does not use is
// an empty answer). The run stops before the first decision after those: P1's hand holds 7
// cards by default, so that is the hand-limit question of P1's end phase, right after the
// return step (a stop can only fall between decisions: the rules run until they ask). To
// the end of the match instead: to_end(). The first-legal agent answers what is not scripted:
// it never attacks, defends or deploys.
#pragma once
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "../game_host.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/scenario.h"

namespace duelbox::squad_test {

inline constexpr char kGame[] = "squad";
inline std::string root() { return test::games_root(); }
// One host for the whole binary: definitions load once, matches run one at a time.
inline LuaHost& host() { return test::game_host<kGame>(); }

struct Side {
    std::vector<std::string> cards = std::vector<std::string>(10, "fx_filler");   // the play deck, top first
    std::vector<std::string> hand = std::vector<std::string>(7, "fx_filler");     // P1: over the limit of 6
    std::vector<std::string> base{};
    std::vector<std::string> attach{};   // "card@s.i": attached to seat s's i-th base card
};

// A decision for player p (1-based) answering question `id` with option numbers (1-based).
inline ScriptedDecision pick(int p, std::string id, std::vector<std::int64_t> picks) {
    ScriptedDecision d;
    d.player = p - 1;
    d.id = std::move(id);
    d.picks = std::move(picks);
    return d;
}

inline Scenario scenario(const Side& a, const Side& b, std::vector<ScriptedDecision> decisions,
                         nlohmann::json options = nlohmann::json::object()) {
    Scenario s;
    s.game = "squad";
    s.root = root();
    s.seed = 1;
    if (!options.contains("first_player")) options["first_player"] = 1;
    s.options = std::move(options);
    for (const Side* side : {&a, &b}) {
        SeatSpec seat;
        seat.agent = "first";
        seat.setup = {{"cards", side->cards}, {"hand", side->hand}, {"base", side->base}, {"attach", side->attach}};
        s.seats.push_back(seat);
    }
    s.stop.after_decisions = static_cast<std::int64_t>(decisions.size());
    s.decisions = std::move(decisions);
    return s;
}

// The same scenario played to the end of the match (the first-legal agent after the script).
inline Scenario to_end(Scenario s) {
    s.stop = StopAt{};
    return s;
}

struct Run {
    std::unique_ptr<MatchRunner> runner;
    RunState state;
    const Match& m() const { return runner->match(); }
    // The display names of zone `name` of player p (1-based), top first.
    std::vector<std::string> names(const std::string& name, int p) const {
        std::vector<std::string> out;
        for (EntityId e : m().zone(m().find_zone(name, p - 1)).items) out.push_back(m().entity(e).name);
        return out;
    }
    // p = 0: the shared zone of that name.
    std::size_t count(const std::string& name, int p) const { return m().zone(m().find_zone(name, p - 1)).items.size(); }
    // The entity called `card` in zone `name` of player p.
    EntityId find(const std::string& name, int p, const std::string& card) const {
        for (EntityId e : m().zone(m().find_zone(name, p - 1)).items)
            if (m().entity(e).name == card) return e;
        return kNoEntity;
    }
    bool tapped(EntityId e) const { return std::get_if<bool>(&m().entity(e).prop("tapped")) && std::get<bool>(m().entity(e).prop("tapped")); }
    std::int64_t damage(EntityId e) const { return m().counter(e, "damage"); }
    std::vector<const Event*> events(const std::string& type) const {
        std::vector<const Event*> out;
        for (const Event& e : m().log().events())
            if (e.type == type) out.push_back(&e);
        return out;
    }
};

// An integer field of an event.
inline std::int64_t int_field(const Event* e, const char* key) { return std::get<std::int64_t>(e->get(key)); }

// The squad damage values logged, as "player arena amount" ("1 Ground 6").
inline std::vector<std::string> squad_damages(const Run& r) {
    std::vector<std::string> out;
    for (const Event* e : r.events("squad.squad_damage"))
        out.push_back(std::to_string(int_field(e, "player")) + " " + std::get<std::string>(e->get("arena")) + " " +
                      std::to_string(int_field(e, "amount")));
    return out;
}

// `cards` and then n fillers (a hand over the limit of 6 when 7 or more).
inline std::vector<std::string> with_fillers(std::vector<std::string> cards, std::size_t n = 7) {
    for (std::size_t i = 0; i < n; ++i) cards.push_back("fx_filler");
    return cards;
}

inline Run run(Scenario s) {
    Run r;
    r.runner = std::make_unique<MatchRunner>(host(), std::move(s));
    r.state = r.runner->run();
    return r;
}

}  // namespace duelbox::squad_test
