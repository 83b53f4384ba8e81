// line_trace.cpp - filtering chunk names and keeping the steps (the hook is in script_call.cpp).
#include "line_trace.h"

#include <cstring>

namespace duelbox {

LineTrace::LineTrace(std::vector<std::string> include, std::vector<std::string> exclude, std::size_t max_steps)
    : include_(std::move(include)), exclude_(std::move(exclude)), max_steps_(max_steps) {}

void LineTrace::clear() {
    steps_.clear();
    files_.clear();
    seen_.clear();
    last_ = static_cast<std::size_t>(-1);
    truncated_ = false;
}

int LineTrace::file_id(const char* source) {
    if (last_ < seen_.size() && seen_[last_].first == source) return seen_[last_].second;
    for (std::size_t i = 0; i < seen_.size(); ++i)
        if (seen_[i].first == source) {
            last_ = i;
            return seen_[i].second;
        }
    // First time this chunk runs: decide once whether it is a game file worth recording.
    int id = -1;
    if (source[0] == '@') {
        const std::string path(source + 1);
        auto starts = [&](const std::string& prefix) { return path.compare(0, prefix.size(), prefix) == 0; };
        bool in = false;
        for (const auto& p : include_) in = in || starts(p);
        for (const auto& p : exclude_) in = in && !starts(p);
        if (in) {
            id = static_cast<int>(files_.size());
            files_.push_back(path);
        }
    }
    seen_.emplace_back(source, id);
    last_ = seen_.size() - 1;
    return id;
}

void LineTrace::record(const char* source, int line, std::size_t events) {
    if (truncated_ || !source || line <= 0) return;
    const int id = file_id(source);
    if (id < 0) return;
    if (steps_.size() >= max_steps_) {
        truncated_ = true;
        return;
    }
    steps_.push_back({static_cast<std::uint32_t>(events), static_cast<std::uint32_t>(id), line});
}

}  // namespace duelbox
