#include "event.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <string>

#include <nlohmann/json.hpp>
#include "json_text.h"
#include "printable.h"

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

// -- The byte encoding ---------------------------------------------------------------------------

namespace {

// A field's kind, stored with its key: key << 4 | kind << 1 | (visibility follows).
enum Kind : std::uint32_t { kNil = 0, kFalse = 1, kTrue = 2, kInt = 3, kString = 4, kSymbol = 5 };

// Writes v as a varint at p (at most 10 bytes) and returns the end.
std::uint8_t* put_varint(std::uint8_t* p, std::uint64_t v) {
    while (v >= 0x80) {
        *p++ = static_cast<std::uint8_t>(v | 0x80);
        v >>= 7;
    }
    *p++ = static_cast<std::uint8_t>(v);
    return p;
}

std::uint64_t get_varint(const std::uint8_t*& p) {
    std::uint64_t v = 0;
    for (int shift = 0;; shift += 7) {
        const std::uint8_t b = *p++;
        v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
        if (!(b & 0x80)) return v;
    }
}

// Small negative numbers stay small: 0, -1, 1, -2 ... -> 0, 1, 2, 3 ...
std::uint64_t zigzag(std::int64_t v) {
    return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}
std::int64_t unzigzag(std::uint64_t v) { return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1); }

// A mask as a varint: everyone (all bits) -> 0, so the usual case takes one byte.
std::uint64_t mask_code(PlayerMask m) { return static_cast<PlayerMask>(m + 1u); }
PlayerMask mask_of_code(std::uint64_t c) { return static_cast<PlayerMask>(c) - 1u; }

}  // namespace

// -- Appending: flat records, no allocation per event ------------------------------------------

namespace {

// The order of an event's fields by key text, and where a "rule" field goes among them (before
// the first key after "rule"). The same kinds of event come again and again with the same keys
// (a declared kind, the kernel's own), so the order is remembered per sequence of key symbols: a
// symbol names one text for the life of the process, so a hit compares integers, not texts.
struct FieldOrder {
    static constexpr std::size_t kMax = 8;   // longer key lists are sorted every time
    std::size_t n = 0;
    bool own_rule = false;                   // one of the fields is "rule"
    std::size_t rule_at = 0;
    std::uint8_t at[kMax] = {};
    Sym keys[kMax] = {};
};

// Sorts the indices of `fields` by key text into `order` (an insertion sort: a handful of
// fields) and works out own_rule and rule_at.
void sort_fields(std::span<const FieldIn> fields, std::size_t* order, bool& own_rule, std::size_t& rule_at) {
    own_rule = false;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        std::size_t j = i;
        while (j > 0 && fields[order[j - 1]].key > fields[i].key) {
            order[j] = order[j - 1];
            --j;
        }
        order[j] = i;
        own_rule = own_rule || fields[i].key == "rule";
    }
    rule_at = 0;
    while (rule_at < fields.size() && !(fields[order[rule_at]].key > "rule")) ++rule_at;
}

// The remembered order for these keys, or nullptr when they were not seen yet (or cannot be
// remembered: too many, or a key not interned). `slot` is where to remember them.
const FieldOrder* known_order(std::span<const FieldIn> fields, FieldOrder*& slot) {
    slot = nullptr;
    if (fields.empty() || fields.size() > FieldOrder::kMax) return nullptr;
    std::uint32_t h = static_cast<std::uint32_t>(fields.size());
    for (const FieldIn& f : fields) {
        if (f.key_sym == 0) return nullptr;
        h = h * 0x9E3779B1u ^ f.key_sym;
    }
    thread_local FieldOrder cache[128];
    FieldOrder& c = cache[(h ^ h >> 15) & 127];
    slot = &c;
    if (c.n != fields.size()) return nullptr;
    for (std::size_t i = 0; i < fields.size(); ++i)
        if (c.keys[i] != fields[i].key_sym) return nullptr;
    return &c;
}

}  // namespace

