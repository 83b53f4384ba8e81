// lua_api_doc.cpp - reads the bindings' doc blocks and renders docs/lua-api.md and the stubs.
//
// Index
//   [SECTION] Text helpers
//   [SECTION] Parsing a binding file
//   [SECTION] The API model and its problems
//   [SECTION] The sandbox: its lists, a live state, the examples
//   [SECTION] The core helpers (scripts/core/*.lua)
//   [SECTION] Reading a source tree
//   [SECTION] docs/lua-api.md
//   [SECTION] docs/lua/duelbox.d.lua
#include "lua_api_doc.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>

#include "kernel/match.h"
#include "lua/host.h"
#include "lua/sandbox.h"
#include "lua/script_call.h"

namespace duelbox::docs {

namespace fs = std::filesystem;

const std::vector<std::string> kModuleOrder = {"match",  "entity", "zone", "counter", "window",
                                               "effect", "board",  "log",  "cards",   "decide"};

namespace {

// [SECTION] Text helpers

std::string read_text(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(line);
    }
    return lines;
}

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

// The comment text of `line` after `marker` ("//", "///", "--", "---"), one space dropped.
std::string comment_text(const std::string& line, const std::string& marker) {
    std::string t = trim(line).substr(marker.size());
    if (!t.empty() && t[0] == ' ') t.erase(0, 1);
    return t;
}

int line_of(const std::string& text, std::size_t pos) {
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(pos), '\n'));
}

std::string join(const std::vector<std::string>& v, const std::string& sep) {
    std::string out;
    for (const auto& s : v) out += (out.empty() ? "" : sep) + s;
    return out;
}

// The leading comment of a file (lines starting with `marker` but not `marker` + its last
// char, e.g. "--" but not "---"), split into paragraphs at empty comment lines.
std::vector<std::string> header_paragraphs(const std::vector<std::string>& lines, const std::string& marker) {
    std::vector<std::string> paragraphs;
    std::string current;
    for (const std::string& raw : lines) {
        const std::string line = trim(raw);
        if (!starts_with(line, marker) || starts_with(line, marker + marker.back())) break;
        const std::string t = comment_text(line, marker);
        if (t.empty()) {
            if (!current.empty()) paragraphs.push_back(current);
            current.clear();
        } else {
            current += (current.empty() ? "" : " ") + t;
        }
    }
    if (!current.empty()) paragraphs.push_back(current);
    return paragraphs;
}

// "lua_zone.cpp - module `zone`: ordered containers" -> "Ordered containers".
std::string strip_summary_prefix(std::string s, const std::string& after) {
    const auto colon = s.find(": ", after.empty() ? 0 : s.find(after));
    if (colon != std::string::npos && colon < 60) s = s.substr(colon + 2);
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

// [SECTION] Parsing a binding file

// The identifier right before the first '(' of a function definition line.
std::string defined_function(const std::string& line) {
    const auto paren = line.find('(');
    if (paren == std::string::npos || line.find(';') < paren) return "";
    auto end = paren;
    while (end > 0 && line[end - 1] == ' ') --end;
    auto begin = end;
    while (begin > 0 && (std::isalnum(static_cast<unsigned char>(line[begin - 1])) || line[begin - 1] == '_')) --begin;
    return line.substr(begin, end - begin);
}

}  // namespace

