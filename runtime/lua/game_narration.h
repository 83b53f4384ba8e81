// game_narration.h - the game's narration policy, read from game.lua (narration_policy.h).
//
//   narration = { news = { "zone.shuffle" }, details = { "mygame.recycle_done" } }
//
// news: event types a player's narration shows although the kernel would count them as
// bookkeeping; details: types it leaves to --verbose although a script logs them. Both
// optional. Read raw (raw_field.h), so a hostile game table runs no code here.
#pragma once
#include <string>
#include <vector>

#include "kernel/narration_policy.h"

namespace duelbox {

class LuaHost;

// The loaded game's policy. Problems (a field that is not a list of event types) are added
// to `errors`, naming scripts/<game>/game.lua and the field; the rest is still read.
NarrationPolicy read_narration_policy(const LuaHost& host, std::vector<std::string>& errors);

}  // namespace duelbox