std::uint32_t EventLog::append(Sym type, Sym text, std::span<const FieldIn> fields, Sym rule, SourceLoc source,
                               PlayerMask audience) {
    // Sorted by key text (never by Sym: symbols differ between processes).
    constexpr std::size_t kInline = 16;
    std::size_t order_inline[kInline];
    std::vector<std::size_t> order_heap;
    std::size_t* order = order_inline;
    if (fields.size() > kInline) {
        order_heap.resize(fields.size());
        order = order_heap.data();
    }
    bool own_rule = false;
    std::size_t rule_at = 0;
    FieldOrder* slot = nullptr;
    if (const FieldOrder* known = known_order(fields, slot)) {
        for (std::size_t k = 0; k < fields.size(); ++k) order[k] = known->at[k];
        own_rule = known->own_rule;
        rule_at = known->rule_at;
    } else {
        sort_fields(fields, order, own_rule, rule_at);
        if (slot) {
            slot->n = fields.size();
            slot->own_rule = own_rule;
            slot->rule_at = rule_at;
            for (std::size_t k = 0; k < fields.size(); ++k) {
                slot->at[k] = static_cast<std::uint8_t>(order[k]);
                slot->keys[k] = fields[k].key_sym;
            }
        }
    }
    // Encoded into a buffer on the stack (one copy into the log), or on the heap when an
    // event is unusually large: at most 4 varints of header, 3 per field and a string's bytes.
    std::size_t bound = 40 + 30 + 30 * fields.size();
    for (const FieldIn& f : fields)
        if (const auto* sv = std::get_if<std::string_view>(&f.value)) bound += sv->size();
    std::uint8_t stack_buffer[1024];
    std::vector<std::uint8_t> heap_buffer;
    std::uint8_t* const start = bound <= sizeof stack_buffer ? stack_buffer : (heap_buffer.resize(bound), heap_buffer.data());
    std::uint8_t* p = start;
    p = put_varint(p, text);
    p = put_varint(p, source.file);
    p = put_varint(p, static_cast<std::uint32_t>(source.line));
    p = put_varint(p, mask_code(audience));
    static const Sym kRule = intern("rule");   // (function-local static: interned once, thread-safe)
    bool rule_placed = own_rule || rule == 0;
    const auto put_field = [&p](Sym key, std::uint32_t kind, PlayerMask visible_to) {
        const bool restricted = visible_to != kEveryone;
        p = put_varint(p, std::uint64_t{key} << 4 | kind << 1 | (restricted ? 1u : 0u));
        if (restricted) p = put_varint(p, mask_code(visible_to));
    };
    const auto put_rule = [&] {
        put_field(kRule, kSymbol, kEveryone);
        p = put_varint(p, rule);
        rule_placed = true;
    };
    for (std::size_t k = 0; k < fields.size(); ++k) {
        const FieldIn& f = fields[order[k]];
        if (!rule_placed && k == rule_at) put_rule();
        const Sym key = f.key_sym ? f.key_sym : intern(f.key);
        switch (f.value.index()) {
            case 1: put_field(key, std::get<bool>(f.value) ? kTrue : kFalse, f.visible_to); break;
            case 2:
                put_field(key, kInt, f.visible_to);
                p = put_varint(p, zigzag(std::get<std::int64_t>(f.value)));
                break;
            case 3: {
                const std::string_view text_value = std::get<std::string_view>(f.value);
                put_field(key, kString, f.visible_to);
                p = put_varint(p, text_value.size());
                if (!text_value.empty()) std::memcpy(p, text_value.data(), text_value.size());
                p += text_value.size();
                break;
            }
            default: put_field(key, kNil, f.visible_to); break;
        }
    }
    if (!rule_placed) put_rule();
    records_.push_back(Record{static_cast<std::uint32_t>(bytes_.size()), type});
    bytes_.insert(bytes_.end(), start, p);
    return static_cast<std::uint32_t>(records_.size() - 1);
}

namespace {
// How many fields the encoded fields from p to end hold (a walk over their heads and values).
std::size_t count_fields(const std::uint8_t* p, const std::uint8_t* end) {
    std::size_t n = 0;
    while (p < end) {
        const std::uint64_t head = get_varint(p);
        if (head & 1) get_varint(p);
        switch ((head >> 1) & 7u) {
            case kInt:
            case kSymbol: get_varint(p); break;
            case kString: p += get_varint(p); break;
            default: break;
        }
        ++n;
    }
    return n;
}
}  // namespace

