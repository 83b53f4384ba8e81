// snapshot.h - frozen copies of a Match without its event log, cheap enough to keep one per event.
//
// Why: a Match is a value, and copying it is a correct snapshot, but a copy late in a long
// match copies the whole event log too (20,000 events: several MB and milliseconds). Time
// travel wants the state after every event. A MatchSnapshot holds everything a Match holds
// except the log (players, entities, zones, counters, handlers, effects, board, randomness,
// rule context, result) in immutable pieces behind shared_ptr; entities, zones and handlers
// are cut into small chunks, listed in a table that is itself shared when no chunk changed. A snapshot taken with the one before it shares every piece that compares equal,
// so one event usually costs the one or two pieces it changed. Taken from the same Match
// object as `previous`, a chunk none of whose entities or zones was written since (the
// Match's write stamps) is shared without comparing it. Handlers are never erased
// (windows.h), so long matches pile up removed ones; a full chunk of removed handlers can
// never change again and is shared without comparing it.
//
// Contracts
//  - take(m, previous) records m's state and m.log().size(). `previous` is null or an earlier
//    snapshot of the same match (the board is shared by that promise: it can only be set once).
//  - restore(target, log, keep) makes target equal to the match the snapshot was taken from:
//    every accessor answers the same, check_invariants() holds, and its log is the first
//    events() events of `log` (the log of the run it was taken from, or a copy of it).
//    See EventLog::copy_prefix for `keep`. Target's event observer is left as it was.
//  - Snapshots never change after take(); copying one copies shared_ptrs only.
//  - Copying a Match stays an ordinary deep value copy; nothing here changes that.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "match.h"

namespace duelbox {

class MatchSnapshot {
public:
    // Per shared piece: an event mostly touches one entity or zone (small chunks copy little;
    // 1, 2, 4 and 8 were measured, 2 keeps the table short too); handlers mostly pile up
    // removed (bigger chunks keep the table short).
    static constexpr std::size_t kEntityChunk = 2, kZoneChunk = 2, kHandlerChunk = 16;

    static MatchSnapshot take(const Match& m, const MatchSnapshot* previous = nullptr);
    void restore(Match& target, const EventLog& log, std::size_t keep = 0) const;

    std::size_t events() const { return events_; }            // log length when taken
    std::size_t added_bytes() const { return added_bytes_; }  // about: heap bytes of its unshared pieces
    // Its top-level pieces: players, entities, zones, handlers (each a table of chunks), counters,
    // effects, scratch, derived values, board, result (the rule context is an interned symbol).
    std::size_t pieces() const { return 10; }
    std::size_t shared_pieces() const { return shared_; }     // of those, taken over whole from `previous`

    // Internals, public only for snapshot.cpp's helpers.
    template <class T>
    using Piece = std::shared_ptr<const T>;
    template <class T>
    struct ChunkTable {
        std::vector<Piece<std::vector<T>>> chunks;
        std::vector<bool> frozen;                  // per chunk: can never change again (shared unread)
    };
    template <class T>
    using Chunks = Piece<ChunkTable<T>>;

private:
    struct BoardPiece {
        Board board;
        std::vector<ZoneId> space_zones;
    };

    std::size_t events_ = 0;
    std::uint64_t lineage_ = 0;                              // the Match object it was taken from
    std::uint64_t entities_clock_ = 0, zones_clock_ = 0, handlers_clock_ = 0;   // its write clocks then
    std::size_t added_bytes_ = 0;
    std::size_t shared_ = 0;
    std::uint64_t seed_ = 0;
    Rng rng_;
    SourceLoc source_;
    Piece<std::vector<Player>> players_;
    Chunks<Entity> entities_;
    Chunks<Zone> zones_;
    Chunks<Handler> handlers_;
    Piece<CounterStore> counters_;
    Piece<EffectStore> effects_;
    Piece<ScratchStore> scratch_;
    Piece<DerivedStore> derived_;
    Piece<BoardPiece> board_;
    Sym rule_ = 0;                                           // the rule context (interned)
    Piece<MatchResult> result_;
};

}  // namespace duelbox
