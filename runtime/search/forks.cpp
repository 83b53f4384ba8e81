// forks.cpp - copies from the start or from the last checkpoint (forks.h).
#include "forks.h"

#include <algorithm>
#include <optional>

#include "mcts.h"
#include "player_view.h"

namespace duelbox {

Forks::Forks(LuaHost& host, const Scenario& scenario, const std::vector<ScriptedDecision>& prefix, ResumeCache* cache,
             bool checkpoints)
    : host_(host), scenario_(scenario), prefix_(prefix), cache_(cache), can_resume_(checkpoints && game_can_resume(host)) {
    if (can_resume_ && cache_ && cache_->checkpoint && checkpoint_fits(*cache_->checkpoint, prefix_)) from_ = cache_->checkpoint;
}

namespace {

// Where a copy arrived, in short: every copy of one decision arrives at the same place, however
// it was made (a deterministic replay), so a resumed copy that does not is a broken resume.
std::string arrival(const Playout& c) {
    const Match& m = c.match();
    std::string a = "log " + std::to_string(m.log().size()) + ", draws " + std::to_string(const_cast<Match&>(m).rng().draws()) +
                    ", entities " + std::to_string(m.entity_count()) + ", asks";
    for (const DecisionRequest& r : c.pending()) {
        a += " " + std::to_string(r.player + 1) + ":" + r.id + "(";
        for (const Option& o : r.options) a += o.label + ";";
        a += ")";
    }
    return a;
}

}  // namespace

std::int64_t Forks::wall_clock_ms() const {
    if (!deadline_ || handed_out_ == 0) return 0;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline_ - std::chrono::steady_clock::now()).count();
    return std::max<std::int64_t>(1, left);
}

bool Forks::cut_short(const Playout& copy) const {
    // (Only the cap's own failure: a game's error past the deadline is still reported.)
    return deadline_ && copy.capped() && copy.state() == RunState::Failed && std::chrono::steady_clock::now() >= *deadline_ &&
           copy.error().find("limits.match_wall_clock_ms") != std::string::npos;
}

std::unique_ptr<Playout> Forks::make() {
    auto copy = std::make_unique<Playout>(host_, scenario_, prefix_, from_, wall_clock_ms());
    const bool record = can_resume_ && !recorded_;
    if (record) copy->record_checkpoints();
    ++(copy->resumed() ? resumed_ : replayed_);
    const bool reached = copy->reach();
    if (!reached) {
        if (copy->resumed() && resume_error_.empty()) resume_error_ = "game.resume: a copy started from a checkpoint failed: " + copy->error();
        return copy;
    }
    if (can_resume_) {   // only games that declare resume pay for the comparison
        std::string here = arrival(*copy);
        if (first_arrival_.empty()) first_arrival_ = std::move(here);
        else if (here != first_arrival_ && resume_error_.empty())
            resume_error_ = "game.resume: a copy started from a checkpoint did not arrive where the match is (" + here +
                            "; the match: " + first_arrival_ + ")";
    }
    if (record) {
        recorded_ = true;
        if (auto cp = copy->checkpoint()) {
            from_ = cp;
            if (cache_) cache_->checkpoint = std::move(cp);
        }
    }
    return copy;
}

