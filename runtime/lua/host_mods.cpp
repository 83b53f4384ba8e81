// host_mods.cpp - LuaHost's mod layers (host.h, "mods"; scenario/mod_manifest.h): which file a
// script path reads, which cards a mod may replace, and the data a mod changes after loading.
#include <algorithm>
#include <filesystem>
#include <functional>
#include <set>

#include "host.h"
#include "raw_field.h"
#include "scenario_fields.h"
#include "scenario/file_text.h"
#include "scenario/json_fields.h"

namespace duelbox {

namespace fs = std::filesystem;

namespace {

const char* const kCardsKey = "duelbox.cards";

bool listed(const std::vector<std::string>& list, const std::string& s) {
    return std::find(list.begin(), list.end(), s) != list.end();
}

// Every .lua file under `dir`, relative to `base`, sorted.
std::vector<std::string> lua_files(const fs::path& dir, const fs::path& base) {
    std::vector<std::string> out;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return out;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file() && it->path().extension() == ".lua") out.push_back(fs::relative(it->path(), base).generic_string());
    std::sort(out.begin(), out.end());
    return out;
}

// "scripts/mygame/sub/x.lua" -> "mygame.sub.x"
std::string module_name(const std::string& path) {
    std::string m = path.substr(std::string("scripts/").size());
    m.resize(m.size() - 4);
    std::replace(m.begin(), m.end(), '/', '.');
    return m;
}

// The Lua type a JSON value becomes (an object or array: a table; null: nil).
int lua_type_of(const nlohmann::json& v) {
    if (v.is_boolean()) return LUA_TBOOLEAN;
    if (v.is_number()) return LUA_TNUMBER;
    if (v.is_string()) return LUA_TSTRING;
    if (v.is_null()) return LUA_TNIL;
    return LUA_TTABLE;
}

// What the paths of one card's patch touched: the leaves it set and the objects it went into
// (for the conflict check between mods), and what it may not do. `known`: the field paths some
// definition of the game has (known_field_paths), against which a new field is checked; none
// for a declaration, whose own reader checks its fields.
struct PatchPaths {
    std::vector<std::string> leaves, interiors, problems;
    const std::set<std::string>* known = nullptr;
};

// Every field path ("props.<name>", "<table>.<key>") some card definition has, down to depth 4:
// a patch may set a field a card lacks only when it is one of these (a misspelt field name is
// no card's field and would be read by nothing). List entries are not paths. A table is not
// entered again below itself (a card whose fields point back at it), and the paths are counted:
// a card of N fields each holding the card made N^4 paths (N = 75: gigabytes, outside the
// memory cap), so past kMaxKnownPaths in one card the walk stops and the mod is refused, naming it.
constexpr std::size_t kMaxKnownPaths = 100'000;

struct PathWalk {
    std::set<std::string> paths;
    std::vector<const void*> above;   // the tables the walk is inside (a cycle is not followed)
    std::size_t of_card = 0;          // paths met in the card being walked (its own bound: the
    bool too_many = false;            // card named does not depend on the order cards are walked)
};

void add_field_paths(lua_State* L, int t, const std::string& prefix, int depth, PathWalk& walk) {
    t = lua_absindex(L, t);
    walk.above.push_back(lua_topointer(L, t));
    lua_pushnil(L);
    while (!walk.too_many && lua_next(L, t) != 0) {
        if (lua_type(L, -2) == LUA_TSTRING) {
            const std::string path = prefix.empty() ? lua_tostring(L, -2) : prefix + "." + lua_tostring(L, -2);
            walk.paths.insert(path);
            walk.too_many = ++walk.of_card > kMaxKnownPaths;
            if (!walk.too_many && depth < 4 && lua_type(L, -1) == LUA_TTABLE &&
                std::find(walk.above.begin(), walk.above.end(), lua_topointer(L, -1)) == walk.above.end())
                add_field_paths(L, -1, path, depth + 1, walk);
        }
        lua_pop(L, 1);
    }
    if (walk.too_many) lua_settop(L, t);   // (the walk stopped inside lua_next: key and value left)
    walk.above.pop_back();
}

// The paths of every definition in `defs`; "" or the key of the card past which there were
// more than kMaxKnownPaths (`over`).
std::set<std::string> known_field_paths(lua_State* L, int defs, std::string& over) {
    PathWalk walk;
    defs = lua_absindex(L, defs);
    const int top = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, defs) != 0) {
        walk.of_card = 0;
        if (lua_type(L, -1) == LUA_TTABLE) add_field_paths(L, -1, "", 1, walk);
        if (walk.too_many) {
            over = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
            lua_settop(L, top);
            return {};
        }
        lua_pop(L, 1);
    }
    return std::move(walk.paths);
}