BindingFile parse_binding(const std::string& text, const std::string& path) {
    BindingFile f;
    f.path = path;
    const auto lines = split_lines(text);
    f.summary = header_paragraphs(lines, "//");
    if (!f.summary.empty()) f.summary.front() = strip_summary_prefix(f.summary.front(), " - ");

    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (!starts_with(trim(lines[i]), "///")) continue;
        DocBlock d;
        d.line = static_cast<int>(i + 1);
        d.signature = comment_text(lines[i], "///");
        while (i + 1 < lines.size() && starts_with(trim(lines[i + 1]), "///")) d.text.push_back(comment_text(lines[++i], "///"));
        std::size_t next = i + 1;
        while (next < lines.size() && trim(lines[next]).empty()) ++next;
        if (next < lines.size()) d.c_function = defined_function(lines[next]);
        f.docs.push_back(std::move(d));
    }

    // luaL_Reg <table>[] = { {"name", c_function}, ... };
    static const std::regex table_start(R"(luaL_Reg\s+(\w+)\s*\[\s*\]\s*=\s*\{)");
    static const std::regex entry(R"re(\{\s*"([^"]+)"\s*,\s*(\w+)\s*\})re");
    for (std::sregex_iterator it(text.begin(), text.end(), table_start), end; it != end; ++it) {
        const std::size_t body = static_cast<std::size_t>(it->position(0) + it->length(0));
        const std::size_t close = text.find("};", body);
        const std::string inside = text.substr(body, close == std::string::npos ? std::string::npos : close - body);
        for (std::sregex_iterator e(inside.begin(), inside.end(), entry); e != std::sregex_iterator(); ++e)
            f.registered.push_back({(*e)[1], (*e)[2], line_of(text, body + static_cast<std::size_t>(e->position(0)))});
    }
    static const std::regex module_call(R"re(register_module\s*\(\s*\w+\s*,\s*\w+\s*,\s*"(\w+)"\s*,\s*(\w+)\s*\))re");
    std::smatch m;
    f.module = fs::path(path).stem().string();
    if (starts_with(f.module, "lua_")) f.module.erase(0, 4);
    if (std::regex_search(text, m, module_call)) f.module = m[1];

    // By hand, as globals: lua_pushcfunction(L, fn); lua_setfield(L, env, "name");
    static const std::regex global(
        R"re(lua_pushcfunction\s*\(\s*\w+\s*,\s*(\w+)\s*\)\s*;\s*lua_setfield\s*\(\s*\w+\s*,\s*\w+\s*,\s*"(\w+)"\s*\))re");
    for (std::sregex_iterator it(text.begin(), text.end(), global), end; it != end; ++it) {
        f.registered.push_back({(*it)[2], (*it)[1], line_of(text, static_cast<std::size_t>(it->position(0)))});
        f.globals = true;
    }
    std::stable_sort(f.registered.begin(), f.registered.end(), [](const auto& a, const auto& b) { return a.line < b.line; });
    return f;
}

// [SECTION] The API model and its problems

namespace {

// "zone.move(e, z)" -> "zone.move"; "decide{player=}" -> "decide".
std::string signature_name(const std::string& sig) { return sig.substr(0, sig.find_first_of("({ ")); }

}  // namespace

Api build_api(const std::vector<BindingFile>& files) {
    Api api;
    for (const BindingFile& f : files) {
        if (f.registered.empty() && f.docs.empty()) continue;   // a helper file (lua_util.cpp)
        Module mod{f.module, f.path, f.globals, f.summary, {}};
        auto qualified = [&](const Registration& r) { return f.globals ? r.lua_name : f.module + "." + r.lua_name; };
        std::set<std::string> documented;
        for (const DocBlock& d : f.docs) {
            const std::string where = f.path + ":" + std::to_string(d.line) + ": ";
            std::vector<std::string> names;
            for (const auto& r : f.registered)
                if (r.c_function == d.c_function) names.push_back(qualified(r));
            if (d.c_function.empty()) {
                api.problems.push_back(where + "a doc block must sit right above the C function it documents");
                continue;
            }
            if (names.empty()) {
                api.problems.push_back(where + "'" + d.signature + "' documents " + d.c_function +
                                       ", which no luaL_Reg table registers (remove the block or register the function)");
                continue;
            }
            const std::string named = signature_name(d.signature);
            if (std::find(names.begin(), names.end(), named) == names.end()) {
                api.problems.push_back(where + "the doc block above " + d.c_function + " starts with '" + named +
                                       "' but scripts call it " + join(names, " or ") + " (the first line is the Lua signature)");
            }
            // An alias (or a misnamed block, reported above) is shown under the name scripts call.
            for (const auto& n : names)
                if (documented.insert(n).second)
                    mod.functions.push_back({n, n == named ? d.signature : n + d.signature.substr(named.size()), d.text});
        }
        for (const Registration& r : f.registered) {
            const std::string n = qualified(r);
            if (!documented.insert(n).second) continue;
            api.problems.push_back(f.path + ":" + std::to_string(r.line) + ": " + n + " (C function " + r.c_function +
                                   ") has no doc block: put `/// " + n + "(...)` and a description right above it");
            mod.functions.push_back({n, "", {}});
        }
        api.modules.push_back(std::move(mod));
    }
    auto rank = [](const Module& m) {
        const auto it = std::find(kModuleOrder.begin(), kModuleOrder.end(), m.name);
        return std::make_pair(it - kModuleOrder.begin(), m.name);
    };
    std::sort(api.modules.begin(), api.modules.end(), [&](const Module& a, const Module& b) { return rank(a) < rank(b); });
    return api;
}

