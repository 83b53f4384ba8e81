// event_diff.cpp - hashing events and aligning two logs (Myers' O(ND) shortest edit script).
#include "event_diff.h"

#include <algorithm>
#include <cstring>

namespace duelbox::editor {

namespace {

// Eight bytes at a time (a multiply and a shift each; FNV-1a's byte at a time made hashing a
// 20,000-event log a sixth of a rerun). The same in every process, unlike std::hash; keys live
// only in memory, so the byte order of the machine does not matter.
struct Hasher {
    std::uint64_t h = 1469598103934665603ull;
    void mix(std::uint64_t w) {
        h = (h ^ w) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
    }
    void bytes(const void* p, std::size_t n) {
        const auto* c = static_cast<const unsigned char*>(p);
        for (; n >= 8; c += 8, n -= 8) {
            std::uint64_t w;
            std::memcpy(&w, c, 8);
            mix(w);
        }
        std::uint64_t tail = 0;
        std::memcpy(&tail, c, n);
        mix(tail ^ (std::uint64_t{n} << 59));   // the tail's length, so "a\0" differs from "a"
    }
    void text(std::string_view s) {
        const std::uint64_t n = s.size();   // the length first, so "ab"+"c" differs from "a"+"bc"
        bytes(&n, sizeof n);
        bytes(s.data(), s.size());
    }
    void number(std::uint64_t v) { bytes(&v, sizeof v); }
};

// Myers' greedy forward search, keeping each round's furthest-reaching diagonals so the edit
// script can be walked back. Returns the rounds, or an empty vector when more than `max_edits`
// edits are needed.
using Rounds = std::vector<std::vector<int>>;   // rounds[d][k + d + 1] for k in [-d-1, d+1]

Rounds search(const std::uint64_t* a, int n, const std::uint64_t* b, int m, int max_edits) {
    const int offset = max_edits + 1;
    std::vector<int> v(2 * static_cast<std::size_t>(max_edits) + 3, 0);
    Rounds rounds;
    for (int d = 0; d <= max_edits; ++d) {
        rounds.emplace_back(v.begin() + (offset - d - 1), v.begin() + (offset + d + 2));
        for (int k = -d; k <= d; k += 2) {
            int x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1]
                                                                                   : v[offset + k - 1] + 1;
            int y = x - k;
            while (x < n && y < m && a[x] == b[y]) ++x, ++y;
            v[offset + k] = x;
            if (x >= n && y >= m) return rounds;
        }
    }
    return {};
}

// One edit of the script: old[x] removed (insert = false) or new[y] inserted, at point (x, y).
struct Edit {
    int x, y;
    bool insert;
};

std::vector<Edit> walk_back(const Rounds& rounds, int n, int m) {
    std::vector<Edit> edits;
    int x = n, y = m;
    for (int d = static_cast<int>(rounds.size()) - 1; d > 0; --d) {
        const std::vector<int>& v = rounds[d];
        auto at = [&](int k) { return v[k + d + 1]; };
        const int k = x - y;
        const bool down = k == -d || (k != d && at(k - 1) < at(k + 1));
        const int prev_k = down ? k + 1 : k - 1;
        const int prev_x = at(prev_k), prev_y = prev_x - prev_k;
        edits.push_back({prev_x, prev_y, down});   // the diagonal after it is equal events
        x = prev_x;
        y = prev_y;
    }
    std::reverse(edits.begin(), edits.end());
    return edits;
}

}  // namespace

std::size_t EventDiff::changed_new() const {
    std::size_t n = 0;
    for (const DiffHunk& h : hunks) n += h.new_end - h.new_begin;
    return n;
}

std::size_t EventDiff::changed_old() const {
    std::size_t n = 0;
    for (const DiffHunk& h : hunks) n += h.old_end - h.old_begin;
    return n;
}

bool EventDiff::changed(std::size_t i) const {
    auto it = std::upper_bound(hunks.begin(), hunks.end(), i,
                               [](std::size_t v, const DiffHunk& h) { return v < h.new_end; });
    return it != hunks.end() && it->new_begin <= i && i < it->new_end;
}

std::size_t EventDiff::next_hunk(std::size_t i) const {
    for (std::size_t h = 0; h < hunks.size(); ++h)
        if (hunks[h].new_begin > i) return h;
    return hunks.size();
}

