// event.h - the structured event log: what happened, who may know it, and why.
//
// Contracts
//  - Every state change the kernel makes appends exactly one event; scripts append their own
//    (rule steps, reveals) through the same door.
//  - An event carries an audience (who may know it happened at all) and per-field visibility
//    (who may see a field's value). Viewing the log as player p never shows p a field it may
//    not see; narration renders such a field as "a hidden card".
//  - Narration is a template ("{p:player} draws {e:card}") rendered only when asked, so
//    benchmarks pay nothing for text. Placeholders: {key} plain, {e:key} entity, {p:key}
//    player (stored 1-based in fields, as scripts, files and JSON logs number players),
//    {z:key} zone, {s:key} space.
//  - The source file:line names the script line that caused the change (or is empty for
//    kernel-internal bookkeeping).
//
// Storage: the log keeps flat records, not objects. Each event is an 8-byte index entry (where
// its bytes start, and its interned type, so counting events of a type decodes nothing) and a
// few bytes in one byte array: its template, source and audience, then per field the interned
// key with the value's kind, the visibility when it is not everyone, and the value itself
// (integers zigzag-varint coded, a string's bytes inline). Symbols are small integers
// (symbols.h), and so are most values (entity ids, amounts, players), so an event of five
// fields takes about 30 bytes; appending allocates nothing per event (the arrays grow by
// doubling). The rule context is a field like the others (key "rule", its text interned: rule
// texts come from code). `Event` below is the readable form, decoded on demand (events(),
// event(i), the observer): readers use it as before.
#pragma once
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ids.h"
#include "symbols.h"
#include "value.h"

namespace duelbox {

// A field of an event, readable form. `key` views interned text (valid for the process).
struct Field {
    std::string_view key;
    Value value;
    PlayerMask visible_to = kEveryone;   // who may see this value
};

// A field as a caller hands it to Match::emit: views valid during that call only.
using FieldValue = std::variant<Nil, bool, std::int64_t, std::string_view>;
struct FieldIn {
    std::string_view key;
    FieldValue value;
    PlayerMask visible_to = kEveryone;
    Sym key_sym = 0;                                 // `key` interned already (FieldKey); 0 = intern it
    static FieldValue view(const Value& v);          // a view of v (its string, not a copy)
};

// A field key interned once, for the events a caller makes again and again (the kernel's own,
// a declared event kind): FieldIn then carries the symbol and append() looks nothing up.
struct FieldKey {
    std::string_view text;   // must outlive the key (a literal, a string the owner keeps)
    Sym sym = 0;
    explicit FieldKey(std::string_view t) : text(t), sym(intern(t)) {}
};

// An event's type and text interned once, for the kernel's own events (a function-local or
// file-level static): emit() then interns nothing per event.
struct EventName {
    Sym type = 0;
    Sym text = 0;
    EventName(std::string_view t, std::string_view x) : type(intern(t)), text(intern(x)) {}
};

struct SourceLoc {
    std::uint32_t file = 0;              // index into EventLog::files(); 0 = no source
    int line = 0;
    bool operator==(const SourceLoc&) const = default;
};

// The readable form of one event (made from the log's records; see the storage note above).
struct Event {
    std::uint32_t seq = 0;               // position in the log, from 0
    std::string_view type;               // "zone.move", "counter.change", "decision", or a script's own
    std::string_view text;               // narration template, rendered lazily
    std::vector<Field> fields;           // sorted by key (the rule context among them), so logs compare byte for byte
    SourceLoc source;
    PlayerMask audience = kEveryone;     // who may know this event happened

