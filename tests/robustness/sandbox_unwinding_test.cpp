// sandbox_unwinding_test.cpp - errors that end a call while the stack is deep or still closing:
// an endless recursion that fills the coroutine's stack up to the memory cap, an endless
// recursion through pcall (a to-be-closed variable's __close calling it again), and the memory
// cap met at a file's top level. Each must end in a clear error naming the line, soon, and the
// host must play the next match.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"
#include "probe_run.h"

using namespace duelbox;
using namespace duelbox::test;

TEST_CASE("an endless recursion in a handler ends at the memory cap, named by its line, without harm",
          "[robustness][sandbox]") {
    // The coroutine died with its stack full: its traceback was pushed onto that stack without
    // room (heap corruption, "double free or corruption" and an abort, in `duelbox run`).
    auto host = probe_host();
    const std::string traceback =
        expect_probe_failure(*host, "deep_recursion", "cards/probe/deep_recursion.lua:4:", "memory cap of 64 MB exceeded");
    CHECK(traceback.find("stack traceback:") != std::string::npos);
    expect_probe_healthy(*host);
}

TEST_CASE("pcall and xpcall refuse to nest more than 100 deep", "[robustness][sandbox]") {
    // The deepest call's pcall fails (a plain error, caught by the pcall around it): the
    // recursion ends and the script reads why.
    for (const char* call : {"pcall(dive)", "xpcall(dive, function(m) return m end)"}) {
        const RunResult r = run_snippet(std::string("local depth, why = 0, nil\n"
                                                    "local function dive()\n"
                                                    "  depth = depth + 1\n"
                                                    "  local ok, e = ") + call + "\n"
                                        "  if not ok and not why then why = e end\n"
                                        "end\n"
                                        "dive()\n"
                                        "print(depth <= 101, why)\n");
        INFO(call << ": " << r.error);
        REQUIRE(r.state == RunState::Finished);
        REQUIRE(r.printed().size() == 1);
        CHECK(r.printed()[0].rfind("true\tsnippet:4: more than 100 pcall/xpcall open at once (an endless recursion through "
                                   "pcall?)",
                                   0) == 0);
    }
    // A question asked inside 60 of them does not start the count again when play resumes.
    const RunResult asked = run_snippet(
        "local depth, why = 0, nil\n"
        "local function dive()\n"
        "  depth = depth + 1\n"
        "  if depth == 60 then decide { player = 1, kind = 'yesno', id = 'q', prompt = 'go on?' } end\n"
        "  local ok, e = pcall(dive)\n"
        "  if not ok and not why then why = e end\n"
        "end\n"
        "dive()\n"
        "print(depth <= 101, why)\n");
    INFO(asked.error);
    REQUIRE(asked.state == RunState::Finished);
    REQUIRE(asked.printed().size() == 1);
    CHECK(asked.printed()[0].rfind("true\tsnippet:5: more than 100 pcall/xpcall open at once", 0) == 0);
    // The count goes back down as each one ends: 300 pcalls one after another are fine.
    CHECK(error_of("for i = 1, 300 do assert(pcall(function() return pcall(function() end) end)) end") ==
          "(no error: finished)");
}

TEST_CASE("an endless recursion through pcall from a __close ends at the nesting bound", "[robustness][sandbox]") {
    // Each level's __close called pcall again: inside the rules coroutine Lua does not bound
    // nested protected calls, and unwinding the stack it built (a budget or wall-clock error
    // every pcall rethrew, each re-closing its level) took from 30 s to past two minutes and the
    // memory cap, whatever the limits said. Now the 101st nested pcall fails, the outermost
    // catches it, and the handler returns: the match plays on to its end.
    auto host = probe_host();
    MatchRunner runner(*host, probe_scenario({"probe/close_pcall"}));
    const RunState state = runner.run();
    INFO(runner.error());
    CHECK(state == RunState::Finished);
}

TEST_CASE("while the budget error unwinds, a __close cannot start a pcall", "[robustness][sandbox]") {
    // The budget error passes a to-be-closed variable whose __close tries to catch it in a new
    // pcall: the pcall is refused with the same error, so the script cannot go on.
    const std::string error = error_of(
        "local caught = false\n"
        "local x <close> = setmetatable({}, {__close = function()\n"
        "  caught = pcall(function() end)\n"
        "  print('closing', caught)\n"
        "end})\n"
        "while true do end\n");
    CHECK(error.find("instruction budget of") != std::string::npos);
    CHECK(error.find("closing") == std::string::npos);
}

TEST_CASE("a bad field's error names the field that sorts first, whatever Lua's hash seed", "[robustness][sandbox]") {
    // lua_next's order follows each process's string-hash seed: the first bad value it met, and
    // so the message, changed from run to run ("a table cannot be stored", "value 1.5 is not a
    // whole number", ...). Now the bad field whose name sorts first is named. Fresh hosts here
    // have fresh seeds, as separate processes do.
    for (int run = 0; run < 4; ++run) {
        CHECK_THAT(error_of("log.event('x', 't', {zeta = {}, beta = 1.5, gamma = print, delta = 2})"),
                   Catch::StartsWith("snippet:1: field 'beta': value 1.5 is not a whole number"));
        CHECK_THAT(error_of("entity.create { kind = 'x', zone = zone.create('z'), props = { zz = {}, mm = print, ok = 1 } }"),
                   Catch::Contains("field 'mm': a function cannot be stored"));
    }
}

TEST_CASE("a load() chunk name cannot start a line of an error", "[robustness][sandbox]") {
    // "=\ncards/...:5" made every error of the chunk print a line naming another file.
    CHECK_THAT(error_of("load('error(\"q\")', '=\\ncards/battlecon/fighters/kestrel.lua:5')()"),
               Catch::StartsWith("(load) \\x0acards/battlecon/fighters/kestrel.lua:5:1: q"));
}
