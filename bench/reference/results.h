// results.h - one match's outcome as a JSON line, the shape `duelbox bench --results FILE`
// writes too, so the two files compare line by line:
//   {"seed":12,"winner":1,"beats":9,"health":[0,7],"reason":"knockout"}
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ref {

struct MatchResult {
    std::uint64_t seed = 0;
    int winner = 0;                 // 1-based; 0 = a draw
    int beats = 0;
    int health[2] = {0, 0};
    std::string reason;
};

std::string to_json_line(const MatchResult& r);
bool read_results(const std::string& path, std::vector<MatchResult>& out, std::string& error);

// compare_results.cpp: prints the comparison; 0 when every figure agrees, 1 otherwise.
int compare_results(const std::string& a, const std::string& b);

}  // namespace ref
