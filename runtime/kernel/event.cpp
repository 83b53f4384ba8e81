#include "event.h"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace duelbox {

namespace {
const Value kNilValue{};

// What a viewer reads in place of a value it may not see.
const char* hidden_word(char kind) {
    switch (kind) {
        case 'e': return "a hidden card";
        case 'z': return "a hidden zone";
        case 's': return "a hidden space";
        default: return "something hidden";
    }
}
}  // namespace

const Field* Event::find(std::string_view key) const {
    for (const auto& f : fields)
        if (f.key == key) return &f;
    return nullptr;
}

const Value& Event::get(std::string_view key) const {
    const Field* f = find(key);
    return f ? f->value : kNilValue;
}

std::uint32_t EventLog::append(Event e) {
    e.seq = static_cast<std::uint32_t>(events_.size());
    events_.push_back(std::move(e));
    return events_.back().seq;
}

void EventLog::copy_prefix(const EventLog& source, std::size_t n, std::size_t keep) {
    n = std::min(n, source.size());
    keep = std::min({keep, n, events_.size()});
    events_.erase(events_.begin() + static_cast<std::ptrdiff_t>(keep), events_.end());
    events_.insert(events_.end(), source.events_.begin() + static_cast<std::ptrdiff_t>(keep),
                   source.events_.begin() + static_cast<std::ptrdiff_t>(n));
    if (files_ != source.files_) files_ = source.files_;   // only ever grows: usually equal
}

std::uint32_t EventLog::intern_file(std::string_view path) {
    for (std::size_t i = 1; i < files_.size(); ++i)
        if (files_[i] == path) return static_cast<std::uint32_t>(i);
    files_.emplace_back(path);
    return static_cast<std::uint32_t>(files_.size() - 1);
}

bool EventLog::sees(const Event& e, PlayerIndex viewer) {
    if (viewer == kSpectator) return e.audience == kEveryone;
    return viewer == kObserver || mask_has(e.audience, viewer);
}

bool EventLog::sees(const Field& f, PlayerIndex viewer) {
    if (viewer == kSpectator) return f.visible_to == kEveryone;
    return viewer == kObserver || mask_has(f.visible_to, viewer);
}

std::string EventLog::where(const Event& e) const {
    if (e.source.file == 0) return "";
    return files_[e.source.file] + ":" + std::to_string(e.source.line);
}

std::string EventLog::narrate(const Event& e, PlayerIndex viewer, const NameResolver& names) const {
    if (!sees(e, viewer)) return "";
    std::string out;
    const std::string& t = e.text;
    out.reserve(t.size() + 16);
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] != '{') {
            out += t[i];
            continue;
        }
        const std::size_t close = t.find('}', i);
        if (close == std::string::npos) {
            out.append(t, i, std::string::npos);
            break;
        }
        std::string_view inner(t.data() + i + 1, close - i - 1);
        char kind = 0;
        if (inner.size() > 2 && inner[1] == ':') {
            kind = inner[0];
            inner.remove_prefix(2);
        }
        i = close;
        const Field* f = e.find(inner);
        if (!f) {
            out += "?";
            continue;
        }
        if (!sees(*f, viewer)) {
            out += hidden_word(kind);
            continue;
        }
        const auto* id = std::get_if<std::int64_t>(&f->value);
        if (id && kind == 'e' && names.entity) out += names.entity(static_cast<EntityId>(*id));
        else if (id && kind == 'p' && names.player) out += names.player(static_cast<PlayerIndex>(*id - 1));
        else if (id && kind == 'z' && names.zone) out += names.zone(static_cast<ZoneId>(*id));
        else if (id && kind == 's' && names.space) out += names.space(static_cast<SpaceId>(*id));
        else out += value_to_string(f->value);
    }
    return out;
}

std::string EventLog::to_json_line(const Event& e, PlayerIndex viewer, const NameResolver* names) const {
    std::string out = "{\"seq\":" + std::to_string(e.seq) + ",\"type\":" + nlohmann::json(e.type).dump();
    out += ",\"data\":{";
    bool first = true;
    for (const auto& f : e.fields) {
        if (!sees(f, viewer)) continue;
        if (!first) out += ",";
        first = false;
        out += nlohmann::json(f.key).dump() + ":" + value_to_json(f.value);
    }
    out += "}";
    if (e.source.file != 0) out += ",\"source\":" + nlohmann::json(where(e)).dump();
    if (names) out += ",\"text\":" + nlohmann::json(narrate(e, viewer, *names)).dump();
    out += "}";
    return out;
}

}  // namespace duelbox
