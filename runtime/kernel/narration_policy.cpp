// narration_policy.cpp - see narration_policy.h.
#include "narration_policy.h"

#include <algorithm>
#include <array>

namespace duelbox {

namespace {

// Every type the kernel emits (match.cpp, script_events.cpp, the runner's decisions, print).
constexpr std::array<std::string_view, 18> kKernelTypes = {
    "board.move",    "board.place",     "board.set",       "counter.change", "decision",     "effect.remove",
    "entity.create", "entity.prop",     "entity.reveal",   "entity.tag",     "entity.untag", "match.end",
    "modifier.add",  "period.end",      "prohibition.add", "script.print",   "zone.move",    "zone.shuffle",
};

// The kernel's own events a player would mention: a figure moving or placed on the board,
// what a script prints, how the match ended.
constexpr std::array<std::string_view, 4> kKernelNews = {"board.move", "board.place", "match.end", "script.print"};

bool contains(const std::vector<std::string>& sorted, std::string_view type) {
    return std::binary_search(sorted.begin(), sorted.end(), type, std::less<>());
}

void insert_sorted(std::vector<std::string>& sorted, std::string type) {
    const auto at = std::lower_bound(sorted.begin(), sorted.end(), type);
    if (at == sorted.end() || *at != type) sorted.insert(at, std::move(type));
}

}  // namespace

bool NarrationPolicy::kernel_type(std::string_view type) {
    return std::find(kKernelTypes.begin(), kKernelTypes.end(), type) != kKernelTypes.end();
}

bool NarrationPolicy::news(std::string_view type) const {
    if (contains(news_, type)) return true;
    if (contains(details_, type)) return false;
    if (!kernel_type(type)) return true;
    return std::find(kKernelNews.begin(), kKernelNews.end(), type) != kKernelNews.end();
}

void NarrationPolicy::add_news(std::string type) { insert_sorted(news_, std::move(type)); }
void NarrationPolicy::add_detail(std::string type) { insert_sorted(details_, std::move(type)); }

}  // namespace duelbox
