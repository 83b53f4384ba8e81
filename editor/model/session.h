// session.h - the editor's model: one scenario, its current run, time travel, live reruns.
//
// Index
//   [SECTION] Opening
//   [SECTION] The current run and what the last rerun changed
//   [SECTION] Time travel and run controls
//   [SECTION] Decisions asked of a person
//
// How time travel works: the current run is always played as far as it goes (the end, the
// scenario's stop, or a seat waiting for a person). The cursor says how many of its events are
// "done". While the run plays, its event observer keeps a Timeline (timeline.h): after every
// event a MatchSnapshot (runtime/kernel/snapshot.h: the whole state but the log, sharing the
// pieces the event did not change with the snapshot before, a few hundred bytes per event).
// Travel to N restores snapshot N into one view Match whose log follows the run's (only the
// events between the old and new cursor are copied): microseconds to a millisecond or two,
// never a rerun, so Play and the slider are smooth on 20,000-event logs. The cursor at the
// tip shows the live match. A snapshot is what the event observer saw right after event N,
// exactly what a fresh run stopped at N holds, which the tests check.
// After a rerun (a save) the run is played without one, so its result is on screen sooner; a
// second play of it keeps the timeline, a slice at a time while the editor is idle
// (build_timeline), and hands it over. Travel or an answer before that finishes it first.
// Fallback: a timeline over its memory budget (about 192 MB; thins out, see timeline.h) leaves
// gaps; travel into a gap reruns with the same seed and decisions and keeps plain Match
// copies around the target (reruns_for_travel() counts these reruns).
//
// Contracts
//  - Nothing here includes ImGui; the UI only reads this and calls its verbs.
//  - A rerun that fails (definitions do not load, or the run fails) never replaces a good
//    run: error() says what and where (file:line), the last good run stays current.
//  - A recorded decision that no longer fits stops the rerun there: waiting() is true and
//    misfit() says which decision and why; provide() answers it and play goes on.
//  - Timing-window convention (next_window): an event is a timing-window step when its type is
//    "window" or starts with "window.", or it has a "window" field; failing those, when its
//    source is a card file and the event before it came from elsewhere (a card's handler began).
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "event_diff.h"
#include "file_watch.h"
#include "run.h"
#include "source_ref.h"
#include "thinking_seat.h"

namespace duelbox::editor {

// What a rerun changed compared with the run before it.
struct Change {
    static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    std::size_t first_diff = kNone;    // index of the first differing event; kNone when the logs are equal
                                       // (told differently, or an entity created with other props: run_compare.h)
    std::string why;                   // how it differs: "the narration differs", "Strike (duel/strike) is created with power 3 -> 30"
    std::size_t first_play = kNone;    // the first event where the play itself differs (type, template, fields)
    EventDiff diff;                    // every changed event: old and new logs aligned (event_diff.h)
    std::string before_event;          // describe_event of that event in the old run ("" if it has none)
    std::string after_event;           // ... and in the new run
    Outcome before, after;
    std::vector<std::string> files;    // the changed files that caused the rerun
    bool any() const { return first_diff != kNone || !before.same_result(after); }
    std::string text() const;          // a one-paragraph summary
};

class Session {
public:
    Session();
    ~Session();

    // -- [SECTION] Opening --------------------------------------------------------------
    // Opens and plays a scenario file (or a scenario built in code). On failure returns false
    // with `error` set; a scenario whose run fails still opens (the failure is its outcome).
    bool open_file(const std::string& path, const std::string& default_root, std::string& error);
    bool open(Scenario scenario, std::string& error);
    bool is_open() const { return current_ != nullptr; }
    const Scenario& scenario() const { return scenario_; }

    // -- [SECTION] The current run and what the last rerun changed ------------------------
    const Run& run() const { return *current_; }
    Outcome outcome() const { return current_->outcome(); }
    const std::optional<Change>& last_change() const { return change_; }
    const std::optional<SourceError>& error() const { return error_; }   // a failed rerun
    int generation() const { return generation_; }                      // bumps when the run changes

    // Reloads every definition and reruns with the same seed and decisions. Returns true when
    // the rerun replaced the current run; false when it failed (see error()).
    bool rerun(std::vector<std::string> changed_files = {});
    // Polls the game's scripts and cards for changes (mtime, size, new or removed files) and
    // reruns when any changed. Returns true when a rerun was attempted.
    bool poll_files();
    const FileWatch& watch() const { return watch_; }

