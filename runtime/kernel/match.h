// match.h - the whole state of one match, and the only door through which it changes.
//
// Index
//   [SECTION] Players
//   [SECTION] Entities and zones
//   [SECTION] Counters
//   [SECTION] Timing windows, modifiers, prohibitions, periods
//   [SECTION] Board and movement
//   [SECTION] Randomness, log, result
//
// Contracts
//  - Every mutating call appends one event to the log (with the source the host set
//    via set_source), so the log alone replays and explains the match.
//  - Every entity is in exactly one zone at every moment; check_invariants() says
//    what is broken, or returns "".
//  - Calls that a script can get wrong (unknown id, bad index) throw KernelError with
//    a message for the script author; the binding turns it into a Lua error.
//  - Nothing here knows a game. Words like "advance" are the line words every line
//    game shares; what they mean for a card is the script's business.
#pragma once
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "board.h"
#include "counters.h"
#include "derived.h"
#include "effects.h"
#include "entity.h"
#include "event.h"
#include "ids.h"
#include "memory_account.h"
#include "rng.h"
#include "scratch.h"
#include "windows.h"
#include "write_stamps.h"

namespace duelbox {

struct KernelError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct Player {
    PlayerIndex index = kNoPlayer;
    EntityId entity = kNoEntity;     // counters and props of the player live on this entity
    std::string name;
    int team = 0;                    // players with the same team are allies
    bool operator==(const Player&) const = default;
};

// Where in a zone an entity goes. Index 0 is the top.
struct Where {
    enum Kind { Top, Bottom, Index } kind = Top;
    int index = 0;
    static Where top() { return {Top, 0}; }
    static Where bottom() { return {Bottom, 0}; }
    static Where at(int i) { return {Index, i}; }
};

// Who a search may pass through.
enum class Through { Nobody, Allies, Everyone };

struct MatchResult {
    bool finished = false;
    std::vector<PlayerIndex> winners;   // empty when finished = a draw
    std::string reason;                 // "knockout", "time-out", ...
    bool operator==(const MatchResult&) const = default;
};

class Match {
public:
    explicit Match(std::uint64_t seed);

    // -- [SECTION] Players ------------------------------------------------------------
    PlayerIndex add_player(std::string name, int team);
    int player_count() const { return static_cast<int>(players_.size()); }
    const Player& player(PlayerIndex p) const;                 // throws KernelError if out of range
    bool allies(PlayerIndex a, PlayerIndex b) const;           // same team (a player is its own ally)

    // -- [SECTION] Entities and zones -------------------------------------------------
    // secret_kinds, secret_owners: Zone's fields of those names (what a card unseen here hides).
    ZoneId create_zone(std::string name, PlayerIndex owner, Visibility visibility, bool secret_kinds = false,
                       bool secret_owners = false);
    ZoneId find_zone(std::string_view name, PlayerIndex owner) const;   // kNoZone when absent
    const Zone& zone(ZoneId z) const;
    int zone_count() const { return static_cast<int>(zones_.size()); }

    // Initial props and tags (a card's printed data) are part of the one "entity.create" event.
    EntityId create_entity(std::string kind, std::string def, std::string name, PlayerIndex owner,
                           ZoneId zone, Where where = Where::bottom(),
                           const std::vector<std::pair<std::string, Value>>& props = {},
                           const std::vector<std::string>& tags = {});
    const Entity& entity(EntityId e) const;
    bool valid_entity(EntityId e) const { return e >= 1 && e <= entities_.size(); }
    int entity_count() const { return static_cast<int>(entities_.size()); }

    // These three return the entries shifted in the entity's sorted list (Entity::set_prop).
    std::size_t set_prop(EntityId e, std::string_view key, Value v);
    std::size_t add_tag(EntityId e, std::string_view tag);
    std::size_t remove_tag(EntityId e, std::string_view tag);
    void move(EntityId e, ZoneId to, Where where = Where::top());
    // Every entity of `from` into `to`, each as move() does, in the zone's order; who knew an
    // entity lay in `from` knows it lies in `to` (the whole zone went). Returns how many.
    std::size_t move_all(ZoneId from, ZoneId to, Where where = Where::top());
    void shuffle(ZoneId z);
    void reveal(EntityId e, PlayerMask to);                    // adds viewers until the entity moves

