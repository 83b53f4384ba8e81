#include "host.h"

#include "card_templates.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <set>

#include "file_locals.h"
#include "kernel/match.h"
#include "lua_modules.h"
#include "raw_field.h"
#include "sandbox.h"
#include "scenario/file_text.h"
#include "script_call.h"

namespace duelbox {

namespace fs = std::filesystem;

namespace {

const char* const kCardsKey = "duelbox.cards";

int open_everything(lua_State* L) {
    sandbox_open(L);
    open_duelbox_modules(L);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, kCardsKey);
    return 0;
}

// Reached only if Lua raises outside any protected call: a bug in Duelbox, not a script.
int on_panic(lua_State* L) {
    const char* msg = lua_tostring(L, -1);
    std::fprintf(stderr, "duelbox: unprotected Lua error (a Duelbox bug, please report): %s\n", msg ? msg : "?");
    std::abort();
}

bool is_identifier_path(const std::string& s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '/' ||
              c == '-'))
            return false;
    return true;
}

// Scripts' tables that the host reads are plain: a metatable there would never be consulted
// (raw_field.h), so one is refused with its file rather than silently ignored.
bool has_metatable(lua_State* L, int idx) {
    if (!lua_getmetatable(L, idx)) return false;
    lua_pop(L, 1);
    return true;
}

}  // namespace

void* LuaHost::allocate(void* ud, void* ptr, std::size_t osize, std::size_t nsize) {
    auto* a = static_cast<Alloc*>(ud);
    const std::size_t old = ptr ? osize : 0;   // without ptr, osize names the object's type
    if (nsize == 0) {
        if (SmallBlocks::small(old)) a->small.put(ptr, old);
        else std::free(ptr);
        a->account.lua -= old;
        return nullptr;
    }
    // Lua retries a failed allocation after a full collection, then raises LUA_ERRMEM.
    if (a->account.enforcing && nsize > old && a->account.over(nsize - old)) {
        // Noted at each refusal with a Lua line to name: the last before Lua gives up is the one
        // that raised (one after the stack unwound, making the error, has none to name). Reading
        // a stack allocates nothing in Lua (lua_getinfo "Sl"); the note is C++ memory.
        if (a->running) {
            try {
                if (std::string at = innermost_lua_location(a->running); !at.empty()) a->refused_at = std::move(at);
            } catch (...) {   // (no C++ exception may cross Lua's frames: without a note then)
            }
        }
        return nullptr;
    }
    void* p;
    if (!SmallBlocks::small(old) && !SmallBlocks::small(nsize)) {
        p = std::realloc(ptr, nsize);                  // both sides large (or a new large block)
    } else if (ptr && SmallBlocks::small(old) && SmallBlocks::small(nsize) &&
               (old - 1) / 16 == (nsize - 1) / 16) {
        p = ptr;                                       // same size class: the block fits
    } else {
        p = SmallBlocks::small(nsize) ? a->small.get(nsize) : std::malloc(nsize);
        if (p && ptr) {
            std::memcpy(p, ptr, old < nsize ? old : nsize);
            if (SmallBlocks::small(old)) a->small.put(ptr, old);
            else std::free(ptr);
        }
    }
    if (p) a->account.lua = a->account.lua - old + nsize;
    return p;
}

LuaHost::LuaHost(Limits limits) : limits_(limits) {
#ifdef DUELBOX_SOURCE_ROOT
    core_root_ = DUELBOX_SOURCE_ROOT;
#endif
    if (const char* env = std::getenv("DUELBOX_CORE_ROOT")) core_root_ = env;
    alloc_.account.limit = static_cast<std::size_t>(limits.memory_bytes);
    L_ = lua_newstate(&LuaHost::allocate, &alloc_);
    // Generational collection: rules make many short-lived tables (options, lists) next to a
    // large, long-lived heap of definitions, the case it is made for. No finalizer or weak
    // table steers the rules, so when the collector runs changes no log.
    lua_gc(L_, LUA_GCGEN, 0, 0);
    *static_cast<LuaHost**>(lua_getextraspace(L_)) = this;
    lua_atpanic(L_, on_panic);
    lua_pushcfunction(L_, open_everything);
    if (lua_pcall(L_, 0, 0, 0) != LUA_OK) {
        std::fprintf(stderr, "duelbox: cannot set up Lua: %s\n", lua_tostring(L_, -1));
        std::abort();
    }
    lua_newtable(L_);
    functions_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);
    call_sites_.self_test(L_);
}