    // -- [SECTION] Time travel and run controls ---------------------------------------------
    std::size_t cursor() const { return cursor_; }
    std::size_t tip() const { return current_->tip(); }
    void travel(std::size_t n);                   // clamps to [0, tip]
    const Match& view() const;                    // the state after cursor() events
    const Event* current_event() const;           // the last event done (cursor-1), or nullptr
    void step(int direction = 1) { travel(direction >= 0 ? cursor_ + 1 : (cursor_ ? cursor_ - 1 : 0)); }
    void to_next_decision();                      // just past the next "decision" event
    void to_next_window();                        // onto the next timing-window step (see above)
    void to_end() { travel(tip()); }
    // Teaching: onto the next (direction > 0) or previous rule step, an event whose "rule" field
    // differs from the event's before it (a rule context gives a whole step one rule).
    void step_rule(int direction);
    void restart();                               // a fresh run of the scenario, cursor at 0
    static bool is_window_step(const Match& m, std::size_t i);

    // Playing: advance() moves the cursor up to n events when playing (the UI calls it per frame).
    void set_playing(bool on) { playing_ = on; }
    bool playing() const { return playing_; }
    void advance(std::size_t n);

    // -- [SECTION] Decisions asked of a person ------------------------------------------------
    bool waiting() const;
    const std::vector<DecisionRequest>& pending() const;
    std::string misfit() const;                   // why the rerun stopped to ask, or ""
    std::string provide(std::size_t i, Answer a); // "" or why refused; plays on when all are in
    // Takes back player p's last answer (the undo rule of agents/agent.h: nothing random and
    // nothing hidden revealed to p since) and replays up to that question, which is asked
    // again. "" when done, else why not.
    std::string take_back(PlayerIndex p);
    bool answered(std::size_t i) const { return i < answered_.size() && answered_[i]; }   // in this group

    // An AI seat (mcts, greedy) thinks on the session's worker thread (thinking_seat.h): the
    // run waits meanwhile, as for a person. Who is thinking (0-based) and for how long, or -1.
    PlayerIndex thinking() const;
    double thinking_seconds() const;
    // Plays on once an AI seat's answer is in (the window calls it every frame). True when the
    // run moved on.
    bool poll_thinking();

    // How many snapshots a travel keeps on each side of its target (stepping reuses them); fewer
    // late in long matches, where each copy is bigger.
    void set_snapshot_window(std::size_t w) { window_ = w; }
    std::size_t reruns_for_travel() const { return travel_reruns_; }   // for tests and measurements
    // The timeline's memory budget for runs started from now on (tests use a tiny one).
    void set_timeline_budget(std::size_t bytes) { timeline_budget_ = bytes; }
    // True when every event of the current run has a snapshot (or will have, once the timeline
    // being built after a rerun is done, which the first travel finishes): travel is instant.
    bool travel_is_instant() const {
        return current_ && (timeline_job_ || (current_->timeline() && current_->timeline()->complete()));
    }
    // Plays up to `steps` resumes of the rules (each runs to the next question) of the second play
    // that builds the current run's timeline after a rerun; true while some remain. The editor
    // calls it when idle (App::tick).
    bool build_timeline(std::size_t steps);

private:
    void adopt(std::unique_ptr<Run> run);
    void start_timeline();                        // after a rerun: the second play that keeps it
    void finish_timeline();                       // builds the rest now
    void watch_files();
    std::shared_ptr<LuaHost> travel_host();
    Scenario replay_scenario() const;

    // First, so it is destroyed last: the runs' seats hold it and stop their searches first.
    std::shared_ptr<ThinkingWorker> thinking_ = std::make_shared<ThinkingWorker>();
    Scenario scenario_;                           // as opened
    std::unique_ptr<Run> current_;
    std::unique_ptr<Run> retired_;                // the run before the last adopt, freed at a quiet poll
    std::unique_ptr<Run> timeline_job_;           // the current run played again to keep its timeline
    std::optional<Change> change_;
    std::optional<SourceError> error_;
    FileWatch watch_;
    int generation_ = 0;

    std::size_t cursor_ = 0;
    bool playing_ = false;
    std::map<std::size_t, std::shared_ptr<const Match>> snapshots_;   // the fallback's copies (see above)
    std::unique_ptr<Match> view_;                 // a timeline snapshot restored: the state at the cursor
    std::size_t timeline_budget_ = Timeline::kDefaultBudget;
    std::shared_ptr<LuaHost> travel_host_;
    std::size_t window_ = 24;
    std::size_t travel_reruns_ = 0;
    std::vector<bool> answered_;                  // pending requests already answered from outside
    // The current run's event keys, made when a run is opened or at a quiet poll (after a person
    // played on), so a save's rerun diffs against them at once instead of making them first.
    void keep_keys();
    std::vector<std::uint64_t> keys_;             // event_keys of the current run (generation keys_generation_)
    int keys_generation_ = -1;
};

}  // namespace duelbox::editor
