// host.h - one Lua state with a game's definitions loaded, able to run many matches.
//
// Definitions load once per host (tens of ms for a big game); a match then costs only a
// coroutine. Scripts are stateless definitions: all match state lives in the kernel's
// Match, which the host points at while that match runs (set_match).
//
// Contracts
//  - Nothing a script does can crash the process: errors (syntax, runtime, memory cap,
//    instruction budget) come back as messages naming the script file:line and, inside a
//    handler, the card and window: `cards/g/x.lua:14: boom [card g/x, window on_hit]`.
//  - Scripts see only the sandbox (sandbox.h). `require` reaches scripts/core/,
//    scripts/<game>/ and cards/<game>/ under the root, nothing else.
//  - Card definitions are kept in load order (sorted file paths), never hash order.
#pragma once
#include <lua.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "kernel/decision.h"
#include "card_checks.h"
#include "kernel/dispatch.h"
#include "kernel/event.h"
#include "kernel/memory_account.h"
#include "scenario/mod_manifest.h"
#include "scenario/scenario.h"
#include "call_sites.h"
#include "small_blocks.h"

namespace duelbox {

class Match;
class LineTrace;
class ScriptProfile;

struct CardDef {
    std::string key;      // "game/name"
    std::string file;     // relative to the root
};

// Where `decide` hands its questions. The match runner implements it; `decide` validates the
// request table, calls ask() and yields; the runner resumes the coroutine with the answers.
class DecisionSink {
public:
    virtual ~DecisionSink() = default;
    // Takes the requests by swapping lists: `requests` comes back empty, with the list the sink
    // held before (so decide can reuse its storage for the next question).
    virtual void ask(std::vector<DecisionRequest>& requests, bool grouped, SourceLoc where) = 0;
    // Whether player p's decisions go to a person (a terminal, the editor), so that a rule may
    // spend time saying what it does not offer and why (match.asks_person).
    virtual bool asks_person(PlayerIndex p) const { (void)p; return false; }
    // How many questions this match has had answered so far (decide stops at limits.decisions).
    virtual std::int64_t answered() const { return 0; }
    // match.checkpoint (checkpoint.h): whether this run records checkpoints, and recording one
    // whose saved value is at stack slot `data` of L. "" or why the value cannot be saved.
    virtual bool records_checkpoints() const { return false; }
    virtual std::string record_checkpoint(lua_State* L, int data) {
        (void)L;
        (void)data;
        return "";
    }
    // The rules read ctx.seed: from then on the match may depend on its seed without drawing
    // (no checkpoint recorded after is seed-free, checkpoint.h).
    virtual void seed_read() {}
};

struct HandlerContext {
    std::string card;     // definition key, or "" for a rule script
    std::string window;
};

class LuaHost {
public:
    explicit LuaHost(Limits limits = {});
    ~LuaHost();
    LuaHost(const LuaHost&) = delete;
    LuaHost& operator=(const LuaHost&) = delete;

    // Loads scripts/<game>/game.lua and every .lua file under cards/<game>/ (sorted). Every
    // problem found is appended to `errors`; returns true when there were none.
    bool load_game(const std::string& root, const std::string& game, std::vector<std::string>& errors);

    // -- mods (scenario/mod_manifest.h): layers on the game, host_mods.cpp ------------------
    // The mods load_game layers on the game, in order. Reads each folder's mod.json; false
    // with the problems appended when one does not read. A mod's files are named
    // "mod:<name>/<path>" in every message, chunk name and content hash.
    //  - Modules: a mod's scripts/<game>/x.lua adds module <game>.x, or replaces the game's
    //    when mod.json lists it in overrides.modules (else refused, naming both files); two
    //    mods providing the same module conflict.
    //  - Cards: a mod's cards/<game>/ files add cards; an existing key is replaced only when
    //    listed in overrides.cards; two mods replacing one key conflict.
    //  - Then, in mod order: patch (data merged into definitions; one field patched by two
    //    mods conflicts), options (new defaults, checked like a scenario's), limits (new
    //    bounds of declared options and keys).
    bool set_mods(const std::vector<std::string>& dirs, std::vector<std::string>& errors);
    // The same with manifests read already (`duelbox check` reads one section by section and
    // loads what it could read, to list every problem of a mod at once).
    void set_mod_manifests(std::vector<ModManifest> mods) { mods_ = std::move(mods); }
    const std::vector<ModManifest>& mods() const { return mods_; }
    // set_mods(s.mods), then load_game(s.root, s.game): what every runner of a scenario calls.
    bool load_game(const Scenario& s, std::vector<std::string>& errors);
    // The file a game-relative script path is read from: "mod:<name>/<path>" when a mod
    // provides it, else the path itself. mod_script: the mod's path, or nullptr (a stored
    // string, so `require` pushes it with no C++ string alive across a Lua call).
    std::string resolve_script(const std::string& relative) const;
    const std::string* mod_script(const std::string& relative) const;

