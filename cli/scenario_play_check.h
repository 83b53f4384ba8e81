// scenario_play_check.h - `duelbox check` plays each scenario: as `run` would, and on a reused host
// to compare the logs (scenario_play_check.cpp).
#pragma once
#include <string>

#include "scenario/scenario.h"

namespace duelbox::cli {

// "" when scenario `s` passes on a fresh host as `duelbox run` passes it (no unexpected script
// error, no unanswered question, every expectation met) and logs the same on a host that played
// it first with seeds s.seed+1 and s.seed+2; otherwise what failed, or the first differing event
// of each, under `shown`. Scenarios with a human seat are not played.
std::string scenario_play_problems(const Scenario& s, const std::string& shown);

}  // namespace duelbox::cli
