// script_events.cpp - Match::emit_script: a script's event cannot name a card a viewer cannot see.
//
// The kernel's own events set each entity field's visibility from the zones involved
// (match.cpp). A script's event carries whatever fields the script gives, and a field is an
// entity only because the narration says so ({e:key}). So the kernel reads the template:
// every {e:key} field holding an entity id is narrowed to the players who can see that entity
// now; the narration then shows them "a hidden card" (event.cpp) and their JSON view leaves
// the id out. A script may narrow further (`hidden = {...}`), never widen.
#include <unordered_map>

#include "match.h"

namespace duelbox {

namespace {

// The keys of a template's {e:key} placeholders, found once per template per thread (a
// template is interned: its Sym names the same text for the life of the process, and the views
// point into that text).
const std::vector<std::string_view>& entity_keys(Sym text) {
    thread_local std::unordered_map<Sym, std::vector<std::string_view>> templates;
    auto [it, fresh] = templates.try_emplace(text);
    if (!fresh) return it->second;
    const std::string_view s = symbol(text);
    for (std::size_t at = s.find("{e:"); at != std::string_view::npos; at = s.find("{e:", at + 1)) {
        const std::size_t close = s.find('}', at);
        if (close == std::string_view::npos) break;
        it->second.push_back(s.substr(at + 3, close - at - 3));
    }
    return it->second;
}

}  // namespace

std::uint32_t Match::emit_script(std::string_view type, std::string_view text, std::span<const FieldIn> fields,
                                 PlayerMask audience) {
    // A type, template or field key seen for the first time is kept for the life of the process
    // (symbols.h): charged to this match like the rest of what it stores. The keys are interned
    // as the event is stored, so they are counted after it (the count is the process's: another
    // thread's new texts at the same moment are charged here too, an overestimate).
    const Sym type_sym = intern_charged(type), text_sym = intern_charged(text);
    for (const FieldIn& f : fields)   // a key is interned as the event is stored: refused before
        if (f.key_sym == 0 && f.key.size() > kMaxNewText && find_symbol(f.key) == 0) refuse_long_text(f.key.size());
    const std::size_t known = symbol_count(), known_bytes = symbol_bytes();
    const std::uint32_t seq = emit_script(type_sym, text_sym, fields, audience);
    if (const std::size_t made = symbol_count() - known) {
        charge(made * kSymbolBytes);
        count_new_texts(symbol_bytes() - known_bytes);
    }
    return seq;
}

std::uint32_t Match::emit_script(Sym type_sym, Sym text_sym, std::span<const FieldIn> fields, PlayerMask audience) {
    const auto& keys = entity_keys(text_sym);
    if (keys.empty()) return append_event(type_sym, text_sym, fields, audience);
    // Copied only when a field must be narrowed (a hidden card): the usual event names public ones.
    std::vector<FieldIn> narrowed;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const FieldIn& f = fields[i];
        const auto* id = std::get_if<std::int64_t>(&f.value);
        if (!id || *id < 1 || *id > static_cast<std::int64_t>(entities_.size())) continue;
        bool named = false;
        for (std::string_view k : keys) named = named || k == f.key;
        if (!named) continue;
        const PlayerMask to = f.visible_to & seen_by(static_cast<EntityId>(*id));
        if (to == f.visible_to) continue;
        if (narrowed.empty()) narrowed.assign(fields.begin(), fields.end());
        narrowed[i].visible_to = to;
    }
    if (!narrowed.empty()) fields = narrowed;
    return append_event(type_sym, text_sym, fields, audience);
}

}  // namespace duelbox