// Where a copy for a search is re-dealt. After the decision is reached is too late for a group
// of questions asked at once: the others' questions were built from the real hidden cards (an
// opponent's hand listed as options), and the search would learn them from their number and
// labels. So the copy is re-dealt at the last point before the group where its rules are not
// running: the group answered before it (the copy waits there, re-dealt, then answers it from
// the prefix and goes on), or the checkpoint the copy starts from when no group came since.
// What is re-dealt there is what the viewer cannot know at the decision (a card they see by
// then, their own draw, keeps its identity). When the real match drew random numbers between
// that point and the decision (a shuffle), the copy's generator is reseeded there too: the real
// draws would otherwise place the cards the re-deal left alone (those the viewer knew then) as
// they really lie. The replay from there may show the viewer something the real match did not
// (a re-dealt card's visible effect, a shuffle's visible outcome): such a copy is drawn again
// (player_view.h), up to kRedealTries times; then one that did not fit but asks the viewer the
// same questions is used (it misleads the search a little, but shows it nothing of the real
// cards); when none reaches the viewer's questions the copy is lost (the search goes on
// without it). A hidden card made after that point cannot be re-dealt there: the copies are
// re-dealt on arrival, or, where the group offers it, the copies are re-dealt at the decision,
// as with no earlier point, and counted so.
// (One copy lives on the host at a time: a copy's end unpins every function of the host.)
bool Forks::plan(PlayerIndex viewer, std::unique_ptr<Playout>& failed) {
    viewer_ = viewer;
    std::unique_ptr<Playout> real = make();   // the first copy records the checkpoint
    if (!real->reached() || !resume_error_.empty()) {
        failed = std::move(real);
        return false;
    }
    const bool check_resume = can_resume_ && from_ && !real->resumed();
    const auto& group = real->pending();
    if (std::none_of(group.begin(), group.end(), [viewer](const DecisionRequest& r) { return r.player != viewer; })) {
        // Asked alone: the question is the player's own, which they see as it is; re-dealt at
        // the decision, nothing the rules built reaches the search.
        early_ = Early::Alone;
        real.reset();
        return check_resume ? resume_checked(failed) : true;
    }
    const Match& m = real->match();
    hidden_ = m.hidden_from(viewer);
    std::vector<ZoneId> offered;   // zones holding a card the group's questions offer
    asked_ = player_questions(*real, viewer);
    for (const DecisionRequest& r : group) {
        for (const Option& o : r.options)
            if (m.valid_entity(o.entity)) offered.push_back(m.entity(o.entity).zone);
    }
    const MatchRunner::AnsweredGroup before = real->last_answered_group();
    const std::size_t first_replayed = from_ ? from_->answered : 0;
    std::size_t entities_then = 0;
    std::uint64_t draws_then = 0;
    if (before.first != static_cast<std::size_t>(-1) && before.first >= first_replayed) {
        early_ = Early::AtGroup;
        early_group_ = before.first;
        early_log_ = before.log_size;
        entities_then = before.entities;
        draws_then = before.draws;
    } else if (from_) {
        early_ = Early::AtResume;
        early_log_ = from_->snapshot.events();
        entities_then = from_->entities;
        draws_then = from_->draws;
    } else {
        early_ = Early::None;
    }
    // A hidden card made after that point cannot be re-dealt there. Where the group offers it,
    // nothing hides it before the group, and the copies say so (re-dealt at the decision);
    // elsewhere it is re-dealt on arrival (made_since_from_).
    made_since_from_ = static_cast<EntityId>(entities_then) + 1;
    for (const EntityId id : hidden_)
        if (early_ != Early::None && id >= made_since_from_ &&
            std::find(offered.begin(), offered.end(), m.entity(id).zone) != offered.end())
            early_ = Early::MadeSince;
    hidden_.erase(std::lower_bound(hidden_.begin(), hidden_.end(), made_since_from_), hidden_.end());
    reseed_early_ = m.rng().draws() != draws_then;
    // Another player's card hidden at the decision (its place unknown) that the viewer saw at the
    // re-deal point cannot be re-dealt there (in_view_at_early, below). The viewer's own cards
    // are left out: other players' secret choices do not place them (their own shuffled into
    // their deck would send every such search to the decision, where the group's other
    // questions show the real cards they were built from).
    std::vector<EntityId> others;
    for (const EntityId id : hidden_)
        if (m.entity(id).owner != viewer) others.push_back(id);
    if (early_ == Early::AtGroup || early_ == Early::AtResume) view_ = player_view(*real, viewer, early_log_);
    real.reset();
    if (!others.empty() && (early_ == Early::AtGroup || early_ == Early::AtResume) && in_view_at_early(others))
        early_ = Early::MadeSince;
    return check_resume ? resume_checked(failed) : true;
}

// Whether the viewer saw any of `ids` (cards hidden at the decision, their place unknown) at the
// re-deal point: such a card is not re-dealt there, and the secret move since that made its
// place unknown (a draw from a chosen position, a card sent to the bottom or put above it) is
// replayed by position, putting it where the real match did: the copies must then be re-dealt
// at the decision, like a card made since (two reviews found the search reading the secret
// move, across zones and within one). Which cards those are, and what the viewer saw then, is
// the viewer's to know, so both matches a viewer cannot tell apart take the same way.
// A plain copy held at the re-deal point tells (one copy on the host at a time: plan() let go
// of its own).
bool Forks::in_view_at_early(const std::vector<EntityId>& ids) {
    bool seen = false;
    const auto look = [&](const Match& m) {
        for (const EntityId id : ids) seen = seen || (m.valid_entity(id) && m.can_see(viewer_, id));
    };
    auto probe = std::make_unique<Playout>(host_, scenario_, prefix_, from_, wall_clock_ms());
    if (early_ == Early::AtResume) {
        probe->on_resumed([&look](Match& m) { look(m); });
        probe->reach();
    } else if (probe->reach_group_at(early_group_)) {
        look(probe->match());
    }
    return seen;
}

