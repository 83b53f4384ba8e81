// event.h - the structured event log: what happened, who may know it, and why.
//
// Contracts
//  - Every state change the kernel makes appends exactly one Event; scripts append
//    their own (rule steps, reveals) through the same door.
//  - An Event carries an audience (who may know it happened at all) and per-field
//    visibility (who may see a field's value). Viewing the log as player p never
//    shows p a field it may not see; narration renders such a field as "a hidden card".
//  - Narration is a template ("{p:player} draws {e:card}") rendered only when asked,
//    so benchmarks pay nothing for text. Placeholders: {key} plain, {e:key} entity,
//    {p:key} player (stored 1-based in fields, as
//    scripts, files and JSON logs number players), {z:key} zone, {s:key} space.
//  - The source file:line names the script line that caused the change (or is empty
//    for kernel-internal bookkeeping).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ids.h"
#include "value.h"

namespace duelbox {

struct Field {
    std::string key;
    Value value;
    PlayerMask visible_to = kEveryone;   // who may see this value
};

struct SourceLoc {
    std::uint32_t file = 0;              // index into EventLog::files(); 0 = no source
    int line = 0;
};

struct Event {
    std::uint32_t seq = 0;               // position in the log, from 0
    std::string type;                    // "zone.move", "counter.change", "decision", or a script's own
    std::string text;                    // narration template, rendered lazily
    std::vector<Field> fields;           // sorted by key, so logs compare byte for byte
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
    std::uint32_t append(Event e);                          // sets seq; returns it
    const std::vector<Event>& events() const { return events_; }
    std::size_t size() const { return events_.size(); }
    void clear() { events_.clear(); }
    // Makes this log the first n events of `source`, with its file table. The first `keep`
    // events of this log are taken to equal source's already (the caller knows they came
    // from the same run) and are not copied again, so a log that follows a run by a few
    // events copies only those. keep = 0 copies everything: always correct.
    void copy_prefix(const EventLog& source, std::size_t n, std::size_t keep = 0);

    std::uint32_t intern_file(std::string_view path);       // stable small integer for a file path
    const std::string& file(std::uint32_t id) const { return files_[id]; }

    // A viewer sees an event if it is in the audience; kObserver sees everything.
    static constexpr PlayerIndex kObserver = -2;
    // A spectator sees only what every player may see (public information).
    static constexpr PlayerIndex kSpectator = -3;
    static bool sees(const Event& e, PlayerIndex viewer);
    static bool sees(const Field& f, PlayerIndex viewer);

    std::string narrate(const Event& e, PlayerIndex viewer, const NameResolver& names) const;
    // One JSON object per line; fields the viewer may not see are left out.
    std::string to_json_line(const Event& e, PlayerIndex viewer, const NameResolver* names) const;
    std::string where(const Event& e) const;                // "scripts/x.lua:12" or ""

private:
    std::vector<Event> events_;
    std::vector<std::string> files_{""};
};

}  // namespace duelbox
