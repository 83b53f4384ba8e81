// json_fields.cpp - strict readers: type and range checks with field-path messages.
#include "json_fields.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "file_text.h"
#include "kernel/json_text.h"

namespace duelbox::fields {

// [SECTION] Paths and errors

std::string join(const std::string& parent, const std::string& key) {
    return parent.empty() ? key : parent + "." + key;
}

std::string index(const std::string& parent, std::size_t i) {
    return parent + "[" + std::to_string(i) + "]";
}

std::string describe(const json& v) {
    if (v.is_array()) return "an array";
    if (v.is_object()) return "an object";
    // `replace`: a value built in code may hold bad UTF-8, and an error message must not throw.
    std::string s = json_text(v);
    // A pasted paragraph in the wrong field should not swamp the message. Cut on a UTF-8
    // character boundary: a message holding half a character makes json::dump throw when
    // the CLI or the editor later puts the error into JSON.
    if (s.size() > 60) {
        std::size_t cut = 57;
        while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
        s = s.substr(0, cut) + "...";
    }
    return s;
}

void fail(const std::string& path, const std::string& what) {
    throw ScenarioError(path.empty() ? what : path + ": " + what);
}

void expected(const std::string& path, const std::string& what, const json& got) {
    fail(path, "expected " + what + "; got " + describe(got));
}

// [SECTION] Value readers

std::string read_string(const json& v, const std::string& path) {
    if (!v.is_string()) expected(path, "a string", v);
    return v.get<std::string>();
}

std::string read_nonempty_string(const json& v, const std::string& path) {
    if (!v.is_string() || v.get_ref<const std::string&>().empty()) expected(path, "a non-empty string", v);
    return v.get<std::string>();
}

bool read_bool(const json& v, const std::string& path) {
    if (!v.is_boolean()) expected(path, "true or false", v);
    return v.get<bool>();
}

namespace {

constexpr auto kMin = std::numeric_limits<std::int64_t>::min();
constexpr auto kMax = std::numeric_limits<std::int64_t>::max();

}  // namespace

bool to_int64(const json& v, std::int64_t& out) {
    if (v.is_number_unsigned()) {
        auto u = v.get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(kMax)) return false;
        out = static_cast<std::int64_t>(u);
        return true;
    }
    if (v.is_number_integer()) {
        out = v.get<std::int64_t>();
        return true;
    }
    if (v.is_number_float()) {
        double d = v.get<double>();
        // 2^63 is exactly representable; anything at or past it does not fit.
        if (!std::isfinite(d) || d != std::floor(d) || d < -9223372036854775808.0 || d >= 9223372036854775808.0)
            return false;
        out = static_cast<std::int64_t>(d);
        return true;
    }
    return false;
}

namespace {

std::string int_range_text(std::int64_t lo, std::int64_t hi) {
    if (hi == kMax) {
        if (lo == kMin) return "an integer";
        if (lo == 0) return "a non-negative integer";
        if (lo == 1) return "a positive integer";
        return "an integer >= " + std::to_string(lo);
    }
    return "an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
}

}  // namespace

std::int64_t read_int(const json& v, const std::string& path, std::int64_t lo, std::int64_t hi) {
    std::int64_t n = 0;
    if (!to_int64(v, n) || n < lo || n > hi) expected(path, int_range_text(lo, hi), v);
    return n;
}

std::uint64_t read_uint64(const json& v, const std::string& path) {
    if (v.is_number_unsigned()) return v.get<std::uint64_t>();
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(v.get<std::int64_t>());
    if (v.is_number_float()) {
        double d = v.get<double>();
        if (std::isfinite(d) && d == std::floor(d) && d >= 0 && d < 18446744073709551616.0)
            return static_cast<std::uint64_t>(d);
    }
    expected(path, "a non-negative integer", v);
}

const json& read_array(const json& v, const std::string& path) {
    if (!v.is_array()) expected(path, "a list", v);
    return v;
}

std::size_t lua_bytes(const json& v) {
    constexpr std::size_t kTable = 64, kSlot = 16, kNode = 40, kString = 32;
    if (v.is_string()) return kString + v.get_ref<const json::string_t&>().size();
    if (v.is_array()) {
        std::size_t n = kTable;
        for (const json& x : v) n += kSlot + lua_bytes(x);
        return n;
    }
    if (v.is_object()) {
        std::size_t n = kTable;
        for (const auto& [k, x] : v.items()) n += kNode + kString + k.size() + lua_bytes(x);
        return n;
    }
    return 0;   // a number, true, false, null: stored in the slot that holds it
}

json read_object(const json& v, const std::string& path) {
    if (!v.is_object()) expected(path, "an object", v);
    return v;
}

std::string read_choice(const json& v, const std::string& path, std::initializer_list<const char*> allowed) {
    if (v.is_string()) {
        const auto& s = v.get_ref<const std::string&>();
        for (const char* a : allowed)
            if (s == a) return s;
    }
    std::string list;
    for (const char* a : allowed) list += (list.empty() ? "\"" : ", \"") + std::string(a) + "\"";
    expected(path, "one of " + list, v);
}