// [SECTION] The sandbox: its lists, a live state, the examples

namespace {

// Standard Lua library names never count as Duelbox modules, nor these as Duelbox globals.
const std::set<std::string> kLuaLibraries = {"string", "table", "math", "utf8", "coroutine", "os", "io", "debug", "package"};
const std::set<std::string> kLuaBase = {
    "assert", "collectgarbage", "dofile", "error",   "getmetatable", "ipairs",   "load",     "loadfile",
    "next",   "pairs",          "pcall",  "print",   "rawequal",     "rawget",   "rawlen",   "rawset",
    "require", "select",        "setmetatable", "tonumber", "tostring", "type", "xpcall", "warn",
    "unpack", "loadstring",     "module", "setfenv", "getfenv"};

std::vector<std::string> string_array(const std::string& text, const std::string& name) {
    std::vector<std::string> out;
    std::smatch m;
    if (!std::regex_search(text, m, std::regex(name + R"(\s*\[\s*\]\s*=\s*\{([^}]*)\})"))) return out;
    const std::string body = m[1];
    static const std::regex quoted("\"([^\"]*)\"");
    for (std::sregex_iterator it(body.begin(), body.end(), quoted), end; it != end; ++it) out.push_back((*it)[1]);
    return out;
}

// A game folder that exists only while the examples run: scripts/mygame/game.lua.
struct ThrowawayGame {
    fs::path root = fs::temp_directory_path() / ("duelbox-docs-" + std::to_string(::getpid()));
    ThrowawayGame() {
        fs::create_directories(root / "scripts" / "mygame");
        std::ofstream(root / "scripts" / "mygame" / "game.lua")
            << "return { windows = { \"on_hit\" }, play = function(ctx) end }\n";
    }
    ~ThrowawayGame() {
        std::error_code ec;
        fs::remove_all(root, ec);
    }
};

// Runs `code` as the file `chunk` (inside card `card`'s on_hit handler when given); returns the error.
std::string run_example(LuaHost& host, const std::string& chunk, const std::string& code, const std::string& card) {
    lua_State* L = host.state();
    if (!card.empty()) host.push_context({card, "on_hit"});
    std::string error = "(no error)";
    if (sandbox_load(L, code, "@" + chunk) != LUA_OK) {
        error = lua_tostring(L, -1);
        lua_pop(L, 1);
    } else {
        ScriptCall call(host, L);
        if (call.pcall(0, 0) != LUA_OK) error = call.error();
    }
    if (!card.empty()) host.pop_context();
    return error;
}

std::unique_ptr<LuaHost> example_host(const ThrowawayGame& game, const Limits& limits, std::vector<std::string>& problems) {
    auto host = std::make_unique<LuaHost>(limits);
    std::vector<std::string> errors;
    if (!host->load_game(game.root.string(), "mygame", errors))
        problems.push_back("docs: the example game does not load: " + join(errors, "; "));
    return host;
}

// Compares what a live state offers scripts with what the reference documents.
void check_live_globals(LuaHost& host, const Api& api, const std::vector<std::string>& forbidden, Sandbox& out,
                        std::vector<std::string>& problems) {
    std::set<std::string> documented, globals;
    std::map<std::string, std::set<std::string>> live_modules;
    for (const Module& m : api.modules)
        for (const Function& f : m.functions) (m.globals ? globals : documented).insert(f.name);
    lua_State* L = host.state();
    sandbox_push_base(L);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        const std::string key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
        if (lua_isfunction(L, -1) && kLuaBase.count(key)) {
            if (std::find(forbidden.begin(), forbidden.end(), key) == forbidden.end()) out.base_functions.push_back(key);
        } else if (lua_isfunction(L, -1) && !globals.count(key)) {
            problems.push_back("docs: the global function '" + key + "' is visible to scripts but no binding documents it");
        } else if (lua_istable(L, -1) && !kLuaLibraries.count(key) && lua_getmetatable(L, -1)) {
            // A Duelbox module is a read-only proxy: its metatable's __index is the real table.
            if (lua_getfield(L, -1, "__index") == LUA_TTABLE) {
                auto& names = live_modules[key];
                lua_pushnil(L);
                while (lua_next(L, -2)) {
                    if (lua_type(L, -2) == LUA_TSTRING && lua_isfunction(L, -1)) names.insert(key + "." + lua_tostring(L, -2));
                    lua_pop(L, 1);
                }
            }
            lua_pop(L, 2);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    for (const auto& [module, names] : live_modules)
        for (const auto& n : names)
            if (!documented.count(n))
                problems.push_back("docs: " + n + " is visible to scripts but not in any luaL_Reg table of runtime/lua/lua_*.cpp");
    for (const auto& n : documented) {
        const std::string module = n.substr(0, n.find('.'));
        if (!live_modules[module].count(n)) problems.push_back("docs: " + n + " is documented but scripts cannot reach it");
    }
    std::sort(out.base_functions.begin(), out.base_functions.end());
}

}  // namespace

Sandbox inspect_sandbox(const std::string& root, const Api& api, std::vector<std::string>& problems) {
    Sandbox s;
    const std::string source = read_text(fs::path(root) / "runtime" / "lua" / "sandbox.cpp");
    s.forbidden_libs = string_array(source, "kForbiddenLibs");
    s.forbidden_functions = string_array(source, "kForbiddenFunctions");
    const Limits defaults;
    s.instructions = defaults.instructions;
    s.memory_mb = defaults.memory_bytes >> 20;
    s.time_slice_ms = defaults.time_slice_ms;

    ThrowawayGame game;
    {
        auto host = example_host(game, defaults, problems);
        check_live_globals(*host, api, s.forbidden_functions, s, problems);
        Match match(1);
        match.add_player("Ann", 1);
        host->set_match(&match);
        for (const char* code : {"counter.add(match.player_entity(1), \"health\", \"two\")",
                                 "zone.move(99, zone.find(\"players\"))",
                                 "zone.create(\"hand\", 1)\nzone.create(\"hand\", 1)"})
            s.bad_argument.push_back({code, run_example(*host, "cards/mygame/spark.lua", code, "mygame/spark")});
        host->set_match(nullptr);
        for (const char* code : {"local f = io.open(\"notes.txt\")", "dofile(\"other.lua\")",
                                 "math.randomseed(42)", "string.upper = nil", "local socket = require(\"socket\")",
                                 "setmetatable({}, { __gc = function() end })"})
            s.refused.push_back({code, run_example(*host, "scripts/mygame/rules.lua", code, "")});
    }
    {
        Limits strict = defaults;
        strict.instructions = 1'000'000;
        strict.time_slice_ms = 0;   // count from the first instruction, so the example is exact
        auto host = example_host(game, strict, problems);
        const char* code = "local ok = pcall(function() while true do end end)";
        s.limits.push_back({code, run_example(*host, "cards/mygame/spin.lua", code, "mygame/spin")});
    }
    {
        Limits small = defaults;
        small.memory_bytes = 4 << 20;
        auto host = example_host(game, small, problems);
        const char* code = "local ok = pcall(function() local t = {} for i = 1, 1e9 do t[i] = i end end)";
        s.limits.push_back({code, run_example(*host, "cards/mygame/hoard.lua", code, "mygame/hoard")});
    }
    return s;
}

// [SECTION] The core helpers (scripts/core/*.lua)

HelperModule parse_helper(const std::string& text, const std::string& path) {
    HelperModule h;
    h.path = path;
    std::string dotted = path;
    if (starts_with(dotted, "scripts/")) dotted.erase(0, 8);
    if (dotted.size() > 4 && dotted.substr(dotted.size() - 4) == ".lua") dotted.resize(dotted.size() - 4);
    std::replace(dotted.begin(), dotted.end(), '/', '.');
    h.require_name = dotted;
    const auto lines = split_lines(text);
    h.summary = header_paragraphs(lines, "--");
    if (!h.summary.empty()) h.summary.front() = strip_summary_prefix(h.summary.front(), dotted);
    const std::string local = fs::path(path).stem().string();
    static const std::regex fn(R"(^function\s+\w+\.(\w+)\s*\(([^)]*)\))");
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (!starts_with(trim(lines[i]), "---")) continue;
        HelperFunction f;
        for (; i < lines.size() && starts_with(trim(lines[i]), "---"); ++i) {
            const std::string t = comment_text(lines[i], "---");
            (starts_with(t, "@") ? f.tags : f.text).push_back(t);
        }
        std::smatch m;
        if (i < lines.size() && std::regex_search(lines[i], m, fn)) {
            f.name = local + "." + std::string(m[1]);
            f.params = m[2];
            h.functions.push_back(std::move(f));
        }
    }
    return h;
}

