// results.cpp - writing and reading the results lines. A tiny reader for this one flat
// shape (the reference links nothing but the standard library, so no JSON library).
#include "results.h"

#include <cstdlib>
#include <fstream>

namespace ref {

std::string to_json_line(const MatchResult& r) {
    return "{\"seed\":" + std::to_string(r.seed) + ",\"winner\":" + std::to_string(r.winner) +
           ",\"beats\":" + std::to_string(r.beats) + ",\"health\":[" + std::to_string(r.health[0]) + "," +
           std::to_string(r.health[1]) + "],\"reason\":\"" + r.reason + "\"}";
}

namespace {
// The text right after "key": in line, or npos.
std::size_t after_key(const std::string& line, const char* key) {
    const std::string k = std::string("\"") + key + "\"";
    std::size_t at = line.find(k);
    if (at == std::string::npos) return at;
    at = line.find(':', at + k.size());
    return at == std::string::npos ? at : at + 1;
}

bool number(const std::string& line, std::size_t at, long long& out) {
    while (at < line.size() && (line[at] == ' ' || line[at] == '[')) ++at;
    char* end = nullptr;
    out = std::strtoll(line.c_str() + at, &end, 10);
    return end != line.c_str() + at;
}
}  // namespace

bool read_results(const std::string& path, std::vector<MatchResult>& out, std::string& error) {
    std::ifstream in(path);
    if (!in) {
        error = path + ": cannot open";
        return false;
    }
    std::string line;
    int lineno = 0;
    while (std::getline(in, line)) {
        ++lineno;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        MatchResult r;
        long long seed = 0, winner = 0, beats = 0, h1 = 0, h2 = 0;
        const std::size_t hs = after_key(line, "health");
        const std::size_t comma = hs == std::string::npos ? hs : line.find(',', hs);
        if (!number(line, after_key(line, "seed"), seed) || !number(line, after_key(line, "winner"), winner) ||
            !number(line, after_key(line, "beats"), beats) || hs == std::string::npos || !number(line, hs, h1) ||
            comma == std::string::npos || !number(line, comma + 1, h2)) {
            error = path + ":" + std::to_string(lineno) + ": expected {\"seed\":..,\"winner\":..,\"beats\":..,\"health\":[..,..],\"reason\":..}";
            return false;
        }
        r.seed = static_cast<std::uint64_t>(seed);
        r.winner = static_cast<int>(winner);
        r.beats = static_cast<int>(beats);
        r.health[0] = static_cast<int>(h1);
        r.health[1] = static_cast<int>(h2);
        const std::size_t rs = after_key(line, "reason");
        if (rs != std::string::npos) {
            const std::size_t q1 = line.find('"', rs), q2 = q1 == std::string::npos ? q1 : line.find('"', q1 + 1);
            if (q2 != std::string::npos) r.reason = line.substr(q1 + 1, q2 - q1 - 1);
        }
        out.push_back(r);
    }
    return true;
}

}  // namespace ref
