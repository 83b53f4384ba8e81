// game_api_doc.cpp - see game_api_doc.h.
#include "game_api_doc.h"
#include "lua_api_text.h"

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>

#include <lua.hpp>

#include "../support/read_text.h"
#include "lua/host.h"
#include "lua/raw_field.h"

namespace duelbox::docs {

namespace fs = std::filesystem;
using duelbox::test::read_text;
using namespace text;

namespace {

// The value at the top of the stack as a Lua literal ("45", "\"literal\"", "false").
std::string literal(lua_State* L, int idx) {
    switch (lua_type(L, idx)) {
        case LUA_TSTRING: return "\"" + std::string(lua_tostring(L, idx)) + "\"";
        case LUA_TBOOLEAN: return lua_toboolean(L, idx) ? "true" : "false";
        case LUA_TNUMBER: {
            lua_pushvalue(L, idx);
            std::string s = lua_tostring(L, -1);
            lua_pop(L, 1);
            return s;
        }
        case LUA_TNIL: return "";
        default: return luaL_typename(L, idx);
    }
}

std::string string_at(lua_State* L, int t, const char* key) {
    std::string out;
    if (raw_field(L, t, key) == LUA_TSTRING) out = lua_tostring(L, -1);
    lua_pop(L, 1);
    return out;
}

std::vector<GameField> read_fields(lua_State* L, int game, const char* key) {
    std::vector<GameField> out;
    if (raw_field(L, game, key) != LUA_TTABLE) {
        lua_pop(L, 1);
        return out;
    }
    const int list = lua_gettop(L);
    const auto n = static_cast<lua_Integer>(lua_rawlen(L, list));
    for (lua_Integer i = 1; i <= n; ++i) {
        GameField f;
        const int t = lua_rawgeti(L, list, i);
        const int d = lua_gettop(L);
        if (t == LUA_TSTRING) {
            f.name = lua_tostring(L, d);
            f.type = "any";
        } else if (t == LUA_TTABLE) {
            f.name = string_at(L, d, "name");
            f.doc = string_at(L, d, "doc");
            raw_field(L, d, "default");
            f.default_text = literal(L, -1);
            const int default_type = lua_type(L, -1);
            lua_pop(L, 1);
            f.type = string_at(L, d, "type");
            if (f.type.empty())
                f.type = default_type == LUA_TBOOLEAN  ? "boolean"
                         : default_type == LUA_TSTRING ? "string"
                         : default_type == LUA_TNUMBER ? "integer"
                                                       : "any";
            const std::string of = string_at(L, d, "of");
            if (f.type == "list" && !of.empty()) f.type = "list of " + of;
            std::string lo, hi;
            if (raw_field(L, d, "min") == LUA_TNUMBER) lo = literal(L, -1);
            lua_pop(L, 1);
            if (raw_field(L, d, "max") == LUA_TNUMBER) hi = literal(L, -1);
            lua_pop(L, 1);
            if (!lo.empty() && !hi.empty()) f.allowed = lo + " to " + hi;
            else if (!lo.empty()) f.allowed = "at least " + lo;
            else if (!hi.empty()) f.allowed = "at most " + hi;
            if (raw_field(L, d, "values") == LUA_TTABLE) {
                std::vector<std::string> values;
                const auto m = static_cast<lua_Integer>(lua_rawlen(L, -1));
                for (lua_Integer j = 1; j <= m; ++j) {
                    lua_rawgeti(L, -1, j);
                    values.push_back(literal(L, -1));
                    lua_pop(L, 1);
                }
                f.allowed = "one of " + join(values, ", ");
            }
            lua_pop(L, 1);
        }
        lua_settop(L, list);
        if (!f.name.empty()) out.push_back(std::move(f));
    }
    lua_pop(L, 1);
    return out;
}

// Every `function M.x` / `M.x = function` without a `---` line right above it.
void find_undocumented(const std::string& text, const std::string& path, std::vector<std::string>& problems) {
    // function M.x(...), M.x = function(...), and aliases M.x = f / M.x = other.f.
    // (An alias's right side starts with a lower-case name: M.SIZE = 2 and M.X = true are not functions.)
    static const std::regex fn(
        R"(^(function\s+M\.(\w+)\s*\(|M\.(\w+)\s*=\s*(function\b|(?!true\b|false\b|nil\b)[a-z_][\w.]*\s*$)))");
    const auto lines = split_lines(text);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::smatch m;
        if (!std::regex_search(lines[i], m, fn)) continue;
        if (i > 0 && starts_with(trim(lines[i - 1]), "---")) continue;
        problems.push_back(path + ":" + std::to_string(i + 1) + ": function M." + (m[2].matched ? m[2].str() : m[3].str()) +
                           " has no --- doc block");
    }
}

std::string md_cell(const std::string& s) {
    std::string out;
    for (char c : s) out += c == '|' ? std::string("\\|") : c == '<' ? std::string("&lt;") : std::string(1, c);
    return out;
}

void field_table(std::ostringstream& o, const std::vector<GameField>& fields, bool with_default) {
    if (fields.empty()) {
        o << "None.\n\n";
        return;
    }
    o << (with_default ? "| name | default | type | allowed | what |\n|---|---|---|---|---|\n"
                       : "| name | type | allowed | what |\n|---|---|---|---|\n");
    for (const GameField& f : fields) {
        o << "| `" << f.name << "` | ";
        if (with_default) o << (f.default_text.empty() ? "" : "`" + md_cell(f.default_text) + "`") << " | ";
        o << f.type << " | " << md_cell(f.allowed) << " | " << md_cell(f.doc) << " |\n";
    }
    o << "\n";
}

}  // namespace