// Merges the JSON object `fields` into the Lua table at `t` (raw): objects into sub-tables,
// anything else replaces. `path` names the leaves for the conflict check. A table made a plain
// value or a plain value made a table (a name made a table), or any change to a function (a
// window handler, a condition), is not made but listed in out.problems: the card's own checks
// would name the game's file, or nothing at all (a handler patched to {} just never fired).
void merge(lua_State* L, int t, const nlohmann::json& fields, const std::string& path, PatchPaths& out) {
    t = lua_absindex(L, t);
    // A table with a metatable is no card's own: a library (`m = math`), a module's table
    // (`require(...)`) or a read-only view, shared by every script of the host. Its raw contents
    // are empty, so no check below would see what it holds, and a raw write would change the
    // library for every match.
    if (lua_getmetatable(L, t)) {
        lua_pop(L, 1);
        out.problems.push_back((path.empty() ? std::string("the card") : printable_name(path)) +
                               ": a table with a metatable (a library, a module's table or a read-only view, shared with "
                               "every script): a patch cannot change it");
        return;
    }
    for (const auto& [k, v] : fields.items()) {
        const std::string leaf = path.empty() ? k : path + "." + k;
        if (k.find('\0') != std::string::npos) {   // c_str() would name another field
            out.problems.push_back(printable_name(leaf) + ": a field's name cannot hold a NUL byte");
            continue;
        }
        const int had = raw_field(L, t, k.c_str());
        lua_pop(L, 1);
        if (had == LUA_TFUNCTION) {
            out.problems.push_back(printable_name(leaf) + ": a patch cannot change a function (a window handler or a condition); "
                                          "replace the card instead (overrides.cards)");
            continue;
        }
        if (v.is_null() && out.known) {
            out.problems.push_back(printable_name(leaf) + ": a patch cannot remove a field (null); replace the card instead (overrides.cards)");
            continue;
        }
        if (had == LUA_TNIL && out.known && !out.known->count(leaf)) {
            out.problems.push_back(printable_name(leaf) + ": no card of the game has this field (misspelt?); a patch may add a field a card "
                                          "lacks only when other cards have it");
            continue;
        }
        // A value may become another value (a string a number), not change its shape: a
        // table made a plain value or a plain value made a table breaks the code reading it.
        if (had != LUA_TNIL && !v.is_null() && (had == LUA_TTABLE) != (lua_type_of(v) == LUA_TTABLE)) {
            out.problems.push_back(printable_name(leaf) + ": the card has a " + lua_typename(L, had) + " here; the patch gives " +
                                   duelbox::fields::describe(v));
            continue;
        }
        if (v.is_object()) {
            out.interiors.push_back(leaf);
            if (raw_field(L, t, k.c_str()) != LUA_TTABLE) {
                lua_pop(L, 1);
                lua_newtable(L);
                lua_pushvalue(L, -1);
                raw_set_field(L, t, k.c_str());
            }
            merge(L, -1, v, leaf, out);
            lua_pop(L, 1);
            continue;
        }
        out.leaves.push_back(leaf);
        std::function<void(const nlohmann::json&)> push = [&](const nlohmann::json& x) {
            if (x.is_boolean()) lua_pushboolean(L, x.get<bool>());
            else if (x.is_number_integer()) lua_pushinteger(L, x.get<lua_Integer>());
            else if (x.is_number()) lua_pushnumber(L, x.get<double>());
            else if (x.is_string()) lua_pushlstring(L, x.get_ref<const std::string&>().data(), x.get_ref<const std::string&>().size());
            else if (x.is_array()) {
                lua_createtable(L, static_cast<int>(x.size()), 0);
                for (std::size_t i = 0; i < x.size(); ++i) {
                    push(x[i]);
                    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
                }
            } else lua_pushnil(L);
        };
        push(v);
        raw_set_field(L, t, k.c_str());
    }
}

}  // namespace