LuaHost::~LuaHost() { lua_close(L_); }

void LuaHost::set_limits(const Limits& l) {
    limits_ = l;
    alloc_.account.limit = static_cast<std::size_t>(l.memory_bytes);
}

std::string LuaHost::context_suffix() const {
    if (contexts_.empty()) return "";
    const HandlerContext& c = contexts_.back();
    if (c.card.empty() && c.window.empty()) return "";
    if (c.card.empty()) return " [window " + c.window + "]";
    if (c.window.empty()) return " [card " + c.card + "]";
    return " [card " + c.card + ", window " + c.window + "]";
}

// -- functions ----------------------------------------------------------------------------

int LuaHost::ref_function(lua_State* L, int idx, const char* card, const char* field) {
    idx = lua_absindex(L, idx);
    lua_rawgeti(L, LUA_REGISTRYINDEX, functions_ref_);
    lua_pushvalue(L, idx);
    const int ref = static_cast<int>(function_origins_.size()) + 1;
    lua_rawseti(L, -2, ref);
    lua_pop(L, 1);
    FunctionOrigin& o = function_origins_.emplace_back();
    if (card && field) {
        o.card = card;
        o.field = field;
    }
    return ref;
}

void LuaHost::push_function(lua_State* L, int ref) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, functions_ref_);
    lua_rawgeti(L, -1, ref);
    lua_remove(L, -2);
}

void LuaHost::unref_all_functions() {
    luaL_unref(L_, LUA_REGISTRYINDEX, functions_ref_);
    lua_newtable(L_);
    functions_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);
    function_origins_.clear();
    dispatches_.clear();
    dispatch_open_.clear();
    dispatch_serials_.clear();
    run_walks_.clear();
    ++function_generation_;
}

std::string LuaHost::repin_functions(const std::vector<FunctionOrigin>& origins) {
    lua_State* L = L_;
    const int top = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, functions_ref_);
    for (std::size_t i = 0; i < origins.size(); ++i) {
        const FunctionOrigin& o = origins[i];
        if (o.card.empty()) {
            lua_pushboolean(L, 0);
        } else if (!push_card_definition(L, o.card.c_str()) || lua_getfield(L, -1, o.field.c_str()) != LUA_TFUNCTION) {
            lua_settop(L, top);
            return "card '" + o.card + "' has no function '" + o.field + "'";
        } else {
            lua_remove(L, -2);
        }
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    lua_settop(L, top);
    function_origins_ = origins;
    // The card hooks pinned among them count as pinned this match, as in the match copied: its
    // next activation of such a card reuses the ref instead of pinning the function again.
    for (std::size_t i = 0; i < origins.size(); ++i) {
        const FunctionOrigin& o = origins[i];
        const CardTemplate* t = o.card.empty() ? nullptr : card_template(L, o.card);
        if (!t) continue;
        for (const CardTemplate::Hook& hook : t->hooks)
            if (hook.proto.window == o.field && hook.pinned_generation != function_generation_) {
                hook.pinned_ref = static_cast<int>(i + 1);
                hook.pinned_generation = function_generation_;
            }
    }
    return "";
}

std::size_t LuaHost::open_dispatches() const {
    return static_cast<std::size_t>(std::count(dispatch_open_.begin(), dispatch_open_.end(), 1));
}

int LuaHost::open_dispatch(std::string_view window, DispatchOptions options) {
    for (std::size_t i = 0; i < dispatches_.size(); ++i)
        if (!dispatch_open_[i]) {
            dispatches_[i].restart(window, std::move(options));
            dispatch_open_[i] = 1;
            dispatch_serials_[i] = ++next_dispatch_serial_;
            return static_cast<int>(i + 1);
        }
    if (dispatches_.size() >= kMaxOpenDispatches) return 0;
    dispatches_.emplace_back(window, std::move(options));
    dispatch_open_.push_back(1);
    dispatch_serials_.push_back(++next_dispatch_serial_);
    return static_cast<int>(dispatches_.size());
}

