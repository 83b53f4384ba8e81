// script_profile.h - where a match's script time goes: lines, functions and kernel calls
// (`duelbox bench <game> --profile`).
//
// Why: the cost of a rules script is set by what it asks in every window, not by one slow
// function (docs/performance.md). A modder who wants faster rules needs to see which lines
// run most and cost most, and which kernel functions they call how often, per unit of play.
//
// What is measured
//  - Counts, exact and deterministic: how often each line of each file chunk ran, how often
//    each Lua function and each C function (by its qualified name, "zone.count") was called.
//  - Self time, approximate: the time from one line event to the next is charged to the
//    earlier line, so a line's time includes the kernel calls it makes and the C++ they run,
//    up to the first line of any handler they call back. Time between two script calls (an
//    agent answering a decision, the host between matches) is not charged; the time the hook
//    itself takes is left out as far as one clock reading allows.
// Contracts
//  - Off unless attached (LuaHost::set_script_profile): no hook is set without one. With one,
//    ScriptCall adds LUA_MASKLINE | LUA_MASKCALL to the hook that counts instructions, so
//    budgets hold; a profiled match plays exactly as an unprofiled one (same events).
//  - One profile per host and thread; merge() adds another (workers' profiles, in any order:
//    the report sorts by figure, then by name).
#pragma once
#include <lua.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace duelbox {

struct ProfileRow {
    std::string name;             // "scripts/mygame/rules.lua:120" (a line, or where a function starts), "zone.count"
    std::uint64_t count = 0;      // times run or called
    std::uint64_t nanos = 0;      // self time charged (lines only)
};

struct ProfileReport {
    std::vector<ProfileRow> lines;        // by self time, most first
    std::vector<ProfileRow> kernel;       // C functions by calls, most first
    std::vector<ProfileRow> functions;    // Lua functions by calls, most first
    std::uint64_t line_events = 0, kernel_calls = 0, function_calls = 0, nanos = 0;
};

class ScriptProfile {
public:
    // Called by the script hook (script_call.cpp). Never raise.
    void on_line(lua_State* L, lua_Debug* ar);
    void on_call(lua_State* L, lua_Debug* ar);
    // The outermost script call starts or ends: time outside it is not charged.
    void resume_clock();
    void pause_clock();

    void merge(const ScriptProfile& other);
    ProfileReport report() const;

private:
    using Clock = std::chrono::steady_clock;
    struct LineKey {
        std::uint32_t file;
        std::int32_t line;
        bool operator==(const LineKey&) const = default;
    };
    struct LineKeyHash {
        std::size_t operator()(const LineKey& k) const { return (std::size_t(k.file) << 32) ^ std::uint32_t(k.line); }
    };
    struct Tally {
        std::uint64_t count = 0, nanos = 0;
    };

    std::uint32_t file_id(const char* source);   // chunk name -> index into files_
    void charge(Clock::time_point now);

    std::vector<std::string> files_;
    std::unordered_map<std::string, std::uint32_t> file_ids_;
    const char* last_source_ = nullptr;           // the chunk name looked up last, and its id
    std::uint32_t last_file_ = 0;
    std::unordered_map<LineKey, Tally, LineKeyHash> lines_;
    std::unordered_map<LineKey, Tally, LineKeyHash> functions_;   // key: file, line defined
    std::unordered_map<lua_CFunction, std::string> c_names_;      // resolved once per function
    std::unordered_map<std::string, std::uint64_t> kernel_;
    Tally* current_ = nullptr;                    // the line running now: it gets the time until the next
    Clock::time_point since_{};
    bool running_ = false;
};

}  // namespace duelbox
