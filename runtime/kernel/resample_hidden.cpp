// resample_hidden.cpp - Match::resample_hidden: a search's copy re-dealt from one player's view.
//
// Why identities move and entities stay: rules hold ids (a card set face down, the drawn card
// in a local variable across a decision). Moving entities would leave those ids pointing at
// the real card somewhere else; trading what an id *is* keeps every held id pointing at the
// place it was taken from, now holding a re-dealt card.
//
// Why everything is sorted: the result must depend only on what the viewer knows. Hidden
// places are taken in (zone, index) order and hidden identities in the order of their
// content, so two matches that differ only in what the viewer cannot see feed the same lists
// to the same generator.
#include <algorithm>
#include <map>
#include <tuple>

#include "match.h"

namespace duelbox {

namespace {

struct Identity {
    std::string kind;   // moves only between places of a zone with secret kinds (class kind "")
    PlayerIndex owner = kNoPlayer;   // moves only between places of a zone with secret owners
    Sym kind_sym = 0;
    std::string def, name;
    std::vector<std::pair<std::string, Value>> props;
    std::vector<std::string> tags;
    PlayerMask placed_for = kNobody, zoned_for = kNobody;
    std::string key;   // a total order over contents: equal keys are interchangeable
    EntityId from = kNoEntity;   // where it was: its handlers (cards.activate) go where it goes
};

struct Place {
    ZoneId zone = kNoZone;
    std::size_t index = 0;
    EntityId entity = kNoEntity;
    bool operator<(const Place& o) const { return std::tie(zone, index) < std::tie(o.zone, o.index); }
};

Identity identity_of(const Entity& e) {
    Identity id{e.kind, e.owner, e.kind_sym, e.def, e.name, e.props, e.tags, e.placed_for, e.zoned_for, {}, e.id};
    id.key = e.kind + '\x1f' + std::to_string(e.owner) + '\x1f' + e.def + '\x1f' + e.name;
    for (const auto& [k, v] : e.props) id.key += '\x1f' + k + '=' + value_to_json(v);
    for (const auto& t : e.tags) id.key += '\x1e' + t;
    return id;
}

}  // namespace

std::vector<EntityId> Match::hidden_from(PlayerIndex viewer) const {
    if (viewer < 0 || viewer >= player_count()) throw KernelError("hidden_from: no player " + std::to_string(viewer + 1));
    std::vector<EntityId> out;
    for (const Zone& z : zones_)
        for (const EntityId id : z.items)
            if (!can_see(viewer, id) && !mask_has(entity(id).placed_for, viewer)) out.push_back(id);
    std::sort(out.begin(), out.end());
    return out;
}

std::size_t Match::resample_hidden(PlayerIndex viewer, std::uint64_t seed) { return resample_hidden(viewer, seed, ResampleScope{}); }

std::size_t Match::resample_hidden(PlayerIndex viewer, std::uint64_t seed, const ResampleScope& scope) {
    if (viewer < 0 || viewer >= player_count()) throw KernelError("resample_hidden: no player " + std::to_string(viewer + 1));
    const auto listed = [&scope](EntityId id) {
        return !scope.only || std::binary_search(scope.only->begin(), scope.only->end(), id);
    };
    Rng rng(seed);
    // The class of an entity: its owner and kind, or its owner alone in a zone whose kinds are
    // secret (what the viewer knows there is the owner's cards, not which kind lies where).
    // std::map: visited in key order, never by address.
    struct Class {
        std::vector<Place> places;
        std::vector<Identity> free;                        // may go to any place of the class
        std::map<ZoneId, std::vector<Identity>> zoned;     // must stay in their zone
    };
    std::map<std::pair<PlayerIndex, std::string>, Class> classes;
    std::vector<Place> secret_owner_places;   // (zone, index) order: the second pass below
    for (const Zone& z : zones_)
        for (std::size_t i = 0; i < z.items.size(); ++i) {
            const Entity& e = entity(z.items[i]);
            // A card the scope lists is hidden from the viewer at the decision, and not placed: re-dealt
            // here even where they knew its place at this earlier point, or the secret moves made
            // since, replayed by position, would take the card the real match took (a red team:
            // a hand card seen going in, then one put face down in secret, before a group).
            const bool placed = mask_has(e.placed_for, viewer) && !scope.only;
            if (can_see(viewer, e.id) || placed || !listed(e.id)) continue;
            Class& c = classes[{e.owner, z.secret_kinds ? std::string() : e.kind}];
            c.places.push_back({z.id, i, e.id});
            (mask_has(e.zoned_for, viewer) ? c.zoned[z.id] : c.free).push_back(identity_of(e));
            if (z.secret_owners) secret_owner_places.push_back({z.id, i, e.id});
        }
    // Each re-dealt entity's identity before (to count what changed) and where its identity now
    // comes from (its handlers go there).
    std::map<EntityId, std::string> key_before;
    std::map<EntityId, EntityId> origin;
    const auto assign = [&](EntityId target, const Identity& id) {
        Entity& e = entity_mut(target);
        key_before.emplace(target, identity_of(e).key);
        origin[target] = id.from;
        e.kind = id.kind;
        e.owner = id.owner;
        e.kind_sym = id.kind_sym;
        e.def = id.def;
        e.name = id.name;
        e.props = id.props;
        e.tags = id.tags;
        e.placed_for = id.placed_for & ~mask_of(viewer);   // (a listed card may have been placed: not at its new place)
        e.zoned_for = id.zoned_for;
    };
    const auto by_key = [](const Identity& a, const Identity& b) { return a.key < b.key; };
    for (auto& [cls, c] : classes) {
        std::sort(c.places.begin(), c.places.end());
        std::vector<const Identity*> at(c.places.size(), nullptr);
        // Zone-bound identities first: each to a random free place of its own zone.
        for (auto& [zone_id, list] : c.zoned) {
            std::sort(list.begin(), list.end(), by_key);
            std::vector<std::size_t> slots;
            for (std::size_t i = 0; i < c.places.size(); ++i)
                if (c.places[i].zone == zone_id) slots.push_back(i);
            rng.shuffle(slots);
            for (std::size_t k = 0; k < list.size(); ++k) at[slots[k]] = &list[k];
        }
        std::sort(c.free.begin(), c.free.end(), by_key);
        rng.shuffle(c.free);
        std::size_t next = 0;
        for (auto& slot : at)
            if (!slot) slot = &c.free[next++];
        for (std::size_t i = 0; i < c.places.size(); ++i) assign(c.places[i].entity, *at[i]);
    }
    // Second pass, in each zone whose owners are secret: its re-dealt places trade identities
    // across owners too (within a kind unless its kinds are secret). The first pass dealt each
    // owner's cards over all of that owner's places, this zone's included, so a card the viewer
    // saw leave a hand for the pile unseen is dealt anywhere among the hand and the pile; only
    // then do the pile's cards lose whose they are (a review, 2026-11-30: one pass with a class
    // of its own for the pile kept each card that went there in the pile).
    std::map<std::pair<ZoneId, std::string>, std::vector<EntityId>> pile_groups;
    for (const Place& p : secret_owner_places)
        pile_groups[{p.zone, zone(p.zone).secret_kinds ? std::string() : entity(p.entity).kind}].push_back(p.entity);
    for (auto& [group, places] : pile_groups) {
        std::vector<Identity> ids;
        for (const EntityId e : places) {
            Identity id = identity_of(entity(e));
            id.from = origin.at(e);
            ids.push_back(std::move(id));
        }
        std::sort(ids.begin(), ids.end(), by_key);
        rng.shuffle(ids);
        for (std::size_t k = 0; k < places.size(); ++k) assign(places[k], ids[k]);
    }
    std::size_t dealt = 0;
    std::vector<std::pair<EntityId, EntityId>> moved;   // identity's old entity -> new one (sorted: a map)
    for (const auto& [e, from] : origin) {
        moved.emplace_back(from, e);
        if (identity_of(entity(e)).key != key_before.at(e)) ++dealt;
    }
    // A card's handlers are its definition's functions: they follow the identity, or the copy
    // would play the real card's effects at the re-dealt card's place.
    std::sort(moved.begin(), moved.end());
    windows_.move_sources(moved);
    ++version_;   // derived values read props and tags
    const std::uint64_t next_seed = rng.next();
    if (scope.reseed) rng_.reseed(next_seed);
    static const FieldKey player_key{"player"}, dealt_key{"dealt"};
    emit_news("match.resample", "what {p:player} cannot know is re-dealt for a search",
              {FieldIn{player_key.text, std::int64_t{viewer}, kEveryone, player_key.sym},
               FieldIn{dealt_key.text, static_cast<std::int64_t>(dealt), kEveryone, dealt_key.sym}});
    return dealt;
}

}  // namespace duelbox
