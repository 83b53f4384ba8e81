// entity.h - cards, figures, tokens, markers and players, all one record.
//
// Contracts
//  - An entity is never deleted: "removed from the game" is a zone. Ids stay valid
//    for the whole match, so logs and replays can always name them.
//  - Every entity is in exactly one zone at every moment (Match::check_invariants).
//  - Properties hold the card's printed data and any game state a script keeps on
//    it; tags are set-like labels ("figure", "style", "ally-blocking").
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "ids.h"
#include "symbols.h"
#include "value.h"

namespace duelbox {

struct Entity {
    EntityId id = kNoEntity;
    std::string kind;                          // "card", "figure", "token", "marker", "player", ...
    Sym kind_sym = 0;                          // `kind` interned (set with it: a derived value compares kinds often)
    std::string def;                           // definition key, e.g. "mygame/strike"; may be empty
    std::string name;                          // display name used in narration
    PlayerIndex owner = kNoPlayer;
    ZoneId zone = kNoZone;
    PlayerMask revealed_to = kNobody;          // seen by these players even in a hidden zone; cleared on move
    // What each player knows of it while it is out of their sight (a search re-deals only what a
    // player cannot know: Match::resample_hidden). Set to the players who saw it arrive (its
    // creation or move named it to them), widened by a reveal; a shuffle of its zone keeps
    // `zoned_for` (they know it is in there) and narrows `placed_for` (not where).
    PlayerMask placed_for = kNobody;           // know it is exactly here
    PlayerMask zoned_for = kNobody;            // know it is in this zone
    std::vector<std::pair<std::string, Value>> props;   // sorted by key
    std::vector<std::string> tags;                       // sorted, unique

    const Value& prop(std::string_view key) const;       // Nil when absent
    // The writes below return how many entries moved to make room or close the gap (a sorted
    // list: a key stored or erased before others shifts them), work a binding charges.
    std::size_t set_prop(std::string_view key, Value v); // Nil erases
    bool has_tag(std::string_view tag) const;
    std::size_t add_tag(std::string_view tag);
    std::size_t remove_tag(std::string_view tag);
    bool operator==(const Entity&) const = default;      // every field (snapshots share equal pieces)
};

enum class Visibility {
    Public,   // everyone sees what is in it (discard piles, the board)
    Owner,    // the owner sees the contents, others only the count (a hand)
    Hidden,   // nobody sees the contents, only the count (a deck)
};

const char* visibility_name(Visibility v);
bool parse_visibility(std::string_view s, Visibility& out);   // "public" | "owner" | "hidden"

struct Zone {
    ZoneId id = kNoZone;
    std::string name;                 // "hand", "deck", "space:3"; (name, owner) is unique
    PlayerIndex owner = kNoPlayer;    // kNoPlayer for shared zones such as board spaces
    Visibility visibility = Visibility::Public;
    SpaceId space = kNoSpace;         // set when this zone is a board space
    // A card here that a player cannot see tells them nothing of its kind either (a deck of
    // mixed kinds): a search re-deals such cards across kinds (Match::resample_hidden).
    bool secret_kinds = false;
    // A card here that a player cannot see tells them nothing of whose it is either (a shared
    // pile whose backs are alike): a search re-deals such cards across owners too, each taking
    // its owner with it. Off, a card's owner is as public as its back.
    bool secret_owners = false;
    std::vector<EntityId> items;      // index 0 is the top
    bool operator==(const Zone&) const = default;
};

}  // namespace duelbox