    const Field* find(std::string_view key) const;
    const Value& get(std::string_view key) const;   // Nil when absent
};

// Turns ids into display names when narration is rendered; supplied by the Match.
struct NameResolver {
    std::function<std::string(EntityId)> entity;
    std::function<std::string(PlayerIndex)> player;
    std::function<std::string(ZoneId)> zone;
    std::function<std::string(SpaceId)> space;
};

class EventLog {
public:
    // Appends one event: fields sorted by key text; `rule` (interned, 0 = none) becomes a
    // public field "rule" unless the fields carry their own. Returns its seq.
    std::uint32_t append(Sym type, Sym text, std::span<const FieldIn> fields, Sym rule, SourceLoc source,
                         PlayerMask audience);
    std::size_t size() const { return records_.size(); }
    Event event(std::size_t i) const;                       // the readable form of event i
    // Every event in readable form. Made when first asked and kept (a test, the editor and the
    // CLI ask; a benchmark never does, so it never pays for it).
    const std::vector<Event>& events() const;
    // Event i in readable form, from the same cache (made up to i if need be): what the
    // observer of a front end gets, so the events it then lists are not made twice.
    const Event& readable(std::size_t i) const;
    std::size_t count(std::string_view type) const;         // events of that type, without making any
    Sym type_of(std::size_t i) const { return records_[i].type; }
    void clear();
    // Makes this log the first n events of `source`, with its file table. The first `keep`
    // events of this log are taken to equal source's already (the caller knows they came from
    // the same run) and are not copied again. keep = 0 copies everything: always correct.
    void copy_prefix(const EventLog& source, std::size_t n, std::size_t keep = 0);

    std::uint32_t intern_file(std::string_view path);       // stable small integer for a file path
    std::uint32_t intern_file(Sym path);                     // the same, for a path interned already (symbols.h)
    // The same for the name of a chunk loaded from a string (load(code, name)): a script may
    // make up any number of such names, so they are this log's own texts, never the process's
    // (symbols.h keeps those for good), and a log keeps at most kMaxChunkNames of them; later
    // ones are all named kOtherChunks.
    std::uint32_t intern_chunk_name(std::string_view name);
    static constexpr std::size_t kMaxChunkNames = 64;
    static constexpr std::string_view kOtherChunks = "(one of many chunks loaded from strings)";
    const std::string& file(std::uint32_t id) const { return files_[id]; }
    std::size_t bytes() const;                              // heap held by the records (not the readable cache)
    // Whether `o` holds the same events, in order: types, fields, rules, audiences and sources
    // (the files they name). Both logs of one process (symbols are the process's).
    bool same_events(const EventLog& o) const;

    // A viewer sees an event if it is in the audience; kObserver sees everything.
    static constexpr PlayerIndex kObserver = -2;
    // A spectator sees only what every player may see (public information).
    static constexpr PlayerIndex kSpectator = -3;
    static bool sees(const Event& e, PlayerIndex viewer);
    static bool sees(const Field& f, PlayerIndex viewer);

    // The narration line of e as `viewer` sees it, at most about kMaxNarration bytes (a longer
    // line is cut, saying so).
    static constexpr std::size_t kMaxNarration = 16 * 1024;
    std::string narrate(const Event& e, PlayerIndex viewer, const NameResolver& names) const;
    // One JSON object per line; fields the viewer may not see are left out, and so is the
    // source line of an event with such a field (a card's own script line names the card).
    std::string to_json_line(const Event& e, PlayerIndex viewer, const NameResolver* names) const;
    std::string where(const Event& e) const;                // "scripts/x.lua:12" or ""

private:
    struct Record {                                         // 8 bytes
        std::uint32_t at = 0;                               // where its bytes start in bytes_
        Sym type = 0;
    };
    std::size_t end_of_prefix(std::size_t n) const {        // bytes_ used by the first n events
        return n < records_.size() ? records_[n].at : bytes_.size();
    }
    std::vector<Record> records_;
    std::vector<std::uint8_t> bytes_;                       // every event's encoded body, in order
    mutable std::vector<Event> readable_;                   // events() cache: a prefix of the log
    std::vector<std::string> files_{""};
    std::vector<Sym> file_syms_{0};                          // files_ interned, index for index (intern_file(Sym))
    mutable std::size_t last_file_ = 0;                     // intern_file: most calls repeat the last path
};

}  // namespace duelbox