    // Where scripts/core/ comes from when the game's root has none (the engine's own copy).
    void set_core_root(std::string path) { core_root_ = std::move(path); }
    const std::string& core_root() const { return core_root_; }

    lua_State* state() const { return L_; }
    const std::string& root() const { return root_; }
    const std::string& game() const { return game_; }
    const std::vector<ScriptHash>& scripts() const { return scripts_; }   // every file loaded, with its hash
    const std::vector<CardDef>& cards() const { return cards_; }
    const Limits& limits() const { return limits_; }
    void set_limits(const Limits& l);

    // -- the running match --------------------------------------------------------------
    Match* match() const { return match_; }
    void set_match(Match* m) { match_ = m; }
    // A new match begins on this host: its kernel memory is charged to the host's cap from
    // zero, and file-level locals are put back to their load-time values (file_locals.h), so
    // it plays as on a fresh host. Then set_match(m).
    void start_match(Match* m);

    // -- handler function references (the kernel stores these integers) ----------------
    // Refs are numbered 1, 2, 3... in the order a match pins functions (never reused within a
    // match), so a match resumed from a checkpoint (checkpoint.h) can pin the same functions
    // under the same numbers. Each ref remembers where its function came from when it is a
    // card definition's field (`origin`): only those can be pinned again on another host.
    struct FunctionOrigin {
        std::string card;                             // definition key; "" = unknown (window.on's function)
        std::string field;                            // the definition's field holding the function
        bool operator==(const FunctionOrigin&) const = default;
    };
    // Pins the function at idx and returns its ref. `card`/`field`: its origin, or null. Only
    // the pinning may raise a Lua error, before any C++ object of this call exists.
    int ref_function(lua_State* L, int idx, const char* card = nullptr, const char* field = nullptr);
    void push_function(lua_State* L, int ref);        // nil when unknown
    void unref_all_functions();                       // between matches (also drops open window walks)
    // Moves on with every unref_all_functions: a ref kept from an earlier match (a card
    // template's pinned hook, card_templates.h) is valid only with the generation it was made in.
    std::uint64_t function_generation() const { return function_generation_; }
    const std::vector<FunctionOrigin>& function_origins() const { return function_origins_; }   // ref - 1 -> origin
    // Pins, under refs 1..n, the functions `origins` name (after unref_all_functions, before
    // the resumed match runs). "" or the first origin that names no function of the loaded
    // definitions; an unknown origin pins `false` (a removed handler's: never called).
    std::string repin_functions(const std::vector<FunctionOrigin>& origins);
    std::size_t open_dispatches() const;              // window walks not closed yet

    // -- window walks in progress (window.open .. window.close; dispatch.h) ----------------
    // A handle > 0, reused after close in a fixed order; 0 when too many are open (a script
    // that opens walks in a loop and never closes them).
    // A closed walk's object is restarted (Dispatch::restart), so its lists keep their storage.
    int open_dispatch(std::string_view window, DispatchOptions options);
    Dispatch* dispatch(int handle);                   // nullptr when closed or unknown
    void close_dispatch(int handle);
    static constexpr std::size_t kMaxOpenDispatches = 4096;
    // The walks window.run has open, innermost last. An error a script's pcall catches leaves
    // the walks it unwound open (their C frames are gone): pcall closes those opened since it
    // began, so a caught error cannot use up the walks or keep match.checkpoint refusing.
    void begin_run_walk(int handle) { run_walks_.push_back({handle, dispatch_serial(handle)}); }
    void end_run_walk(int handle);                    // that walk's entry, wherever it is
    std::size_t run_walk_depth() const { return run_walks_.size(); }
    void abandon_run_walks(std::size_t depth);        // closes those above `depth` still open as they were
    // Which opening of its slot a walk is (handles are reused after close): a walk closed and
    // its handle given to another is told apart by this number.
    std::uint64_t dispatch_serial(int handle) const;