Event EventLog::event(std::size_t i) const {
    const Record& r = records_.at(i);
    const std::uint8_t* p = bytes_.data() + r.at;
    const std::uint8_t* const end = bytes_.data() + end_of_prefix(i + 1);
    Event e;
    e.seq = static_cast<std::uint32_t>(i);
    e.type = symbol(r.type);
    e.text = symbol(static_cast<Sym>(get_varint(p)));
    e.source.file = static_cast<std::uint32_t>(get_varint(p));
    e.source.line = static_cast<int>(get_varint(p));
    e.audience = mask_of_code(get_varint(p));
    e.fields.reserve(count_fields(p, end));   // one allocation, not one per doubling
    while (p < end) {
        const std::uint64_t head = get_varint(p);
        Field f;
        f.key = symbol(static_cast<Sym>(head >> 4));
        if (head & 1) f.visible_to = mask_of_code(get_varint(p));
        switch ((head >> 1) & 7u) {
            case kFalse: f.value = false; break;
            case kTrue: f.value = true; break;
            case kInt: f.value = unzigzag(get_varint(p)); break;
            case kString: {
                const std::size_t n = get_varint(p);
                f.value = std::string(reinterpret_cast<const char*>(p), n);
                p += n;
                break;
            }
            case kSymbol: f.value = std::string(symbol(static_cast<Sym>(get_varint(p)))); break;
            default: break;
        }
        e.fields.push_back(std::move(f));
    }
    return e;
}

const std::vector<Event>& EventLog::events() const {
    if (readable_.size() > records_.size()) readable_.clear();   // the log was cut (clear, copy_prefix)
    // Room for every event, grown at least twofold: a caller asking after each new event (a
    // log printed as it plays, a panel drawn every frame) would otherwise move the whole cache
    // on every call (an exact reserve reallocates each time the log has grown by one).
    if (readable_.capacity() < records_.size()) readable_.reserve(std::max(records_.size(), 2 * readable_.capacity()));
    for (std::size_t i = readable_.size(); i < records_.size(); ++i) readable_.push_back(event(i));
    return readable_;
}

const Event& EventLog::readable(std::size_t i) const {
    if (readable_.size() > records_.size()) readable_.clear();
    for (std::size_t k = readable_.size(); k <= i; ++k) readable_.push_back(event(k));
    return readable_[i];
}

std::size_t EventLog::count(std::string_view type) const {
    const Sym t = find_symbol(type);   // a type never interned has no event (and reading adds no text)
    if (t == 0) return 0;
    std::size_t n = 0;
    for (const Record& r : records_) n += r.type == t ? 1 : 0;
    return n;
}

void EventLog::clear() {
    records_.clear();
    bytes_.clear();
    readable_.clear();
}

void EventLog::copy_prefix(const EventLog& source, std::size_t n, std::size_t keep) {
    n = std::min(n, source.size());
    if (&source == this) {   // going back within one log: only a cut
        bytes_.resize(end_of_prefix(n));
        records_.resize(n);
        if (readable_.size() > n) readable_.resize(n);
        return;
    }
    keep = std::min({keep, n, records_.size()});
    // The kept events are equal to source's: cut after them, copy the rest.
    const std::size_t cut = end_of_prefix(keep);
    records_.resize(keep);
    bytes_.resize(cut);
    const std::size_t from = source.end_of_prefix(keep), to = source.end_of_prefix(n);
    for (std::size_t i = keep; i < n; ++i) {
        const Record& r = source.records_[i];
        records_.push_back(Record{static_cast<std::uint32_t>(r.at - from + cut), r.type});
    }
    bytes_.insert(bytes_.end(), source.bytes_.begin() + static_cast<std::ptrdiff_t>(from),
                  source.bytes_.begin() + static_cast<std::ptrdiff_t>(to));
    if (readable_.size() > keep) readable_.resize(keep);
    if (files_ != source.files_) {   // only ever grows: usually equal
        files_ = source.files_;
        file_syms_ = source.file_syms_;
    }
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
    if (file_syms_.size() + 1 == files_.size()) file_syms_.push_back(intern(path));
    last_file_ = files_.size() - 1;
    return static_cast<std::uint32_t>(last_file_);
}

std::uint32_t EventLog::intern_chunk_name(std::string_view name) {
    for (std::size_t i = 1; i < files_.size(); ++i)   // a game's files and at most 65 names
        if (files_[i] == name) return static_cast<std::uint32_t>(i);
    // A chunk's name has no symbol (0 beside it in file_syms_): counted, to bound them.
    const auto names = static_cast<std::size_t>(std::count(file_syms_.begin() + 1, file_syms_.end(), Sym{0}));
    if (names >= kMaxChunkNames) {
        for (std::size_t i = 1; i < files_.size(); ++i)
            if (files_[i] == kOtherChunks) return static_cast<std::uint32_t>(i);
        name = kOtherChunks;
    }
    files_.emplace_back(name);
    file_syms_.push_back(0);
    return static_cast<std::uint32_t>(files_.size() - 1);
}