std::uint64_t LuaHost::dispatch_serial(int handle) const {
    if (handle < 1 || static_cast<std::size_t>(handle) > dispatch_serials_.size()) return 0;
    return dispatch_serials_[static_cast<std::size_t>(handle) - 1];
}

Dispatch* LuaHost::dispatch(int handle) {
    if (handle < 1 || static_cast<std::size_t>(handle) > dispatches_.size()) return nullptr;
    const auto i = static_cast<std::size_t>(handle) - 1;
    return dispatch_open_[i] ? &dispatches_[i] : nullptr;
}

void LuaHost::close_dispatch(int handle) {
    if (dispatch(handle)) dispatch_open_[static_cast<std::size_t>(handle) - 1] = 0;
}

void LuaHost::end_run_walk(int handle) {
    for (std::size_t i = run_walks_.size(); i-- > 0;)
        if (run_walks_[i].first == handle) {
            run_walks_.erase(run_walks_.begin() + static_cast<std::ptrdiff_t>(i));
            return;
        }
}

void LuaHost::abandon_run_walks(std::size_t depth) {
    while (run_walks_.size() > depth) {
        const auto [handle, serial] = run_walks_.back();
        // Not a walk a script opened later under the same handle (a handler closed this one).
        if (dispatch_serial(handle) == serial) close_dispatch(handle);
        run_walks_.pop_back();
    }
}

// -- files --------------------------------------------------------------------------------

std::string LuaHost::read_file(const std::string& relative_path, std::string& bytes) {
    if (relative_path.find("..") != std::string::npos || relative_path.empty() || relative_path[0] == '/' ||
        fs::path(relative_path).is_absolute())
        return relative_path + ": path leaves the game's folders (give a path relative to the game's root)";
    fs::path base = root_;
    fs::path full = base / relative_path;
    if (const ModManifest* m = mod_of_file(relative_path)) {   // "mod:<name>/<path in the mod>"
        base = m->dir;
        full = base / relative_path.substr(relative_path.find('/') + 1);
    } else if (relative_path.rfind("mod:", 0) == 0) {
        return relative_path + ": no mod of that name is loaded";
    }
    std::error_code ec;
    if (relative_path.rfind("scripts/core/", 0) == 0 && !fs::exists(full, ec) && !core_root_.empty()) {
        base = core_root_;
        full = base / relative_path;   // a game folder outside the engine uses the engine's core
    }
    // A symbolic link inside the folder may point anywhere: the file must really lie inside it
    // (a mod's "mod:<name>/x.json" was a door to any file the process could read).
    const fs::path real = fs::weakly_canonical(full, ec), real_base = fs::weakly_canonical(base, ec);
    const auto [stop, rest] = std::mismatch(real_base.begin(), real_base.end(), real.begin(), real.end());
    if (ec || stop != real_base.end() || rest == real.end())
        return relative_path + ": path leaves the game's folders (a link to a file outside them?)";
    if (std::string why = read_input_file(full.string(), bytes); !why.empty()) return relative_path + ": " + why;
    const std::string hash = content_hash(bytes);
    auto it = std::find_if(scripts_.begin(), scripts_.end(), [&](const ScriptHash& h) { return h.path == relative_path; });
    if (it == scripts_.end()) scripts_.push_back({relative_path, hash});
    else it->hash = hash;
    return "";
}

std::string LuaHost::run_file(const std::string& relative_path, int nresults) {
    std::string bytes;
    std::string err = read_file(relative_path, bytes);
    if (!err.empty()) return err;
    if (sandbox_load(L_, bytes, "@" + relative_path) != LUA_OK) {
        err = lua_tostring(L_, -1);
        lua_pop(L_, 1);
        return err;
    }
    lua_getupvalue(L_, -1, 1);   // the file's environment, frozen once it has run
    lua_insert(L_, -2);
    const int env = lua_gettop(L_) - 1;
    ScriptCall call(*this, L_);
    if (call.pcall(0, nresults) != LUA_OK) {
        lua_remove(L_, env);
        // A memory error at the top level has no Lua frame left to name: name the file at least.
        if (call.error().rfind(relative_path, 0) != 0) return relative_path + ": " + call.error();
        return call.error();
    }
    sandbox_freeze_env(L_, env);
    lua_remove(L_, env);
    return "";
}

// -- the game -------------------------------------------------------------------------------