    // -- which card's handler is running (for error messages) ---------------------------
    void push_context(HandlerContext c) { contexts_.push_back(std::move(c)); }
    void pop_context() { if (!contexts_.empty()) contexts_.pop_back(); }
    void clear_contexts() { contexts_.clear(); }
    std::size_t context_depth() const { return contexts_.size(); }
    // How many of the sandbox's pcall/xpcall are open (sandbox.cpp): each puts back the count it
    // found when it ends, however it ends. The outermost script call starts it at 0.
    static constexpr std::uint32_t kMaxPcallDepth = 100;
    std::uint32_t pcall_depth() const { return pcall_depth_; }
    void set_pcall_depth(std::uint32_t depth) { pcall_depth_ = depth; }
    // After a caught error: drop the contexts of handlers the error unwound.
    void restore_context_depth(std::size_t depth) {
        if (contexts_.size() > depth) contexts_.resize(depth);
    }
    std::string context_suffix() const;               // " [card g/x, window w]" or ""

    // Interns a text a script gives while the game loads (log.kind at a file's top level): the
    // process keeps it for good (symbols.h), so a load may add at most Match::kMaxNewTexts of
    // new texts, each at most Match::kMaxNewText, as a match may. Throws KernelError past them.
    Sym intern_loading(std::string_view text);

    // -- memory ------------------------------------------------------------------------
    std::size_t memory_used() const { return alloc_.account.lua; }
    std::size_t kernel_memory_used() const { return alloc_.account.kernel; }   // the running match's, charged
    void enforce_memory_cap(bool on) { alloc_.account.enforcing = on; }
    bool memory_cap_enforced() const { return alloc_.account.enforcing; }
    bool over_memory_cap(std::size_t more = 0) const { return alloc_.account.over(more); }
    // The bytes the scripts may still take before the cap: SIZE_MAX while it is not enforced.
    std::size_t memory_room() const {
        const MemoryAccount& a = alloc_.account;
        if (!a.enforcing || a.limit == 0) return SIZE_MAX;
        const std::size_t used = a.lua + a.kernel;
        return used < a.limit ? a.limit - used : 0;
    }
    // A memory-cap error that a C function caught and passes on as an ordinary error (Lua
    // cannot re-raise LUA_ERRMEM), so the sandbox's pcall still refuses to swallow it. Set
    // only while such an error is on its way up; the next outermost script call clears it.
    void set_memory_error_in_flight(bool on) {
        raising_ = static_cast<std::uint8_t>(on ? raising_ | kMemoryError : raising_ & ~kMemoryError);
    }
    bool memory_error_in_flight() const { return (raising_ & kMemoryError) != 0; }
    // The script call's thread (ScriptCall): where a refused allocation looks for its line.
    // Returns the one it replaces, for the call to put back when it ends.
    lua_State* set_running_thread(lua_State* thread) {
        lua_State* was = alloc_.running;
        alloc_.running = thread;
        return was;
    }
    // "file:line" where the memory cap last refused an allocation, "" when it did not since
    // clear_memory_refusal (each outermost script call clears it).
    const std::string& memory_refused_at() const { return alloc_.refused_at; }
    void clear_memory_refusal() { alloc_.refused_at.clear(); }
    // print() with no match running goes to stderr, at most kUnattachedPrintBytes a host: Yes
    // while there is room, Last once (the caller says the rest is dropped), then No.
    enum class PrintRoom { Yes, Last, No };
    static constexpr std::size_t kUnattachedPrintBytes = 64 * 1024;
    PrintRoom take_unattached_print(std::size_t bytes) {
        if (unattached_print_bytes_ >= kUnattachedPrintBytes) return PrintRoom::No;
        unattached_print_bytes_ += bytes;
        if (unattached_print_bytes_ > kUnattachedPrintBytes) {
            unattached_print_bytes_ = kUnattachedPrintBytes;
            return PrintRoom::Last;
        }
        return PrintRoom::Yes;
    }
    // True once a script has set a metatable (sandbox.cpp keeps each to check for __mode).
    void note_tracked_metatables() { tracked_metatables_ = true; }
    bool tracked_metatables() const { return tracked_metatables_; }
    // match.finish ends the rules where it is called: it raises an error that no pcall in a
    // script swallows and the runner reads as the match's end (match_runner.cpp). Set while
    // that error is on its way up; the next outermost script call clears it.
    void set_finish_in_flight(bool on) { finish_in_flight_ = on; }
    bool finish_in_flight() const { return finish_in_flight_; }
    // An error no script may catch (the instruction budget, a wall-clock limit, the memory cap,
    // match.finish) is on its way up; `message` is what it said. A to-be-closed variable's
    // __close still runs while it unwinds: every kernel call made there raises the same error
    // again (match_of), so such a handler can neither ask a question (the yield would let the
    // next resume start with fresh limits and a pcall below catch the error) nor change the
    // match after its end. Cleared when the outermost script call begins and when it ends.
    void set_unwinding(std::string message) {
        unwinding_message_ = std::move(message);
        raising_ |= kUnwinding;
    }
    void clear_unwinding() {
        raising_ = static_cast<std::uint8_t>(raising_ & ~kUnwinding);
        unwinding_message_.clear();
    }
    // One byte for both flags: every binding that touches the match tests this (match_of).
    bool unwinding() const { return raising_ != 0; }
    // The message to raise again ("" for the memory cap: the caller words it).
    const std::string& unwinding_message() const { return unwinding_message_; }

