// windows.cpp - the timing-window registry; see windows.h for the contracts.
//
// Handlers are never erased, only flagged `removed`: ids stay dense (index = id - 1)
// and a snapshot of ids handed to the dispatcher can never dangle or be reshuffled
// by a removal made while it is being walked. The per-window index of live ids keeps
// the cost of every query proportional to what is live (a 20,000-event match registers
// thousands of handlers over its life, a few dozen at a time).
#include "windows.h"

#include <algorithm>

namespace duelbox {

namespace {
// 0 for the first seat, 1 for the next, ... wrapping, or the explicit order's places;
// players the explicit order does not list, then seatless handlers, go after every seat.
int seat_distance(PlayerIndex player, const OrderPolicy& policy) {
    const int seats = std::max(policy.players, 1);
    if (player < 0) return seats + 1;
    if (policy.ordered) {
        const std::size_t p = static_cast<std::size_t>(player);
        return p < policy.place.size() && policy.place[p] ? policy.place[p] - 1 : seats;
    }
    return ((player - policy.first) % seats + seats) % seats;
}

bool under_limit(const Handler& h) { return h.limit <= 0 || h.fired < h.limit; }
}  // namespace

void OrderPolicy::append(PlayerIndex p) {
    if (p < 0 || static_cast<std::size_t>(p) >= place.size() || place[static_cast<std::size_t>(p)]) return;
    std::uint8_t n = 0;
    for (std::uint8_t v : place) n = std::max(n, v);
    place[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(n + 1);
    ordered = true;
}

namespace {

const std::vector<HandlerId> kNoHandlers;
}  // namespace

void WindowRegistry::rebuild_index() {
    by_window_.clear();
    for (const auto& h : handlers_) {
        if (h.removed) continue;
        auto it = std::find_if(by_window_.begin(), by_window_.end(), [&](const auto& w) { return w.first == h.window; });
        if (it == by_window_.end()) it = by_window_.insert(by_window_.end(), {h.window, {}});
        it->second.push_back(h.id);
    }
}

const std::vector<HandlerId>& WindowRegistry::listening(std::string_view window) const {
    for (const auto& w : by_window_)
        if (w.first == window) return w.second;
    return kNoHandlers;
}

std::size_t WindowRegistry::live_count() const {
    std::size_t n = 0;
    for (const auto& w : by_window_) n += w.second.size();
    return n;
}

HandlerId WindowRegistry::add(Handler h) {
    h.id = static_cast<HandlerId>(handlers_.size() + 1);
    h.seq = h.id;           // ids are handed out in registration order, so they double as seq
    h.fired = 0;            // a new registration has not fired yet, whatever the caller copied
    h.removed = false;
    handlers_.push_back(std::move(h));
    written_.write(handlers_.size() - 1);
    const Handler& added = handlers_.back();
    auto it = std::find_if(by_window_.begin(), by_window_.end(), [&](const auto& w) { return w.first == added.window; });
    if (it == by_window_.end()) it = by_window_.insert(by_window_.end(), {added.window, {}});
    it->second.push_back(added.id);   // ids grow, so the list stays ascending
    return added.id;
}

bool WindowRegistry::remove(HandlerId id) {
    if (id < 1 || id > handlers_.size() || handlers_[id - 1].removed) return false;
    Handler& h = handlers_[id - 1];
    h.removed = true;
    written_.write(id - 1);
    for (auto& w : by_window_)
        if (w.first == h.window) {
            auto& ids = w.second;
            ids.erase(std::lower_bound(ids.begin(), ids.end(), id));
            break;
        }
    return true;
}

int WindowRegistry::remove_source(EntityId source) {
    int n = 0;
    for (auto& w : by_window_)
        std::erase_if(w.second, [&](HandlerId id) {
            Handler& h = handlers_[id - 1];
            if (h.source != source) return false;
            h.removed = true;
            written_.write(id - 1);
            ++n;
            return true;
        });
    return n;
}

int WindowRegistry::move_sources(const std::vector<std::pair<EntityId, EntityId>>& moved) {
    int n = 0;
    const auto by_from = [](const std::pair<EntityId, EntityId>& p, EntityId e) { return p.first < e; };
    for (auto& w : by_window_)
        for (HandlerId id : w.second) {
            Handler& h = handlers_[id - 1];
            const auto it = std::lower_bound(moved.begin(), moved.end(), h.source, by_from);
            if (it == moved.end() || it->first != h.source || it->second == h.source) continue;
            h.source = it->second;
            written_.write(id - 1);
            ++n;
        }
    return n;
}

const Handler* WindowRegistry::get(HandlerId id) const {
    if (id < 1 || id > handlers_.size() || handlers_[id - 1].removed) return nullptr;
    return &handlers_[id - 1];
}

std::vector<HandlerId> WindowRegistry::collect(std::string_view window, const OrderPolicy& policy) const {
    std::vector<HandlerId> out;
    collect_into(window, policy, out);
    return out;
}

void WindowRegistry::collect_into(std::string_view window, const OrderPolicy& policy, std::vector<HandlerId>& out) const {
    out.clear();
    for (HandlerId id : listening(window))
        if (under_limit(handlers_[id - 1])) out.push_back(id);
    // seq is unique, so this is a total order and the result never depends on the sort.
    std::sort(out.begin(), out.end(), [this, &policy](HandlerId x, HandlerId y) {
        const Handler& a = handlers_[x - 1];
        const Handler& b = handlers_[y - 1];
        if (a.priority != b.priority) return a.priority < b.priority;
        const int da = seat_distance(a.player, policy), db = seat_distance(b.player, policy);
        if (da != db) return da < db;
        return a.seq < b.seq;
    });
}

bool WindowRegistry::can_fire(HandlerId id) const {
    const Handler* h = get(id);
    return h && under_limit(*h);
}

void WindowRegistry::mark_fired(HandlerId id) {
    // A handler that removed itself while running is still marked by the dispatcher
    // afterwards; that is harmless, so unknown and removed ids are simply ignored.
    if (id < 1 || id > handlers_.size() || handlers_[id - 1].removed) return;
    ++handlers_[id - 1].fired;
    written_.write(id - 1);
}

void WindowRegistry::unmark_fired(HandlerId id) {
    if (id < 1 || id > handlers_.size() || handlers_[id - 1].removed) return;
    Handler& h = handlers_[id - 1];
    if (h.fired > 0) --h.fired;
    written_.write(id - 1);
}

int WindowRegistry::end_period(std::string_view period) {
    // An empty period means "never reset" (e.g. once per match), so "" matches nothing.
    if (period.empty()) return 0;
    int n = 0;
    for (const auto& w : by_window_)
        for (HandlerId id : w.second) {
            Handler& h = handlers_[id - 1];
            if (h.period == period && h.fired > 0) {
                h.fired = 0;
                written_.write(id - 1);
                ++n;
            }
        }
    return n;
}

std::vector<const Handler*> WindowRegistry::live() const {
    std::vector<const Handler*> out;
    for (const auto& h : handlers_)
        if (!h.removed) out.push_back(&h);
    return out;
}

}  // namespace duelbox
