// json_fields.h - strict field reading for scenario and replay files (internal to runtime/scenario).
//
// Every reader takes the value and its field path and either returns the value or throws
// ScenarioError("<path>: expected <what>; got <value>"). The path is what a user would type
// to find the value: `players[1].agent`, `replay.scripts[0].hash`. Array indices in paths
// are 0-based JSON positions (as in jq), even where the value inside is a 1-based seat.
//
// Contracts
//  - An ObjectReader rejects a non-object and any key it was not told about before a
//    single field is read, so a typo is reported as a typo, not as a missing field; the
//    message starts with the typo's own path: `players[0].agnet: unknown field (known: ...)`.
//  - No reader ever returns a value of the wrong type or outside its range.
//  - The file name is added by the public entry points (with_file), never here, so a
//    scenario nested inside a replay reports `replay.scenario.seed`, once, with one file.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "scenario.h"

namespace duelbox::fields {

using nlohmann::json;

// [SECTION] Paths and errors
std::string join(const std::string& parent, const std::string& key);   // "a" + "b" -> "a.b"; "" + "b" -> "b"
std::string index(const std::string& parent, std::size_t i);           // "players" + 1 -> "players[1]"
std::string describe(const json& v);       // for "got ...": "best" (quoted), 42, true, null, an array, an object
[[noreturn]] void fail(const std::string& path, const std::string& what);   // throws "path: what" ("what" alone at top level)
[[noreturn]] void expected(const std::string& path, const std::string& what, const json& got);

// Runs `body`; a ScenarioError escaping it gets "<file>: " in front (nothing when file is "").
template <class F>
auto with_file(const std::string& file, F&& body) -> decltype(body()) {
    try {
        return body();
    } catch (const ScenarioError& e) {
        if (file.empty()) throw;
        throw ScenarioError(file + ": " + e.what());
    }
}

// [SECTION] Value readers (each checks type and range, then converts)
// True and sets `out` when `v` is a whole number that fits an int64 (3.0 counts: some
// writers, Python's json among them, emit floats for whole numbers).
bool to_int64(const json& v, std::int64_t& out);
std::string read_string(const json& v, const std::string& path);
std::string read_nonempty_string(const json& v, const std::string& path);
bool read_bool(const json& v, const std::string& path);
std::int64_t read_int(const json& v, const std::string& path,
                      std::int64_t lo = std::numeric_limits<std::int64_t>::min(),
                      std::int64_t hi = std::numeric_limits<std::int64_t>::max());
std::uint64_t read_uint64(const json& v, const std::string& path);
const json& read_array(const json& v, const std::string& path);
json read_object(const json& v, const std::string& path);     // any object, passed through as is
std::string read_choice(const json& v, const std::string& path, std::initializer_list<const char*> allowed);
// A string, or a list of strings; a single string reads as a one-element list.
std::vector<std::string> read_string_list(const json& v, const std::string& path);
// An integer, or a list of integers; a single integer reads as a one-element list.
std::vector<std::int64_t> read_int_list(const json& v, const std::string& path);

// About how many bytes `v` takes once made into Lua values (tables with their slots and keys,
// strings): an empty array is 2 bytes of JSON and about 70 of Lua, so a check of the JSON's size
// alone lets a small file fill memory. An estimate, within a factor of two.
std::size_t lua_bytes(const json& v);
// Refuses, naming its path, a value no script can hold: a whole number past 2^63 - 1 (a Lua
// integer is 64-bit signed: 18446744073709551615 became -1, and setup.beats of it ended a
// match at once). For what becomes Lua values: setup, options, a seat's setup, a mod's patch.
void check_script_values(const json& v, const std::string& path);

// [SECTION] Objects with a fixed set of keys
class ObjectReader {
public:
    // Throws unless `v` is an object whose every key is in `known` (listed in that order).
    ObjectReader(const json& v, std::string path, std::initializer_list<const char*> known);
    const json* find(const char* key) const;         // nullptr when absent
    const json& require(const char* key) const;      // throws "<path.key>: required field is missing"
    bool has(const char* key) const { return find(key) != nullptr; }
    std::string path(const char* key) const { return join(path_, key); }
    const std::string& path() const { return path_; }
private:
    const json& v_;
    std::string path_;
};

// [SECTION] Files
constexpr int kMaxJsonDepth = 32;   // arrays and objects inside one another, counting the outermost
// Reads and parses a JSON file. A syntax error reads `<file>:<line>:<col>: malformed JSON: ...`;
// an unreadable file reads `<file>: cannot read (<reason>)`; a value nested deeper than
// kMaxJsonDepth reads `<file>: <path>: nested deeper than ...`.
json load_json_file(const std::string& file);
// Parses JSON text; errors as above with `name` in place of the file.
json parse_json_text(const std::string& text, const std::string& name);

}  // namespace duelbox::fields

namespace duelbox::detail {
// parse_scenario with its field paths under `base` ("replay.scenario") and no file prefix;
// shared by scenario.cpp and replay.cpp so a replay's scenario reports its full path.
Scenario parse_scenario_at(const nlohmann::json& j, const std::string& base, const std::string& file,
                           const std::string& default_root);
}  // namespace duelbox::detail