std::vector<std::string> read_string_list(const json& v, const std::string& path) {
    if (v.is_string()) return {v.get<std::string>()};
    if (!v.is_array()) expected(path, "a string or a list of strings", v);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < v.size(); ++i) out.push_back(read_string(v[i], index(path, i)));
    return out;
}

std::vector<std::int64_t> read_int_list(const json& v, const std::string& path) {
    if (!v.is_array()) {
        std::int64_t n = 0;
        if (!to_int64(v, n)) expected(path, "an integer or a list of integers", v);
        return {n};
    }
    std::vector<std::int64_t> out;
    for (std::size_t i = 0; i < v.size(); ++i) out.push_back(read_int(v[i], index(path, i)));
    return out;
}

// [SECTION] Objects with a fixed set of keys

namespace {

// `parent.key` for a plain key; jq's `parent["odd key"]` for anything else, so the path stays unambiguous.
std::string key_path(const std::string& parent, const std::string& key) {
    bool plain = !key.empty();
    for (char c : key)
        plain = plain && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                          c == '-');
    return plain ? join(parent, key) : parent + "[" + json_quoted(key) + "]";
}

}  // namespace

void check_script_values(const json& v, const std::string& path) {
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(kMax))
        fail(path, std::to_string(v.get<std::uint64_t>()) + " is beyond the whole numbers a script holds (at most " +
                       std::to_string(kMax) + ")");
    // The kernel takes names and texts as C strings: "ashen\u0000 x" was read as "ashen".
    if (v.is_string() && v.get_ref<const std::string&>().find('\0') != std::string::npos)
        fail(path, "a text cannot hold a NUL byte (\\u0000)");
    if (v.is_array()) {
        for (std::size_t i = 0; i < v.size(); ++i) check_script_values(v[i], index(path, i));
    } else if (v.is_object()) {
        for (const auto& [k, item] : v.items()) check_script_values(item, key_path(path, k));
    }
}

ObjectReader::ObjectReader(const json& v, std::string path, std::initializer_list<const char*> known)
    : v_(v), path_(std::move(path)) {
    if (!v.is_object()) expected(path_, "an object", v);
    for (const auto& [key, value] : v.items()) {
        bool ok = false;
        for (const char* k : known) ok = ok || key == k;
        if (ok) continue;
        std::string list;
        for (const char* k : known) list += (list.empty() ? "" : ", ") + std::string(k);
        // The message starts with the typo's own path (`seeed: ...`, `players[0].agnet: ...`),
        // like every other error; a top-level typo would otherwise carry no path at all.
        fail(key_path(path_, key), "unknown field (known: " + list + ")");
    }
}

const json* ObjectReader::find(const char* key) const {
    auto it = v_.find(key);
    return it == v_.end() ? nullptr : &*it;
}

const json& ObjectReader::require(const char* key) const {
    const json* v = find(key);
    if (!v) fail(path(key), "required field is missing");
    return *v;
}

// [SECTION] Files