void LuaHost::push_game(lua_State* L) const {
    if (game_ref_ == LUA_NOREF) lua_pushnil(L);
    else lua_rawgeti(L, LUA_REGISTRYINDEX, game_ref_);
}

Sym LuaHost::intern_loading(std::string_view text) {
    if (text.size() > Match::kMaxNewText && find_symbol(text) == 0) Match::refuse_long_text(text.size());
    bool created = false;
    const Sym s = intern(text, created);
    if (created && (load_text_bytes_ += text.size()) > Match::kMaxNewTexts)
        throw KernelError("this game's load has made " + std::to_string(load_text_bytes_ >> 10) +
                          " KB of new texts for the log (event types, narration templates, field keys), which the "
                          "process keeps for good: at most " + std::to_string(Match::kMaxNewTexts >> 20) + " MB a load");
    return s;
}

bool LuaHost::load_game(const std::string& root, const std::string& game, std::vector<std::string>& errors) {
    const std::size_t errors_before = errors.size();
    load_text_bytes_ = 0;
    root_ = root;
    game_ = game;
    if (!is_identifier_path(game) || game.find('/') != std::string::npos) {
        errors.push_back("game name '" + game + "' must be letters, digits, '_' or '-'");
        return false;
    }
    check_mod_scripts(errors);
    if (errors.size() != errors_before) return false;
    const std::string file = resolve_script("scripts/" + game + "/game.lua");
    const std::string err = run_file(file, 1);
    if (!err.empty()) {
        // A game that is not there: say where it was looked for (a scenario's "root", --root).
        const bool missing = err.rfind(file + ": cannot read", 0) == 0;
        errors.push_back(missing ? err + " (looked in the root " + root + " for game '" + game + "')" : err);
        return false;
    }
    if (!lua_istable(L_, -1)) {
        errors.push_back(file + ": must return the game table (got " + luaL_typename(L_, -1) + ")");
        lua_pop(L_, 1);
        return false;
    }
    if (has_metatable(L_, -1)) {
        errors.push_back(file + ": must return a plain game table, without a metatable (the host reads its fields "
                                "directly, raw_field.h)");
        lua_pop(L_, 1);
        return false;
    }
    const int g = lua_gettop(L_);
    if (raw_field(L_, g, "play") != LUA_TFUNCTION)
        errors.push_back(file + ": field 'play' must be a function play(ctx) that runs the match");
    lua_pop(L_, 1);
    windows_.clear();
    window_syms_.clear();
    if (raw_field(L_, g, "windows") == LUA_TTABLE) {
        const auto n = static_cast<lua_Integer>(lua_rawlen(L_, -1));
        for (lua_Integer i = 1; i <= n; ++i) {
            if (lua_rawgeti(L_, -1, i) != LUA_TSTRING)
                errors.push_back(file + ": windows[" + std::to_string(i) + "] must be a window name (a string)");
            else {
                windows_.push_back(lua_tostring(L_, -1));
                try {   // the process keeps them: the load's bound on new texts (intern_loading)
                    window_syms_.push_back(intern_loading(windows_.back()));
                } catch (const KernelError& e) {
                    errors.push_back(file + ": windows[" + std::to_string(i) + "]: " + e.what());
                    windows_.pop_back();
                    lua_pop(L_, 1);
                    break;
                }
            }
            lua_pop(L_, 1);
        }
    } else if (!lua_isnil(L_, -1)) {
        errors.push_back(file + ": field 'windows' must be a list of window names");
    }
    lua_pop(L_, 1);
    if (game_ref_ != LUA_NOREF) luaL_unref(L_, LUA_REGISTRYINDEX, game_ref_);
    game_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);   // pops the table
    const std::string cards_err = load_cards(errors);
    if (!cards_err.empty()) errors.push_back(cards_err);
    if (errors.size() == errors_before) apply_mod_data(errors);
    if (errors.size() == errors_before)
        if (std::string e = freeze_card_views(L_, cards_); !e.empty()) errors.push_back(std::move(e));   // lua_modules.h
    if (errors.size() == errors_before) run_prepare(file, errors);
    // A value a mod patched in must pass the game's own check of its cards (card_checks.h):
    // refused here, naming the patch, rather than failing inside some match's setup.
    if (errors.size() == errors_before)
        for (auto& e : check_patched_cards(*this, patch_marks_)) errors.push_back(std::move(e));
    record_file_locals();
    return errors.size() == errors_before;
}