// [SECTION] Reading a source tree

Reference read_reference(const std::string& root) {
    Reference ref;
    std::vector<fs::path> bindings, helpers;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(fs::path(root) / "runtime" / "lua", ec)) {
        const std::string name = e.path().filename().string();
        if (starts_with(name, "lua_") && e.path().extension() == ".cpp") bindings.push_back(e.path());
    }
    for (const auto& e : fs::directory_iterator(fs::path(root) / "scripts" / "core", ec))
        if (e.path().extension() == ".lua") helpers.push_back(e.path());
    std::sort(bindings.begin(), bindings.end());
    std::sort(helpers.begin(), helpers.end());
    std::vector<BindingFile> files;
    for (const auto& p : bindings)
        files.push_back(parse_binding(read_text(p), fs::relative(p, root).generic_string()));
    ref.api = build_api(files);
    ref.sandbox = inspect_sandbox(root, ref.api, ref.api.problems);
    for (const auto& p : helpers) ref.helpers.push_back(parse_helper(read_text(p), fs::relative(p, root).generic_string()));
    return ref;
}

// [SECTION] docs/lua-api.md

namespace {

// Markdown would swallow "<game>" as an HTML tag; escape '<' outside code spans.
std::string md(const std::string& s) {
    std::string out;
    bool code = false;
    for (char c : s) {
        if (c == '`') code = !code;
        if (c == '<' && !code) out += "&lt;";
        else out += c;
    }
    return out;
}

std::string md_lines(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += md(l) + "\n";
    return out;
}

std::string code_block(const std::string& lang, const std::string& body) { return "```" + lang + "\n" + body + "\n```\n"; }

// GitHub's heading anchor: lowercase, punctuation other than '-' and '_' dropped, spaces to '-'.
std::string anchor(const std::string& heading) {
    std::string out;
    for (char c : heading) {
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-') out += static_cast<char>(std::tolower(c));
        else if (c == ' ') out += '-';
    }
    return out;
}

// A LuaLS type ("{a: integer, b: string}|nil", "integer, any") and the note after it.
std::pair<std::string, std::string> split_type(const std::string& s) {
    int depth = 0;
    std::size_t i = 0;
    for (; i < s.size(); ++i) {
        if (s[i] == '{' || s[i] == '(') ++depth;
        if (s[i] == '}' || s[i] == ')') --depth;
        if (depth == 0 && s[i] == ' ' && (i == 0 || s[i - 1] != ',')) break;
    }
    return {s.substr(0, i), trim(s.substr(std::min(i, s.size())))};
}

// No run of blank lines longer than one, and one newline at the end.
std::string tidy(std::string text) {
    for (std::size_t at; (at = text.find("\n\n\n")) != std::string::npos;) text.erase(at, 1);
    while (text.size() > 1 && text[text.size() - 2] == '\n' && text.back() == '\n') text.pop_back();
    return text;
}

std::string module_heading(const Module& m) {
    return m.globals ? m.name + " (global functions)" : m.name;
}

}  // namespace

