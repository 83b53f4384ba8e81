// dispatch.h - one walk over a timing window's live handlers, decided by the kernel.
//
// Why: every game fires its windows the same way (collect the handlers that may fire, keep
// those whose source is in play for the players concerned, order them, let a player order
// their own simultaneous ones, call each, and perhaps go round again while something keeps
// applying). Done in Lua, that walk built a list of sources, a list of ids, a record per id
// and a ctx copy per handler every time; here it is a few integers per handler, and the
// binding calls the functions (window.run, through lua_callk with a continuation, so a
// handler may still yield for a decision).
//
// Contracts
//  - The first pass is collect() (priority, seats from the policy's first, registration),
//    filtered: the handler's player in `players`; its source in `only`, when given; its
//    source in a zone named one of `zones` (any owner), when given. A handler added
//    meanwhile is not in the current pass; one removed, or at its limit, is passed over.
//  - next() says what to do: Fire current(), let order_player() order group(), or End.
//    After a Fire, the caller reports the handler's result with applied(): false means
//    "its condition was not met, skipped"; anything else means it applied.
//  - repeat_skipped (a fixpoint, "re-check until nothing new applies"): when a pass ends
//    and something in it applied, the next pass holds, in collect() order, the handlers
//    that were skipped in it plus those that now match the filter and were in no pass
//    before (an effect that came into play during the pass). It ends after a pass in
//    which nothing applied, or when that list is empty.
//  - owner_orders: within a pass, a run of consecutive handlers of the same player and
//    priority (two or more) is put in the order that player gives. Every run of a pass is
//    asked about, in pass order, before the pass's first handler fires.
//  - Nothing here calls a handler or knows a game; the Lua binding does the calling
//    (window.run, or a script stepping with window.open/next/done/close).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "ids.h"
#include "windows.h"

namespace duelbox {

class Match;

struct DispatchOptions {
    OrderPolicy policy;
    PlayerMask players = kEveryone;         // handlers whose player is one of these
    std::vector<EntityId> only;             // when non-empty: only handlers of these sources
    std::vector<std::string> zones;         // when non-empty: only handlers whose source is in such a zone
    bool repeat_skipped = false;            // the fixpoint above
    bool owner_orders = false;              // players order their own simultaneous handlers
    bool until_finished = false;            // end the walk once the match is finished
};

class Dispatch {
public:
    enum class Step { Fire, Order, End };

    Dispatch(std::string_view window, DispatchOptions options);
    // Starts a new walk in this object, as a new Dispatch would, keeping its lists' storage
    // (the host reuses a closed walk's object for the next window.open).
    void restart(std::string_view window, DispatchOptions options);

    Step next(const Match& m);                               // what to do now (see the contracts)
    HandlerId current() const { return current_; }           // after Fire: the handler to call
    void applied(bool yes);                                  // after Fire: its result
    PlayerIndex order_player() const { return order_player_; }   // after Order: who orders
    const std::vector<HandlerId>& group() const { return group_; }   // after Order: what they order
    bool order(const std::vector<int>& permutation);        // 0-based; false if not a permutation of group()
    bool any_applied() const { return any_applied_; }        // something applied in any pass
    int fired() const { return fired_; }                     // handlers fired so far
    const std::string& window() const { return window_; }

private:
    bool matches(const Match& m, const Handler& h) const;
    bool start_pass(const Match& m, bool first);             // false when the new pass is empty
    void find_groups(const Match& m);

    std::string window_;
    DispatchOptions options_;
    std::vector<HandlerId> pass_;                            // this pass, in firing order
    std::size_t at_ = 0;                                     // next position in pass_
    std::vector<HandlerId> seen_;                            // in some pass so far (sorted)
    std::vector<HandlerId> skipped_;                         // returned false in this pass
    std::vector<std::pair<std::size_t, std::size_t>> groups_;   // [begin, end) runs to be ordered
    std::size_t next_group_ = 0;
    std::vector<HandlerId> group_;
    std::vector<HandlerId> collected_;                       // start_pass's scratch: collect() into it
    PlayerIndex order_player_ = kNoPlayer;
    bool awaiting_order_ = false;
    bool started_ = false;
    HandlerId current_ = 0;
    bool progress_ = false, any_applied_ = false;
    int fired_ = 0;
};

}  // namespace duelbox