void LuaHost::run_prepare(const std::string& file, std::vector<std::string>& errors) {
    // game.prepare(): once per load, after the cards (and the mods' changes to them), before
    // file_locals_record, so what it leaves in file-level tables is where every match starts
    // (the restore gives those tables these contents back). No match is running: a kernel call
    // that needs one raises, naming the line.
    push_game(L_);
    const int type = raw_field(L_, -1, "prepare");
    if (type != LUA_TFUNCTION) {
        if (type != LUA_TNIL)
            errors.push_back(file + ": field 'prepare' must be a function prepare() (run once after the cards load)");
        lua_pop(L_, 2);
        return;
    }
    lua_remove(L_, -2);
    ScriptCall call(*this, L_);
    if (call.pcall(0, 0) != LUA_OK) errors.push_back("game.prepare: " + call.error());
}

void LuaHost::record_file_locals() {
    const int top = lua_gettop(L_);
    push_game(L_);
    lua_getfield(L_, LUA_REGISTRYINDEX, kCardsKey);
    lua_getfield(L_, LUA_REGISTRYINDEX, "duelbox.loaded");
    const int roots[] = {top + 1, top + 2, top + 3};
    file_locals_record(L_, roots, 3, top + 3);
    lua_settop(L_, top);
}

std::vector<DecisionRequest>* LuaHost::take_requests() {
    if (requests_out_) return nullptr;
    requests_out_ = true;
    return &requests_;   // as the last question left it: decide reuses its requests' storage
}

void LuaHost::start_match(Match* m) {
    requests_out_ = false;   // a loan a raise never ended (take_requests) ends with its match
    requests_.clear();
    alloc_.account.kernel = 0;
    if (m) m->set_memory_account(&alloc_.account);
    file_locals_restore(L_);
    set_match(m);
}

std::string LuaHost::load_cards(std::vector<std::string>& errors) {
    cards_.clear();
    lua_newtable(L_);
    lua_setfield(L_, LUA_REGISTRYINDEX, kCardsKey);
    replaced_by_.clear();
    patch_marks_.clear();
    const fs::path dir = fs::path(root_) / "cards" / game_;
    std::error_code ec;
    std::vector<std::string> files;
    if (fs::exists(dir, ec)) {   // a game may define every piece in its scripts
        for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
             it.increment(ec))
            if (it->is_regular_file() && it->path().extension() == ".lua")
                files.push_back(fs::relative(it->path(), root_).generic_string());
        if (ec) return "cards/" + game_ + ": cannot list (" + ec.message() + ")";
        std::sort(files.begin(), files.end());
    }
    for (const std::string& f : mod_card_files()) files.push_back(f);   // after the game's, in mod order
    for (const std::string& f : files) {
        const std::string err = run_file(f, 1);
        if (!err.empty()) {
            errors.push_back(err);
            continue;
        }
        const std::string stem = fs::path(f).stem().string();
        const std::string default_key = game_ + "/" + stem;
        std::string problem;
        if (!lua_istable(L_, -1)) {
            problem = f + ": must return a card table or a list of card tables (got " + luaL_typename(L_, -1) + ")";
        } else if (has_metatable(L_, -1)) {
            problem = f + ": must return a plain table, without a metatable (the host reads card fields directly)";
        } else if (lua_rawlen(L_, -1) > 0) {
            const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L_, -1));
            for (lua_Integer i = 1; i <= n && problem.empty(); ++i) {
                lua_rawgeti(L_, -1, i);
                problem = add_card(lua_gettop(L_), f, "");
                if (!problem.empty()) problem += " (card " + std::to_string(i) + " of the list)";
                lua_pop(L_, 1);
            }
        } else {
            problem = add_card(lua_gettop(L_), f, default_key);
        }
        lua_pop(L_, 1);
        if (!problem.empty()) errors.push_back(problem);
    }
    return "";
}