std::string render_markdown(const Reference& ref) {
    const Sandbox& sb = ref.sandbox;
    std::ostringstream o;
    o << "# Duelbox Lua API\n\n"
         "<!-- Generated by tests/docs/lua_api_doc.cpp from the `///` doc blocks in runtime/lua/lua_*.cpp,\n"
         "     runtime/lua/sandbox.cpp and scripts/core/*.lua. Do not edit: change the source, then run\n"
         "     DUELBOX_UPDATE_DOCS=1 duelbox_tests \"[docs]\" -->\n\n"
         "Every rule script (`scripts/<game>/*.lua`) and card file (`cards/<game>/**.lua`) runs in the\n"
         "Duelbox sandbox: plain Lua 5.4 with the modules below. For completion in your editor, add\n"
         "[`docs/lua`](lua/duelbox.d.lua) to LuaLS's `workspace.library`. How the pieces fit together is\n"
         "in [architecture.md](architecture.md).\n\n"
         "## Contents\n\n"
         "- [How scripts see the API](#how-scripts-see-the-api)\n";
    for (const Module& m : ref.api.modules) o << "- [" << module_heading(m) << "](#" << anchor(module_heading(m)) << ")\n";
    o << "- [The sandbox](#the-sandbox)\n- [Core helpers](#core-helpers)\n\n";

    o << "## How scripts see the API\n\n"
         "- **Globals.** `" << join(std::vector<std::string>(kModuleOrder.begin(), kModuleOrder.end() - 1), "`, `")
      << "`\n  are global tables in every script; `decide` and `decide_all` are global functions. The module\n"
         "  tables are shared and read-only (assigning a field raises an error). Each file has globals of its\n"
         "  own: a global it assigns is seen by that file only.\n"
         "- **Only while a match plays.** Game and card files load once, before any match; at their top level\n"
         "  most module functions raise \"no match is running\". Call them from `play(ctx)` and from handlers.\n"
         "- **Players are 1-based**: 1 .. `match.players()`; nil means no player (a shared zone, an ownerless token).\n"
         "- **Everything else is an integer id**: entities (cards, figures, tokens, markers, and one entity per\n"
         "  player that carries its counters), zones, board spaces, handlers and effects. Ids start at 1 and stay\n"
         "  valid all match: an entity is never deleted (\"removed from the game\" is a zone), and every entity is in\n"
         "  exactly one zone. A match starts with one public zone, `players`, holding the player entities.\n"
         "- **Positions in a zone** count from the top: 1 = top; `\"top\"` and `\"bottom\"` work too.\n"
         "- **Stored values** (properties, event fields, option values) are nil, booleans, integers or strings.\n"
         "- **Every change is an event.** Each call that changes the match appends one event to the log, stamped\n"
         "  with the script file:line that made it; reading logs nothing. The log is what the CLI prints, the editor\n"
         "  steps through, tests assert on and replays compare.\n"
         "- **Errors name the place and the card.** They follow Lua's format with the script's file:line and,\n"
         "  inside a handler, `[card <key>, window <name>]`. A failing script fails its match with that message; it\n"
         "  never crashes the host. For example, inside `mygame/spark`'s `on_hit` handler:\n\n";
    for (const Example& e : sb.bad_argument) o << code_block("lua", e.code) << code_block("text", e.error) << "\n";

    for (const Module& m : ref.api.modules) {
        o << "## " << module_heading(m) << "\n\n";
        for (const auto& p : m.summary) o << md(p) << "\n\n";
        o << "Source: [`" << m.path << "`](../" << m.path << ")\n\n";
        for (const Function& f : m.functions) {
            o << "### " << f.name << "\n\n";
            if (f.signature.empty()) {
                o << "*Not documented yet.*\n\n";
                continue;
            }
            o << code_block("lua", f.signature);
            if (!f.text.empty()) o << "\n" << md_lines(f.text);
            o << "\n";
        }
    }

    o << "## The sandbox\n\n"
         "What a script has besides the modules above:\n\n"
         "- Base functions: `" << join(sb.base_functions, "`, `") << "`.\n"
         "- `string`, `table` and `math` as shared read-only tables (`string.dump` is left out); the string\n"
         "  metatable is locked, so `(\"x\"):upper()` means the same in every script.\n"
         "- `math.random` draws from the match's seeded generator: the same seed gives the same draws.\n"
         "  `math.randomseed` raises. There is no other source of randomness.\n"
         "- `load(text [, name [, mode [, env]]])` loads text chunks only, each with fresh globals of its own.\n"
         "- `require(name)` loads `core.x` from `scripts/core/x.lua`, `<game>.x` from `scripts/<game>/x.lua` and\n"
         "  `cards.<game>.x` from `cards/<game>/x.lua`. A module runs once; every match of the loaded game\n"
         "  shares its result. Nothing else can be required.\n"
         "- `print(...)` appends a `script.print` event to the match log.\n"
         "- `pcall` and `xpcall` catch errors, but not the instruction budget or the memory cap.\n";
    // Said only while the sandbox really refuses it (the last example below shows the message).
    if (!sb.refused.empty() && sb.refused.back().error.find("__gc") != std::string::npos)
        o << "- `setmetatable` refuses a `__gc` metamethod: a finalizer would run outside any budgeted call.\n";
    o << "\n";
    if (!sb.forbidden_libs.empty() || !sb.forbidden_functions.empty())
        o << "Not available: the libraries `" << join(sb.forbidden_libs, "`, `") << "` and the functions `"
          << join(sb.forbidden_functions, "`, `") << "`. Binary chunks are refused. Using any of them says so:\n\n";
    for (const Example& e : sb.refused) o << code_block("lua", e.code) << code_block("text", e.error) << "\n";
    o << "### Limits\n\n"
         "- **Instruction budget**: " << sb.instructions << " instructions per entry into Lua (loading a file, or one\n"
         "  run of the rules between two decisions). Counting costs nothing until a watchdog sees the call run\n"
         "  longer than " << sb.time_slice_ms << " ms; from then on the count is checked. `duelbox run --strict-budget`\n"
         "  counts from the first instruction, so the cut-off point is exact.\n"
         "- **Memory cap**: " << sb.memory_mb << " MB per Lua state, enforced while scripts run.\n"
         "- A scenario may change them: `\"limits\": {\"instructions\": N, \"memory_mb\": N, \"time_slice_ms\": N}`.\n\n"
         "Both stop the match with the file:line and the card, and `pcall` cannot catch them:\n\n";
    for (const Example& e : sb.limits) o << code_block("lua", e.code) << code_block("text", e.error) << "\n";

    o << "## Core helpers\n\n"
         "Lua modules in `scripts/core/` that every game may `require`. A handler fired by\n"
         "`windows.dispatch` gets one `ctx` table: a copy of the ctx given to dispatch plus `self` (the entity\n"
         "that registered it), `player` (its owner), `window` (the window's name) and `handler` (its id).\n\n";
    for (const HelperModule& h : ref.helpers) {
        o << "### " << h.require_name << "\n\n"
          << code_block("lua", "local " + fs::path(h.path).stem().string() + " = require(\"" + h.require_name + "\")");
        o << "\n";
        for (const auto& p : h.summary) o << md(p) << "\n\n";
        o << "Source: [`" << h.path << "`](../" << h.path << ")\n\n";
        for (const HelperFunction& f : h.functions) {
            std::vector<std::string> params, returns;
            for (const auto& t : f.tags) {
                const bool is_param = starts_with(t, "@param "), is_return = starts_with(t, "@return ");
                if (!is_param && !is_return) continue;
                std::string rest = trim(t.substr(t.find(' ') + 1)), name;
                if (is_param) {
                    name = rest.substr(0, rest.find(' '));
                    rest = name.size() < rest.size() ? trim(rest.substr(name.size())) : "";
                }
                const auto [type, note] = split_type(rest);
                if (is_param) params.push_back("`" + name + "` (`" + type + "`)" + (note.empty() ? "" : ": " + md(note)));
                else returns.push_back(type);
            }
            const std::string sig = f.name + "(" + f.params + ")" + (returns.empty() ? "" : " -> " + join(returns, ", "));
            o << "#### " << f.name << "\n\n" << code_block("lua", sig) << "\n" << md_lines(f.text);
            if (!params.empty()) o << "\n";
            for (const auto& p : params) o << "- " << p << "\n";
            o << "\n";
        }
    }
    return tidy(o.str());
}