    bool can_see(PlayerIndex viewer, EntityId e) const;        // the kObserver viewer sees all
    PlayerMask seen_by(EntityId e) const;                      // every player who can see it now

    // -- [SECTION] Counters -----------------------------------------------------------
    CounterChange define_counter(EntityId owner, std::string_view name, std::int64_t value,
                                 std::int64_t min, std::int64_t max);
    CounterChange set_counter(EntityId owner, std::string_view name, std::int64_t value);
    CounterChange add_counter(EntityId owner, std::string_view name, std::int64_t delta);
    std::int64_t counter(EntityId owner, std::string_view name) const { return counters_.get(owner, name); }
    const CounterStore& counters() const { return counters_; }

    // -- [SECTION] Timing windows, modifiers, prohibitions, periods ---------------------
    WindowRegistry& windows() { return windows_; }
    const WindowRegistry& windows() const { return windows_; }
    EffectId add_modifier(Modifier m);
    EffectId add_prohibition(Prohibition p);
    bool remove_effect(EffectId id);
    // Ends every modifier and prohibition `source` granted, oldest first, each logged as
    // effect.remove: what a card's effects do when it leaves the game. Returns how many.
    int remove_effects_of(EntityId source);
    std::int64_t stat(EntityId target, std::string_view stat, std::int64_t base) const {
        return effects_.apply(target, stat, base);
    }
    bool prohibited(EntityId target, std::string_view action) const { return effects_.prohibited(target, action); }
    const EffectStore& effects() const { return effects_; }
    // Ends a named period: expires modifiers and prohibitions, resets handler limits, clears
    // the scratch values of that period.
    void end_period(std::string_view period);

    // Derived values (derived.h): defined once, read often, recomputed after a change.
    DerivedId define_derived(DerivedSpec spec);                // throws KernelError on unknown zones/target
    DerivedValue derived(DerivedId id) const { return derived_.get(*this, id, version_); }
    const std::vector<EntityId>& derived_sources(DerivedId id) const { return derived_.current_sources(*this, id, version_); }
    DerivedMarks derived_marks(DerivedId id) const { return derived_.marks(*this, id, version_); }
    const DerivedStore& derived_values() const { return derived_; }
    // Moves on with every event that can change what a derived value reads (zones, props,
    // effects, the board) and every restore; not with emit_news().
    std::uint64_t version() const { return version_; }
    // When each entity and zone was last written (write_stamps.h): a derived value checks its
    // own sources and zones with them (derived.h).
    const WriteStamps& entity_stamps() const { return entities_written_; }
    const WriteStamps& zone_stamps() const { return zones_written_; }

    // Scratch values (scratch.h): rule-steering integers that append no event.
    ScratchStore& scratch() { return scratch_; }
    const ScratchStore& scratch() const { return scratch_; }

    // -- [SECTION] Board and movement -------------------------------------------------
    // Installs the board and creates one public zone per space ("space:<name>").
    void set_board(Board board);
    const Board& board() const { return board_; }
    bool has_board() const { return board_.space_count() > 0; }
    ZoneId space_zone(SpaceId s) const;
    SpaceId position(EntityId e) const;                        // kNoSpace when not on the board
    std::vector<EntityId> figures_at(SpaceId s) const;         // entities of kind "figure" there
    void place(EntityId e, SpaceId s);                         // moves it to that space's zone

    // Dry run when apply is false. Bans consulted: "move" always; advance/close: "advance";
    // retreat: "retreat"; pull: the mover's "be_pulled"; push: "be_pushed".
    LineMove line_move(LineWord word, EntityId actor, EntityId other, int n, bool apply);
    Teleport teleport(EntityId actor, EntityId other, SpaceId to, bool apply);
    std::vector<Reach> reachable(EntityId mover, int max_steps, Through through,
                                 const std::vector<std::string>& edge_kinds = border_kinds()) const;
    std::vector<SpaceId> path(EntityId mover, SpaceId to, Through through, int max_steps = -1) const;