namespace {

// "line:col" of byte offset `at` (0-based) in `text`.
std::string line_col(const std::string& text, std::size_t at) {
    std::size_t line = 1, line_start = 0;
    for (std::size_t i = 0; i < at && i < text.size(); ++i)
        if (text[i] == '\n') ++line, line_start = i + 1;
    return std::to_string(line) + ":" + std::to_string(at - line_start + 1);
}

// Values pushed into Lua recurse once per level (push_json), so files are kept shallow; the
// walk stops at the limit, so a file nested a million deep costs no more than one at the limit.
void check_depth(const json& v, const std::string& path, int levels_left) {
    if (!v.is_structured()) return;
    if (levels_left == 0)
        fail(path, "nested deeper than " + std::to_string(kMaxJsonDepth) + " levels of arrays and objects");
    if (v.is_array()) {
        for (std::size_t i = 0; i < v.size(); ++i) check_depth(v[i], index(path, i), levels_left - 1);
    } else {
        for (const auto& [k, item] : v.items()) check_depth(item, join(path, k), levels_left - 1);
    }
}

// Refuses a key given twice in one object (nlohmann keeps the last one silently): a first pass
// over the text, following the parser's events with a stack of open containers, so the error
// names the object's path. (A callback on the DOM parser did this before, but nlohmann's
// callback parser walks the whole parent container after each object it keeps: quadratic, 3 s
// for a list of 100,000 seats, minutes for a larger one.) A syntax error ends this pass quietly:
// the DOM parse that follows reports it, with its place.
//
// The same pass bounds what the document will take in memory: small values cost the parser far
// more than their text (a 40 MB file of "[]," built 900 MB), so a file whose values would take
// more than kMaxJsonGrowth times its size, plus kJsonRoom, is refused before it is built.
constexpr std::size_t kMaxJsonGrowth = 4;
constexpr std::size_t kJsonRoom = std::size_t{64} << 20;

class DuplicateKeys : public nlohmann::json_sax<json> {
public:
    DuplicateKeys(const std::string& name, std::size_t text_bytes)
        : name_(name), room_(kMaxJsonGrowth * text_bytes + kJsonRoom) {}
    bool null() override { return scalar(0); }
    bool boolean(bool) override { return scalar(0); }
    bool number_integer(number_integer_t) override { return scalar(0); }
    bool number_unsigned(number_unsigned_t) override { return scalar(0); }
    bool number_float(number_float_t, const string_t&) override { return scalar(0); }
    bool string(string_t& s) override { return scalar(kStringBytes + s.size()); }
    bool binary(binary_t&) override { return scalar(0); }
    bool start_object(std::size_t) override {
        too_deep();
        take(kValueBytes + kContainerBytes);
        open_.push_back({false, 0, "", {}});
        return true;
    }
    bool key(string_t& k) override {
        take(kMemberBytes + k.size());
        Open& o = open_.back();
        o.key = k;
        if (!o.keys.insert(o.key).second)
            throw ScenarioError(name_ + ": " + key_path(path(), o.key) +
                                ": duplicate key (each field may appear once in an object)");
        return true;
    }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override {
        too_deep();
        take(kValueBytes + kContainerBytes);
        open_.push_back({true, 0, "", {}});
        return true;
    }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    struct Open {
        bool array;
        std::size_t index;   // of the element being read, in an array
        std::string key;     // being read, in an object
        std::set<std::string> keys;
    };
    // What the document's values take, estimated as nlohmann builds them (a value, a container's
    // own block and slack, an object member's node and key, a string's block).
    static constexpr std::size_t kValueBytes = 16, kContainerBytes = 48, kMemberBytes = 80, kStringBytes = 40;
    bool scalar(std::size_t extra) {
        take(kValueBytes + extra);
        return element_done();
    }
    void take(std::size_t bytes) {
        used_ += bytes;
        if (used_ > room_)
            throw ScenarioError(name_ + ": " + (value_path().empty() ? std::string("the top level") : value_path()) +
                                ": the file's values would take more than " + std::to_string(room_ >> 20) +
                                " MB in memory (" + std::to_string(kMaxJsonGrowth) +
                                " times its size and 64 MB): too many small values");
    }
    bool element_done() {
        if (!open_.empty() && open_.back().array) ++open_.back().index;
        return true;
    }
    bool close() {
        open_.pop_back();
        return element_done();
    }
    // Past kMaxJsonDepth the file is refused in this pass, before a document is built: one
    // nested five million deep took 850 MB and 7 s to build, then failed check_depth.
    void too_deep() const {
        if (open_.size() >= static_cast<std::size_t>(kMaxJsonDepth))
            throw ScenarioError(name_ + ": " + value_path() + ": nested deeper than " +
                                std::to_string(kMaxJsonDepth) + " levels of arrays and objects");
    }
    // The path of the value being read now (inside every open container).
    std::string value_path() const {
        std::string p;
        for (const Open& o : open_) p = o.array ? index(p, o.index) : key_path(p, o.key);
        return p;
    }
    // The path of the innermost open object (its own key is not part of it).
    std::string path() const {
        std::string p;
        for (std::size_t i = 0; i + 1 < open_.size(); ++i)
            p = open_[i].array ? index(p, open_[i].index) : key_path(p, open_[i].key);
        return p;
    }
    const std::string& name_;
    std::vector<Open> open_;
    std::size_t used_ = 0;
    const std::size_t room_;
};

}  // namespace

json parse_json_text(const std::string& text, const std::string& name) {
    json j;
    try {
        DuplicateKeys duplicates(name, text.size());
        json::sax_parse(text, &duplicates);   // raises on a key given twice; quiet on a syntax error
        j = json::parse(text);
    } catch (const json::out_of_range& e) {
        // A number beyond a double's range ("1e400"): nlohmann gives the token, not its place.
        std::string what = e.what();
        const auto open = what.find('\''), close = what.rfind('\'');
        const std::string token = open < close ? what.substr(open + 1, close - open - 1) : "";
        const std::size_t at = token.empty() ? std::string::npos : text.find(token);
        throw ScenarioError(name + (at == std::string::npos ? "" : ":" + line_col(text, at)) +
                            ": malformed JSON: number " + (token.empty() ? "" : token + " ") +
                            "is beyond the range of a double");
    } catch (const json::parse_error& e) {
        // e.byte is 1-based and names the last byte read (size+1 at end of input).
        std::size_t at = e.byte == 0 ? 0 : std::min<std::size_t>(e.byte - 1, text.size());
        // Keep nlohmann's explanation, drop its "[json.exception...] parse error at ...:" lead.
        std::string what = e.what();
        auto lead = what.find("parse error");
        auto colon = lead == std::string::npos ? std::string::npos : what.find(": ", lead);
        std::string detail = colon == std::string::npos ? what : what.substr(colon + 2);
        throw ScenarioError(name + ":" + line_col(text, at) + ": malformed JSON: " + detail);
    }
    with_file(name, [&] { check_depth(j, "", kMaxJsonDepth); });
    return j;
}

json load_json_file(const std::string& file) {
    std::string text;
    if (std::string why = read_input_file(file, text); !why.empty()) throw ScenarioError(file + ": " + why);
    return parse_json_text(text, file);
}

}  // namespace duelbox::fields