bool LuaHost::set_mods(const std::vector<std::string>& dirs, std::vector<std::string>& errors) {
    mods_.clear();
    const std::size_t before = errors.size();
    for (const std::string& d : dirs) {
        try {
            ModManifest m = load_mod(d);
            for (const ModManifest& other : mods_)
                if (other.name == m.name) throw ScenarioError(m.dir + "/mod.json: name: mod '" + m.name + "' is already loaded from " + other.dir);
            mods_.push_back(std::move(m));
        } catch (const ScenarioError& e) {
            errors.push_back(e.what());
        }
    }
    return errors.size() == before;
}

bool LuaHost::load_game(const Scenario& s, std::vector<std::string>& errors) {
    if (!set_mods(s.mods, errors)) return false;
    return load_game(s.root, s.game, errors);
}

const ModManifest* LuaHost::mod_of_file(const std::string& file) const {
    if (file.rfind("mod:", 0) != 0) return nullptr;
    const std::string name = file.substr(4, file.find('/') == std::string::npos ? std::string::npos : file.find('/') - 4);
    for (const ModManifest& m : mods_)
        if (m.name == name) return &m;
    return nullptr;
}

const std::string* LuaHost::mod_script(const std::string& relative) const {
    const auto it = mod_scripts_.find(relative);
    return it == mod_scripts_.end() ? nullptr : &it->second;
}

std::string LuaHost::resolve_script(const std::string& relative) const {
    const std::string* m = mod_script(relative);
    return m ? *m : relative;
}

void LuaHost::check_mod_scripts(std::vector<std::string>& errors) {
    mod_scripts_.clear();
    for (const ModManifest& m : mods_) {
        const std::string manifest = "mod:" + m.name + "/mod.json";
        std::string bytes;   // its content hash goes with the scripts' (replays, lab results)
        if (std::string err = read_file(manifest, bytes); !err.empty()) errors.push_back(err);
        if (m.game != game_) {
            errors.push_back(manifest + ": game: this mod is for " + m.game + ", not " + game_);
            continue;
        }
        std::error_code ec;
        for (const char* top : {"scripts", "cards"})
            for (const auto& e : fs::directory_iterator(fs::path(m.dir) / top, ec))
                if (e.path().filename() != game_)
                    errors.push_back("mod:" + m.name + "/" + top + "/" + e.path().filename().string() +
                                     ": a mod of " + game_ + " may add only scripts/" + game_ + "/ and cards/" + game_ + "/");
        std::set<std::string> provided;
        for (const std::string& rel : lua_files(fs::path(m.dir) / "scripts" / game_, m.dir)) {
            const std::string name = module_name(rel), shown = "mod:" + m.name + "/" + rel;
            provided.insert(name);
            if (auto prev = mod_scripts_.find(rel); prev != mod_scripts_.end()) {
                errors.push_back(shown + ": another mod provides module " + name + " too (" + prev->second +
                                 "): two mods cannot both replace it");
                continue;
            }
            if (fs::exists(fs::path(root_) / rel, ec) && !listed(m.override_modules, name)) {
                errors.push_back(shown + ": replaces the game's module " + name + " (" + rel +
                                 "); list it in mod.json's overrides.modules to mean it");
                continue;
            }
            mod_scripts_[rel] = shown;
        }
        for (const std::string& name : m.override_modules)
            if (!provided.count(name))
                errors.push_back(manifest + ": overrides.modules lists " + name + ", which the mod does not provide (scripts/" +
                                 [&] { std::string p = name; std::replace(p.begin(), p.end(), '.', '/'); return p; }() + ".lua)");
    }
}

