// timeline_bench.cpp - what time travel costs on one scenario (docs/progress/6-snapshots.md).
//   duelbox_timeline_bench SCENARIO.json [ROOT]
// Prints: the run with and without a Timeline; the timeline's snapshots and bytes; a plain
// Match copy of the final state vs one MatchSnapshot of it; then, through a Session, far
// travels, steps and a Play to the end, with the reruns they needed (0 = none).
#include <chrono>
#include <cstdio>
#include <memory>

#include "kernel/snapshot.h"
#include "model/session.h"

using namespace duelbox;
using namespace duelbox::editor;

namespace {

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// The heap bytes of the log's flat records (what a Match copy copies besides the state).
std::size_t log_bytes(const EventLog& log) { return log.bytes(); }

double run_ms(const Scenario& s, bool timeline, std::size_t* events, const Timeline** keep, std::unique_ptr<Run>* out,
              double* free_ms = nullptr) {
    std::vector<std::string> errors;
    auto run = Run::load(s, nullptr, errors);
    if (!run) {
        for (const auto& e : errors) std::fprintf(stderr, "%s\n", e.c_str());
        std::exit(1);
    }
    if (timeline) run->keep_timeline();
    const auto t0 = std::chrono::steady_clock::now();
    run->play();
    const double ms = ms_since(t0);
    *events = run->match().log().size();
    if (keep) *keep = run->timeline();
    if (out) *out = std::move(run);
    if (free_ms) {
        const auto t1 = std::chrono::steady_clock::now();
        run.reset();
        *free_ms = ms_since(t1);
    }
    return ms;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: duelbox_timeline_bench SCENARIO.json [ROOT]\n");
        return 2;
    }
    const Scenario s = load_scenario(argv[1], argc > 2 ? argv[2] : ".");
    std::size_t events = 0;
    double free_plain = 0, free_with = 0;
    const double plain = run_ms(s, false, &events, nullptr, nullptr, &free_plain);
    run_ms(s, true, &events, nullptr, nullptr, &free_with);
    std::unique_ptr<Run> run;
    const Timeline* t = nullptr;
    const double with = run_ms(s, true, &events, &t, &run);
    std::printf("run: %zu events; %.1f ms without a timeline, %.1f ms with one (+%.1f ms); freeing the run %.1f ms "
                "without, %.1f ms with\n",
                events, plain, with, with - plain, free_plain, free_with);
    std::printf("timeline: %zu snapshots (complete: %s), about %.1f MB, %.0f bytes per event\n", t->count(),
                t->complete() ? "yes" : "no", t->bytes() / 1048576.0, double(t->bytes()) / double(t->count()));

    const Match& end = run->match();
    constexpr int kReps = 20;
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < kReps; ++i) Match copy(end);
    const double copy_ms = ms_since(t0) / kReps;
    t0 = std::chrono::steady_clock::now();
    std::size_t snap_bytes = 0;
    for (int i = 0; i < kReps; ++i) snap_bytes = MatchSnapshot::take(end).added_bytes();
    const double snap_ms = ms_since(t0) / kReps;
    t0 = std::chrono::steady_clock::now();
    const MatchSnapshot last = MatchSnapshot::take(end);
    for (int i = 0; i < kReps; ++i) MatchSnapshot::take(end, &last);
    const double delta_ms = ms_since(t0) / kReps;
    std::printf("final state: Match copy %.3f ms (log about %.1f MB); snapshot alone %.3f ms (%zu bytes); "
                "snapshot sharing with an equal one %.4f ms\n",
                copy_ms, log_bytes(end.log()) / 1048576.0, snap_ms, snap_bytes, delta_ms);

    Session session;
    std::string error;
    t0 = std::chrono::steady_clock::now();
    if (!session.open(s, error)) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
    }
    std::printf("session open (run + timeline): %.1f ms, tip %zu\n", ms_since(t0), session.tip());
    const std::size_t tip = session.tip();
    for (std::size_t n : {tip > 91 ? tip - 91 : 0, std::size_t{10}, tip / 2, tip > 1 ? tip - 1 : 0, std::size_t{0}}) {
        t0 = std::chrono::steady_clock::now();
        session.travel(n);
        std::printf("travel to %zu: %.3f ms\n", n, ms_since(t0));
    }
    t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 1000; ++i) session.step(i % 3 == 2 ? -1 : +1);
    std::printf("1000 steps (+1,+1,-1,...): %.4f ms each\n", ms_since(t0) / 1000);
    session.travel(0);
    session.set_playing(true);
    std::size_t frames = 0;
    t0 = std::chrono::steady_clock::now();
    while (session.playing()) {
        session.advance(8);
        ++frames;
    }
    std::printf("play 0 -> %zu at 8 events a frame: %zu frames, %.4f ms per frame\n", tip, frames, ms_since(t0) / frames);
    std::printf("reruns for travel: %zu\n", session.reruns_for_travel());

    // A live rerun (what a save costs) with and without the timeline, three of each.
    for (const bool with_timeline : {false, true}) {
        Session again;
        if (!with_timeline) again.set_timeline_budget(0);
        if (!again.open(s, error)) return 1;
        std::printf("rerun %s the timeline:", with_timeline ? "with" : "without");
        for (int i = 0; i < 3; ++i) {
            t0 = std::chrono::steady_clock::now();
            again.rerun();
            std::printf(" %.1f ms", ms_since(t0));
        }
        std::printf("\n");
    }
    return 0;
}
