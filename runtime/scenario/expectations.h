// expectations.h - checking a finished (or failed, or stopped) run against its scenario's
// "expect" block. Used by the CLI, the editor and the tests alike.
#pragma once
#include <string>
#include <vector>

#include "scenario.h"

namespace duelbox {

class Match;

// One sentence per unmet expectation; empty when all hold. `error` is the run's error
// message ("" when it did not fail). `visible` is how many events count (the stop point).
std::vector<std::string> check_expectations(const Expectations& expect, const Match& match, const std::string& error,
                                            std::size_t visible);

}  // namespace duelbox