    // -- [SECTION] Randomness, log, result --------------------------------------------
    Rng& rng() { return rng_; }
    const Rng& rng() const { return rng_; }   // draws(): whether randomness happened since (undo)
    std::uint64_t seed() const { return seed_; }
    // Gives the match another seed, as if it had been made with it: only sound while no random
    // draw has been made (rng().draws() == 0), which it checks (KernelError otherwise).
    void reseed(std::uint64_t seed);
    EventLog& log() { return log_; }
    const EventLog& log() const { return log_; }
    void set_source(SourceLoc s) { source_ = s; }              // the host sets this before each kernel call
    // Appends one event (event.h: a flat record; the views in `fields` need only live for the
    // call). Stamps the source and the rule context.
    std::uint32_t emit(std::string_view type, std::string_view text, std::initializer_list<FieldIn> fields,
                       PlayerMask audience = kEveryone);
    std::uint32_t emit(std::string_view type, std::string_view text, std::span<const FieldIn> fields,
                       PlayerMask audience = kEveryone);
    std::uint32_t emit(const EventName& name, std::initializer_list<FieldIn> fields, PlayerMask audience = kEveryone);
    // The same, for news no derived value reads (a counter, a decision, a reveal, a tag, a
    // script's own event): cached derived values stay valid across it.
    std::uint32_t emit_news(std::string_view type, std::string_view text, std::span<const FieldIn> fields,
                            PlayerMask audience = kEveryone);
    std::uint32_t emit_news(std::string_view type, std::string_view text, std::initializer_list<FieldIn> fields,
                            PlayerMask audience = kEveryone);
    std::uint32_t emit_news(const EventName& name, std::initializer_list<FieldIn> fields, PlayerMask audience = kEveryone);
    // A script's own event (log.event, log.say): as emit_news, but a field the narration names
    // as an entity ({e:key}) is shown only to the players who can see that entity when the
    // event is logged (script_events.cpp). A script cannot name a card a viewer cannot see.
    std::uint32_t emit_script(std::string_view type, std::string_view text, std::span<const FieldIn> fields,
                              PlayerMask audience = kEveryone);
    // The same with type and text interned already (a declared event kind, log.kind).
    std::uint32_t emit_script(Sym type, Sym text, std::span<const FieldIn> fields, PlayerMask audience = kEveryone);
    // The rule context (teaching): while it is set, every event appended without a "rule"
    // field of its own gets rule = this text, a public field sorted with the others, so an
    // event the kernel makes for a script (a move, a counter, a decision) names the rule
    // step it belongs to. "" = none. Part of the Match value: copies and snapshots keep it.
    // Interned (symbols.h): setting and restoring it copies no text.
    std::string_view set_rule(std::string_view rule);          // returns the previous context
    Sym set_rule_symbol(Sym rule);                             // the same, by symbol
    std::string_view rule() const { return symbol(rule_); }
    Sym rule_symbol() const { return rule_; }
    // Memory the match holds for scripts is charged to `account` (memory_account.h); nullptr,
    // the default, counts nothing. Not part of the Match value: copies and snapshots keep their own.
    void set_memory_account(MemoryAccount* account) { account_ = account; }
    // Charges `bytes`; throws KernelError "memory cap of N MB exceeded ..." when the account is
    // enforcing and lua + kernel passes its limit.
    void charge(std::size_t bytes) {
        if (!account_) return;
        account_->kernel += bytes;
        if (account_->enforcing && account_->over()) refuse_charge();
    }
    // Interns a text a script gave while the match plays (a flag key, a rule text, an event's
    // type): a new text lasts as long as the process (symbols.h), so this match pays for it,
    // and a loop making texts meets the memory cap, not the process's bound.
    Sym intern_charged(std::string_view text) {
        if (text.size() > kMaxNewText && find_symbol(text) == 0) refuse_long_text(text.size());
        bool created = false;
        const Sym s = intern(text, created);
        if (created) {
            charge(kSymbolBytes + text.size());
            count_new_texts(text.size());
        }
        return s;
    }
    // What one match may add to the process's texts (symbols.h): they outlive the match, so a
    // mod making texts up match after match would fill the process's bound, after which every
    // later match on the host fails. One new text is at most kMaxNewText bytes, a match's new
    // texts kMaxNewTexts in all (a game's fixed texts are a few tens of KB, made by the first match).
    static constexpr std::size_t kMaxNewText = std::size_t{64} << 10;
    static constexpr std::size_t kMaxNewTexts = std::size_t{4} << 20;
    void count_new_texts(std::size_t bytes);   // throws KernelError past kMaxNewTexts
    [[noreturn]] static void refuse_long_text(std::size_t bytes);
    // Called after every event is appended, with its index (tests check invariants; the editor
    // follows the log). log().event(seq) decodes the event when an observer wants it: most
    // look only at its type (log().type_of(seq)), and decoding every event cost the editor's
    // rerun of a long match a tenth of its time.
    void set_event_observer(std::function<void(const Match&, std::uint32_t seq)> f) { observer_ = std::move(f); }
    NameResolver names() const;
    std::string entity_name(EntityId e) const;   // names().entity(e) without making the resolver
    // What `viewer` may call entity e: its name when the viewer can see it (seen_by), else
    // "a hidden card", as the narration says. A question's options use it: choosing among cards
    // the rules hide (a blind pick from another's hand) must not name them to the chooser.
    std::string entity_name_for(EntityId e, PlayerIndex viewer) const;
    std::string narrate(const Event& e, PlayerIndex viewer) const { return log_.narrate(e, viewer, names()); }