namespace {

// A field's value into the hash, without making its text.
void hash_value(Hasher& h, const Value& v) {
    h.number(v.index());
    if (const auto* i = std::get_if<std::int64_t>(&v)) h.number(static_cast<std::uint64_t>(*i));
    else if (const auto* b = std::get_if<bool>(&v)) h.number(*b ? 1 : 0);
    else if (const auto* t = std::get_if<std::string>(&v)) h.text(*t);
}

// What the observer's narration adds to the fields: the name of each entity, player, zone or
// space a {e:key} / {p:key} / {z:key} / {s:key} placeholder shows. The rest of the narration is
// the template and the field values, hashed already; so this tells what rendering it would,
// without rendering it.
void names_shown(const Event& e, const NameResolver& names, std::string& out) {
    out.clear();   // the caller's buffer: one allocation for the whole log, not one per event
    const std::string_view t = e.text;
    for (std::size_t open = t.find('{'); open != std::string_view::npos; open = t.find('{', open + 1)) {
        const std::size_t close = t.find('}', open);
        if (close == std::string_view::npos) break;
        std::string_view inner = t.substr(open + 1, close - open - 1);
        if (inner.size() <= 2 || inner[1] != ':') continue;
        const char kind = inner[0];
        inner.remove_prefix(2);
        const Field* f = e.find(inner);
        const auto* id = f ? std::get_if<std::int64_t>(&f->value) : nullptr;
        if (!id) continue;
        if (kind == 'e' && names.entity) out += names.entity(static_cast<EntityId>(*id));
        else if (kind == 'p' && names.player) out += names.player(static_cast<PlayerIndex>(*id - 1));
        else if (kind == 'z' && names.zone) out += names.zone(static_cast<ZoneId>(*id));
        else if (kind == 's' && names.space) out += names.space(static_cast<SpaceId>(*id));
        else continue;
        out += '\x1f';   // a separator no name contains
    }
}

}  // namespace

std::uint64_t event_key(const Event& e, const std::string& told, const EntityBirth* birth) {
    Hasher h;
    h.text(e.type);
    h.text(e.text);
    h.text(told);
    h.number(static_cast<std::uint64_t>(e.audience));
    for (const Field& f : e.fields) {
        h.text(f.key);
        hash_value(h, f.value);
        h.number(static_cast<std::uint64_t>(f.visible_to));
    }
    if (birth) {
        for (const auto& [key, value] : birth->props) {
            h.text(key);
            hash_value(h, value);
        }
        for (const std::string& tag : birth->tags) h.text(tag);
    }
    return h.h;
}

std::vector<std::uint64_t> event_keys(const Match& m, std::size_t count, const BirthRecord* births) {
    const auto& events = m.log().events();
    count = std::min(count, events.size());
    const NameResolver names = m.names();   // one resolver for the whole log
    std::vector<std::uint64_t> keys;
    keys.reserve(count);
    std::string told;
    for (std::size_t i = 0; i < count; ++i) {
        names_shown(events[i], names, told);
        keys.push_back(event_key(events[i], told, births ? births->at(i) : nullptr));
    }
    return keys;
}

EventDiff diff_keys(const std::vector<std::uint64_t>& before, const std::vector<std::uint64_t>& after,
                    std::size_t max_edits) {
    EventDiff diff;
    std::size_t prefix = 0;
    while (prefix < before.size() && prefix < after.size() && before[prefix] == after[prefix]) ++prefix;
    std::size_t suffix = 0;
    while (suffix < before.size() - prefix && suffix < after.size() - prefix &&
           before[before.size() - 1 - suffix] == after[after.size() - 1 - suffix])
        ++suffix;
    const int n = static_cast<int>(before.size() - prefix - suffix);
    const int m = static_cast<int>(after.size() - prefix - suffix);
    if (n == 0 && m == 0) return diff;

    const int budget = static_cast<int>(std::min<std::size_t>(max_edits, static_cast<std::size_t>(n + m)));
    const Rounds rounds = search(before.data() + prefix, n, after.data() + prefix, m, budget);
    if (rounds.empty()) {
        diff.approximate = true;
        diff.hunks.push_back({prefix, prefix + n, prefix, prefix + m});
        return diff;
    }
    // Consecutive edits with no equal event between them form one hunk.
    for (const Edit& e : walk_back(rounds, n, m)) {
        const std::size_t x = prefix + e.x, y = prefix + e.y;
        if (!diff.hunks.empty() && diff.hunks.back().old_end == x && diff.hunks.back().new_end == y) {
            (e.insert ? diff.hunks.back().new_end : diff.hunks.back().old_end) += 1;
            continue;
        }
        DiffHunk h{x, x, y, y};
        (e.insert ? h.new_end : h.old_end) += 1;
        diff.hunks.push_back(h);
    }
    return diff;
}

}  // namespace duelbox::editor