    // -- loading one file in the sandbox (also used by `check`) -------------------------
    // Loads a file relative to the root as a text chunk with its own environment and runs it;
    // leaves its first result on the stack on success. Returns "" or the error message.
    std::string run_file(const std::string& relative_path, int nresults = 1);
    // Reads a file under the root and records its content hash (for replays and `check`).
    std::string read_file(const std::string& relative_path, std::string& bytes);

    // -- the game's definition table (scripts/<game>/game.lua's result) -----------------
    void push_game(lua_State* L) const;               // the table, or nil before load_game
    std::vector<std::string> game_windows() const { return windows_; }
    // Where the script lines that call the kernel are, found once per call site (call_sites.h).
    CallSites& call_sites() { return call_sites_; }
    const std::vector<std::string>& windows() const { return windows_; }
    // Whether `name` is one of the game's windows: interned once and compared as a symbol (a
    // walk checks its window's name every time). Only looked up: a made-up name adds no text.
    bool has_window(std::string_view name) const {
        const Sym s = find_symbol(name);
        if (s == 0) return false;
        return std::find(window_syms_.begin(), window_syms_.end(), s) != window_syms_.end();
    }

    // -- decisions ------------------------------------------------------------------------
    DecisionSink* decisions() const { return decisions_; }
    void set_decisions(DecisionSink* sink) { decisions_ = sink; }

    // -- line tracing (opt-in, see line_trace.h) ------------------------------------------
    // While set, every call into Lua records the game-file lines it executes into `trace`
    // (nullptr: off, the default, no line hook at all). The host does not own the trace.
    LineTrace* line_trace() const { return line_trace_; }
    void set_line_trace(LineTrace* trace) { line_trace_ = trace; }

    // -- script profile (opt-in, see script_profile.h) ------------------------------------
    // While set, every call into Lua counts lines and calls and charges time into `profile`
    // (nullptr: off, the default). The host does not own the profile.
    ScriptProfile* script_profile() const { return script_profile_; }
    void set_script_profile(ScriptProfile* profile) { script_profile_ = profile; }

