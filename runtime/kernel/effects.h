// effects.h - modifiers and prohibitions with durations.
//
// Contracts
//  - A modifier changes a named stat of a target entity: "set" ops apply first in
//    registration order (the last one wins), then "add" ops sum, then "min"/"max"
//    clamp (floor and cap). So "+1 power" and "power becomes 0" combine the same
//    way for every game; a game that needs a different layering reads the list.
//  - A prohibition forbids a named action for a target ("advance", "be_pushed",
//    "move"). The kernel's primitives consult it; scripts may ask too.
//  - Either may carry an expiry period: end_period(P) removes those with expires == P.
//    An empty expiry lasts until removed.
//  - Iteration is in registration order, always.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ids.h"

namespace duelbox {

enum class ModOp { Add, Set, Min, Max };   // Min = floor (value at least), Max = cap (value at most)
const char* mod_op_name(ModOp op);
bool parse_mod_op(std::string_view s, ModOp& out);   // "add" | "set" | "min" | "max"

struct Modifier {
    EffectId id = 0;
    EntityId target = kNoEntity;
    std::string stat;
    ModOp op = ModOp::Add;
    std::int64_t amount = 0;
    EntityId source = kNoEntity;    // the card that granted it (for inspectors and removal)
    std::string expires;            // period name, or empty
    bool operator==(const Modifier&) const = default;
};

struct Prohibition {
    EffectId id = 0;
    EntityId target = kNoEntity;
    std::string action;
    EntityId source = kNoEntity;
    std::string expires;
    bool operator==(const Prohibition&) const = default;
};

class EffectStore {
public:
    EffectId add_modifier(Modifier m);
    EffectId add_prohibition(Prohibition p);
    bool remove(EffectId id);                       // either kind
    int remove_source(EntityId source);             // both kinds; returns how many

    // The stat after every live modifier of that target and stat name.
    std::int64_t apply(EntityId target, std::string_view stat, std::int64_t base) const;
    bool prohibited(EntityId target, std::string_view action) const;

    int end_period(std::string_view period);        // removes both kinds that expire then

    const std::vector<Modifier>& modifiers() const { return modifiers_; }
    const std::vector<Prohibition>& prohibitions() const { return prohibitions_; }
    bool operator==(const EffectStore&) const = default;            // incl. the next id handed out

private:
    EffectId next_id_ = 1;
    std::vector<Modifier> modifiers_;
    std::vector<Prohibition> prohibitions_;
};

}  // namespace duelbox
