#include "event.h"

#include <algorithm>
#include <string>

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

FieldValue FieldIn::view(const Value& v) {
    switch (v.index()) {
        case 1: return std::get<bool>(v);
        case 2: return std::get<std::int64_t>(v);
        case 3: return std::string_view(std::get<std::string>(v));
        default: return Nil{};
    }
}

const Field* Event::find(std::string_view key) const {
    for (const auto& f : fields)
        if (f.key == key) return &f;
    return nullptr;
}

const Value& Event::get(std::string_view key) const {
    const Field* f = find(key);
    return f ? f->value : kNilValue;
}

// -- Appending: flat records, no allocation per event ------------------------------------------

std::uint32_t EventLog::append(Sym type, Sym text, std::span<const FieldIn> fields, Sym rule, SourceLoc source,
                               PlayerMask audience) {
    // Sorted by key text (never by Sym: symbols differ between processes). A handful of
    // fields: an insertion sort over indices.
    constexpr std::size_t kInline = 16;
    std::size_t order_inline[kInline];
    std::vector<std::size_t> order_heap;
    std::size_t* order = order_inline;
    if (fields.size() > kInline) {
        order_heap.resize(fields.size());
        order = order_heap.data();
    }
    bool own_rule = false;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        std::size_t j = i;
        while (j > 0 && fields[order[j - 1]].key > fields[i].key) {
            order[j] = order[j - 1];
            --j;
        }
        order[j] = i;
        own_rule = own_rule || fields[i].key == "rule";
    }
    Record r;
    r.type = type;
    r.text = text;
    r.source = source;
    r.audience = audience;
    r.first_field = static_cast<std::uint32_t>(fields_.size());
    static const Sym kRule = intern("rule");   // (function-local static: interned once, thread-safe)
    bool rule_placed = own_rule || rule == 0;
    const auto put_rule = [&] {
        fields_.push_back(PackedField{kRule << 3 | kSymbol, kEveryone, static_cast<std::int64_t>(rule)});
        rule_placed = true;
    };
    for (std::size_t k = 0; k < fields.size(); ++k) {
        const FieldIn& f = fields[order[k]];
        if (!rule_placed && f.key > "rule") put_rule();
        PackedField p;
        p.visible_to = f.visible_to;
        std::uint32_t kind = kNil;
        switch (f.value.index()) {
            case 1: kind = kBool; p.value = std::get<bool>(f.value) ? 1 : 0; break;
            case 2: kind = kInt; p.value = std::get<std::int64_t>(f.value); break;
            case 3:
                kind = kString;
                p.value = static_cast<std::int64_t>(values_.size());
                values_.emplace_back(std::get<std::string_view>(f.value));
                break;
            default: break;
        }
        p.key_kind = intern(f.key) << 3 | kind;
        fields_.push_back(p);
    }
    if (!rule_placed) put_rule();
    r.field_count = static_cast<std::uint32_t>(fields_.size()) - r.first_field;
    r.values_end = static_cast<std::uint32_t>(values_.size());
    records_.push_back(r);
    return static_cast<std::uint32_t>(records_.size() - 1);
}

Event EventLog::event(std::size_t i) const {
    const Record& r = records_.at(i);
    Event e;
    e.seq = static_cast<std::uint32_t>(i);
    e.type = symbol(r.type);
    e.text = symbol(r.text);
    e.source = r.source;
    e.audience = r.audience;
    e.fields.reserve(r.field_count);
    for (std::uint32_t k = 0; k < r.field_count; ++k) {
        const PackedField& p = fields_[r.first_field + k];
        Field f;
        f.key = symbol(p.key_kind >> 3);
        f.visible_to = p.visible_to;
        switch (p.key_kind & 7u) {
            case kBool: f.value = p.value != 0; break;
            case kInt: f.value = p.value; break;
            case kString: f.value = values_[static_cast<std::size_t>(p.value)]; break;
            case kSymbol: f.value = std::string(symbol(static_cast<Sym>(p.value))); break;
            default: break;
        }
        e.fields.push_back(std::move(f));
    }
    return e;
}

