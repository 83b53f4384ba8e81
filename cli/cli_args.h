// cli_args.h - reading numbers from the command line, strictly.
#pragma once
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace duelbox::cli {

// A whole number in [lo, hi] and nothing else ("12x", "", "-1" and "abc" are refused).
template <typename T>
bool parse_number(const std::string& s, T lo, T hi, T& out) {
    T v{};
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc{} || end != s.data() + s.size() || v < lo || v > hi) return false;
    out = v;
    return true;
}

// The flags `bench` and `lab` share: the game or scenario (the first plain argument),
// --matches, --workers, --seed, --mod. Reads the flag at
// args[i] (advancing i past its value) and returns true when it is one of them; `error` is
// set when its value is bad.
struct RunFlags {
    int matches = 0, max_matches = 0;
    int workers = 1;
    std::uint64_t seed = 1, max_seed = UINT64_MAX;
    std::vector<std::string> mods;    // absolute folders
    std::string target;               // a game name or a scenario file
};

// The scenario a bench or lab target names: the file itself; a path that is not there from
// here, the same path under the engine's source folder (the docs' commands are written from
// there), else itself (loading it then says it cannot be read); a bare name, the game's
// examples/<game>/bench.json under the source folder.
inline std::string bench_scenario_file(const std::string& target) {
    const std::string root = DUELBOX_SOURCE_ROOT;
    if (std::filesystem::exists(target)) return target;
    const bool path = target.find('/') != std::string::npos || target.ends_with(".json");
    if (!path) return root + "/examples/" + target + "/bench.json";
    const std::string under_root = root + "/" + target;
    return target.front() != '/' && std::filesystem::exists(under_root) ? under_root : target;
}

inline bool parse_run_flag(const std::vector<std::string>& args, std::size_t& i, RunFlags& f, std::string& error) {
    const std::string& a = args[i];
    const bool has_value = i + 1 < args.size();
    if (a == "--matches") {
        if (!has_value || !parse_number(args[++i], 1, f.max_matches, f.matches))
            error = "--matches needs a whole number from 1 to " + std::to_string(f.max_matches);
    } else if (a == "--workers") {
        if (!has_value || !parse_number(args[++i], 1, 1024, f.workers)) error = "--workers needs a whole number from 1 to 1024";
    } else if (a == "--seed") {
        if (!has_value || !parse_number<std::uint64_t>(args[++i], 0, f.max_seed, f.seed))
            error = "--seed needs a whole number from 0 to " + std::to_string(f.max_seed);
    } else if (a == "--mod") {
        if (!has_value || args[i + 1].empty()) error = "--mod needs a mod folder (one holding mod.json)";
        else f.mods.push_back(std::filesystem::absolute(args[++i]).lexically_normal().string());
    } else if (!a.empty() && a[0] != '-' && f.target.empty()) {
        f.target = a;
    } else {
        return false;
    }
    return true;
}

}  // namespace duelbox::cli
