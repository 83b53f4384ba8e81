// scenario_fields.h - the scenario fields a loaded game accepts.
//
// A game lists its rule options (`options`, with defaults), the fields of `setup` it reads
// (`setup_keys`) and those of each seat's setup (`seat_keys`); a scenario may set only those,
// and only to values their declarations allow. `run` refuses anything else before the match
// starts (MatchRunner::start; so do the editor, `bench` and `lab`, which run matches the same
// way) and `check` reports the same message, so they never disagree. Nothing is silently
// changed: a value out of bounds is an error naming its field, never clamped.
//
// A declaration is a name, or a table (every field optional but `name`):
//   { name = "health", type = "integer", min = 1, max = 20, doc = "..." }
//   { name = "variant", default = "short", values = { "short", "long" }, doc = "..." }
//   { name = "hand", type = "list", of = "string" }
// type: "integer", "number", "string", "boolean", "list" (elements of type `of`; min/max bound
// integer elements) or "any"; an option without `type` takes its default's type. `values`
// lists the allowed strings (or numbers).
#pragma once
#include <string>
#include <string_view>

#include "host.h"
#include "scenario/scenario.h"

namespace duelbox {

// The first unknown field or refused value, as "options.x: unknown rule option of game g
// (options: ...)", "players[0].setup.health: 25 is above the maximum 20", ...; "" when every
// field is known and allowed, or no game is loaded.
std::string scenario_fields_error(LuaHost& host, const Scenario& scenario);

// Whether a match's error names a scenario field first ("players[1].setup.fighter: ...",
// "setup.map: ...", "options.x: ...", "players: ..."): a game raises such messages at level 0
// for bad input (docs/writing-a-game.md), which `run` reports as bad input, with no script stack.
bool names_scenario_field(std::string_view error);

}  // namespace duelbox