std::vector<std::string> game_names(const std::string& root) {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(fs::path(root) / "scripts", ec))
        if (e.is_directory() && fs::exists(e.path() / "game.lua")) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

GameReference read_game_reference(const std::string& root, const std::string& game) {
    GameReference ref;
    ref.game = game;
    LuaHost host;
    std::vector<std::string> errors;
    if (!host.load_game(root, game, errors)) {
        for (const auto& e : errors) ref.problems.push_back(e);
        return ref;
    }
    lua_State* L = host.state();
    const int top = lua_gettop(L);
    host.push_game(L);
    const int g = lua_gettop(L);
    ref.title = string_at(L, g, "name");
    ref.options = read_fields(L, g, "options");
    ref.setup_keys = read_fields(L, g, "setup_keys");
    ref.seat_keys = read_fields(L, g, "seat_keys");
    ref.windows = host.windows();
    if (raw_field(L, g, "bench_unit") == LUA_TTABLE) ref.unit = string_at(L, -1, "name");
    lua_pop(L, 1);
    if (raw_field(L, g, "lab") == LUA_TTABLE) {
        const int lab = lua_gettop(L);
        std::string prefix, kind;
        if (raw_field(L, lab, "roster") == LUA_TTABLE) {
            prefix = string_at(L, -1, "prefix");
            kind = string_at(L, -1, "kind");
        }
        lua_pop(L, 1);
        ref.lab = "fighters are the `" + kind + "` definitions under `" + prefix + "`, picked with seat key `" +
                  string_at(L, lab, "seat_key") + "`";
    }
    lua_settop(L, top);

    const fs::path dir = fs::path(root) / "scripts" / game;
    ref.summary = header_paragraphs(split_lines(read_text(dir / "game.lua")), "--");
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().extension() == ".lua" && e.path().filename() != "game.lua") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& p : files) {
        const std::string rel = fs::relative(p, root).generic_string(), body = read_text(p);
        ref.modules.push_back(parse_helper(body, rel));
        find_undocumented(body, rel, ref.problems);
    }
    return ref;
}

std::string render_game_markdown(const GameReference& ref) {
    std::ostringstream o;
    o << "# " << ref.title << ": the game's API for modders\n\n"
      << "<!-- Generated by tests/docs/game_api_doc.cpp from scripts/" << ref.game << "/ (the game's declarations\n"
      << "     and the `---` doc blocks of its modules). Do not edit: change the source, then run\n"
      << "     DUELBOX_UPDATE_DOCS=1 duelbox_tests \"[docs]\" -->\n\n";
    for (const auto& p : ref.summary) o << md_cell(p) << "\n\n";
    o << "The kernel's Lua API (every module a script sees) is in [lua-api.md](lua-api.md); this page is what\n"
      << "the game itself adds: what a scenario or a mod may set, and the helper modules a card or fighter\n"
      << "file may `require`. LuaLS stubs for them are in [`docs/lua/" << ref.game << "/`](lua/" << ref.game
      << "/): add `docs/lua` to `workspace.library`.\n\n";
    o << "## Rule options\n\nA scenario's `\"options\"` (and, later, a mod) may set these; any other name or a value\n"
      << "outside `allowed` is refused before play with its field path.\n\n";
    field_table(o, ref.options, true);
    o << "## Setup keys\n\nThe scenario's `\"setup\"` object (shared by all seats).\n\n";
    field_table(o, ref.setup_keys, false);
    o << "## Seat keys\n\nEach `players[i].setup` object.\n\n";
    field_table(o, ref.seat_keys, false);
    o << "## Windows\n\nA card's handler is a field named after one of these (in this order):\n"
      << (ref.windows.empty() ? std::string("none (the game calls its cards itself)") : "`" + join(ref.windows, "`, `") + "`")
      << ".\n\n";
    if (!ref.unit.empty() || !ref.lab.empty()) {
        o << "## Bench and lab\n\n";
        if (!ref.unit.empty()) o << "- Unit of play (`duelbox bench`, match length in `duelbox lab`): the " << ref.unit << ".\n";
        if (!ref.lab.empty()) o << "- `duelbox lab`: " << ref.lab << " (docs/lab.md).\n";
        o << "\n";
    }
    o << "## Modules\n\n";
    for (const HelperModule& h : ref.modules) o << "- [" << h.require_name << "](#" << [&] {
            std::string a;
            for (char c : h.require_name)
                if (c != '.') a += c;
            return a;
        }() << ")\n";
    o << "\n";
    for (const HelperModule& h : ref.modules) o << render_helper_module(h, "###");
    std::string s = o.str();
    for (std::size_t at; (at = s.find("\n\n\n")) != std::string::npos;) s.erase(at, 1);
    while (s.size() > 1 && s[s.size() - 2] == '\n' && s.back() == '\n') s.pop_back();
    return s;
}

std::map<std::string, std::string> render_game_stubs(const GameReference& ref) {
    std::map<std::string, std::string> out;
    for (const HelperModule& h : ref.modules)
        out["docs/lua/" + ref.game + "/" + fs::path(h.path).stem().string() + ".d.lua"] =
            render_helper_stub(h, "tests/docs/game_api_doc.cpp from " + h.path);
    return out;
}

}  // namespace duelbox::docs
