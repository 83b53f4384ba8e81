// line_trace.h - an opt-in record of the Lua lines a match executes, for stepping through a
// match line by line (the editor's teaching mode) and for debugging scripts.
//
// Why a record and not a live debugger: the host runs the rules as a coroutine that must not
// be paused inside an arbitrary line. Recording (event count so far, file, line) for every
// executed line lets a viewer step forwards and backwards by moving an index, and show the
// state after the last event before that line.
//
// Contracts
//  - Off unless a trace is attached (LuaHost::set_line_trace): a run without one sets no line
//    hook and costs nothing. With one, ScriptCall adds LUA_MASKLINE to the same hook function
//    that counts instructions (a Lua thread has one hook), so the instruction budget holds.
//  - Only file chunks ("@path") whose path starts with one of `include` and none of `exclude`
//    are recorded: by default the game's scripts/ and cards/, not the shared scripts/core/
//    helpers, nor chunks made from strings (load("...")).
//  - Deterministic: the same scenario, seed and decisions give the same steps, byte for byte.
//  - At most `max_steps` steps are kept; beyond that truncated() is true and recording stops.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace duelbox {

struct LineStep {
    std::uint32_t event = 0;   // events logged before this line ran: the line precedes event `event`
    std::uint32_t file = 0;    // index into LineTrace::files()
    std::int32_t line = 0;     // 1-based
    bool operator==(const LineStep& o) const { return event == o.event && file == o.file && line == o.line; }
};

class LineTrace {
public:
    explicit LineTrace(std::vector<std::string> include = {"scripts/", "cards/"},
                       std::vector<std::string> exclude = {"scripts/core/"},
                       std::size_t max_steps = 5'000'000);   // 12 bytes each: 60 MB at most

    const std::vector<LineStep>& steps() const { return steps_; }
    const std::vector<std::string>& files() const { return files_; }   // paths relative to the root
    const std::string& file(std::uint32_t id) const { return files_.at(id); }
    bool truncated() const { return truncated_; }
    void clear();

    // Called by the line hook: `source` is the chunk name (lua_Debug::source), `events` the size
    // of the running match's log.
    void record(const char* source, int line, std::size_t events);

private:
    int file_id(const char* source);   // -1 when the chunk is not recorded

    std::vector<std::string> include_, exclude_;
    std::size_t max_steps_;
    std::vector<LineStep> steps_;
    std::vector<std::string> files_;
    // Every chunk name seen (recorded or not) with its file id or -1, and the last one looked up:
    // most lines come from the same chunk as the line before.
    std::vector<std::pair<std::string, int>> seen_;
    std::size_t last_ = static_cast<std::size_t>(-1);
    bool truncated_ = false;
};

}  // namespace duelbox
