// lab_job.cpp - see lab_job.h.
#include "lab_job.h"

#include <algorithm>

namespace duelbox::editor {

namespace {

bool same_plan(const LabPlan& a, const LabPlan& b) {
    return a.fighters == b.fighters && a.picks == b.picks && a.matches == b.matches && a.seed == b.seed;
}

}  // namespace

LabJob::~LabJob() { cancel(); }

void LabJob::cancel() {
    cancel_ = true;
    if (thread_.joinable()) thread_.join();
    cancel_ = false;
}

std::string LabJob::start(const LabRequest& request) {
    cancel();
    LabSpec spec;
    std::string hash;
    if (std::string why = load_lab_spec(request.base, spec, hash); !why.empty()) return why;
    std::vector<std::string> fighters = request.fighters;
    if (fighters.empty())
        for (const RosterEntry& e : spec.roster) fighters.push_back(e.name);
    LabResult r;
    for (const std::string& f : fighters) {
        const RosterEntry* e = spec.find(f);
        if (!e) return "no fighter '" + f + "' in the roster";
        r.meta.roster.push_back(*e);
    }
    try {
        r.plan = make_plan(fighters, spec.side_picks, request.matches, request.seed);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    r.meta.command = "editor lab " + request.base.game + " --matches " + std::to_string(request.matches);
    r.meta.game = request.base.game;
    r.meta.scenario = request.base.file;
    r.meta.content_hash = hash;
    r.meta.engine_hash = engine_build_hash();
    r.meta.agent = request.agent;
    r.meta.unit_name = spec.unit_name;
    request_ = request;
    spec_ = spec;
    done_ = 0;
    total_ = r.plan.total();
    running_ = true;
    thread_ = std::jthread([this, r = std::move(r)]() mutable {
        LabOptions opts;
        opts.agent = request_.agent;
        opts.workers = request_.workers;
        opts.done = &done_;
        opts.cancel = &cancel_;
        LabRun run = run_lab(request_.base, spec_, r.plan, opts);
        std::string error;
        for (const std::string& e : run.load_errors) error += (error.empty() ? "" : "\n") + e;
        r.tally = std::move(run.tally);
        finish(std::move(r), error, run.cancelled, request_, spec_);
    });
    return "";
}

void LabJob::finish(LabResult r, std::string error, bool cancelled, const LabRequest& req, const LabSpec& spec) {
    {
        std::lock_guard lock(mutex_);
        if (!error.empty()) {
            error_ = error;
        } else if (!cancelled) {
            error_.clear();
            if (result_ && same_plan(result_->plan, r.plan)) previous_ = std::move(result_);
            else previous_.reset();
            result_ = std::move(r);
            result_request_ = req;
            result_spec_ = spec;
            ++generation_;
        }
    }
    running_ = false;
}

std::optional<LabResult> LabJob::result() const {
    std::lock_guard lock(mutex_);
    return result_;
}

std::optional<LabResult> LabJob::previous() const {
    std::lock_guard lock(mutex_);
    return previous_;
}

std::string LabJob::error() const {
    std::lock_guard lock(mutex_);
    return error_;
}

std::vector<LabMove> LabJob::moves() const {
    std::lock_guard lock(mutex_);
    std::vector<LabMove> out;
    if (!result_ || !previous_) return out;
    const LabFigures now = compute_figures(result_->plan, result_->tally);
    const LabFigures before = compute_figures(previous_->plan, previous_->tally);
    for (std::size_t k = 0; k < result_->plan.fighters.size(); ++k) {
        LabMove m{result_->plan.fighters[k], before.fighters[k].score, now.fighters[k].score, false};
        m.significant = m.after.lo > m.before.hi || m.after.hi < m.before.lo;
        out.push_back(m);
    }
    return out;
}

std::optional<Scenario> LabJob::sample_match(std::size_t pairing) const {
    std::lock_guard lock(mutex_);
    if (!result_ || pairing >= result_->plan.pairings.size()) return std::nullopt;
    const std::size_t first_match = pairing * static_cast<std::size_t>(result_->plan.matches);
    Scenario s = lab_match_scenario(result_request_.base, result_spec_, result_->plan, first_match, result_request_.agent);
    s.title = "Lab sample: " + result_->plan.entries[result_->plan.pairings[pairing].first].label + " vs " +
              result_->plan.entries[result_->plan.pairings[pairing].second].label + ", seed " +
              std::to_string(s.seed);
    return s;
}

}  // namespace duelbox::editor
