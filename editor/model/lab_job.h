// lab_job.h - the editor's Lab panel model: a balance-lab run (lab/) on a background thread,
// its progress, its result, and the result before it (to show what a script change moved).
//
// Contracts
//  - start() returns at once; the lab plays on its own thread with `workers` hosts of its own
//    (never the session's host), so the editor keeps drawing. Calling start() while a run is
//    under way cancels it first (the matches not yet begun are skipped) and waits for it.
//  - result() is the last complete run; previous() the complete run before it, when both were
//    made with the same plan (same fighters, matches, seed): what moved is only meaningful
//    between like runs. A cancelled or failed run replaces nothing; error() says why it failed.
//  - Everything is read from the UI thread; the job thread hands over under a lock.
#pragma once
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "lab_results.h"
#include "lab_run.h"
#include "scenario/scenario.h"

namespace duelbox::editor {

struct LabRequest {
    Scenario base;                       // the lab's base scenario (two seats or two teams)
    std::vector<std::string> fighters;   // roster names; empty = the whole roster
    int matches = 20;                    // per pairing and seat order
    std::uint64_t seed = 1;
    int workers = 1;
    std::string agent = "random";
};

// What moved for one fighter between two like runs.
struct LabMove {
    std::string fighter;
    Rate before, after;
    bool significant = false;            // the two 95% intervals do not overlap
};

class LabJob {
public:
    LabJob() = default;
    ~LabJob();
    LabJob(const LabJob&) = delete;
    LabJob& operator=(const LabJob&) = delete;

    // Reads the game's lab declaration (loading it once on this thread: milliseconds) and
    // starts the run. Returns "" or why it cannot start (no lab table, a bad fighter name...).
    std::string start(const LabRequest& request);
    void cancel();                       // stops a run under way (waits for it)
    bool running() const { return running_.load(); }
    std::size_t done() const { return done_.load(); }
    std::size_t total() const { return total_.load(); }
    int generation() const { return generation_.load(); }   // bumps when result() changes

    std::optional<LabResult> result() const;
    std::optional<LabResult> previous() const;
    std::string error() const;
    const LabSpec& spec() const { return spec_; }            // of the last start()
    const LabRequest& request() const { return request_; }

    // Per fighter, before and after, when previous() exists (plan order).
    std::vector<LabMove> moves() const;
    // The scenario of the first match of pairing `p` of result(): what the main view opens.
    std::optional<Scenario> sample_match(std::size_t pairing) const;

private:
    void finish(LabResult r, std::string error, bool cancelled, const LabRequest& req, const LabSpec& spec);

    LabRequest request_;                 // of the last start()
    LabSpec spec_;
    LabRequest result_request_;          // what result() was made from (guarded by mutex_)
    LabSpec result_spec_;
    mutable std::mutex mutex_;           // guards result_, previous_, error_
    std::optional<LabResult> result_, previous_;
    std::string error_;
    std::atomic<bool> running_{false}, cancel_{false};
    std::atomic<std::size_t> done_{0}, total_{0};
    std::atomic<int> generation_{0};
    std::jthread thread_;
};

}  // namespace duelbox::editor