const std::vector<Event>& EventLog::events() const {
    if (readable_.size() > records_.size()) readable_.clear();   // the log was cut (clear, copy_prefix)
    readable_.reserve(records_.size());
    for (std::size_t i = readable_.size(); i < records_.size(); ++i) readable_.push_back(event(i));
    return readable_;
}

const Event& EventLog::readable(std::size_t i) const {
    if (readable_.size() > records_.size()) readable_.clear();
    for (std::size_t k = readable_.size(); k <= i; ++k) readable_.push_back(event(k));
    return readable_[i];
}

std::size_t EventLog::count(std::string_view type) const {
    const Sym t = intern(type);
    std::size_t n = 0;
    for (const Record& r : records_) n += r.type == t ? 1 : 0;
    return n;
}

void EventLog::clear() {
    records_.clear();
    fields_.clear();
    values_.clear();
    readable_.clear();
}

void EventLog::copy_prefix(const EventLog& source, std::size_t n, std::size_t keep) {
    n = std::min(n, source.size());
    keep = std::min({keep, n, records_.size()});
    // The kept records and their fields are equal to source's: cut after them, copy the rest.
    const std::size_t kept_fields =
        keep == 0 ? 0 : records_[keep - 1].first_field + records_[keep - 1].field_count;
    const std::size_t kept_values = keep == 0 ? 0 : records_[keep - 1].values_end;
    records_.resize(keep);
    fields_.resize(kept_fields);
    values_.resize(kept_values);
    const std::size_t values_to = n == 0 ? 0 : source.records_[n - 1].values_end;
    values_.insert(values_.end(), source.values_.begin() + static_cast<std::ptrdiff_t>(kept_values),
                   source.values_.begin() + static_cast<std::ptrdiff_t>(values_to));
    const std::size_t from = keep == 0 ? 0 : source.records_[keep - 1].first_field + source.records_[keep - 1].field_count;
    const std::size_t to = n == 0 ? 0 : source.records_[n - 1].first_field + source.records_[n - 1].field_count;
    records_.insert(records_.end(), source.records_.begin() + static_cast<std::ptrdiff_t>(keep),
                    source.records_.begin() + static_cast<std::ptrdiff_t>(n));
    fields_.insert(fields_.end(), source.fields_.begin() + static_cast<std::ptrdiff_t>(from),
                   source.fields_.begin() + static_cast<std::ptrdiff_t>(to));
    if (readable_.size() > keep) readable_.resize(keep);
    if (files_ != source.files_) files_ = source.files_;   // only ever grows: usually equal
}

std::uint32_t EventLog::intern_file(std::string_view path) {
    if (last_file_ != 0 && last_file_ < files_.size() && files_[last_file_] == path)
        return static_cast<std::uint32_t>(last_file_);
    for (std::size_t i = 1; i < files_.size(); ++i)
        if (files_[i] == path) {
            last_file_ = i;
            return static_cast<std::uint32_t>(i);
        }
    files_.emplace_back(path);
    last_file_ = files_.size() - 1;
    return static_cast<std::uint32_t>(last_file_);
}

std::size_t EventLog::bytes() const {
    std::size_t n = records_.capacity() * sizeof(Record) + fields_.capacity() * sizeof(PackedField) +
                    values_.capacity() * sizeof(std::string);
    for (const auto& v : values_) n += v.capacity() > 15 ? v.capacity() + 1 : 0;
    for (const auto& f : files_) n += f.capacity();
    return n;
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
    const std::string_view t = e.text;
    out.reserve(t.size() + 16);
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] != '{') {
            out += t[i];
            continue;
        }
        const std::size_t close = t.find('}', i);
        if (close == std::string_view::npos) {
            out.append(t.substr(i));
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
