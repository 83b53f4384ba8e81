// lua_api_doc.cpp - reads the bindings' doc blocks and renders docs/lua-api.md and the stubs.
//
// Index
//   [SECTION] Text helpers
//   [SECTION] Parsing a binding file
//   [SECTION] The API model and its problems
//   [SECTION] The sandbox: its lists, a live state, the examples
//   [SECTION] The core helpers (scripts/core/*.lua)
//   [SECTION] Reading a source tree
// Rendering docs/lua-api.md and the stubs is in lua_api_render.cpp.
#include "lua_api_doc.h"
#include "lua_api_text.h"

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

#include "../support/read_text.h"
#include "kernel/match.h"
#include "lua/host.h"
#include "lua/sandbox.h"
#include "lua/script_call.h"

namespace duelbox::docs {

namespace fs = std::filesystem;
using duelbox::test::read_text;

const std::vector<std::string> kModuleOrder = {"match",  "entity", "zone", "counter", "window",
                                               "effect", "board",  "log",  "cards",   "flag",
                                               "derived", "offers", "decide"};

namespace text {

// [SECTION] Text helpers

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

}  // namespace text

using namespace text;

namespace {

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

    // By hand, as globals: lua_pushcfunction(L, fn); lua_setfield(L, env, "name"); or, for a
    // function with upvalues, lua_pushcclosure(L, fn, n); lua_setfield(L, env, "name");
    static const std::regex global(
        R"re(lua_push(?:cfunction\s*\(\s*\w+\s*,\s*(\w+)\s*\)|cclosure\s*\(\s*\w+\s*,\s*(\w+)\s*,\s*\w+\s*\))\s*;\s*lua_setfield\s*\(\s*\w+\s*,\s*\w+\s*,\s*"(\w+)"\s*\))re");
    for (std::sregex_iterator it(text.begin(), text.end(), global), end; it != end; ++it) {
        const std::string fn = (*it)[1].matched ? (*it)[1].str() : (*it)[2].str();
        f.registered.push_back({(*it)[3], fn, line_of(text, static_cast<std::size_t>(it->position(0)))});
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

Api build_api(const std::vector<BindingFile>& input) {
    Api api;
    // A module's functions may be written in another file than its luaL_Reg table (board.ask_line
    // in lua_board_line.cpp): a file that registers nothing lends its doc blocks to the file that
    // registers their functions.
    std::vector<BindingFile> files = input;
    for (BindingFile& helper : files) {
        if (!helper.registered.empty()) continue;
        std::vector<DocBlock> kept;
        for (DocBlock& d : helper.docs) {
            BindingFile* owner = nullptr;
            for (BindingFile& f : files)
                for (const Registration& r : f.registered)
                    if (!d.c_function.empty() && r.c_function == d.c_function) owner = &f;
            if (!owner) {
                kept.push_back(d);
                continue;
            }
            d.file = helper.path;
            owner->docs.push_back(d);
        }
        helper.docs = kept;
    }
    for (const BindingFile& f : files) {
        if (f.registered.empty() && f.docs.empty()) continue;   // a helper file (lua_util.cpp)
        Module mod{f.module, f.path, f.globals, f.summary, {}};
        auto qualified = [&](const Registration& r) { return f.globals ? r.lua_name : f.module + "." + r.lua_name; };
        std::set<std::string> documented;
        for (const DocBlock& d : f.docs) {
            const std::string where = (d.file.empty() ? f.path : d.file) + ":" + std::to_string(d.line) + ": ";
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
    static const std::regex assigned(R"(^\w+\.(\w+)\s*=\s*function\s*\(([^)]*)\))");
    // An alias, M.x = f or M.x = other.f: its parameters are f's when f is defined in this file.
    static const std::regex alias(R"(^\w+\.(\w+)\s*=\s*((?!true\b|false\b|nil\b)[a-z_][\w.]*)\s*$)");
    const auto params_of = [&](const std::string& target) -> std::string {
        const std::string last = target.substr(target.rfind('.') == std::string::npos ? 0 : target.rfind('.') + 1);
        const std::regex def("^(local\\s+)?function\\s+(\\w+\\.)?" + last + "\\s*\\(([^)]*)\\)");
        for (const auto& l : lines) {
            std::smatch d;
            if (std::regex_search(l, d, def) && (target.find('.') == std::string::npos || d[2].matched)) return d[3];
        }
        return "...";
    };
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (!starts_with(trim(lines[i]), "---")) continue;
        HelperFunction f;
        for (; i < lines.size() && starts_with(trim(lines[i]), "---"); ++i) {
            const std::string t = comment_text(lines[i], "---");
            (starts_with(t, "@") ? f.tags : f.text).push_back(t);
        }
        std::smatch m;
        if (i >= lines.size()) continue;
        if (std::regex_search(lines[i], m, fn) || std::regex_search(lines[i], m, assigned)) {
            f.name = local + "." + std::string(m[1]);
            f.params = m[2];
            h.functions.push_back(std::move(f));
        } else if (std::regex_search(lines[i], m, alias)) {
            f.name = local + "." + std::string(m[1]);
            f.params = params_of(m[2]);
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

}  // namespace duelbox::docs
