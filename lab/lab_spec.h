// lab_spec.h - what a game tells `duelbox lab`: who can be picked, where a pick goes in a
// seat's setup, and which zones mean "played" and "held" for a card.
//
// The lab is game-agnostic: it learns all of this from game.lua's `lab` table (declared once
// by the game, in Lua; docs/lab.md lists the fields), never from C++:
//
//   lab = {
//     roster = { prefix = "battlecon/fighter/", kind = "ua", prop = nil },
//     seat_key = "fighter",      -- players[i].setup.<seat_key> receives the pick
//     seat_value = "name",       -- "name": the key after the prefix; "key": the whole key
//     picks = 1,                 -- fighters per seat; more than 1 makes the seat value a list
//     played = { "pair" },       -- a card is played when it enters one of these zones
//     held = { "hand" },         -- and held when it enters, or is created in, one of these
//   }
//
// A game played by teams needs nothing more: a base scenario with two teams of equal size
// makes each side a team, one pick per seat.
//
// The roster is every loaded definition whose key starts with `prefix`, has no further "/"
// after it, has kind `kind` and (when `prop` is given) a truthy props[prop], in load order.
// The unit of match length is the game's bench_unit (beats, turns).
#pragma once
#include <string>
#include <vector>

namespace duelbox {

class LuaHost;

struct RosterEntry {
    std::string name;            // what --fighters and the report say: the key after the prefix
    std::string key;             // the definition key
    std::string display;         // the definition's `name`
};

struct LabSpec {
    std::vector<RosterEntry> roster;
    std::string seat_key;
    bool seat_value_key = false;          // seat_value == "key"
    int picks = 1;
    std::vector<std::string> played, held;   // zone names
    std::string unit_event, unit_name = "unit";

    // How the two sides sit (lab_run.h's load_lab_spec works it out from the base scenario):
    // two seats, each fielding `picks` fighters (a list when picks > 1); or two teams of k seats
    // each (a team game such as BattleCON 2 vs 2, picks = 1), side s's i-th fighter on the i-th
    // seat of team s. side_picks = fighters per side.
    std::vector<int> side_of_seat, slot_of_seat;
    int side_picks = 1;

    const RosterEntry* find(const std::string& name) const;
    std::string seat_value(const RosterEntry& e) const { return seat_value_key ? e.key : e.name; }
};

// Reads the loaded game's `lab` table. Returns "" or what is wrong, naming the field
// ("scripts/g/game.lua: lab.played: expected a list of zone names").
std::string read_lab_spec(LuaHost& host, LabSpec& out);

}  // namespace duelbox
