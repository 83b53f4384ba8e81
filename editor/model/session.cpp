// session.cpp - opening, reruns after edits, time travel, decisions.
#include "session.h"

#include <algorithm>
#include <filesystem>

namespace duelbox::editor {

namespace fs = std::filesystem;

std::string Change::text() const {
    std::string s;
    if (first_diff == kNone) s = "No event changed.";
    else
        s = "First change at event " + std::to_string(first_diff) + ":\n  before: " +
            (before_event.empty() ? "(no such event)" : before_event) +
            "\n  after:  " + (after_event.empty() ? "(no such event)" : after_event) +
            (why.empty() ? "" : "\n  (" + why + ")") +
            (first_play != kNone && first_play != first_diff ? "\nPlay differs from event " + std::to_string(first_play) + "." : "");
    s += "\nResult before: " + before.text() + "\nResult after:  " + after.text();
    return s;
}

Session::Session() = default;
Session::~Session() {
    snapshots_.clear();
    current_.reset();
    retired_.reset();
}

// -- [SECTION] Opening ---------------------------------------------------------------------

bool Session::open_file(const std::string& path, const std::string& default_root, std::string& error) {
    try {
        return open(load_scenario(path, default_root), error);
    } catch (const std::exception& e) {
        error = e.what();
        return false;
    }
}

bool Session::open(Scenario scenario, std::string& error) {
    std::vector<std::string> errors;
    auto run = Run::load(scenario, nullptr, errors, thinking_);
    if (!run) {
        error.clear();
        for (const auto& e : errors) error += (error.empty() ? "" : "\n") + e;
        return false;
    }
    scenario_ = std::move(scenario);
    run->keep_timeline(timeline_budget_);   // travel restores from it: no rerun
    run->play();
    change_.reset();
    error_.reset();
    travel_host_.reset();
    adopt(std::move(run));
    cursor_ = tip();
    watch_files();
    keep_keys();   // ready for the first save's diff
    return true;
}

void Session::keep_keys() {
    const std::size_t events = current_->outcome().events;
    if (keys_generation_ == generation_ && keys_.size() == events) return;
    keys_ = event_keys(current_->match(), events, &current_->births());
    keys_generation_ = generation_;
}

void Session::watch_files() {
    const fs::path root(scenario_.root);
    std::vector<std::string> folders{(root / "scripts" / scenario_.game).string(), (root / "cards" / scenario_.game).string()};
    // The shared helpers: the root's own scripts/core, else the engine's copy the host uses.
    const fs::path core = fs::exists(root / "scripts" / "core") ? root / "scripts" / "core"
                                                                  : fs::path(current_->shared_host()->core_root()) / "scripts" / "core";
    folders.push_back(core.string());
    for (const ModManifest& m : current_->shared_host()->mods())   // a save in a mod reruns too
        for (const char* top : {"scripts", "cards"}) folders.push_back((fs::path(m.dir) / top / scenario_.game).string());
    watch_.set_folders(std::move(folders));
}

void Session::adopt(std::unique_ptr<Run> run) {
    timeline_job_.reset();   // it was building the old run's timeline
    snapshots_.clear();
    view_.reset();   // it followed the old run's log
    answered_.clear();
    // Freeing a long run's timeline takes tens of ms: not now, between a save and its result
    // on screen, but at the next quiet poll (or the next adopt).
    retired_ = std::move(current_);
    current_ = std::move(run);
    ++generation_;
}

// -- [SECTION] The current run and what the last rerun changed -----------------------------

Scenario Session::replay_scenario() const { return current_->runner().scenario(); }

bool Session::rerun(std::vector<std::string> changed_files) {
    const bool at_tip = cursor_ >= tip();
    auto tape = std::make_shared<DecisionTape>(DecisionTape::from_run(current_->runner()));
    std::vector<std::string> errors;
    auto run = Run::load(scenario_, tape, errors, thinking_);
    if (!run) {
        std::string all;
        for (const auto& e : errors) all += (all.empty() ? "" : "\n") + e;
        error_ = parse_source_error(all);
        return false;
    }
    run->play();   // no timeline yet: start_timeline keeps it after the result is on screen
    const Outcome before = current_->outcome();
    const Outcome after = run->outcome();
    if (after.state == RunState::Failed && before.state != RunState::Failed) {
        error_ = parse_source_error(after.error);   // keep the last good run on screen
        return false;
    }
    Change c;
    c.before = before;
    c.after = after;
    c.files = std::move(changed_files);
    // The current run's keys were made when it was the new run of the last rerun; reuse them
    // unless it has grown since (a person answered and play went on).
    if (keys_.size() != before.events || keys_generation_ != generation_)
        keys_ = event_keys(current_->match(), before.events, &current_->births());
    std::vector<std::uint64_t> new_keys = event_keys(run->match(), after.events, &run->births());
    const RunDiff d = compare_runs(*current_, *run, {&keys_, &new_keys});   // run_compare.h
    c.diff = diff_keys(keys_, new_keys);
    c.first_diff = d.first;
    c.why = d.why;
    c.first_play = d.first_play;
    if (d.first != RunDiff::kNone) {
        const auto& old_events = current_->match().log().events();
        const auto& new_events = run->match().log().events();
        if (d.first < before.events) c.before_event = describe_event(current_->match(), old_events[d.first]);
        if (d.first < after.events) c.after_event = describe_event(run->match(), new_events[d.first]);
    }
    change_ = std::move(c);
    error_.reset();
    travel_host_.reset();   // definitions changed: travel reruns need a fresh host
    adopt(std::move(run));
    keys_ = std::move(new_keys);
    keys_generation_ = generation_;
    start_timeline();
    travel(at_tip ? tip() : std::min(cursor_, tip()));
    return true;
}

void Session::start_timeline() {
    if (timeline_budget_ == 0 || !current_->started()) return;
    auto host = travel_host();
    if (!host) return;   // travel reruns instead
    auto tape = std::make_shared<DecisionTape>(DecisionTape::from_run(current_->runner()));
    timeline_job_ = std::make_unique<Run>(host, replay_scenario(), std::move(tape));
    timeline_job_->keep_timeline(timeline_budget_);
}

bool Session::build_timeline(std::size_t steps) {
    if (!timeline_job_) return false;
    const RunState s = timeline_job_->play(steps);
    if (s == RunState::Running) return true;
    // The same seed and decisions give the same events; a run that went elsewhere (it cannot,
    // short of a nondeterministic script) hands nothing over and travel reruns as before.
    if (timeline_job_->tip() == current_->tip() && timeline_job_->runner().state() == current_->runner().state())
        current_->adopt_timeline(timeline_job_->release_timeline());
    timeline_job_.reset();
    return false;
}

void Session::finish_timeline() {
    while (build_timeline(static_cast<std::size_t>(-1))) {
    }
}

bool Session::poll_files() {
    if (!current_) return false;
    std::vector<std::string> changed = watch_.poll();
    if (changed.empty()) {
        retired_.reset();   // the run replaced by the last rerun (see adopt)
        // The current run's event keys, made now while nothing waits on them rather than
        // between the next save and its result (a 20,000-event log: about 4 ms).
        keep_keys();
        return false;
    }
    rerun(std::move(changed));
    return true;
}

// -- [SECTION] Time travel and run controls ---------------------------------------------------

std::shared_ptr<LuaHost> Session::travel_host() {
    // A finished run has released its references, so its host can serve travel reruns;
    // a run waiting for a person still holds its coroutine there, so travel loads its own.
    const RunState s = current_->runner().state();
    if (s == RunState::Finished || s == RunState::Failed) return current_->shared_host();
    if (!travel_host_) {
        std::vector<std::string> errors;
        auto host = std::make_shared<LuaHost>(scenario_.limits);
        if (!host->load_game(scenario_, errors)) return nullptr;
        travel_host_ = std::move(host);
    }
    return travel_host_;
}

void Session::travel(std::size_t n) {
    n = std::min(n, tip());
    if (timeline_job_ && n != tip() && !snapshots_.count(n)) finish_timeline();
    const bool forward = n > cursor_;   // playing and stepping forward want copies ahead
    cursor_ = n;
    if (n == tip() || snapshots_.count(n)) return;
    if (const Timeline* t = current_->timeline(); t && t->at(n)) {
        // The state after n events, restored into the one view Match. Its log follows the
        // run's: only the events between the old and the new cursor are copied.
        const std::size_t keep = view_ ? std::min(view_->log().size(), n) : 0;
        if (!view_) view_ = std::make_unique<Match>(scenario_.seed);
        t->at(n)->restore(*view_, current_->match().log(), keep);
        return;
    }
    auto host = travel_host();
    if (!host) return;   // cannot happen for definitions that loaded a moment ago; stay at the tip view
    ++travel_reruns_;
    // Each copy carries the log so far, so late in a long match fewer copies are kept: about
    // 400,000 copied events per travel at most (20,000 events: 10 on each side).
    const std::size_t window = std::max<std::size_t>(2, std::min(window_, 200'000 / std::max<std::size_t>(n, 1)));
    const std::size_t behind = forward ? window / 2 : window, ahead = forward ? window * 3 / 2 : window;
    const std::size_t lo = n > behind ? n - behind : 0, hi = std::min(n + ahead, tip() - 1);
    if (lo == 0) snapshots_[0] = std::make_shared<const Match>(scenario_.seed);
    {
        auto tape = std::make_shared<DecisionTape>(DecisionTape::from_run(current_->runner()));
        Run again(host, replay_scenario(), tape);
        again.set_observer([&](const Match& m, std::uint32_t) {
            const std::size_t size = m.log().size();
            if (size < lo || size > hi || snapshots_.count(size)) return;
            auto copy = std::make_shared<Match>(m);
            copy->set_event_observer({});
            snapshots_[size] = std::move(copy);
        });
        while (!snapshots_.count(hi))   // one resume at a time, only as far as needed
            if (again.play(1) != RunState::Running) break;
    }
}

const Match& Session::view() const {
    if (cursor_ >= tip()) return current_->match();
    if (view_ && view_->log().size() == cursor_) return *view_;
    auto it = snapshots_.find(cursor_);
    return it != snapshots_.end() ? *it->second : current_->match();
}

const Event* Session::current_event() const {
    if (cursor_ == 0) return nullptr;
    const auto& events = current_->match().log().events();
    return cursor_ - 1 < events.size() ? &events[cursor_ - 1] : nullptr;
}

bool Session::is_window_step(const Match& m, std::size_t i) {
    const auto& events = m.log().events();
    if (i >= events.size()) return false;
    const Event& e = events[i];
    if (e.type == "window" || e.type.rfind("window.", 0) == 0 || e.find("window")) return true;
    const std::string file = m.log().file(e.source.file);
    if (file.rfind("cards/", 0) != 0) return false;
    return i == 0 || events[i - 1].source.file != e.source.file;
}

void Session::to_next_decision() {
    const auto& events = current_->match().log().events();
    for (std::size_t i = cursor_; i < tip(); ++i)
        if (events[i].type == "decision") return travel(i + 1);
    travel(tip());
}

void Session::to_next_window() {
    for (std::size_t i = cursor_; i < tip(); ++i)
        if (is_window_step(current_->match(), i)) return travel(i + 1);
    travel(tip());
}

void Session::step_rule(int direction) {
    const auto& events = current_->match().log().events();
    // A rule step starts at an event whose "rule" differs from the one before it: with a rule
    // context (log.within_rule) every event of a step carries the same rule.
    const auto starts_step = [&events](std::size_t i) {
        const Field* f = events[i].find("rule");
        if (!f) return false;
        const Field* before = i > 0 ? events[i - 1].find("rule") : nullptr;
        return !before || before->value != f->value;
    };
    if (direction > 0) {
        for (std::size_t i = cursor_; i < tip(); ++i)
            if (starts_step(i)) return travel(i + 1);
        return travel(tip());
    }
    // The current rule step is cursor-1; the previous one lies before it.
    for (std::size_t i = cursor_ > 1 ? cursor_ - 1 : 0; i-- > 0;)
        if (starts_step(i)) return travel(i + 1);
    travel(0);
}

void Session::restart() {
    std::string error;
    Scenario s = scenario_;
    if (open(std::move(s), error)) travel(0);
    else error_ = parse_source_error(error);
    playing_ = false;
}

void Session::advance(std::size_t n) {
    if (!playing_) return;
    travel(cursor_ + n);
    if (cursor_ >= tip()) playing_ = false;
}

// -- [SECTION] Decisions asked of a person ----------------------------------------------------

bool Session::waiting() const { return current_ && current_->runner().state() == RunState::WaitingForAnswer; }

const std::vector<DecisionRequest>& Session::pending() const { return current_->runner().pending(); }

std::string Session::misfit() const {
    if (!waiting() || !current_->tape() || current_->tape()->misfits().empty()) return "";
    const Misfit& m = current_->tape()->misfits().back();
    for (const auto& r : pending())
        if (r.player == m.player && current_->tape()->waiting(m.player)) return m.message;
    return "";
}

std::string Session::provide(std::size_t i, Answer a) {
    finish_timeline();   // the run plays on: its timeline must be whole to keep up
    const bool at_tip = cursor_ >= tip();
    const std::size_t taken = current_->runner().taken().size();
    std::string bad = current_->provide(i, std::move(a));
    if (!bad.empty()) return bad;
    answered_.resize(pending().size());
    answered_[i] = true;
    current_->play();
    if (current_->runner().taken().size() != taken) answered_.clear();   // the group was revealed
    ++generation_;
    if (at_tip) cursor_ = tip();
    return "";
}

PlayerIndex Session::thinking() const { return waiting() ? thinking_->thinking() : kNoPlayer; }

double Session::thinking_seconds() const {
    return thinking() == kNoPlayer ? 0.0 : thinking_clock() - thinking_->since();
}

bool Session::poll_thinking() {
    if (!thinking_->take_ready() || !waiting()) return false;
    finish_timeline();   // the run plays on: its timeline must be whole to keep up
    const bool at_tip = cursor_ >= tip();
    const std::size_t taken = current_->runner().taken().size(), events = tip();
    current_->play();   // the seat's answer is in: the runner asks again and gets it
    if (current_->runner().taken().size() == taken && tip() == events && waiting()) return false;   // an old run's answer
    if (current_->runner().taken().size() != taken) answered_.clear();   // the group was revealed
    ++generation_;
    if (at_tip) cursor_ = tip();
    return true;
}

std::string Session::take_back(PlayerIndex p) {
    if (!current_) return "no match is open";
    const auto& taken = current_->runner().taken();
    // Replays the first `keep` recorded answers; the question after them is asked again.
    const auto replay_first = [&](std::size_t keep) -> std::string {
        std::vector<TapeEntry> kept = DecisionTape::from_run(current_->runner()).entries();
        kept.resize(std::min(keep, kept.size()));
        std::vector<std::string> errors;
        auto run = Run::load(scenario_, std::make_shared<DecisionTape>(std::move(kept)), errors, thinking_);
        if (!run) return errors.empty() ? "the game did not load" : errors.front();
        run->keep_timeline(timeline_budget_);
        run->play();
        adopt(std::move(run));
        cursor_ = tip();
        return "";
    };
    // An answer in a group still being asked (simultaneous choices): nothing was revealed yet,
    // so the whole group is asked again.
    if (waiting())
        for (std::size_t i = 0; i < pending().size(); ++i)
            if (answered(i) && pending()[i].player == p) return replay_first(taken.size());
    std::size_t k = taken.size();
    while (k > 0 && taken[k - 1].player != p) --k;
    if (k == 0) return "nothing to take back: " + current_->match().player(p).name + " has not answered yet";
    --k;
    // The k-th "decision" event is that answer (one per answer, in the order taken): the state
    // just before it is the one the question was asked in.
    std::size_t at = 0, seen = 0;
    const auto& events = current_->match().log().events();
    for (; at < events.size(); ++at)
        if (events[at].type == "decision" && seen++ == k) break;
    if (at == events.size()) return "that answer is not in the log";
    const std::size_t cursor = cursor_;
    travel(at);
    const HumanSession::Checkpoint then = checkpoint_of(view(), p, k);
    travel(cursor);
    if (std::string refused = take_back_refusal(then, current_->match()); !refused.empty()) return refused;
    // Answers recorded before it stay, its group's earlier ones included: only it is asked again.
    return replay_first(k);
}

}  // namespace duelbox::editor
