// derived.cpp - computing and caching derived values; see derived.h for the steps.
#include "derived.h"
#include "saturating.h"

#include <algorithm>

#include "match.h"

namespace duelbox {

namespace {
// A prop as a number for the sum: true = 1, an integer as it is, anything else 0.
std::int64_t as_number(const Value& v) {
    if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
    if (const auto* b = std::get_if<bool>(&v)) return *b ? 1 : 0;
    return 0;
}

bool is_string(const Value& v, const std::string& s) {
    const auto* str = std::get_if<std::string>(&v);
    return str && *str == s;
}


// Whether modifier `m` can change value `s`: its target, and one of the stats step 3-4 read.
bool reads_modifier(const DerivedSpec& s, const Modifier& m) {
    if (m.target != s.target) return false;
    return (!s.stat.empty() && m.stat == s.stat) || (!s.override_stat.empty() && m.stat == s.override_stat) ||
           (!s.unnone_stat.empty() && m.stat == s.unnone_stat);
}

// The modifiers value `s` reads, as (how many, the newest id). Ids only grow and a modifier
// never changes in place, so the pair moves whenever one of them is added or removed, even
// both at once (the new one's id is larger than any before).
std::pair<std::size_t, EffectId> read_modifiers(const EffectStore& fx, const DerivedSpec& s) {
    std::pair<std::size_t, EffectId> out{0, 0};
    for (const Modifier& m : fx.modifiers())
        if (reads_modifier(s, m)) out = {out.first + 1, m.id};
    return out;
}

bool has_modifier(const EffectStore& fx, EntityId target, std::string_view stat) {
    for (const auto& m : fx.modifiers())
        if (m.target == target && m.stat == stat) return true;
    return false;
}

DerivedValue clamp(const DerivedSpec& s, DerivedValue v) {
    if (v.none) return v;
    if (s.floor) v.value = std::max(v.value, *s.floor);
    if (s.cap) v.value = std::min(v.value, *s.cap);
    return v;
}
}  // namespace

DerivedId DerivedStore::define(DerivedSpec spec) {
    // Interned here unless the caller did (Match::define_derived charges the match for new ones).
    if (spec.kind_syms.size() != spec.kinds.size() || (spec.alone_kind_sym == 0) != spec.alone_kind.empty()) {
        spec.kind_syms.clear();
        for (const std::string& k : spec.kinds) spec.kind_syms.push_back(intern(k));
        spec.alone_kind_sym = spec.alone_kind.empty() ? 0 : intern(spec.alone_kind);
    }
    std::size_t same = specs_.size();   // the first spec that selects alike, else this one
    for (std::size_t i = 0; i < specs_.size(); ++i) {
        const DerivedSpec& o = specs_[i];
        if (o.entities == spec.entities && o.zones == spec.zones && o.kinds == spec.kinds && o.alone_kind == spec.alone_kind) {
            same = selection_of_[i];
            break;
        }
    }
    selection_of_.push_back(same);
    specs_.push_back(std::move(spec));
    return static_cast<DerivedId>(specs_.size());
}

const DerivedSpec* DerivedStore::spec(DerivedId id) const {
    return id >= 1 && id <= specs_.size() ? &specs_[id - 1] : nullptr;
}

DerivedId DerivedStore::find(std::string_view name, EntityId target) const {
    for (std::size_t i = 0; i < specs_.size(); ++i)
        if (specs_[i].target == target && specs_[i].name == name) return static_cast<DerivedId>(i + 1);
    return 0;
}

std::vector<EntityId> DerivedStore::select(const Match& m, const DerivedSpec& s) {
    std::vector<EntityId> out;
    select_into(m, s, out);
    return out;
}

void DerivedStore::select_into(const Match& m, const DerivedSpec& s, std::vector<EntityId>& out) {
    if (s.alone_kind.empty() && s.kinds.empty()) {   // the common case: every source counts
        out.assign(s.entities.begin(), s.entities.end());
        for (ZoneId z : s.zones) {
            const auto& items = m.zone(z).items;
            out.insert(out.end(), items.begin(), items.end());
        }
        return;
    }
    // The kinds as symbols: define() interned them; a spec built by hand (compute) is interned here.
    std::vector<Sym> interned;
    const std::vector<Sym>* kind_syms = &s.kind_syms;
    Sym alone_sym = s.alone_kind_sym;
    if (s.kind_syms.size() != s.kinds.size() || (alone_sym == 0) != s.alone_kind.empty()) {
        for (const std::string& k : s.kinds) interned.push_back(intern(k));
        kind_syms = &interned;
        alone_sym = s.alone_kind.empty() ? 0 : intern(s.alone_kind);
    }
    // Returns true when `e` counts alone (the list is then just e). Inlined: it runs for every
    // source of every recomputation.
    const auto consider = [&](EntityId e) __attribute__((always_inline)) {
        const Entity& ent = m.entity(e);
        if (alone_sym != 0 && ent.kind_sym == alone_sym) {
            out.assign(1, e);
            return true;
        }
        if (s.kinds.empty()) {
            out.push_back(e);
            return false;
        }
        if (std::find(kind_syms->begin(), kind_syms->end(), ent.kind_sym) == kind_syms->end()) return false;
        const bool taken =
            std::any_of(out.begin(), out.end(), [&](EntityId o) { return m.entity(o).kind_sym == ent.kind_sym; });
        if (!taken) out.push_back(e);
        return false;
    };
    out.clear();
    for (EntityId e : s.entities)
        if (consider(e)) return;
    for (ZoneId z : s.zones)
        for (EntityId e : m.zone(z).items)
            if (consider(e)) return;
    if (!s.kinds.empty()) {   // in the order of `kinds` (the first kind named first), not zone order
        const auto rank = [&](EntityId e) {
            return std::find(kind_syms->begin(), kind_syms->end(), m.entity(e).kind_sym) - kind_syms->begin();
        };
        // A stable insertion sort: the list holds one entity per kind (two or three), where
        // std::stable_sort would allocate a buffer on every recomputation.
        for (std::size_t i = 1; i < out.size(); ++i) {
            const EntityId e = out[i];
            const auto r = rank(e);
            std::size_t j = i;
            for (; j > 0 && rank(out[j - 1]) > r; --j) out[j] = out[j - 1];
            out[j] = e;
        }
    }
}

DerivedValue DerivedStore::compute(const Match& m, const DerivedSpec& s) { return compute_from(m, s, select(m, s)); }

DerivedValue DerivedStore::compute_from(const Match& m, const DerivedSpec& s, const std::vector<EntityId>& sources,
                                        DerivedMarks* marks) {
    DerivedMarks found;
    if (marks) *marks = found;
    if (!s.fixed_prop.empty()) {
        for (EntityId e : sources) {
            const Entity& ent = m.entity(e);
            if (!truthy(ent.prop(s.fixed_prop))) continue;
            if (marks) marks->fixed_by = e;
            const Value& v = ent.prop(s.prop);
            if (!s.none_value.empty() && is_string(v, s.none_value)) return {true, 0};
            return clamp(s, {false, as_number(v)});
        }
    }
    DerivedValue v;
    for (EntityId e : sources) {
        const Value& p = m.entity(e).prop(s.prop);
        if (!s.none_value.empty() && is_string(p, s.none_value)) {
            if (!v.none) found.none_by = e;
            v.none = true;
        } else {
            v.value = saturating_add(v.value, as_number(p));   // math.maxinteger + 1 stays at the bound
        }
    }
    if (marks) *marks = found;
    if (v.none) {
        if (s.unnone_stat.empty() || m.effects().apply(s.target, s.unnone_stat, 0) == 0) return {true, 0};
        v = {false, 0};
    }
    if (!s.override_stat.empty() && has_modifier(m.effects(), s.target, s.override_stat))
        return clamp(s, {false, m.effects().apply(s.target, s.override_stat, 0)});
    if (!s.stat.empty()) v.value = m.effects().apply(s.target, s.stat, v.value);
    return clamp(s, v);
}

DerivedValue DerivedStore::get(const Match& m, DerivedId id, std::uint64_t version) const {
    const DerivedSpec* s = spec(id);
    if (!s) return {};
    if (cache_.entries.size() < specs_.size()) cache_.entries.resize(specs_.size());
    Cached& c = cache_.entries[id - 1];
    if (c.valid && c.version == version) return c.value;
    cache_.work += c.sources.size() + s->zones.size();
    if (c.valid && still_valid(m, *s, c)) {
        c.version = version;
        return c.value;
    }
    select_shared(m, id, *s, c.sources);   // into the entry's own list: no allocation once it has grown
    c.value = compute_from(m, *s, c.sources, &c.marks);
    cache_.work += c.sources.size() + m.effects().modifiers().size();
    c.version = version;
    c.valid = true;
    c.entity_tick = m.entity_stamps().clock();
    c.zone_tick = m.zone_stamps().clock();
    const auto& mods = m.effects().modifiers();
    c.modifiers = mods.size();
    c.newest_modifier = mods.empty() ? 0 : mods.back().id;
    c.read_modifiers = read_modifiers(m.effects(), *s);
    return c.value;
}

void DerivedStore::select_shared(const Match& m, DerivedId id, const DerivedSpec& s, std::vector<EntityId>& out) const {
    if (id - 1 >= selection_of_.size()) {
        select_into(m, s, out);
        return;
    }
    const std::size_t g = selection_of_[id - 1];
    if (cache_.selections.size() <= g) cache_.selections.resize(g + 1);
    Selection& sel = cache_.selections[g];
    bool fresh = sel.valid;
    for (std::size_t i = 0; fresh && i < s.zones.size(); ++i)
        fresh = m.zone_stamps().unwritten(s.zones[i] - 1, s.zones[i], sel.zone_tick);
    if (!fresh) {
        select_into(m, s, sel.sources);
        sel.zone_tick = m.zone_stamps().clock();
        sel.valid = true;
    }
    out.assign(sel.sources.begin(), sel.sources.end());
}

bool DerivedStore::still_valid(const Match& m, const DerivedSpec& s, Cached& c) {
    // Modifiers: unchanged as a whole (count, newest id), or at least the ones this value reads
    // (a bonus to another player's stat or another stat leaves it be).
    const auto& mods = m.effects().modifiers();
    const EffectId newest = mods.empty() ? 0 : mods.back().id;
    if (mods.size() != c.modifiers || newest != c.newest_modifier) {
        if (read_modifiers(m.effects(), s) != c.read_modifiers) return false;
        c.modifiers = mods.size();
        c.newest_modifier = newest;
    }
    for (ZoneId z : s.zones)
        if (!m.zone_stamps().unwritten(z - 1, z, c.zone_tick)) return false;
    for (EntityId e : c.sources)
        if (!m.entity_stamps().unwritten(e - 1, e, c.entity_tick)) return false;
    return true;
}

DerivedMarks DerivedStore::marks(const Match& m, DerivedId id, std::uint64_t version) const {
    if (!spec(id)) return {};
    get(m, id, version);
    return cache_.entries[id - 1].marks;
}

const std::vector<EntityId>& DerivedStore::current_sources(const Match& m, DerivedId id, std::uint64_t version) const {
    static const std::vector<EntityId> kNone;
    if (!spec(id)) return kNone;
    get(m, id, version);
    return cache_.entries[id - 1].sources;
}

std::vector<EntityId> DerivedStore::sources(const Match& m, DerivedId id) const {
    const DerivedSpec* s = spec(id);
    return s ? select(m, *s) : std::vector<EntityId>{};
}

}  // namespace duelbox
