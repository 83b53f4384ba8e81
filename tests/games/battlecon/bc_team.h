// bc_team.h - team-play drills (spec §10.7) for the BattleCON rules tests: seats with a team
// and a space on the 9-space board, every seat Kestrel unless `extra` says otherwise.
#pragma once
#include <string>
#include <vector>

#include "bc_support.h"

namespace duelbox::test::bc {

struct TeamSeat {
    int team;
    int at;                          // 0 = no fixed space: the T3 placement decides
    json extra = json::object();     // seat setup overrides (fighter, discards, ...)
};

// Runs `code` as a drill (prelude + `local T = bc.team`); REQUIREs a clean finish.
inline RunResult team_run(const std::string& code, const std::vector<TeamSeat>& seats,
                          std::vector<ScriptedDecision> decisions = {}, json options = json::object(),
                          json setup = json::object()) {
    Scenario sc = scenario(json::object());
    sc.seats.clear();
    int n = 0;
    for (const TeamSeat& t : seats) {
        SeatSpec spec;
        spec.name = "P" + std::to_string(++n);
        spec.team = t.team;
        spec.agent = "first";
        spec.setup = t.at > 0 ? seat({{"position", t.at}}) : seat();
        for (auto& [k, v] : t.extra.items()) spec.setup[k] = v;
        sc.seats.push_back(spec);
    }
    options["spaces"] = 9;
    sc.options = options;
    sc.decisions = std::move(decisions);
    if (!setup.contains("first_active")) setup["first_active"] = 1;
    setup["drill"] = std::string(kPrelude) + "local T = bc.team\n" + code;
    sc.setup = setup;
    RunResult r = run_scenario(sc);
    INFO(r.error);
    REQUIRE(r.finished());
    return r;
}

// Lua helpers for drills with real cards: `real(p, key [, zone, where])` creates card `key`
// for p (in the pair: revealed and live); `drill_pair(p, key, base)` makes p's pair the
// real style `key` over a test base TB(base); `real_pair(p, style, base)` two real cards.
inline const char* kRealCards = R"(
local function real(p, key, zn, where)
  local e = cards.create(key, p, zone.find(zn or "pair", p), where or "bottom")
  if (zn or "pair") == "pair" then zone.reveal(e, "all"); fire.activate(e) end
  return e
end
local function drill_pair(p, key, base)
  bc.pair(p, {}, base)
  for _, e in ipairs(zone.items(zone.find("pair", p))) do
    if entity.kind(e) == "style" then fire.deactivate(e); zone.move(e, S.box()) end
  end
  return real(p, key, "pair", "top")
end
local function real_pair(p, style, base)
  for _, e in ipairs(zone.items(zone.find("pair", p))) do fire.deactivate(e); zone.move(e, S.box()) end
  return real(p, style), real(p, base)
end
)";

}  // namespace duelbox::test::bc