std::string LuaHost::add_card(int idx, const std::string& file, const std::string& default_key) {
    if (!lua_istable(L_, idx)) return file + ": a card must be a table";
    if (has_metatable(L_, idx)) return file + ": a card must be a plain table, without a metatable";
    std::string key = default_key;
    if (raw_field(L_, idx, "key") == LUA_TSTRING) key = lua_tostring(L_, -1);
    else if (!lua_isnil(L_, -1)) {
        lua_pop(L_, 1);
        return file + ": field 'key' must be a string such as \"" + game_ + "/name\"";
    }
    lua_pop(L_, 1);
    if (key.empty()) return file + ": a card in a list needs a 'key' field such as \"" + game_ + "/name\"";
    if (key.rfind(game_ + "/", 0) != 0) return file + ": card key '" + key + "' must start with '" + game_ + "/'";
    // The fields every game reads as text (card_templates.cpp, narration): a number there would
    // be turned into text silently, so "kind = 42" made a card of kind "42".
    for (const char* field : {"kind", "name"}) {
        const int type = raw_field(L_, idx, field);
        lua_pop(L_, 1);
        if (type != LUA_TNIL && type != LUA_TSTRING)
            return file + ": card " + key + ": field '" + field + "' must be a string (got " + lua_typename(L_, type) + ")";
    }
    // Every function field must be a window of the game: a misspelt window would never fire.
    std::vector<std::string> stray;
    lua_pushnil(L_);
    while (lua_next(L_, idx)) {
        if (lua_type(L_, -2) == LUA_TSTRING && lua_type(L_, -1) == LUA_TFUNCTION) {
            const std::string name = lua_tostring(L_, -2);
            if (std::find(windows_.begin(), windows_.end(), name) == windows_.end()) stray.push_back(name);
        }
        lua_pop(L_, 1);
    }
    // The tables the host parses at load (card_templates.cpp: props, tags, timing and each
    // window's timing) are read before any budget runs: a metatable there would run script code
    // unbudgeted (an __index or __len that loops hung the load). Plain tables only, like the card.
    for (const char* field : {"props", "tags", "timing"}) {
        const bool table = raw_field(L_, idx, field) == LUA_TTABLE;
        std::string bad = table && has_metatable(L_, -1) ? field : "";
        if (table && bad.empty() && std::strcmp(field, "timing") == 0) {
            const int timing = lua_gettop(L_);
            lua_pushnil(L_);
            while (lua_next(L_, timing)) {
                if (bad.empty() && lua_type(L_, -2) == LUA_TSTRING && lua_istable(L_, -1) && has_metatable(L_, -1))
                    bad = std::string("timing.") + lua_tostring(L_, -2);
                lua_pop(L_, 1);
            }
        }
        lua_pop(L_, 1);
        if (!bad.empty())
            return file + ": card " + key + ": field '" + bad + "' must be a plain table, without a metatable (the host "
                   "reads it directly when the game loads)";
    }
    if (!stray.empty()) {
        std::sort(stray.begin(), stray.end());   // lua_next order differs between runs
        std::string known;
        for (const auto& w : windows_) known += (known.empty() ? "" : ", ") + w;
        std::string named;   // every one, so a card is not fixed one misspelling at a time
        for (const auto& f : stray) named += (named.empty() ? "'" : ", '") + f + "'";
        return file + ": card " + key + (stray.size() == 1 ? ": function " + named + " is not a window of game "
                                                             : ": functions " + named + " are not windows of game ") +
               game_ + " (windows: " + known + "); put helpers in a local instead";
    }
    lua_getfield(L_, LUA_REGISTRYINDEX, kCardsKey);
    auto it = std::find_if(cards_.begin(), cards_.end(), [&](const CardDef& c) { return c.key == key; });
    if (lua_getfield(L_, -1, key.c_str()) != LUA_TNIL) {
        lua_pop(L_, 2);
        // A mod replaces a card only when its mod.json says so (host.h, mods).
        if (std::string why = card_replacement(key, file, it != cards_.end() ? it->file : "?"); !why.empty()) return why;
        lua_getfield(L_, LUA_REGISTRYINDEX, kCardsKey);
    } else {
        lua_pop(L_, 1);
    }
    lua_pushstring(L_, key.c_str());
    raw_set_field(L_, idx, "key");
    lua_pushvalue(L_, idx);
    lua_setfield(L_, -2, key.c_str());
    lua_pop(L_, 1);
    if (it != cards_.end()) it->file = file;   // replaced: keeps its place in load order
    else cards_.push_back({key, file});
    return "";
}

}  // namespace duelbox