    // -- the list decide reads its requests into (lua_decide.cpp) --------------------------
    // One list the host keeps, so a question asked every turn makes neither a list nor a
    // finalizer userdata (push_owned). take_requests() hands it out (holding the requests of an
    // earlier question, which decide resets and refills in place), or nullptr while it
    // is out: a decide reached from inside another's read (a request's metamethod) makes its
    // own, and so does every decide after a read that raised (which never handed it back) until
    // the next match starts. give_back_requests(list) ends the loan when `list` is that list.
    std::vector<DecisionRequest>* take_requests();
    void give_back_requests(const std::vector<DecisionRequest>* list) {
        if (list == &requests_) requests_out_ = false;
    }

private:
    struct Alloc {
        MemoryAccount account; // Lua's live bytes, the match's kernel bytes, the cap
        SmallBlocks small;     // Lua's blocks up to 256 bytes (most of them)
        // The thread the innermost script call runs (ScriptCall sets it), and the Lua line it
        // stood at when the cap last refused an allocation: Lua raises a memory error without a
        // message handler, so a protected call that unwinds (a file's top level) keeps no other
        // trace of where it was.
        lua_State* running = nullptr;
        std::string refused_at;
    };
    static void* allocate(void* ud, void* ptr, std::size_t osize, std::size_t nsize);
    std::string load_cards(std::vector<std::string>& errors);
    void run_prepare(const std::string& file, std::vector<std::string>& errors);   // game.prepare(), once per load
    void record_file_locals();                        // file_locals.h: after the game has loaded
    std::string add_card(int idx, const std::string& file, const std::string& default_key);
    void check_mod_scripts(std::vector<std::string>& errors);         // host_mods.cpp
    std::vector<std::string> mod_card_files() const;
    // "" when `file` may define `key` that `existing_file` defined already; else why not.
    std::string card_replacement(const std::string& key, const std::string& file, const std::string& existing_file);
    void apply_mod_data(std::vector<std::string>& errors);            // patches, option defaults, limits
    // Merges `fields` into the game table's declaration `name` of `list` ("options", "seat_keys"...);
    // false when the game declares no such field as a table.
    bool merge_into_declaration(const char* list, const std::string& name, const nlohmann::json& fields);
    const ModManifest* mod_of_file(const std::string& file) const;    // "mod:<name>/..." -> its manifest

    Alloc alloc_;
    lua_State* L_ = nullptr;
    Limits limits_;
    std::string root_, game_, core_root_;
    std::vector<ScriptHash> scripts_;
    std::vector<CardDef> cards_;
    std::vector<ModManifest> mods_;
    std::map<std::string, std::string> mod_scripts_;    // "scripts/g/x.lua" -> "mod:<name>/scripts/g/x.lua"
    std::map<std::string, std::string> replaced_by_;    // card key -> the mod that replaced it
    std::map<std::string, std::vector<PatchMark>> patch_marks_;   // card key -> what mods patched into it
    std::vector<HandlerContext> contexts_;
    Match* match_ = nullptr;
    int functions_ref_ = LUA_NOREF;                   // registry table: ref -> function
    std::vector<FunctionOrigin> function_origins_;    // ref - 1 -> where the function came from
    std::uint64_t function_generation_ = 1;           // see function_generation()
    std::vector<Dispatch> dispatches_;                // handle = index + 1; open or kept for reuse
    std::vector<char> dispatch_open_;                 // per handle: whether its walk is open
    std::vector<std::pair<int, std::uint64_t>> run_walks_;   // window.run's open walks: handle, serial
    std::vector<std::uint64_t> dispatch_serials_;     // per handle: the serial of its latest opening
    std::uint64_t next_dispatch_serial_ = 0;
    int game_ref_ = LUA_NOREF;
    std::vector<std::string> windows_;
    std::vector<Sym> window_syms_;   // windows_ interned (has_window)
    CallSites call_sites_;           // the script line of each kernel call site (stamp_source)
    DecisionSink* decisions_ = nullptr;
    std::vector<DecisionRequest> requests_;          // take_requests()
    bool requests_out_ = false;
    LineTrace* line_trace_ = nullptr;
    ScriptProfile* script_profile_ = nullptr;
    // What is unwinding (memory_error_in_flight(), unwinding()): kMemoryError | kUnwinding.
    static constexpr std::uint8_t kMemoryError = 1, kUnwinding = 2;
    std::uint8_t raising_ = 0;
    std::size_t load_text_bytes_ = 0;   // new texts this load_game made (intern_loading)
    bool finish_in_flight_ = false;
    std::size_t unattached_print_bytes_ = 0;
    std::string unwinding_message_;
    std::uint32_t pcall_depth_ = 0;
    bool tracked_metatables_ = false;
};

}  // namespace duelbox
