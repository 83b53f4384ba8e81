// scenario_fields.h - the scenario fields a loaded game accepts.
//
// A game lists its rule options (`options`, with defaults), the fields of `setup` it reads
// (`setup_keys`) and those of each seat's setup (`seat_keys`); a scenario may set only those.
// `run` refuses any other before the match starts (MatchRunner::start) and `check` reports
// the same message, so the two never disagree.
#pragma once
#include <string>

#include "host.h"
#include "scenario/scenario.h"

namespace duelbox {

// The first unknown field, as "options.x: unknown rule option of game g (options: ...)",
// "setup.x: ..." or "players[0].setup.x: ..."; "" when every field is known or no game is loaded.
std::string scenario_fields_error(LuaHost& host, const Scenario& scenario);

}  // namespace duelbox
