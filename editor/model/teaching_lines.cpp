// teaching_lines.cpp - recording the current run's Lua lines and stepping through them.
#include "teaching_lines.h"

#include <algorithm>

namespace duelbox::editor {

void TeachingLines::clear() {
    trace_.reset();
    generation_ = -1;
    pos_ = npos;
}

bool TeachingLines::record(const Session& session, std::string& error) {
    clear();
    if (!session.is_open()) {
        error = "no scenario is open";
        return false;
    }
    const Scenario& opened = session.scenario();
    // A fresh host: the current run's host may still hold a coroutine (a seat waiting for a
    // person), and the trace must not see any other run's lines.
    auto host = std::make_shared<LuaHost>(opened.limits);
    std::vector<std::string> errors;
    if (!host->load_game(opened, errors)) {
        error = errors.empty() ? "the game does not load" : errors.front();
        return false;
    }
    auto trace = std::make_unique<LineTrace>();
    auto tape = std::make_shared<DecisionTape>(DecisionTape::from_run(session.run().runner()));
    std::size_t events = 0;
    {
        Run again(host, session.run().runner().scenario(), tape);
        host->set_line_trace(trace.get());
        again.play();
        host->set_line_trace(nullptr);
        events = again.tip();
    }
    if (events != session.tip()) {
        error = "the replay with a line trace ended after " + std::to_string(events) + " events, the run after " +
                std::to_string(session.tip());
        return false;
    }
    trace_ = std::move(trace);
    generation_ = session.generation();
    return true;
}

std::string TeachingLines::where() const {
    const LineStep* s = current();
    return s ? trace_->file(s->file) + ":" + std::to_string(s->line) : "";
}

std::size_t TeachingLines::event() const {
    const LineStep* s = current();
    return s ? s->event : 0;
}

void TeachingLines::follow_cursor(std::size_t cursor) {
    if (const LineStep* s = current(); s && s->event != cursor) pos_ = npos;
}

bool TeachingLines::step(int direction, std::size_t cursor) {
    if (!trace_ || trace_->steps().empty()) return false;
    const auto& steps = trace_->steps();   // sorted by event: lines run in log order
    follow_cursor(cursor);
    if (pos_ == npos) {
        auto before = [](const LineStep& s, std::size_t c) { return s.event < c; };
        const auto first_at = std::lower_bound(steps.begin(), steps.end(), cursor, before);
        if (direction > 0) {
            if (first_at == steps.end()) return false;
            pos_ = static_cast<std::size_t>(first_at - steps.begin());
        } else {
            if (first_at == steps.begin()) return false;
            pos_ = static_cast<std::size_t>(first_at - steps.begin()) - 1;
        }
        return true;
    }
    if (direction > 0) {
        if (pos_ + 1 >= steps.size()) return false;
        ++pos_;
    } else {
        if (pos_ == 0) return false;
        --pos_;
    }
    return true;
}

}  // namespace duelbox::editor
