// card_templates.h - what cards.create and cards.activate need from each definition, read
// once when the game loads instead of from the definition table at every call.
//
// Why: a match creates every card it uses and may activate the same cards again and again.
// Reading kind, name, props and tags, and probing the definition for a function under every
// one of the game's window names (about 30 look-ups per activation), was 5% of the work of a
// benchmark game's play (docs/performance.md).
// A template keeps the parsed entity fields and, per window that has a function, the parsed
// timing; cards.activate then looks up only those windows' functions.
//
// Contracts
//  - Built for every definition when the game and its mods have loaded (as the frozen views
//    are: lua_modules.h freeze_card_views), so what a card is made of is the definition as
//    loaded, on a fresh host and a reused one alike.
//  - A malformed definition still loads; the error it would have raised is kept and raised,
//    with the same text, by the cards.create or cards.activate that meets it (activate
//    registers the handlers before the faulty one first, as it always did).
#pragma once
#include <lua.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kernel/value.h"
#include "kernel/windows.h"

namespace duelbox {

struct CardDef;   // host.h

struct CardTemplate {
    std::string kind, name;
    std::vector<std::pair<std::string, Value>> props;   // sorted by key
    std::vector<std::string> tags;
    std::string error;                                   // what cards.create raises instead

    struct Hook {
        Handler proto;      // window, priority, limit, period; source, player and function per entity
        std::string error;  // raised when activation reaches this hook (a limit without a period)
        // The ref this match pinned the hook's function under (LuaHost::ref_function), valid
        // while pinned_generation is the host's function_generation(): a card activated again
        // and again (a pair every beat) pins its functions once a match, not once an activation.
        mutable int pinned_ref = 0;
        mutable std::uint64_t pinned_generation = 0;
    };
    std::vector<Hook> hooks;                             // in the game's window order
    std::string hooks_error;                             // a timing field that would not parse...
    std::size_t hooks_error_at = static_cast<std::size_t>(-1);   // ...raised before hooks[this]
};

// Builds the templates of `cards` (their definitions are in the registry's card table) for the
// game's `windows`, replacing any from an earlier load. Never raises.
void build_card_templates(lua_State* L, const std::vector<CardDef>& cards, const std::vector<std::string>& windows);

// The template of definition `key`, or nullptr when none was built.
const CardTemplate* card_template(lua_State* L, const std::string& key);

}  // namespace duelbox