// The resume check of plan(): one copy started from the checkpoint, as it is (make() compares
// where it arrives with the first copy).
bool Forks::resume_checked(std::unique_ptr<Playout>& failed) {
    std::unique_ptr<Playout> resumed = make();
    if (!resumed->reached() || !resume_error_.empty()) {
        failed = std::move(resumed);
        early_ = Early::Undecided;
        return false;
    }
    return true;
}

std::unique_ptr<Playout> Forks::redealt_copy(Rng& rng, bool& fits) {
    fits = false;
    const std::uint64_t seed = rng.next();
    auto copy = std::make_unique<Playout>(host_, scenario_, prefix_, from_, wall_clock_ms());
    ++(copy->resumed() ? resumed_ : replayed_);
    const Match::ResampleScope before{&hidden_, reseed_early_};
    if (early_ == Early::AtResume) {
        // (Kept by the copy's runner, which calls it once, while the copy starts: by value.)
        copy->on_resumed([viewer = viewer_, seed, before](Match& m) { m.resample_hidden(viewer, seed, before); });
    } else {
        if (!copy->reach_group_at(early_group_)) return copy;
        copy->match().resample_hidden(viewer_, seed, before);
    }
    if (!copy->reach()) return copy;   // the re-dealt cards changed the way there
    fits = player_view(*copy, viewer_, early_log_) == view_;
    // Reseeded now: the future must not follow the real match's draws. Re-dealt now: only the
    // hidden cards made since the re-deal point (none of them offered by the group, plan()):
    // the group's questions were built from the other cards as they lie, their labels and
    // counts included (re-dealing the rest here broke copies whose rules check what a label
    // named, and which copies broke followed the real cards; a review).
    std::vector<EntityId> made_since = copy->match().hidden_from(viewer_);
    made_since.erase(made_since.begin(), std::lower_bound(made_since.begin(), made_since.end(), made_since_from_));
    copy->match().resample_hidden(viewer_, rng.next(), Match::ResampleScope{&made_since, true});
    return copy;
}

RedealCounts RedealCounts::of(const Forks& forks) {
    return RedealCounts{forks.redealt_before(), forks.redealt_unfit(), forks.redealt_at_arrival(), forks.redealt_alone(),
                        forks.redeals_refused(), forks.lost()};
}

std::unique_ptr<Playout> Forks::make_for(PlayerIndex viewer, Rng& rng) {
    std::unique_ptr<Playout> copy = made_for(viewer, rng);
    if (copy->reached() && !last_lost_) ++handed_out_;   // (the first copy that teaches something runs uncapped)
    return copy;
}

std::unique_ptr<Playout> Forks::made_for(PlayerIndex viewer, Rng& rng) {
    last_lost_ = false;
    if (early_ == Early::Undecided) {
        std::unique_ptr<Playout> failed;
        if (!plan(viewer, failed)) return failed;
    } else if (viewer != viewer_) {
        throw KernelError("Forks::make_for: one Forks serves one searching player");
    }
    if (early_ == Early::AtGroup || early_ == Early::AtResume) {
        std::optional<Rng> unfit;   // the generator as it was before the first try that asks as the real match
        std::unique_ptr<Playout> last;
        for (int t = 0; t < kRedealTries; ++t) {
            const Rng at = rng;
            last.reset();   // one copy on the host at a time
            bool fits = false;
            last = redealt_copy(rng, fits);
            if (fits || cut_short(*last)) {   // (one cut short by the safety limit ends the search)
                if (fits) ++redealt_before_;
                return last;
            }
            ++redeals_refused_;
            // (One that waits for the viewer's questions as the real match does is a copy of
            // this decision: one whose re-deal changed who is asked is not.)
            if (!unfit && last->reached() && player_questions(*last, viewer_) == asked_) unfit = at;
        }
        if (unfit) {   // made again from the same draws (a copy is deterministic): the same copy
            last.reset();
            ++redealt_unfit_;
            bool fits = false;
            return redealt_copy(*unfit, fits);
        }
        // No re-deal reached the viewer's questions: re-dealt at the decision, the copy would
        // show the real cards the group's questions were built from. Lost instead.
        ++lost_;
        last_lost_ = true;
        return last;
    }
    std::unique_ptr<Playout> copy = make();
    if (copy->reached()) {
        copy->match().resample_hidden(viewer, rng.next());
        ++(early_ == Early::Alone ? redealt_alone_ : redealt_at_arrival_);   // None, MadeSince
    }
    return copy;
}

}  // namespace duelbox
