// knowledge.cpp - what each player knows of a card that moves, and of the cards it left: the
// marks a search's re-deal reads (Entity::placed_for, Entity::zoned_for; resample_hidden.cpp).
#include "match.h"

namespace duelbox {

void Match::note_knowledge_after_move(Entity& moved, const Zone& from, PlayerMask seen_before, PlayerMask knew) {
    const PlayerMask seen_after = seen_by(moved.id);
    // Who knew which card this was (saw it, or knew it lay exactly there) knows it is here now,
    // somewhere (zoned_for); only who sees it, or saw it go, knows its place (placed_for).
    moved.placed_for = seen_before | seen_after;
    moved.zoned_for = knew | seen_after;
    // A player who cannot tell which card left no longer knows which cards stayed: one they
    // knew to be in the zone (zoned_for: seen shuffled in) or exactly there (placed_for: seen
    // put into a hand, or on a deck) may be the one that left, if it could be (the same owner,
    // and the same kind unless the zone's kinds are secret).
    const PlayerMask unaware = ~(knew | seen_after);
    if (from.id == moved.zone || unaware == 0) return;
    for (const EntityId other : from.items) {
        const Entity& o = entity(other);   // (read first: a write copies a snapshot's shared piece)
        if (((o.zoned_for | o.placed_for) & unaware) && o.owner == moved.owner &&
            (from.secret_kinds || o.kind_sym == moved.kind_sym)) {
            Entity& w = entity_mut(other);
            w.zoned_for &= ~unaware;
            w.placed_for &= ~unaware;
        }
    }
}

}  // namespace duelbox
