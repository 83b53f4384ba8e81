// thinking_seat.cpp - searching seats answered on a worker thread (see thinking_seat.h).
#include "thinking_seat.h"

#include <chrono>
#include <exception>
#include <string>
#include <map>
#include <vector>

#include "kernel/match.h"
#include "scenario/scenario.h"
#include "search/search_agents.h"

namespace duelbox::editor {

double thinking_clock() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

ThinkingWorker::ThinkingWorker() : thread_([this] { loop(); }) {}

ThinkingWorker::~ThinkingWorker() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        quit_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

void ThinkingWorker::submit(std::function<void()> job) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        jobs_.push_back(std::move(job));   // never waits: the window's thread calls this
    }
    wake_.notify_all();
}

void ThinkingWorker::loop() {
    for (;;) {
        std::function<void()> job;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            wake_.wait(lock, [&] { return !jobs_.empty() || quit_; });
            if (quit_) return;
            job = std::move(jobs_.front());
            jobs_.pop_front();
        }
        job();
    }
}

namespace {

// What one question's thinking produced: the answers to the player's requests in the group
// (by index in the group), or the agent's failure. Shared by the wrapper and the job.
struct Thought {
    std::size_t taken = 0;               // answers given before the group
    PlayerIndex player = kNoPlayer;
    std::map<std::size_t, std::optional<Answer>> answers;
    std::exception_ptr failure;
    std::atomic<bool> done{false};
};

class SeatOnWorker final : public Agent {
public:
    SeatOnWorker(std::unique_ptr<Agent> own, std::shared_ptr<ThinkingWorker> worker)
        : own_(std::move(own)), worker_(std::move(worker)) {}
    ~SeatOnWorker() override {
        if (thought_ && !thought_->done.load()) request_stop(*own_);
    }
    const char* kind() const override { return own_->kind(); }

    std::optional<Answer> answer(const DecisionRequest& r, const Match& m) override { return own_->answer(r, m); }

    std::optional<Answer> answer(const DecisionRequest& r, const Match&, const DecisionContext& ctx) override {
        if (!ctx.scenario || !ctx.taken || ctx.group.empty() || !worker_) return std::nullopt;
        const std::size_t taken = ctx.taken->size();
        if (thought_ && thought_->taken == taken && thought_->player == r.player) {
            if (!thought_->done.load()) return std::nullopt;   // still thinking
            if (thought_->failure) std::rethrow_exception(thought_->failure);
            if (auto it = thought_->answers.find(ctx.index); it != thought_->answers.end()) return it->second;
        }
        think(r.player, ctx);
        return std::nullopt;
    }

private:
    // Hands the question to the worker: copies of everything it reads.
    void think(PlayerIndex player, const DecisionContext& ctx) {
        auto t = std::make_shared<Thought>();
        t->taken = ctx.taken->size();
        t->player = player;
        thought_ = t;
        struct Copies {
            Scenario scenario;
            std::vector<ScriptedDecision> taken;
            std::vector<DecisionRequest> group;
            std::vector<ScriptHash> scripts;
        };
        auto c = std::make_shared<Copies>(Copies{*ctx.scenario, *ctx.taken, {ctx.group.begin(), ctx.group.end()},
                                                 ctx.scripts ? *ctx.scripts : std::vector<ScriptHash>{}});
        std::shared_ptr<Agent> own = own_;
        // The job runs on the worker's own thread, so the worker outlives it: a plain pointer
        // (a shared one could drop the last reference there, and a thread cannot join itself).
        ThinkingWorker* worker = worker_.get();
        worker_->set_thinking(player, thinking_clock());
        worker_->submit([t, c, own, worker, player] {
            try {
                const Match unused(c->scenario.seed);   // the searching agents read the context, not the match
                for (std::size_t k = 0; k < c->group.size(); ++k) {
                    if (c->group[k].player != player) continue;
                    t->answers[k] = own->answer(c->group[k], unused, DecisionContext{&c->scenario, &c->taken, c->group, k, &c->scripts});
                }
            } catch (...) {
                t->failure = std::current_exception();
            }
            t->done.store(true);
            worker->mark_ready();   // before "nobody thinks": whoever sees that finds the answer ready
            worker->set_thinking(kNoPlayer, 0);
        });
    }

    std::shared_ptr<Agent> own_;
    std::shared_ptr<ThinkingWorker> worker_;
    std::shared_ptr<Thought> thought_;
};

}  // namespace

std::unique_ptr<Agent> think_on_worker(std::unique_ptr<Agent> own, std::shared_ptr<ThinkingWorker> worker) {
    if (!own || !searches(*own)) return own;
    return std::make_unique<SeatOnWorker>(std::move(own), std::move(worker));
}

}  // namespace duelbox::editor