// [SECTION] docs/lua/duelbox.d.lua

namespace {

struct Param {
    std::string name;
    bool optional = false;
};

// "zone.move(e, z [, where])" -> e, z, where?; "decide{...}" -> args. Values in brackets are optional.
std::vector<Param> signature_params(const std::string& sig) {
    const std::size_t open = sig.find_first_of("({");
    if (open == std::string::npos) return {};
    if (sig[open] == '{') return {{"args", false}};
    std::vector<Param> out;
    Param current;
    bool optional = false, started = false;   // optional: a '[' was seen, so every later parameter is
    auto flush = [&] {
        current.name = trim(current.name);
        if (!current.name.empty() && current.name[0] == '{') current.name = "opts";
        if (!current.name.empty()) out.push_back(current);
        current = Param{};
        started = false;
    };
    int depth = 0;
    for (std::size_t i = open + 1; i < sig.size(); ++i) {
        const char c = sig[i];
        if (depth == 0 && c == ')') break;
        if (depth == 0 && (c == '[' || c == ']')) {
            optional = optional || c == '[';
            continue;
        }
        if (depth == 0 && c == ',') {
            flush();
            continue;
        }
        if (c == '{' || c == '(') ++depth;
        if (c == '}' || c == ')') --depth;
        if (!started && c != ' ') {
            started = true;
            current.optional = optional;
        }
        current.name += c;
    }
    flush();
    return out;
}

// A return word of a signature as a LuaLS type.
std::string lua_type_of(const std::string& word) {
    static const std::map<std::string, std::string> kTypes = {
        {"integer", "integer"}, {"entity", "integer"}, {"zone", "integer"}, {"space", "integer"},
        {"handler", "integer"}, {"seq", "integer"},    {"id", "integer"},   {"string", "string"},
        {"boolean", "boolean"}, {"ok", "boolean"},     {"nil", "nil"},      {"fn", "function"},
        {"table", "table"},     {"value", "any"}};
    std::vector<std::string> alts;
    std::string rest = word;
    for (std::size_t bar; !rest.empty(); rest = bar == std::string::npos ? "" : rest.substr(bar + 1)) {
        bar = rest.find('|');
        const std::string alt = trim(rest.substr(0, bar));
        const auto it = kTypes.find(alt);
        std::string t = alt.find('{') != std::string::npos ? "table" : it != kTypes.end() ? it->second : "any";
        if (std::find(alts.begin(), alts.end(), t) == alts.end()) alts.push_back(t);
    }
    if (std::find(alts.begin(), alts.end(), "any") != alts.end()) return "any";
    return join(alts, "|");
}

std::vector<std::string> signature_returns(const std::string& sig) {
    const auto arrow = sig.find("->");
    if (arrow == std::string::npos) return {};
    std::vector<std::string> out;
    std::string piece;
    int depth = 0;
    for (char c : sig.substr(arrow + 2)) {
        if (c == '{') ++depth;
        if (c == '}') --depth;
        if (c == ',' && depth == 0) {
            out.push_back(trim(piece));
            piece.clear();
        } else {
            piece += c;
        }
    }
    out.push_back(trim(piece));
    return out;
}

bool is_identifier(const std::string& s) {
    static const std::regex id("[A-Za-z_][A-Za-z0-9_]*");
    return std::regex_match(s, id);
}

}  // namespace