std::uint32_t EventLog::intern_file(Sym path) {
    if (last_file_ != 0 && last_file_ < file_syms_.size() && file_syms_[last_file_] == path)
        return static_cast<std::uint32_t>(last_file_);
    if (file_syms_.size() != files_.size()) {   // kept beside files_ everywhere; rebuilt if ever not
        file_syms_.clear();
        for (const std::string& f : files_) file_syms_.push_back(intern(f));
    }
    for (std::size_t i = 1; i < file_syms_.size(); ++i)
        if (file_syms_[i] == path) {
            last_file_ = i;
            return static_cast<std::uint32_t>(i);
        }
    return intern_file(symbol(path));
}

std::size_t EventLog::bytes() const {
    std::size_t n = records_.capacity() * sizeof(Record) + bytes_.capacity();
    for (const auto& f : files_) n += f.capacity();
    return n;
}

bool EventLog::same_events(const EventLog& o) const {
    if (records_.size() != o.records_.size() || bytes_ != o.bytes_ || files_ != o.files_) return false;
    for (std::size_t i = 0; i < records_.size(); ++i)
        if (records_[i].at != o.records_[i].at || records_[i].type != o.records_[i].type) return false;
    return true;
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
    out.reserve(std::min<std::size_t>(t.size(), kMaxNarration) + 16);
    // One template naming a long field thousands of times rendered gigabytes, outside the Lua
    // heap the memory cap counts: a line is cut, saying so. Checked where a value is put in, and
    // at the end (the template's own text is copied at most once per line).
    const auto cut = [&out] {
        // At a character's start: the line stays UTF-8 (a cut inside one left a broken byte).
        std::size_t n = kMaxNarration;
        while (n > 0 && (static_cast<unsigned char>(out[n]) & 0xC0) == 0x80) --n;
        out.resize(n);
        out += " [...: narration cut at 16 KB]";
    };
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
        // An id is named only when it is one as stored (1..2^31-1): a script's 2^32 + 5 would
        // otherwise wrap to entity 5, whose visibility was never asked (emit_script narrows only
        // fields that are entities), and name a hidden card to everyone. Any other value reads as it is.
        const auto* id = std::get_if<std::int64_t>(&f->value);
        if (id && (*id < 1 || *id > INT32_MAX)) id = nullptr;
        if (id && kind == 'e' && names.entity) out += names.entity(static_cast<EntityId>(*id));
        else if (id && kind == 'p' && names.player) out += names.player(static_cast<PlayerIndex>(*id - 1));
        else if (id && kind == 'z' && names.zone) out += names.zone(static_cast<ZoneId>(*id));
        else if (id && kind == 's' && names.space) out += names.space(static_cast<SpaceId>(*id));
        else out += value_to_string(f->value);
        if (out.size() > kMaxNarration) {
            cut();
            return printable_line(std::move(out));   // a script's newline or escape sequence written out: no forged lines
        }
    }
    if (out.size() > kMaxNarration) cut();
    return printable_line(std::move(out));   // a script's newline or escape sequence written out: no forged lines
}

std::string EventLog::to_json_line(const Event& e, PlayerIndex viewer, const NameResolver* names) const {
    std::string out = "{\"seq\":" + std::to_string(e.seq) + ",\"type\":" + json_quoted(e.type);
    out += ",\"data\":{";
    bool first = true, sees_all = true;
    for (const auto& f : e.fields) {
        if (!sees(f, viewer)) {
            sees_all = false;
            continue;
        }
        if (!first) out += ",";
        first = false;
        out += json_quoted(f.key) + ":" + value_to_json(f.value);
    }
    out += "}";
    // The script line that made it, unless a field is hidden from the viewer: a card's own
    // file and line would name the hidden card the event is about.
    if (e.source.file != 0 && sees_all) out += ",\"source\":" + json_quoted(where(e));
    if (names) out += ",\"text\":" + json_quoted(narrate(e, viewer, *names));
    out += "}";
    return out;
}

}  // namespace duelbox
