// effects.cpp - modifiers and prohibitions; see effects.h for the contracts.
//
// Both lists are kept in registration order and erased from in place (never swapped
// with the back), so iteration order is the order effects were granted.
#include "effects.h"
#include "saturating.h"

#include <algorithm>
#include <limits>

namespace duelbox {

namespace {
template <class Vec, class Pred>
int erase_if_counted(Vec& v, Pred pred) {
    const auto before = v.size();
    v.erase(std::remove_if(v.begin(), v.end(), pred), v.end());
    return static_cast<int>(before - v.size());
}
}  // namespace

const char* mod_op_name(ModOp op) {
    switch (op) {
        case ModOp::Add: return "add";
        case ModOp::Set: return "set";
        case ModOp::Min: return "min";
        case ModOp::Max: return "max";
    }
    return "?";
}

bool parse_mod_op(std::string_view s, ModOp& out) {
    if (s == "add") out = ModOp::Add;
    else if (s == "set") out = ModOp::Set;
    else if (s == "min") out = ModOp::Min;
    else if (s == "max") out = ModOp::Max;
    else return false;
    return true;
}

EffectId EffectStore::add_modifier(Modifier m) {
    m.id = next_id_++;
    modifiers_.push_back(std::move(m));
    return modifiers_.back().id;
}

EffectId EffectStore::add_prohibition(Prohibition p) {
    p.id = next_id_++;   // one id space for both kinds, so remove() needs no kind
    prohibitions_.push_back(std::move(p));
    return prohibitions_.back().id;
}

bool EffectStore::remove(EffectId id) {
    const int n = erase_if_counted(modifiers_, [id](const Modifier& m) { return m.id == id; }) +
                  erase_if_counted(prohibitions_, [id](const Prohibition& p) { return p.id == id; });
    return n > 0;
}

int EffectStore::remove_source(EntityId source) {
    return erase_if_counted(modifiers_, [source](const Modifier& m) { return m.source == source; }) +
           erase_if_counted(prohibitions_, [source](const Prohibition& p) { return p.source == source; });
}

// Layers: set (last wins), add (sum), floor (the highest Min), cap (the lowest Max).
// The cap is applied last, so when a floor and a cap disagree the cap wins.
std::int64_t EffectStore::apply(EntityId target, std::string_view stat, std::int64_t base) const {
    std::int64_t value = base;
    for (const auto& m : modifiers_)
        if (m.op == ModOp::Set && m.target == target && m.stat == stat) value = m.amount;
    for (const auto& m : modifiers_)
        if (m.op == ModOp::Add && m.target == target && m.stat == stat) value = saturating_add(value, m.amount);
    for (const auto& m : modifiers_)
        if (m.op == ModOp::Min && m.target == target && m.stat == stat) value = std::max(value, m.amount);
    for (const auto& m : modifiers_)
        if (m.op == ModOp::Max && m.target == target && m.stat == stat) value = std::min(value, m.amount);
    return value;
}

bool EffectStore::prohibited(EntityId target, std::string_view action) const {
    return std::any_of(prohibitions_.begin(), prohibitions_.end(),
                       [&](const Prohibition& p) { return p.target == target && p.action == action; });
}

int EffectStore::end_period(std::string_view period) {
    // An empty expiry lasts until removed, so ending "" must not sweep those away.
    if (period.empty()) return 0;
    return erase_if_counted(modifiers_, [period](const Modifier& m) { return m.expires == period; }) +
           erase_if_counted(prohibitions_, [period](const Prohibition& p) { return p.expires == period; });
}

}  // namespace duelbox
