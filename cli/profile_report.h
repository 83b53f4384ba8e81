// profile_report.h - `duelbox bench <game> --profile`: the script profile as a modder reads it.
#pragma once
#include <cstddef>
#include <ostream>
#include <string>

#include "lua/script_profile.h"

namespace duelbox::cli {

// Prints the hottest `top` lines (self time, per unit, with the line's text read from `root`),
// the most called kernel functions and Lua functions, each per `unit_name` (`units` of them
// in the profiled matches; per match when the game names no unit).
void print_profile(std::ostream& out, const ProfileReport& p, std::size_t units, const std::string& unit_name,
                   std::size_t top, const std::string& root);

}  // namespace duelbox::cli
