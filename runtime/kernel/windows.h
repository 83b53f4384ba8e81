// windows.h - timing windows: who listens to which window, in what order, how often.
//
// The kernel never calls a handler. It keeps the registry and answers "which handlers
// of window W may fire now, in what order"; the rules coroutine (Lua) calls them. That
// keeps C++ off the stack when a handler yields for a decision (see docs/architecture.md).
//
// Contracts
//  - collect() returns a snapshot, so adding or removing handlers while a window is being
//    dispatched never disturbs the list being walked. A handler added meanwhile first fires
//    at the next collect(); a removed one is skipped from its removal on (can_fire() is
//    false), even later in the same walk, and the next collect() no longer returns it.
//  - Order: lower priority first; then by seat distance from the policy's first player
//    (first, first+1, ... wrapping); then registration order. Players who must order
//    their own simultaneous handlers get them grouped; asking is the script's job.
//  - Limits: a handler with limit N applies at most N times per period; end_period(P)
//    resets the counts of every handler whose period is P. limit 0 = each time. A fire is
//    counted when the handler starts (so it cannot re-enter past its limit while it waits
//    for a decision) and given back (unmark_fired) when it reports it did not apply.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ids.h"
#include "write_stamps.h"

namespace duelbox {

struct Handler {
    HandlerId id = 0;
    std::string window;                 // the window name it listens to
    EntityId source = kNoEntity;        // the card/figure/player it belongs to
    PlayerIndex player = kNoPlayer;     // whose effect it is (for ordering)
    int script_ref = 0;                 // opaque to the kernel: the Lua host's function reference
    int priority = 0;                   // lower fires first (e.g. "after all other Hit effects" = 1)
    int limit = 0;                      // fires per period; 0 = unlimited ("each time")
    std::string period;                 // the period whose end resets the count ("beat", "round")
    int fired = 0;                      // fires in the current period
    std::uint32_t seq = 0;              // registration order
    bool removed = false;
    bool operator==(const Handler&) const = default;
};

struct OrderPolicy {
    PlayerIndex first = 0;              // whose handlers go first ("active player first")
    int players = 2;                    // seats, for the wrap-around
    // An explicit seat order instead of the wrap-around from `first` (a turn order that is not
    // the seating: team play by speed). place[p] is player p's place from 1, 0 = not listed:
    // listed players go in their places, then the others. Used when `ordered` is set.
    bool ordered = false;
    std::array<std::uint8_t, 16> place{};
    // Puts player p next in the explicit order (ignored if already placed or out of range).
    void append(PlayerIndex p);
};

class WindowRegistry {
public:
    HandlerId add(Handler h);                       // id and seq are assigned; returns the id
    bool remove(HandlerId id);                      // false if unknown or already removed
    int remove_source(EntityId source);             // every handler of that source; returns how many
    // Gives each live handler whose source is a key of `moved` the mapped source instead (a
    // search's re-deal moved that card's identity to another entity: its handlers go with it).
    // Returns how many changed. `moved` is sorted by key.
    int move_sources(const std::vector<std::pair<EntityId, EntityId>>& moved);
    const Handler* get(HandlerId id) const;         // nullptr if unknown or removed

    std::vector<HandlerId> collect(std::string_view window, const OrderPolicy& policy) const;
    // collect() into `out` (cleared first): a walk keeps its list's storage from window to window.
    void collect_into(std::string_view window, const OrderPolicy& policy, std::vector<HandlerId>& out) const;
    bool can_fire(HandlerId id) const;              // live and under its limit
    void mark_fired(HandlerId id);
    // Gives a fire back: the handler ran but its condition was not met, so it has not
    // applied and does not count toward its limit (a "when X" effect is not used up by an
    // event that is not X).
    void unmark_fired(HandlerId id);
    int end_period(std::string_view period);        // resets counts; returns how many were reset

    std::vector<const Handler*> live() const;       // for inspectors, in registration order
    // The live handlers of one window in registration order (what collect() sorts).
    const std::vector<HandlerId>& listening(std::string_view window) const;
    // How many handlers are live, over every window (what a removal by source looks through).
    std::size_t live_count() const;

    // Moves with every registration, removal and fire (a write stamp): equal before and after
    // a call that changed no handler.
    std::uint64_t write_clock() const { return written_.clock(); }

    // Equal handler records (the index below is derived from them).
    bool operator==(const WindowRegistry& o) const { return handlers_ == o.handlers_; }

private:
    friend class MatchSnapshot;                     // snapshot.h shares the handler list in chunks
    void rebuild_index();                           // after handlers_ was replaced wholesale
    std::vector<Handler> handlers_;                 // index = id - 1; removed ones stay (ids never move)
    WriteStamps written_;                           // per handler (write_stamps.h): for snapshots
    // Live handler ids per window name, ascending. Removed handlers leave it, so collect(),
    // remove_source() and end_period() cost what is live, not everything ever registered.
    std::vector<std::pair<std::string, std::vector<HandlerId>>> by_window_;
};

}  // namespace duelbox
