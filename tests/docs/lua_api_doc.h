// lua_api_doc.h - the Lua API reference, generated from the sources it documents.
//
// Every Lua-visible function has a block of `///` lines right above its C function in
// runtime/lua/lua_<module>.cpp: the first line is the Lua signature, the others describe
// it. This reads those blocks, the `luaL_Reg` tables (and the functions a file registers
// by hand, like decide), the sandbox's lists in runtime/lua/sandbox.cpp and the `---`
// comments of scripts/core/*.lua, and renders docs/lua-api.md and the LuaLS stubs
// docs/lua/duelbox/*.d.lua. tests/docs/lua_api_doc_test.cpp fails when a registered function
// has no doc block or when the committed files differ from what this renders.
//
// Contracts
//  - Rendering is a pure function of the sources (and of what the sandbox answers when
//    the examples run), so the same tree always renders the same bytes.
//  - problems lists every gap as "file:line: what is wrong"; an empty list means every
//    function a script can reach is documented under the name it is registered as.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace duelbox::docs {

// -- [SECTION] One binding file, as parsed ----------------------------------------------

struct DocBlock {
    std::string signature;                 // "zone.move(e, z [, where])"
    std::vector<std::string> text;         // the description lines, without "/// "
    std::string c_function;                // the C function right below ("" if none)
    int line = 0;                          // of the signature line
    std::string file;                      // where it is written, when not in the file registering it
};

struct Registration {
    std::string lua_name;                  // "move", or "decide" for a global
    std::string c_function;                // "zone_move"
    int line = 0;
};

struct BindingFile {
    std::string path;                      // "runtime/lua/lua_zone.cpp"
    std::string module;                    // "zone": register_module's name, else the file's
    bool globals = false;                  // registered as globals (decide) rather than as a table
    std::vector<std::string> summary;      // the file's header comment, paragraph by paragraph
    std::vector<DocBlock> docs;            // in source order
    std::vector<Registration> registered;  // in table order
};

BindingFile parse_binding(const std::string& text, const std::string& path);

// -- [SECTION] The API: modules in reference order --------------------------------------

struct Function {
    std::string name;                      // "zone.move" or "decide"
    std::string signature;                 // from the doc block ("" when undocumented)
    std::vector<std::string> text;
};

struct Module {
    std::string name;                      // "zone"; "decide" for the global functions
    std::string path;
    bool globals = false;
    std::vector<std::string> summary;
    std::vector<Function> functions;       // documented ones in source order, then the rest
};

struct Api {
    std::vector<Module> modules;           // match, entity, zone, ... decide, then any others
    std::vector<std::string> problems;     // "file:line: ..." for every undocumented or misnamed function
};

// The fixed order of the reference; modules not listed follow it, sorted by name.
extern const std::vector<std::string> kModuleOrder;

Api build_api(const std::vector<BindingFile>& files);

// -- [SECTION] The sandbox and the core helpers -----------------------------------------

struct Example {
    std::string code;                      // what the script ran
    std::string error;                     // what it got, as the runner reports it
};

struct Sandbox {
    std::vector<std::string> base_functions;     // plain globals a script may call (live)
    std::vector<std::string> forbidden_libs;     // from sandbox.cpp's kForbiddenLibs
    std::vector<std::string> forbidden_functions;// from sandbox.cpp's kForbiddenFunctions
    std::vector<Example> bad_argument;           // the error format, with card and window
    std::vector<Example> refused;                // what a forbidden use answers
    std::vector<Example> limits;                 // budget and memory cap, through pcall
    long long instructions = 0, memory_mb = 0, time_slice_ms = 0;   // the defaults of Limits
};

// Runs the examples in a throwaway game (a temporary folder) and asks a live state which
// globals exist. Appends to `problems` any module function or global a script can reach
// that `api` does not list.
Sandbox inspect_sandbox(const std::string& root, const Api& api, std::vector<std::string>& problems);

struct HelperFunction {
    std::string name;                      // "windows.dispatch"
    std::string params;                    // "name, ctx, first, opts"
    std::vector<std::string> text;         // description lines
    std::vector<std::string> tags;         // "@param name string ...", "@return integer", verbatim
};

struct HelperModule {
    std::string require_name;              // "core.windows"
    std::string path;                      // "scripts/core/windows.lua"
    std::vector<std::string> summary;      // the file's opening comment
    std::vector<HelperFunction> functions; // each `function M.x` with a `---` block
};

HelperModule parse_helper(const std::string& text, const std::string& path);

// One helper module as Markdown (heading `level`, its functions one level below), and as a
// LuaLS meta file (`---@meta <require name>` ... `return <local>`), so `require` completes.
// Shared by the core helpers (docs/lua-api.md) and the games' modules (game_api_doc.h).
std::string render_helper_module(const HelperModule& h, const std::string& level);
std::string render_helper_stub(const HelperModule& h, const std::string& generated_by);

// -- [SECTION] Everything, read from a source tree, and what it renders -------------------

struct Reference {
    Api api;
    Sandbox sandbox;
    std::vector<HelperModule> helpers;
};

Reference read_reference(const std::string& root);   // root holds runtime/ and scripts/
std::string render_markdown(const Reference& ref);    // docs/lua-api.md
// One LuaLS stub file per module: "docs/lua/duelbox/<module>.d.lua" -> its text.
std::map<std::string, std::string> render_stubs(const Reference& ref);

}  // namespace duelbox::docs
