// write_stamps.h - when each item of a list was last written, so that a snapshot can share
// what nobody wrote since the previous one without comparing it.
//
// Why: time travel keeps a snapshot after every event (snapshot.h). Comparing every chunk of
// entities, zones and handlers with the previous snapshot cost more than the event itself
// on long matches; a write stamp answers "changed since?" for the price of a number.
//
// Contracts
//  - Every write to item i calls write(i) (before or after the write, but before the next
//    snapshot); a wholesale replacement calls write_all.
//  - Ticks only grow, per WriteStamps object. They mean something only for the object that
//    made them: a copied Match is a new Lineage, and snapshots compare stamps only within one.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace duelbox {

class WriteStamps {
public:
    void write(std::size_t index) {
        if (stamps_.size() <= index) stamps_.resize(index + 1, 0);
        stamps_[index] = ++clock_;
    }
    void write_all(std::size_t count) {
        ++clock_;
        stamps_.assign(count, clock_);
    }
    std::uint64_t clock() const { return clock_; }   // the tick of the last write (0: none yet)
    // Whether no item in [first, last) was written after tick `since`.
    bool unwritten(std::size_t first, std::size_t last, std::uint64_t since) const {
        if (clock_ <= since) return true;
        if (last > stamps_.size()) return false;
        for (std::size_t i = first; i < last; ++i)
            if (stamps_[i] > since) return false;
        return true;
    }

private:
    std::uint64_t clock_ = 0;
    std::vector<std::uint64_t> stamps_;   // index = item
};

// Which object a snapshot was taken from: a fresh id for every object, and for every copy of
// one (so a copy's write stamps are never read against the original's snapshots).
struct Lineage {
    std::uint64_t id = next();
    Lineage() = default;
    Lineage(const Lineage&) : id(next()) {}
    Lineage& operator=(const Lineage&) {
        id = next();
        return *this;
    }
    static std::uint64_t next();   // thread-safe
};

}  // namespace duelbox