    // For a search (a copy of the match an agent plays on): re-deals what `viewer` cannot know,
    // so the copy is one the viewer cannot tell from the real match (resample_hidden.cpp).
    // Each entity the viewer cannot see, and did not see arrive where it is (Entity::placed_for),
    // trades its identity (def, name, props, tags, what players know of it; its kind and owner
    // where the zone keeps those secret) with the others of its class (same owner and kind);
    // one the viewer knows to be in its zone (zoned_for) stays
    // in that zone. Ids, zones, order, counters and effects stay with the place, so a rule
    // holding an id (a card set face down) holds whatever was dealt there. The result depends
    // only on what the viewer knows and on `seed`: two matches the viewer cannot tell apart
    // re-deal to the same state. The match's generator is reseeded from `seed` too (the
    // future must not follow the real match's draws). Returns how many entities were re-dealt.
    std::size_t resample_hidden(PlayerIndex viewer, std::uint64_t seed);
    // The same, narrowed for a search that re-deals before the decision it searches (before
    // the rules build the question it is asked with others: search/forks.cpp): only entities
    // listed in `only` (sorted ids) are re-dealt, among those of them hidden now, and with
    // `reseed` false the match's generator is left alone (the draws up to the decision must be
    // the real match's; the copy reseeds when it arrives).
    struct ResampleScope {
        const std::vector<EntityId>* only = nullptr;
        bool reseed = true;
    };
    std::size_t resample_hidden(PlayerIndex viewer, std::uint64_t seed, const ResampleScope& scope);
    // The entities resample_hidden would re-deal for `viewer` now (it cannot see them and did
    // not see them arrive where they are), in id order.
    std::vector<EntityId> hidden_from(PlayerIndex viewer) const;

    void finish(std::vector<PlayerIndex> winners, std::string reason);
    const MatchResult& result() const { return result_; }

    std::string check_invariants() const;                      // "" when every invariant holds

private:
    // After `moved` went from `from` to `to` (the same zone for a move within it): what each
    // player knows of it and of the other cards of both zones (knowledge.cpp). The masks are
    // the moved card's before the move: who saw it, who knew its place, who knew its zone.
    void note_knowledge_after_move(Entity& moved, const Zone& from, const Zone& to, PlayerMask seen_before,
                                   PlayerMask placed_before, PlayerMask zoned_before);
    // After entity `made` was created in `z`: who does not see it does not know where it went
    // in, so not where the zone's other cards are now (knowledge.cpp).
    void note_knowledge_after_create(EntityId made, const Zone& z);
    PlayerMask seat_mask() const;   // the seats' bits (a mask of everyone has bits no seat has)
    // The cards of `z` but `cause` (a card that moved or was made): `lost` loses their places
    // (and what was shown of them); `unaware` loses also the zone of those `cause` could be (same
    // owner unless the zone's owners are secret, and kind unless its kinds are).
    void forget_around(const Zone& z, const Entity& cause, PlayerMask lost, PlayerMask unaware);
    // snapshot.h: log-free copies for time travel. It copies every member below but the log
    // and the observer, so a member added here must be added to MatchSnapshot too.
    friend class MatchSnapshot;
    Entity& entity_mut(EntityId e);   // every write to an entity or a zone goes through these two,
    Zone& zone_mut(ZoneId z);         // which stamp it (see WriteStamps)
    void insert(Zone& z, EntityId e, Where where);
    void relocate(EntityId e, ZoneId to, Where where);   // the move itself; callers emit the event
    std::uint32_t append_event(Sym type, Sym text, std::span<const FieldIn> fields, PlayerMask audience);
    void counter_event(EntityId owner, std::string_view name, const CounterChange& c, const char* verb);
    std::function<bool(SpaceId)> occupied_except(EntityId mover) const;
    // What mover may pass and stop on: each space worked out the first time the search asks
    // about it (in move_scratch_; the rules returned are valid until the next call).
    const StepRules& step_rules(EntityId mover, Through through, const std::vector<std::string>& kinds) const;
    // The search of mover's moves from `from` (search_memo_ when it was made for the same
    // question at this version(), else made now and kept).
    const Board::Search& search_for(EntityId mover, SpaceId from, int max_steps, Through through,
                                    const std::vector<std::string>& kinds, const StepRules& rules) const;

