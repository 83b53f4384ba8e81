// check_reuse.h - `duelbox check`'s fresh-versus-reused host comparison (check_reuse.cpp).
#pragma once
#include <string>

#include "scenario/scenario.h"

namespace duelbox::cli {

// "" when scenario `s` logs the same on a fresh host and on one that played it first with
// seeds s.seed+1 and s.seed+2; otherwise the first differing event of each, under `shown`.
// Scenarios with a human seat are not played.
std::string reuse_divergence(const Scenario& s, const std::string& shown);

}  // namespace duelbox::cli
