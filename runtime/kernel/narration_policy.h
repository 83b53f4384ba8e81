// narration_policy.h - which events a player's narration shows.
//
// A match logs everything (every card moved, every counter changed), but a person following
// it wants one line per thing a player would say at the table. The log itself is unchanged;
// front ends (duelbox run, the human seat, the editor's "narration" view) ask the policy
// which events to print, and --verbose prints them all.
//
// Contracts
//  - An event the kernel makes is bookkeeping unless it is in kKernelNews (a figure moving on
//    the board, a script's print, the end of the match): what a game's own lines already say
//    ("Ada takes 2 damage") should not be said again as "Ada health: 20 -> 18".
//  - An event a script makes (log.event, log.say) is news.
//  - A game overrides either default per event type: game.lua's
//    `narration = { news = {"zone.shuffle"}, details = {"mygame.recycle_done"} }`.
//  - Whether an event is shown at all to a viewer is still EventLog::sees; the policy only
//    thins what the viewer may see.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace duelbox {

class NarrationPolicy {
public:
    // Whether an event of this type is news (shown without --verbose).
    bool news(std::string_view type) const;
    // True for the event types the kernel itself makes (zone.move, counter.change, ...).
    static bool kernel_type(std::string_view type);

    void add_news(std::string type);
    void add_detail(std::string type);

private:
    std::vector<std::string> news_, details_;   // the game's overrides, sorted
};

}  // namespace duelbox
