#include "match.h"

#include <algorithm>
#include <atomic>

namespace duelbox {

namespace {
// The keys of the kernel's event fields, interned once (an event then looks no key up).
const FieldKey key_action{"action"}, key_amount{"amount"}, key_by{"by"}, key_counter{"counter"},
    key_counts_as{"counts_as"}, key_def{"def"}, key_entity{"entity"}, key_expired{"expired"}, key_from{"from"},
    key_from_zone{"from_zone"}, key_id{"id"}, key_index{"index"}, key_key{"key"}, key_kind{"kind"}, key_op{"op"},
    key_owner{"owner"}, key_passed{"passed"}, key_period{"period"}, key_reason{"reason"}, key_reset{"reset"},
    key_spaces{"spaces"}, key_stat{"stat"}, key_tag{"tag"}, key_target{"target"}, key_to{"to"}, key_value{"value"},
    key_verb{"verb"}, key_winners{"winners"}, key_word{"word"}, key_zone{"zone"};

FieldIn int_field(const FieldKey& key, std::int64_t v, PlayerMask to = kEveryone) {
    return FieldIn{key.text, v, to, key.sym};
}
// `v` must outlive the emit call it is passed to (a literal, a member, a temporary of that statement).
FieldIn str_field(const FieldKey& key, std::string_view v, PlayerMask to = kEveryone) {
    return FieldIn{key.text, v, to, key.sym};
}

// Memory charged for what a match stores (memory_account.h): the text it copies plus a fixed
// overhead per record, an estimate close enough to bound it, never a measurement.
constexpr std::size_t kRecordOverhead = 32;
std::size_t text_bytes(const Value& v) {
    const auto* s = std::get_if<std::string>(&v);
    return s ? s->size() : 0;
}

// A new zone at the end of `zones` (ids are positions + 1), not yet in the name index.
Zone& push_zone(std::vector<Zone>& zones, std::string name, PlayerIndex owner, Visibility visibility) {
    Zone z;
    z.id = static_cast<ZoneId>(zones.size() + 1);
    z.name = std::move(name);
    z.owner = owner;
    z.visibility = visibility;
    zones.push_back(std::move(z));
    return zones.back();
}

const char* ban_for(LineWord w) {
    switch (w) {
        case LineWord::Advance:
        case LineWord::Close: return "advance";
        case LineWord::Retreat: return "retreat";
        case LineWord::Pull: return "be_pulled";
        case LineWord::Push: return "be_pushed";
    }
    return "move";
}
}  // namespace

Match::Match(std::uint64_t seed) : seed_(seed), rng_(seed) {
    // Players are entities too (their counters live on them), so they need a zone.
    create_zone("players", kNoPlayer, Visibility::Public);
}

void Match::reseed(std::uint64_t seed) {
    if (rng_.draws() != 0)
        throw KernelError("cannot reseed a match after " + std::to_string(rng_.draws()) + " random draws");
    seed_ = seed;
    rng_ = Rng(seed);
}

// -- Players -------------------------------------------------------------------------

PlayerIndex Match::add_player(std::string name, int team) {
    if (player_count() >= kMaxPlayers) throw KernelError("too many players (at most 16)");
    const PlayerIndex p = player_count();
    Player pl{p, kNoEntity, name, team};
    players_.push_back(pl);
    players_.back().entity = create_entity("player", "", std::move(name), p, find_zone("players", kNoPlayer));
    return p;
}

const Player& Match::player(PlayerIndex p) const {
    if (p < 0 || p >= player_count())
        throw KernelError("player " + std::to_string(p + 1) + " does not exist (players 1.." +
                          std::to_string(player_count()) + ")");
    return players_[p];
}

bool Match::allies(PlayerIndex a, PlayerIndex b) const {
    if (a == b) return true;
    if (a < 0 || b < 0 || a >= player_count() || b >= player_count()) return false;
    return players_[a].team == players_[b].team;
}

// -- Entities and zones --------------------------------------------------------------

ZoneId Match::create_zone(std::string name, PlayerIndex owner, Visibility visibility, bool secret_kinds,
                          bool secret_owners) {
    if (find_zone(name, owner) != kNoZone)
        throw KernelError("zone '" + name + "' already exists for that owner");
    charge(sizeof(Zone) + sizeof(ZoneKey) + 2 * name.size());
    Zone& z = push_zone(zones_, std::move(name), owner, visibility);
    z.secret_kinds = secret_kinds;
    z.secret_owners = secret_owners;
    zones_written_.write(z.id - 1);
    index_zone(z);
    return z.id;
}


namespace {
template <class Key>
bool key_before(const Key& k, PlayerIndex owner, std::string_view name) {
    return k.owner != owner ? k.owner < owner : std::string_view(k.name) < name;
}
}  // namespace

void Match::index_zone(const Zone& z) {
    auto it = std::lower_bound(zone_index_.begin(), zone_index_.end(), 0,
                               [&](const ZoneKey& k, int) { return key_before(k, z.owner, z.name); });
    zone_index_.insert(it, ZoneKey{z.owner, z.name, z.id});
}

void Match::rebuild_zone_index() {
    // One sort, not an insert per zone: a board of N spaces brings N zones (set_board).
    zone_index_.clear();
    zone_index_.reserve(zones_.size());
    for (const auto& z : zones_) zone_index_.push_back(ZoneKey{z.owner, z.name, z.id});
    std::sort(zone_index_.begin(), zone_index_.end(), [](const ZoneKey& a, const ZoneKey& b) {
        return key_before(a, b.owner, b.name);
    });
}

ZoneId Match::find_zone(std::string_view name, PlayerIndex owner) const {
    auto it = std::lower_bound(zone_index_.begin(), zone_index_.end(), 0,
                               [&](const ZoneKey& k, int) { return key_before(k, owner, name); });
    return it != zone_index_.end() && it->owner == owner && it->name == name ? it->id : kNoZone;
}

const Zone& Match::zone(ZoneId z) const {
    if (z < 1 || z > zones_.size()) throw KernelError("zone " + std::to_string(z) + " does not exist");
    return zones_[z - 1];
}

Zone& Match::zone_mut(ZoneId z) {
    Zone& out = const_cast<Zone&>(zone(z));
    zones_written_.write(z - 1);
    return out;
}

const Entity& Match::entity(EntityId e) const {
    if (!valid_entity(e)) throw KernelError("entity " + std::to_string(e) + " does not exist");
    return entities_[e - 1];
}

Entity& Match::entity_mut(EntityId e) {
    Entity& out = const_cast<Entity&>(entity(e));
    entities_written_.write(e - 1);
    return out;
}

std::uint64_t Lineage::next() {
    static std::atomic<std::uint64_t> last{0};
    return ++last;
}

void Match::insert(Zone& z, EntityId e, Where where) {
    switch (where.kind) {
        case Where::Top: z.items.insert(z.items.begin(), e); break;
        case Where::Bottom: z.items.push_back(e); break;
        case Where::Index:
            if (where.index < 0 || where.index > static_cast<int>(z.items.size()))
                throw KernelError("index " + std::to_string(where.index) + " is outside zone '" + z.name +
                                  "' (0.." + std::to_string(z.items.size()) + ")");
            z.items.insert(z.items.begin() + where.index, e);
            break;
    }
}

EntityId Match::create_entity(std::string kind, std::string def, std::string name, PlayerIndex owner,
                              ZoneId zone_id, Where where,
                              const std::vector<std::pair<std::string, Value>>& props,
                              const std::vector<std::string>& tags) {
    Zone& z = zone_mut(zone_id);
    std::size_t bytes = sizeof(Entity) + kind.size() + def.size() + name.size();
    for (const auto& [k, v] : props) bytes += kRecordOverhead + k.size() + text_bytes(v);
    for (const auto& t : tags) bytes += kRecordOverhead + t.size();
    charge(bytes);   // before any change: a refused charge leaves the match as it was
    Entity ent;
    ent.id = static_cast<EntityId>(entities_.size() + 1);
    // A kind is a text the process keeps: a new one counts against this match's new texts (a
    // script making entities of made-up kinds added 8 MB a match, past the 4 MB bound).
    ent.kind_sym = intern_charged(kind);
    ent.kind = std::move(kind);
    ent.def = std::move(def);
    ent.name = std::move(name);
    ent.owner = owner;
    ent.zone = zone_id;
    // Props read from a script or a card template come sorted by key, unique: taken in one
    // pass (set_prop would insert each one into a growing sorted list).
    const bool in_order = std::adjacent_find(props.begin(), props.end(), [](const auto& a, const auto& b) {
                              return !(a.first < b.first);
                          }) == props.end();
    if (in_order) {
        ent.props.reserve(props.size());
        for (const auto& [k, v] : props)
            if (!is_nil(v)) ent.props.emplace_back(k, v);
    } else {
        for (const auto& [k, v] : props) ent.set_prop(k, v);
    }
    for (const auto& t : tags) ent.add_tag(t);
    insert(z, ent.id, where);
    entities_.push_back(std::move(ent));
    const EntityId id = entities_.back().id;
    entities_written_.write(id - 1);
    const PlayerMask seen = seen_by(id);
    entities_.back().placed_for = entities_.back().zoned_for = seen;
    note_knowledge_after_create(id, z);
    static const EventName kCreated{"entity.create", "{e:entity} is created in {z:zone}"};
    // Its kind is as secret as the rest of it: a card's type (an order, a unit) dealt into a
    // hidden deck or hand is what the other players must not learn.
    emit(kCreated,
         {int_field(key_entity, id, seen), int_field(key_zone, zone_id),
          str_field(key_def, entities_.back().def, seen), str_field(key_kind, entities_.back().kind, seen)});
    return id;
}

std::size_t Match::set_prop(EntityId e, std::string_view key, Value v) {
    Entity& ent = entity_mut(e);
    if (ent.prop(key) == v) return 0;
    charge(kRecordOverhead + key.size() + text_bytes(v));
    const PlayerMask seen = seen_by(e);
    Value shown = v;
    const std::size_t shifted = ent.set_prop(key, std::move(v));
    // A cleared prop reads as words, not "= nil".
    static const EventName kCleared{"entity.prop", "{e:entity} {key} is cleared"}, kSet{"entity.prop", "{e:entity} {key} = {value}"};
    emit(is_nil(shown) ? kCleared : kSet,
         {int_field(key_entity, e, seen), str_field(key_key, key),
          FieldIn{key_value.text, FieldIn::view(shown), seen, key_value.sym}},
         seen);
    return shifted;
}

std::size_t Match::add_tag(EntityId e, std::string_view tag) {
    Entity& ent = entity_mut(e);
    if (ent.has_tag(tag)) return 0;
    charge(kRecordOverhead + tag.size());
    const std::size_t shifted = ent.add_tag(tag);
    const PlayerMask seen = seen_by(e);
    emit_news("entity.tag", "{e:entity} gains tag {tag}", {int_field(key_entity, e, seen), str_field(key_tag, tag)},
         seen);
    return shifted;
}

std::size_t Match::remove_tag(EntityId e, std::string_view tag) {
    Entity& ent = entity_mut(e);
    if (!ent.has_tag(tag)) return 0;
    const std::size_t shifted = ent.remove_tag(tag);
    const PlayerMask seen = seen_by(e);
    emit_news("entity.untag", "{e:entity} loses tag {tag}",
         {int_field(key_entity, e, seen), str_field(key_tag, tag)}, seen);
    return shifted;
}

void Match::relocate(EntityId e, ZoneId to, Where where) {
    const PlayerMask seen_before = seen_by(e);
    Entity& ent = entity_mut(e);
    const PlayerMask placed_before = ent.placed_for, zoned_before = ent.zoned_for;
    Zone& dest = zone_mut(to);
    Zone& src = zone_mut(ent.zone);
    auto it = std::find(src.items.begin(), src.items.end(), e);
    if (it == src.items.end()) throw KernelError("invariant broken: entity is not in its own zone");
    // Validate before mutating so a bad index leaves the state untouched.
    const int size_after_removal = static_cast<int>(dest.items.size()) - (src.id == dest.id ? 1 : 0);
    if (where.kind == Where::Index && (where.index < 0 || where.index > size_after_removal))
        throw KernelError("index " + std::to_string(where.index) + " is outside zone '" + dest.name + "' (0.." +
                          std::to_string(size_after_removal) + ")");
    // Every way onto the board ends here (place, line words, teleport, zone.move into a space's zone).
    if (dest.space != kNoSpace && board_.space(dest.space).closed)
        throw KernelError("space " + board_.space(dest.space).name + " is closed: nothing may be put on it");
    src.items.erase(it);
    insert(dest, e, where);
    ent.zone = to;
    ent.revealed_to = kNobody;
    // The move's event names it to whoever saw it before or sees it now (move() below).
    note_knowledge_after_move(ent, src, dest, seen_before, placed_before, zoned_before);
}

void Match::move(EntityId e, ZoneId to, Where where) {
    const ZoneId from = entity(e).zone;
    relocate(e, to, where);
    const PlayerMask seen = entity(e).placed_for;   // who saw it before the move or sees it now (relocate)
    const auto& items = zone(to).items;
    const auto index = std::find(items.begin(), items.end(), e) - items.begin();
    // Where a card went inside a zone is as secret as the card (an insert position in a
    // hidden deck must not leak), so the index shares the card's visibility.
    static const EventName kMoved{"zone.move", "{e:entity} moves from {z:from} to {z:to}"};
    emit(kMoved,
         {int_field(key_entity, e, seen), int_field(key_from, from), int_field(key_to, to),
          int_field(key_index, index, seen)});
}

void Match::shuffle(ZoneId z) {
    Zone& zn = zone_mut(z);
    rng_.shuffle(zn.items);
    for (EntityId e : zn.items) {
        Entity& ent = entity_mut(e);
        ent.revealed_to = kNobody;
        ent.placed_for = seen_by(e);   // who still sees it; the others know only the zone
    }
    static const EventName kShuffled{"zone.shuffle", "{z:zone} is shuffled"};
    emit(kShuffled, {int_field(key_zone, z)});
}

void Match::reveal(EntityId e, PlayerMask to) {
    Entity& ent = entity_mut(e);
    const PlayerMask before = seen_by(e);
    ent.revealed_to |= to;
    ent.placed_for |= to;
    ent.zoned_for |= to;
    const PlayerMask after = seen_by(e);
    if (after == before) return;
    std::string who;   // "all" or the players' numbers, as scripts and files count them
    if (to == kEveryone) who = "all";
    else
        for (PlayerIndex p = 0; p < player_count(); ++p)
            if (mask_has(to, p)) who += (who.empty() ? "" : ",") + std::to_string(p + 1);
    static const EventName kRevealed{"entity.reveal", "{e:entity} is revealed"};
    emit_news(kRevealed, {int_field(key_entity, e, after), str_field(key_to, who)},
              after);
}

// -- Counters ------------------------------------------------------------------------

void Match::counter_event(EntityId owner, std::string_view name, const CounterChange& c, const char* verb) {
    // A counter on a card the viewer cannot see: which card, and its values, stay hidden
    // (a value can tell cards apart); that some counter changed does not.
    const PlayerMask seen = seen_by(owner);
    static const EventName kChanged{"counter.change", "{e:owner} {counter}: {from} -> {to}"};
    emit_news(kChanged,
         {int_field(key_owner, owner, seen), str_field(key_counter, name), int_field(key_from, c.from, seen),
          int_field(key_to, c.to, seen), str_field(key_verb, verb)});
}

// -- Texts the process keeps (symbols.h) -----------------------------------------------

void Match::count_new_texts(std::size_t bytes) {
    new_text_bytes_ += bytes;
    if (new_text_bytes_ > kMaxNewTexts)
        throw KernelError("this match has made " + std::to_string(new_text_bytes_ >> 10) +
                          " KB of new texts for the log (rule texts, event types, narration templates, field keys), "
                          "which the process keeps for good: at most " + std::to_string(kMaxNewTexts >> 20) +
                          " MB a match; put what varies into a field");
}

void Match::refuse_long_text(std::size_t bytes) {
    throw KernelError("a new text for the log of " + std::to_string(bytes >> 10) +
                      " KB (a rule text, event type, narration template or field key): the process keeps such "
                      "texts for good, at most " + std::to_string(kMaxNewText >> 10) + " KB each; put what varies into a field");
}

CounterChange Match::define_counter(EntityId owner, std::string_view name, std::int64_t value, std::int64_t min,
                                    std::int64_t max) {
    entity(owner);
    if (min > max) throw KernelError("counter '" + std::string(name) + "': min is greater than max");
    // A start value outside the bounds is a mistake (a setup value, a modded stat), never
    // silently clamped: the caller learns which value and which bound.
    if (value < min || value > max)
        throw KernelError("counter '" + std::string(name) + "': start value " + std::to_string(value) + " is " +
                          (value < min ? "below its min " + std::to_string(min) : "above its max " + std::to_string(max)));
    const bool existed = counters_.defined(owner, name);
    if (!existed) charge(2 * kRecordOverhead + name.size());
    const CounterChange c = counters_.define(owner, name, value, min, max);
    if (!existed || c.changed()) counter_event(owner, name, existed ? c : CounterChange{0, c.to, c.requested}, "define");
    return c;
}

CounterChange Match::set_counter(EntityId owner, std::string_view name, std::int64_t value) {
    entity(owner);
    const std::size_t known = counters_.all().size();
    const CounterChange c = counters_.set(owner, name, value);
    // Writing an undefined counter defines it, with no event when the value stays 0.
    if (counters_.all().size() != known) charge(2 * kRecordOverhead + name.size());
    if (c.changed()) counter_event(owner, name, c, "set");
    return c;
}

CounterChange Match::add_counter(EntityId owner, std::string_view name, std::int64_t delta) {
    entity(owner);
    const std::size_t known = counters_.all().size();
    const CounterChange c = counters_.add(owner, name, delta);
    if (counters_.all().size() != known) charge(2 * kRecordOverhead + name.size());
    if (c.changed()) counter_event(owner, name, c, "add");
    return c;
}

// -- Effects and periods -------------------------------------------------------------

EffectId Match::add_modifier(Modifier m) {
    entity(m.target);
    charge(sizeof(Modifier) + m.stat.size());
    const EntityId target = m.target;
    const std::string stat = m.stat;
    const char* op = mod_op_name(m.op);
    const std::int64_t amount = m.amount;
    const EffectId id = effects_.add_modifier(std::move(m));
    static const EventName kAdded{"modifier.add", "{e:target} {stat} {op} {amount}"};
    emit(kAdded,
         {int_field(key_id, id), int_field(key_target, target, seen_by(target)), str_field(key_stat, stat),
          str_field(key_op, op), int_field(key_amount, amount)});
    return id;
}

EffectId Match::add_prohibition(Prohibition p) {
    entity(p.target);
    charge(sizeof(Prohibition) + p.action.size());
    const EntityId target = p.target;
    const std::string action = p.action;
    const EffectId id = effects_.add_prohibition(std::move(p));
    emit("prohibition.add", "{e:target} cannot {action}",
         {int_field(key_id, id), int_field(key_target, target, seen_by(target)), str_field(key_action, action)});
    return id;
}

bool Match::remove_effect(EffectId id) {
    if (!effects_.remove(id)) return false;
    static const EventName kRemoved{"effect.remove", "effect {id} ends"};
    emit(kRemoved, {int_field(key_id, id)});
    return true;
}

int Match::remove_effects_of(EntityId source) {
    if (source == kNoEntity) return 0;
    std::vector<EffectId> ids;   // both kinds, in the order they were granted (one id space)
    for (const Modifier& m : effects_.modifiers())
        if (m.source == source) ids.push_back(m.id);
    for (const Prohibition& p : effects_.prohibitions())
        if (p.source == source) ids.push_back(p.id);
    std::sort(ids.begin(), ids.end());
    for (EffectId id : ids) remove_effect(id);
    return static_cast<int>(ids.size());
}

void Match::end_period(std::string_view period) {
    const int expired = effects_.end_period(period);
    const int reset = windows_.end_period(period);
    scratch_.end_period(period);   // no field of its own: scratch values are not news
    static const EventName kEnded{"period.end", "{period} ends"};
    emit(kEnded, {str_field(key_period, period), int_field(key_expired, expired),
                                         int_field(key_reset, reset)});
}

DerivedId Match::define_derived(DerivedSpec spec) {
    for (ZoneId z : spec.zones) zone(z);   // throws for an unknown zone
    for (EntityId e : spec.entities) entity(e);   // and for an unknown entity
    if (spec.target != kNoEntity) entity(spec.target);
    if (spec.prop.empty()) throw KernelError("a derived value needs the prop it sums");
    std::size_t text = spec.name.size() + spec.prop.size() + spec.stat.size() + spec.none_value.size();
    for (const auto& k : spec.kinds) text += k.size();
    charge(sizeof(DerivedSpec) + spec.zones.size() * sizeof(ZoneId) + spec.entities.size() * sizeof(EntityId) + text);
    // The kinds are texts the process keeps: a new one counts against this match's new texts, as
    // an event's type does (a script defining values over made-up kinds added 6 MB a match, past
    // the 4 MB bound). The store takes them interned.
    spec.kind_syms.clear();
    for (const auto& k : spec.kinds) spec.kind_syms.push_back(intern_charged(k));
    spec.alone_kind_sym = spec.alone_kind.empty() ? 0 : intern_charged(spec.alone_kind);
    return derived_.define(std::move(spec));
}

// -- Board ---------------------------------------------------------------------------

void Match::set_board(Board board) {
    if (has_board()) throw KernelError("the board is already set");
    board_ = std::move(board);
    space_zones_.clear();
    // Space names are unique, so only a zone made before the board can share a name; the index is
    // sorted once at the end (an insert per zone would be quadratic in the spaces).
    for (SpaceId s = 1; s <= static_cast<SpaceId>(board_.space_count()); ++s) {
        std::string name = "space:" + board_.space(s).name;
        if (find_zone(name, kNoPlayer) != kNoZone)
            throw KernelError("zone '" + name + "' already exists for that owner");
        Zone& z = push_zone(zones_, std::move(name), kNoPlayer, Visibility::Public);
        z.space = s;
        zones_written_.write(z.id - 1);
        space_zones_.push_back(z.id);
    }
    rebuild_zone_index();
    emit("board.set", "the board has {spaces} spaces", {int_field(key_spaces, board_.space_count())});
}

ZoneId Match::space_zone(SpaceId s) const {
    if (!board_.valid(s)) throw KernelError("space " + std::to_string(s) + " is not on the board");
    return space_zones_[s - 1];
}

SpaceId Match::position(EntityId e) const { return zone(entity(e).zone).space; }

std::vector<EntityId> Match::figures_at(SpaceId s) const {
    std::vector<EntityId> out;
    for (EntityId e : zone(space_zone(s)).items)
        if (entities_[e - 1].kind == "figure") out.push_back(e);
    return out;
}

void Match::place(EntityId e, SpaceId s) {
    const SpaceId from = position(e);
    const ZoneId from_zone = entity(e).zone;
    relocate(e, space_zone(s), Where::bottom());
    emit("board.place", "{e:entity} is placed on {s:to}",
         {int_field(key_entity, e), int_field(key_from, from), int_field(key_from_zone, from_zone),
          int_field(key_to, s)});
}

std::function<bool(SpaceId)> Match::occupied_except(EntityId mover) const {
    return [this, mover](SpaceId s) {
        if (board_.space(s).closed) return true;   // jumped like an occupied space, never landed on
        for (EntityId e : zone(space_zones_[s - 1]).items)
            if (e != mover && entities_[e - 1].kind == "figure") return true;
        return false;
    };
}

LineMove Match::line_move(LineWord word, EntityId actor, EntityId other, int n, bool apply) {
    const bool moves_other = word == LineWord::Pull || word == LineWord::Push;
    const EntityId mover = moves_other ? other : actor;
    const EntityId reference = moves_other ? actor : other;
    const SpaceId at = position(mover), ref = position(reference);
    if (at == kNoSpace || ref == kNoSpace) throw KernelError("line move: both figures must be on the board");
    LineMove m;
    if (prohibited(mover, "move") || prohibited(mover, ban_for(word))) {
        m.from = m.to = at;
        m.why = "prohibited";
        return m;
    }
    m = duelbox::line_move(board_, word, at, ref, n, occupied_except(mover));
    if (!apply || !m.legal || m.to == m.from) return m;
    relocate(mover, space_zone(m.to), Where::bottom());
    static const EventName kPushed{"board.move", "{e:by} pushes {e:entity} from {s:from} to {s:to}"},
        kPulled{"board.move", "{e:by} pulls {e:entity} from {s:from} to {s:to}"},
        kMovedOn{"board.move", "{e:entity} {word}s from {s:from} to {s:to}"};
    emit(word == LineWord::Push ? kPushed : word == LineWord::Pull ? kPulled : kMovedOn,
         {int_field(key_entity, mover), int_field(key_by, actor), str_field(key_word, line_word_name(word)),
          int_field(key_from, m.from), int_field(key_to, m.to), int_field(key_passed, m.passed_reference ? 1 : 0)});
    return m;
}

Teleport Match::teleport(EntityId actor, EntityId other, SpaceId to, bool apply) {
    const SpaceId at = position(actor), ref = position(other);
    if (at == kNoSpace || ref == kNoSpace) throw KernelError("teleport: both figures must be on the board");
    Teleport t = line_teleport(board_, at, ref, to, occupied_except(actor));
    if (t.legal && (prohibited(actor, "move") || prohibited(actor, ban_for(t.counts_as)))) {
        t.legal = false;
        t.why = "prohibited";
    }
    if (!apply || !t.legal) return t;
    relocate(actor, space_zone(t.to), Where::bottom());
    static const EventName kTeleported{"board.move", "{e:entity} teleports from {s:from} to {s:to}"};
    emit(kTeleported,
         {int_field(key_entity, actor), int_field(key_by, actor), str_field(key_word, "teleport"),
          str_field(key_counts_as, line_word_name(t.counts_as)), int_field(key_from, t.from), int_field(key_to, t.to),
          int_field(key_passed, t.passed_reference ? 1 : 0)});
    return t;
}

// -- Log and result ------------------------------------------------------------------

std::string_view Match::set_rule(std::string_view rule) { return symbol(set_rule_symbol(intern(rule))); }

Sym Match::set_rule_symbol(Sym rule) {
    std::swap(rule, rule_);
    return rule;
}

std::uint32_t Match::emit(std::string_view type, std::string_view text, std::initializer_list<FieldIn> fields,
                          PlayerMask audience) {
    return emit(type, text, std::span<const FieldIn>(fields.begin(), fields.size()), audience);
}

std::uint32_t Match::emit(std::string_view type, std::string_view text, std::span<const FieldIn> fields,
                          PlayerMask audience) {
    ++version_;   // a change a derived value may read: cached derived values are stale
    return emit_news(type, text, fields, audience);
}

std::uint32_t Match::emit_news(std::string_view type, std::string_view text, std::initializer_list<FieldIn> fields,
                               PlayerMask audience) {
    return emit_news(type, text, std::span<const FieldIn>(fields.begin(), fields.size()), audience);
}

std::uint32_t Match::emit_news(std::string_view type, std::string_view text, std::span<const FieldIn> fields,
                               PlayerMask audience) {
    return append_event(intern(type), intern(text), fields, audience);
}

std::uint32_t Match::emit(const EventName& name, std::initializer_list<FieldIn> fields, PlayerMask audience) {
    ++version_;
    return append_event(name.type, name.text, std::span<const FieldIn>(fields.begin(), fields.size()), audience);
}

std::uint32_t Match::emit_news(const EventName& name, std::initializer_list<FieldIn> fields, PlayerMask audience) {
    return append_event(name.type, name.text, std::span<const FieldIn>(fields.begin(), fields.size()), audience);
}

std::uint32_t Match::append_event(Sym type, Sym text, std::span<const FieldIn> fields, PlayerMask audience) {
    if (account_) {   // the log's index entry and header, at most 8 bytes a field, the string values' bytes
        std::size_t bytes = 16 + 8 * fields.size();
        for (const FieldIn& f : fields)
            if (const auto* sv = std::get_if<std::string_view>(&f.value)) bytes += sv->size() + 2;
        charge(bytes);
    }
    // The rule context becomes a "rule" field; an event's own "rule" (a script naming its step) wins.
    const std::uint32_t seq = log_.append(type, text, fields, rule_, source_, audience);
    if (observer_) observer_(*this, seq);
    return seq;
}

void Match::refuse_charge() const {
    // Lua must still make the error's message (an allocation refused there would leave the
    // binding by longjmp past its C++ strings). The call cannot go on past the cap regardless:
    // the sandbox's pcall re-raises every error while lua + kernel is over the limit.
    account_->enforcing = false;
    throw KernelError("memory cap of " + std::to_string(account_->limit >> 20) +
                      " MB exceeded (Lua holds " + std::to_string(account_->lua >> 20) + " MB; this match's events, "
                      "props, entities, zones, counters and effects " + std::to_string(account_->kernel >> 20) + " MB)");
}

std::string Match::entity_name(EntityId e) const {
    if (!valid_entity(e)) return std::string("entity ") + std::to_string(e);
    const Entity& ent = entities_[e - 1];
    return ent.name.empty() ? (ent.def.empty() ? "entity " + std::to_string(e) : ent.def) : ent.name;
}

std::string Match::entity_name_for(EntityId e, PlayerIndex viewer) const {
    if (valid_entity(e) && viewer >= 0 && viewer < player_count() && !can_see(viewer, e)) return "a hidden card";
    return entity_name(e);
}

NameResolver Match::names() const {
    NameResolver n;
    n.entity = [this](EntityId e) { return entity_name(e); };
    n.player = [this](PlayerIndex p) {
        return (p >= 0 && p < player_count()) ? players_[p].name : "player " + std::to_string(p + 1);
    };
    n.zone = [this](ZoneId z) {
        if (z < 1 || z > zones_.size()) return std::string("zone ") + std::to_string(z);
        const Zone& zn = zones_[z - 1];
        if (zn.space != kNoSpace) return "space " + board_.space(zn.space).name;
        if (zn.owner >= 0 && zn.owner < player_count()) return players_[zn.owner].name + "'s " + zn.name;
        return zn.name;
    };
    n.space = [this](SpaceId s) { return board_.valid(s) ? board_.space(s).name : std::string("off the board"); };
    return n;
}

void Match::finish(std::vector<PlayerIndex> winners, std::string reason) {
    if (result_.finished) throw KernelError("the match is already finished");
    result_.finished = true;
    result_.winners = winners;
    result_.reason = reason;
    std::string who;
    for (PlayerIndex p : winners) who += (who.empty() ? "" : ", ") + names().player(p);
    emit("match.end", winners.empty()       ? "the match ends in a draw ({reason})"
         : winners.size() == 1 ? "{winners} wins ({reason})"
                               : "{winners} win ({reason})",
         {str_field(key_winners, who), str_field(key_reason, result_.reason)});
}

std::string Match::check_invariants() const {
    std::vector<int> seen(entities_.size(), 0);
    for (const Zone& z : zones_)
        for (EntityId e : z.items) {
            if (!valid_entity(e)) return "zone '" + z.name + "' holds unknown entity " + std::to_string(e);
            if (entities_[e - 1].zone != z.id)
                return "entity " + std::to_string(e) + " is listed in zone '" + z.name + "' but records another zone";
            ++seen[e - 1];
        }
    for (std::size_t i = 0; i < seen.size(); ++i)
        if (seen[i] != 1)
            return "entity " + std::to_string(i + 1) + " is in " + std::to_string(seen[i]) + " zones (must be exactly 1)";
    return "";
}

}  // namespace duelbox
