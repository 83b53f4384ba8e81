// knowledge.cpp - what each player knows of a card that moves, and of the cards around it: the
// marks a search's re-deal reads (Entity::placed_for, Entity::zoned_for; resample_hidden.cpp),
// who sees a card now (can_see, seen_by), and Match::move_all, the whole-zone move that exists
// to keep what players knew.
//
// The model is conservative: a player is taken to know only what the log shows them. The log
// never says where in a zone a card was taken from, and the kernel cannot tell a public
// procedure ("draw the top card") from a secret choice (the owner picks any card of a hand,
// or secretly draws the top or the bottom one), so knowing where a card lay never tells which
// card left. A player who cannot tell loses knowledge rather than keep a guess the real match
// would confirm: forgetting makes a search weaker, a kept guess makes it cheat (red teams,
// 2026-11-30: a card seen going into a hand, or onto a deck, told a search which card its owner
// secretly took; a secret insert or reorder kept the other cards' real places).
#include "match.h"

namespace duelbox {

bool Match::can_see(PlayerIndex viewer, EntityId e) const {
    if (viewer == EventLog::kObserver) return true;
    const Entity& ent = entity(e);
    if (mask_has(ent.revealed_to, viewer)) return true;
    const Zone& z = zone(ent.zone);
    switch (z.visibility) {
        case Visibility::Public: return true;
        case Visibility::Owner: return z.owner == viewer || (z.owner == kNoPlayer && ent.owner == viewer);
        case Visibility::Hidden: return false;
    }
    return false;
}

PlayerMask Match::seen_by(EntityId e) const {
    // Seats that do not exist yet cannot see anything, but a public fact stays public: what
    // every player sees (a card in a public zone, one revealed to all, one each player was
    // shown) is public, so spectators see it too (EventLog::kSpectator).
    const Zone& z = zone(entity(e).zone);
    if (z.visibility == Visibility::Public) return kEveryone;
    PlayerMask m = kNobody;
    bool all = player_count() > 0;
    for (PlayerIndex p = 0; p < player_count(); ++p) {
        if (can_see(p, e)) m |= mask_of(p);
        else all = false;
    }
    return all ? kEveryone : m;
}

void Match::note_knowledge_after_move(Entity& moved, const Zone& from, const Zone& to, PlayerMask seen_before,
                                      PlayerMask placed_before, PlayerMask zoned_before) {
    const PlayerMask seen_after = seen_by(moved.id);
    // Who can tell which card moved: who saw it leave or sees it now. The move's event shows
    // them where it went (its index), so they know its place; within one zone, who knew it lay
    // there still does.
    const PlayerMask saw = seen_before | seen_after;
    const bool same_zone = from.id == to.id;
    moved.placed_for = saw;
    moved.zoned_for = saw | (same_zone ? zoned_before : kNobody);
    // Who can tell how the other cards' places shifted: who knew where it left from and sees
    // where it went. The others lose every place they knew in both zones (not the zones).
    const PlayerMask seats = seat_mask();
    const PlayerMask lost_places = seats & ~(saw & (seen_before | placed_before));
    // Who cannot tell which card left: of the cards still in `from`, any it could have been (the
    // same owner unless the zone's owners are secret, and the same kind unless its kinds are)
    // may be the one that went.
    const PlayerMask unaware = same_zone ? kNobody : seats & ~saw;
    if (lost_places == 0 && unaware == 0) return;   // (lost_places 0: everyone saw it go, and where)
    forget_around(from, moved, lost_places, unaware);
    if (!same_zone) forget_around(to, moved, seats & ~saw, kNobody);   // who does not know where it went in
}

void Match::forget_around(const Zone& z, const Entity& cause, PlayerMask lost, PlayerMask unaware) {
    for (const EntityId other : z.items) {
        if (other == cause.id) continue;
        const Entity& o = entity(other);   // (read first: a write copies a snapshot's shared piece)
        const bool alike = unaware && (z.secret_owners || o.owner == cause.owner) &&
                           (z.secret_kinds || o.kind_sym == cause.kind_sym);
        const PlayerMask lose_zone = alike ? unaware : kNobody;
        const PlayerMask lose_place = lost | lose_zone;
        // A card shown to them loses that too: they saw it where it lay, not where it is now.
        if (((o.placed_for | o.revealed_to) & lose_place) || (o.zoned_for & lose_zone)) {
            Entity& w = entity_mut(other);
            w.placed_for &= ~lose_place;
            w.revealed_to &= ~lose_place;
            w.zoned_for &= ~lose_zone;
        }
    }
}

PlayerMask Match::seat_mask() const {
    return player_count() >= 32 ? kEveryone : (PlayerMask{1} << player_count()) - 1;
}

void Match::note_knowledge_after_create(EntityId made, const Zone& z) {
    // The new card's index is as secret as the card (its event names the zone only), and the
    // kernel cannot tell a public "on top" from a secret choice of top or bottom (a red team:
    // a card made at a secret place above a known one told the search which place).
    const PlayerMask unseen = seat_mask() & ~entity(made).placed_for;
    if (unseen != 0) forget_around(z, entity(made), unseen, kNobody);
}

std::size_t Match::move_all(ZoneId from, ZoneId to, Where where) {
    if (from == to) throw KernelError("move_all: the entities are in that zone already");
    const std::vector<EntityId> moving = zone(from).items;   // a copy: the zone changes as they leave it
    std::vector<PlayerMask> zoned(moving.size());
    for (std::size_t i = 0; i < moving.size(); ++i) zoned[i] = entity(moving[i]).zoned_for;
    for (const EntityId e : moving) move(e, to, where);
    // One at a time, each unseen departure took the others' "it is in there" from who could not
    // tell which card left; but all of them went, so what was known to be in `from` is in `to`.
    for (std::size_t i = 0; i < moving.size(); ++i)
        if (zoned[i] & ~entity(moving[i]).zoned_for) entity_mut(moving[i]).zoned_for |= zoned[i];
    return moving.size();
}

}  // namespace duelbox