std::vector<std::string> LuaHost::mod_card_files() const {
    std::vector<std::string> out;
    for (const ModManifest& m : mods_)
        for (const std::string& rel : lua_files(fs::path(m.dir) / "cards" / game_, m.dir)) out.push_back("mod:" + m.name + "/" + rel);
    return out;
}

std::string LuaHost::card_replacement(const std::string& key, const std::string& file, const std::string& existing) {
    const ModManifest* m = mod_of_file(file);
    const std::string base = file + ": card key '" + key + "' is already defined in " + existing;
    if (!m) return base;
    if (!listed(m->override_cards, key)) return base + "; list it in mod.json's overrides.cards to replace it";
    if (const ModManifest* other = mod_of_file(existing))
        return other == m ? base : file + ": card " + key + " is replaced by two mods (" + existing + " and this file)";
    replaced_by_[key] = m->name;
    return "";
}

void LuaHost::apply_mod_data(std::vector<std::string>& errors) {
    lua_State* L = L_;
    const int top = lua_gettop(L);
    // Every card a mod said it replaces must have been replaced, and exist in the game.
    for (const ModManifest& m : mods_)
        for (const std::string& key : m.override_cards)
            if (!replaced_by_.count(key) || replaced_by_[key] != m.name)
                errors.push_back("mod:" + m.name + "/mod.json: overrides.cards lists " + key +
                                 // (the mod's own definition of a new card is no card of the game)
                                 (std::any_of(cards_.begin(), cards_.end(), [&](const CardDef& c) {
                                      return c.key == key && c.file.rfind("mod:" + m.name + "/", 0) != 0;
                                  })
                                      ? ", which the mod does not define"
                                      : ", which is no card of the game (a new card needs no listing)"));
    // Patches, in mod order; a field patched by two mods is a conflict.
    std::map<std::string, std::string> patched;   // "key|field.path" -> mod
    std::map<std::string, std::string> entered;   // "key|object.path" -> the first mod that patched inside it
    patch_marks_.clear();
    lua_getfield(L, LUA_REGISTRYINDEX, kCardsKey);
    const int defs = lua_gettop(L);
    const bool any_patch = std::any_of(mods_.begin(), mods_.end(), [](const ModManifest& m) { return !m.patch.empty(); });
    std::string too_wide;   // a card whose fields nest too widely to list (known_field_paths)
    const std::set<std::string> known = any_patch ? known_field_paths(L, defs, too_wide) : std::set<std::string>{};
    if (!too_wide.empty()) {
        errors.push_back("card " + printable_name(too_wide) + ": its tables nest too widely (more than " +
                         std::to_string(kMaxKnownPaths) + " field paths within 4 levels) for a mod's patch to be checked "
                         "against the game's fields; patches are not applied");
        lua_settop(L, top);
        return;
    }
    for (const ModManifest& m : mods_) {
        for (const auto& [pattern, fields] : m.patch.items()) {
            if (fields.contains("key")) {   // the registry's key and the table's must not part
                errors.push_back("mod:" + m.name + "/mod.json: patch." + printable_name(pattern) + ".key: a patch cannot change a card's key "
                                 "(replace the card instead: overrides.cards)");
                continue;
            }
            const bool prefix = !pattern.empty() && pattern.back() == '*';
            const std::string stem = prefix ? pattern.substr(0, pattern.size() - 1) : pattern;
            const auto matches = [&](const CardDef& c) { return prefix ? c.key.rfind(stem, 0) == 0 : c.key == stem; };
            // Each matching card gets its own copy of the patch's values (Lua strings and tables
            // made from the JSON), while the game loads, where the memory cap is not yet enforced:
            // a 40 MB string patched into every card made a 2.4 GB process. Counted first.
            const std::size_t copies = static_cast<std::size_t>(std::count_if(cards_.begin(), cards_.end(), matches));
            const std::size_t bytes = duelbox::fields::lua_bytes(fields) * copies;   // as Lua values, not as JSON text
            if (bytes > static_cast<std::size_t>(limits_.memory_bytes)) {
                errors.push_back("mod:" + m.name + "/mod.json: patch." + printable_name(pattern) + ": copies " + std::to_string(bytes >> 20) +
                                 " MB into " + std::to_string(copies) + " cards, over the memory cap of " +
                                 std::to_string(limits_.memory_bytes >> 20) + " MB");
                continue;
            }
            int matched = 0;
            for (const CardDef& c : cards_) {
                if (!matches(c)) continue;
                ++matched;
                lua_getfield(L, defs, c.key.c_str());
                PatchPaths paths;
                paths.known = &known;
                merge(L, -1, fields, "", paths);
                lua_pop(L, 1);
                const std::string at = "mod:" + m.name + "/mod.json: patch." + printable_name(pattern) + ": " + c.key + " ";
                for (const auto& problem : paths.problems) errors.push_back(at + problem);
                // Two mods conflict on a path one of them sets and the other sets or goes into
                // (a.b = 25 against a.b.c = 3): whichever came last would win.
                const auto conflict = [&](const std::string& path, const std::string& other_mod) {
                    errors.push_back(at + path + " is patched by mod " + other_mod + " too");
                };
                for (const auto& leaf : paths.leaves) {
                    patch_marks_[c.key].push_back({leaf, "mod:" + m.name + "/mod.json: patch." + printable_name(pattern)});
                    auto [it, fresh] = patched.emplace(c.key + "|" + leaf, m.name);
                    if (!fresh) conflict(leaf, it->second);
                    if (auto in = entered.find(c.key + "|" + leaf); in != entered.end() && in->second != m.name)
                        conflict(leaf, in->second);
                }
                for (const auto& interior : paths.interiors) {
                    entered.emplace(c.key + "|" + interior, m.name);   // (the first mod to go in is named)
                    if (auto set = patched.find(c.key + "|" + interior); set != patched.end() && set->second != m.name)
                        conflict(interior, set->second);
                }
            }
            if (matched == 0) errors.push_back("mod:" + m.name + "/mod.json: patch." + printable_name(pattern) + ": matches no card of " + game_);
        }
    }
    lua_settop(L, top);
    // Limits and option defaults: the game's declarations are changed where they live, so the
    // check before every match (scenario_fields.h) and the generated reference see them.
    for (const ModManifest& m : mods_) {
        const std::string manifest = "mod:" + m.name + "/mod.json: ";
        for (const char* list : {"options", "setup_keys", "seat_keys"})
            if (m.limits.contains(list))
                for (const auto& [name, bounds] : m.limits.at(list).items())
                    if (!merge_into_declaration(list, name, bounds))
                        errors.push_back(manifest + "limits." + list + "." + name + ": the game declares no such field");
        if (m.options.empty()) continue;
        Scenario probe;   // the new defaults must pass what a scenario's options must pass
        probe.game = game_;
        probe.options = m.options;
        if (std::string why = scenario_fields_error(*this, probe); !why.empty()) {
            errors.push_back(manifest + why);
            continue;
        }
        for (const auto& [name, value] : m.options.items()) merge_into_declaration("options", name, {{"default", value}});
    }
    lua_settop(L, top);
}

bool LuaHost::merge_into_declaration(const char* list, const std::string& name, const nlohmann::json& fields) {
    lua_State* L = L_;
    const int top = lua_gettop(L);
    push_game(L);
    bool found = false;
    if (lua_istable(L, -1) && raw_field(L, -1, list) == LUA_TTABLE) {
        const int decls = lua_gettop(L);
        const auto n = static_cast<lua_Integer>(lua_rawlen(L, decls));
        for (lua_Integer i = 1; i <= n && !found; ++i) {
            if (lua_rawgeti(L, decls, i) == LUA_TTABLE && raw_field(L, -1, "name") == LUA_TSTRING && name == lua_tostring(L, -1)) {
                lua_pop(L, 1);
                PatchPaths paths;   // (a declaration's fields are checked by its own reader afterwards)
                merge(L, -1, fields, "", paths);
                found = true;
            }
            lua_settop(L, decls);
        }
    }
    lua_settop(L, top);
    return found;
}

}  // namespace duelbox
