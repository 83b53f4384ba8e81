// teaching_lines.h - teaching mode's Lua line steps: every game-script line the current run
// executed, in order, each tied to the event it precedes, and a position that steps through
// them forwards and backwards.
//
// How: record() replays the session's current run (same scenario, seed and decisions, as time
// travel does) on a fresh host with a LineTrace attached (runtime/lua/line_trace.h), so normal
// runs and benchmarks never pay for the line hook. A step is (event, file, line): the line ran
// when `event` events were done, so the state to show at a line is the state after `event`
// events (Session::travel(event)), and stepping back is moving an index.
//
// Contracts
//  - No ImGui here; the teaching panel calls step() and shows where() / event().
//  - record() reproduces the current run or fails: when the replay does not end with the same
//    events (it should always), error says so and no trace is kept.
//  - The same run gives the same steps on every record() (the kernel's trace is deterministic).
//  - Positions: npos = not on a line (the event steps are in charge). step() from there starts
//    from the session's cursor: forwards at the first line run after `cursor` events, backwards
//    at the last line run before it (the one that logged the event just done, if a line did).
#pragma once
#include <memory>
#include <string>

#include "lua/line_trace.h"
#include "session.h"

namespace duelbox::editor {

class TeachingLines {
public:
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    // Replays the session's current run with a line trace. False (and `error`) when the game's
    // definitions do not load or the replay does not end where the run did.
    bool record(const Session& session, std::string& error);
    // True when the trace belongs to the session's current run (same generation).
    bool recorded_for(const Session& session) const { return trace_ && generation_ == session.generation(); }
    void clear();

    const LineTrace* trace() const { return trace_.get(); }
    std::size_t size() const { return trace_ ? trace_->steps().size() : 0; }

    std::size_t position() const { return pos_; }
    bool on_line() const { return pos_ != npos; }
    const LineStep* current() const { return on_line() ? &trace_->steps()[pos_] : nullptr; }
    std::string where() const;                    // "cards/duel/strike.lua:2", or "" off a line
    std::size_t event() const;                    // events done at the current line (the cursor to show)

    // One line forwards (direction > 0) or backwards from the position, or, when not on a line
    // or the cursor has moved since, from `cursor` (see the contract). False at either end.
    bool step(int direction, std::size_t cursor);
    // The session's cursor moved by event steps: leave the line position (npos) unless it still
    // matches the cursor.
    void follow_cursor(std::size_t cursor);

private:
    std::unique_ptr<LineTrace> trace_;
    int generation_ = -1;
    std::size_t pos_ = npos;
};

}  // namespace duelbox::editor