    std::uint64_t seed_;
    Rng rng_;
    std::vector<Player> players_;
    std::vector<Entity> entities_;        // index = id - 1
    std::vector<Zone> zones_;             // index = id - 1
    // (owner, name) -> zone, sorted: find_zone is a binary search, not a scan of every zone.
    struct ZoneKey {
        PlayerIndex owner;
        std::string name;
        ZoneId id;
    };
    std::vector<ZoneKey> zone_index_;
    void index_zone(const Zone& z);
    void rebuild_zone_index();
    // When each entity and zone was last written (write_stamps.h): what a snapshot may share
    // without comparing. A copy of a Match is a new lineage.
    Lineage lineage_;
    WriteStamps entities_written_, zones_written_;
    CounterStore counters_;
    WindowRegistry windows_;
    EffectStore effects_;
    ScratchStore scratch_;
    DerivedStore derived_;
    std::uint64_t version_ = 0;           // see version()
    Board board_;
    // The last board search reachable() or path() made, with what it was made for: a move asks
    // where a figure may go, then the path to the space chosen, from one state (search_for).
    struct SearchMemo {
        bool valid = false;
        std::uint64_t version = 0;        // version() when made: any later event may have moved a figure
        EntityId mover = kNoEntity;
        SpaceId from = kNoSpace;
        int max_steps = 0;
        Through through = Through::Nobody;
        std::vector<std::string> kinds;
        Board::Search found;
    };
    mutable SearchMemo search_memo_;
    // step_rules()' answers for one mover, each space looked at when first asked about: scratch,
    // not state (each step_rules call starts it afresh), so a snapshot does not copy it.
    struct MoveScratch {
        static constexpr std::uint8_t kLooked = 1, kPass = 2, kStop = 4;
        const Match* match = nullptr;
        EntityId mover = kNoEntity;
        PlayerIndex me = kNoPlayer;
        Through through = Through::Nobody;
        std::vector<std::uint8_t> facts;   // per space: 0 = not looked at yet, else kLooked | kPass | kStop
        StepRules rules;
        std::uint8_t look(SpaceId s);      // the space's facts, worked out on first asking
    };
    mutable MoveScratch move_scratch_;
    std::vector<ZoneId> space_zones_;     // index = space id - 1
    EventLog log_;
    SourceLoc source_;
    Sym rule_ = 0;                        // the rule context (interned); 0 = none
    std::size_t new_text_bytes_ = 0;   // texts this match added to the process (count_new_texts)
    MatchResult result_;
    std::function<void(const Match&, std::uint32_t seq)> observer_;
    MemoryAccount* account_ = nullptr;    // see set_memory_account(); not copied by snapshots
    [[noreturn]] void refuse_charge() const;
};

// Sets a rule context for one C++ scope and restores the one before when the scope ends,
// also when it ends by an exception.
class RuleScope {
public:
    RuleScope(Match& m, std::string_view rule) : m_(m), previous_(m.set_rule_symbol(intern(rule))) {}
    ~RuleScope() { m_.set_rule_symbol(previous_); }
    RuleScope(const RuleScope&) = delete;
    RuleScope& operator=(const RuleScope&) = delete;

private:
    Match& m_;
    Sym previous_;
};

}  // namespace duelbox
