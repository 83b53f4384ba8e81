// dispatch.cpp - walking a timing window's handlers; see dispatch.h for the contracts.
#include "dispatch.h"

#include <algorithm>

#include "match.h"

namespace duelbox {

Dispatch::Dispatch(std::string_view window, DispatchOptions options) { restart(window, std::move(options)); }

void Dispatch::restart(std::string_view window, DispatchOptions options) {
    window_.assign(window);
    options_ = std::move(options);
    std::sort(options_.only.begin(), options_.only.end());
    pass_.clear();
    at_ = 0;
    seen_.clear();
    skipped_.clear();
    groups_.clear();
    next_group_ = 0;
    group_.clear();
    order_player_ = kNoPlayer;
    awaiting_order_ = started_ = false;
    current_ = 0;
    progress_ = any_applied_ = false;
    fired_ = 0;
}

bool Dispatch::matches(const Match& m, const Handler& h) const {
    if (h.player != kNoPlayer ? !mask_has(options_.players, h.player) : options_.players != kEveryone) return false;
    if (!options_.only.empty() && !std::binary_search(options_.only.begin(), options_.only.end(), h.source))
        return false;
    if (!options_.zones.empty()) {
        if (!m.valid_entity(h.source)) return false;
        const std::string& where = m.zone(m.entity(h.source).zone).name;
        if (std::find(options_.zones.begin(), options_.zones.end(), where) == options_.zones.end()) return false;
    }
    return true;
}

bool Dispatch::start_pass(const Match& m, bool first) {
    // The new pass is made in collected_ and swapped in: both lists keep their storage.
    std::vector<HandlerId>& pass = collected_;
    m.windows().collect_into(window_, options_.policy, pass);
    std::size_t kept = 0;
    for (HandlerId id : pass) {
        if (!matches(m, *m.windows().get(id))) continue;
        const bool seen = std::binary_search(seen_.begin(), seen_.end(), id);
        const bool again = std::find(skipped_.begin(), skipped_.end(), id) != skipped_.end();
        if (first || again || !seen) pass[kept++] = id;
    }
    pass.resize(kept);
    for (HandlerId id : pass)
        if (!std::binary_search(seen_.begin(), seen_.end(), id)) seen_.insert(std::upper_bound(seen_.begin(), seen_.end(), id), id);
    pass_.swap(pass);
    at_ = 0;
    skipped_.clear();
    progress_ = false;
    find_groups(m);
    return !pass_.empty();
}

void Dispatch::find_groups(const Match& m) {
    groups_.clear();
    next_group_ = 0;
    if (!options_.owner_orders) return;
    for (std::size_t i = 0; i < pass_.size();) {
        const Handler& a = *m.windows().get(pass_[i]);
        std::size_t j = i + 1;
        while (j < pass_.size()) {
            const Handler& b = *m.windows().get(pass_[j]);
            if (b.player != a.player || b.priority != a.priority) break;
            ++j;
        }
        if (j - i > 1 && a.player != kNoPlayer) groups_.emplace_back(i, j);
        i = j;
    }
}

Dispatch::Step Dispatch::next(const Match& m) {
    current_ = 0;
    if (!started_) {
        started_ = true;
        start_pass(m, true);
    }
    if (options_.until_finished && m.result().finished) return Step::End;
    if (awaiting_order_) return Step::Order;                 // order() was not called: ask again
    for (;;) {
        while (at_ < pass_.size()) {
            // Every run of the pass is ordered before its first handler fires (the players
            // order their effects for the window as a whole, in pass order).
            if (next_group_ < groups_.size()) {
                const auto [b, e] = groups_[next_group_];
                group_.assign(pass_.begin() + static_cast<std::ptrdiff_t>(b), pass_.begin() + static_cast<std::ptrdiff_t>(e));
                order_player_ = m.windows().get(pass_[b]) ? m.windows().get(pass_[b])->player : kNoPlayer;
                ++next_group_;
                awaiting_order_ = true;
                return Step::Order;
            }
            const HandlerId id = pass_[at_++];
            if (!m.windows().can_fire(id)) continue;         // removed meanwhile, or at its limit
            current_ = id;
            ++fired_;
            return Step::Fire;
        }
        if (!options_.repeat_skipped || !progress_) return Step::End;
        if (!start_pass(m, false)) return Step::End;
    }
}

void Dispatch::applied(bool yes) {
    if (current_ == 0) return;
    if (yes) {
        progress_ = true;
        any_applied_ = true;
    } else {
        skipped_.push_back(current_);
    }
    current_ = 0;
}

bool Dispatch::order(const std::vector<int>& permutation) {
    if (!awaiting_order_ || permutation.size() != group_.size()) return false;
    std::vector<bool> used(group_.size(), false);
    for (int i : permutation) {
        if (i < 0 || static_cast<std::size_t>(i) >= group_.size() || used[i]) return false;
        used[i] = true;
    }
    const std::size_t begin = groups_[next_group_ - 1].first;
    for (std::size_t k = 0; k < permutation.size(); ++k) pass_[begin + k] = group_[permutation[k]];
    awaiting_order_ = false;
    return true;
}

}  // namespace duelbox