std::string render_stubs(const Reference& ref) {
    std::ostringstream o;
    o << "---@meta duelbox\n"
         "-- Duelbox Lua API stubs for LuaLS (completion and hover docs); add docs/lua to workspace.library.\n"
         "-- Generated by tests/docs/lua_api_doc.cpp from runtime/lua/lua_*.cpp: do not edit. Reference: docs/lua-api.md\n";
    for (const Module& m : ref.api.modules) {
        o << "\n";
        if (!m.globals) {
            if (!m.summary.empty()) o << "---" << m.summary.front() << "\n";
            o << m.name << " = {}\n\n";
        }
        for (const Function& f : m.functions) {
            if (f.signature.empty()) {
                o << "---(not documented yet)\nfunction " << f.name << "(...) end\n\n";
                continue;
            }
            o << "---`" << f.signature << "`\n";
            if (!f.text.empty()) o << "---\n";
            for (const auto& t : f.text) o << "---" << t << "\n";
            std::vector<std::string> names;
            for (const Param& p : signature_params(f.signature)) {
                const std::string name = p.name == "..." || is_identifier(p.name) ? p.name : "arg" + std::to_string(names.size() + 1);
                o << "---@param " << name << (p.optional && name != "..." ? "?" : "") << " "
                  << (name == "args" ? "table" : "any") << "\n";
                names.push_back(name);
            }
            for (const std::string& r : signature_returns(f.signature)) {
                const std::string type = lua_type_of(r);
                o << "---@return " << type;
                if (is_identifier(r) && r != type) o << " " << r;
                o << "\n";
            }
            o << "function " << f.name << "(" << join(names, ", ") << ") end\n\n";
        }
    }
    return tidy(o.str());
}

}  // namespace duelbox::docs
