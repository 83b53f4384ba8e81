// thinking_seat.h - a searching seat (mcts, greedy) in the editor thinks on a worker thread,
// so the window keeps drawing while the AI plays.
//
// In the terminal and the lab a seat's agent answers inside the runner's step(). In the editor
// that would freeze the window for the whole search (about 0.1 s at the default budget, seconds
// at mcts:2000). So the editor's current run wraps each searching seat: asked a question, the
// wrapper hands the seat's own agent a copy of the question to answer on the session's worker
// thread and returns "not yet" (the runner waits, as for a person); the session polls
// (Session::poll_thinking) and, once the answer is in, plays on, and the runner asks again and
// gets it.
//
// Contracts
//  - Same answers as the terminal: the seat's own agent (the runner's default, seeded from the
//    match seed and seat) answers the same questions in the same order, so a match played in
//    the editor with AI seats logs exactly the events `duelbox run` logs (thinking_seat_test).
//  - The worker gets copies (scenario, answers so far, the group, the scripts' hashes), never
//    the run's state: the run may be replaced (a save) while it thinks. A wrapper destroyed
//    while its agent thinks asks the search to stop (search_agents.h request_stop) and does not
//    wait: the job holds what it uses.
//  - An agent that fails (a broken evaluate) fails the match when the runner asks again, with
//    the agent's message, as in the terminal.
//  - Without a worker (the runs the editor plays again only to rebuild its timeline or to
//    travel), a searching seat never thinks: past the recorded answers it waits.
#pragma once
#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "agents/agent.h"

namespace duelbox::editor {

// One thread that runs one job at a time (a seat's search), kept for the session so its Lua
// host (loaded on the first search, search_agents.cpp) serves every later search and rerun.
class ThinkingWorker {
public:
    ThinkingWorker();
    ~ThinkingWorker();   // waits for the job under way (drops those not begun)
    ThinkingWorker(const ThinkingWorker&) = delete;
    ThinkingWorker& operator=(const ThinkingWorker&) = delete;

    // Runs `job` on the worker after those before it; returns at once.
    void submit(std::function<void()> job);
    // Set by a job when its answer is ready; the session takes it to play on.
    bool take_ready() { return ready_.exchange(false); }
    void mark_ready() { ready_.store(true); }
    // Who is thinking (0-based player) and since when (steady clock, seconds), or -1.
    PlayerIndex thinking() const { return thinking_.load(); }
    double since() const { return since_.load(); }
    void set_thinking(PlayerIndex p, double since) {
        since_.store(since);
        thinking_.store(p);
    }

private:
    void loop();
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::function<void()>> jobs_;
    bool quit_ = false;
    std::atomic<bool> ready_{false};
    std::atomic<PlayerIndex> thinking_{kNoPlayer};
    std::atomic<double> since_{0};
    std::thread thread_;
};

// Wraps a seat's own agent: a searching agent thinks on `worker` (nullptr: never thinks, see
// above); any other agent is returned as it is.
std::unique_ptr<Agent> think_on_worker(std::unique_ptr<Agent> own, std::shared_ptr<ThinkingWorker> worker);

// Seconds on the steady clock (what since() is measured in).
double thinking_clock();

}  // namespace duelbox::editor
