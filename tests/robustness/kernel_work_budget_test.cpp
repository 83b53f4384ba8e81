// Kernel work charged to the instruction budget: a kernel call whose work grows with what the
// match holds (a zone it scans or shifts, an entity's props, handlers,
// effects, scratch values, a derived value's sources) pays for that work (charge_work,
// runtime/lua/lua_util.h). The hook counts Lua's own instructions only: before, each loop below
// was a few thousand cheap Lua instructions over a call doing 20,000 elements of C++ work,
// and the same loops with 100,000 entities and millions of turns ran for minutes (one of them,
// ten million flag.set under the memory cap, for more than five minutes in the test suite).
// Each case must end with the budget error naming the loop's line; on the commit before the
// charges it finishes instead ("no error: finished").
#include <catch2/catch.hpp>

#include <string>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;

namespace {

// Line 1 of every case: a public zone `z` of 20,000 tokens (made at the bottom: no shift),
// their list `es`, another zone `z2`, and player 1's entity `e`. Its own cost is far under the
// snippet's budget of 5,000,000.
const std::string kSetup =
    "local z, z2, e, es = zone.create('pile', nil, 'public'), zone.create('other', nil, 'public'), "
    "match.player_entity(1), {}; for i = 1, 20000 do es[i] = entity.create{ zone = z, name = 't', "
    "props = { power = 1 } } end\n";

void expect_charged(const std::string& loop) {
    const std::string error = error_of(kSetup + loop);
    INFO(loop);
    INFO(error);
    CHECK(error.rfind("snippet:2: instruction budget of 5000000 exceeded", 0) == 0);
}

}  // namespace

TEST_CASE("kernel work: sorted keys stored in reverse order pay for the shift", "[robustness][sandbox][budget]") {
    expect_charged("for i = 20000, 1, -1 do flag.set(e, 'k' .. i, 1) end");
    expect_charged("for i = 20000, 1, -1 do entity.set(e, 'k' .. i, 1) end");
    expect_charged("for i = 20000, 1, -1 do entity.add_tag(e, 'k' .. i) end");
}

TEST_CASE("kernel work: zone calls pay for the entities they scan or shift", "[robustness][sandbox][budget]") {
    expect_charged("for i = 1, 3000 do local t = zone.items(z) end");
    expect_charged("for i = 1, 3000 do local n = zone.count(z, 'token', 'x') end");
    expect_charged("for i = 1, 3000 do local n = zone.position(es[20000]) end");
    expect_charged("for i = 1, 3000 do local t = zone.tagged('x', nil, { z }) end");
    expect_charged("for i = 1, 1000 do zone.shuffle(z) end");
    expect_charged("for i = 1, 3000 do zone.move(es[20000], z2, 'top'); zone.move(es[20000], z, 'bottom') end");
    expect_charged("for i = 1, 2 do zone.move_all(z, z2); zone.move_all(z2, z) end");
    expect_charged("for i = 1, 20000 do entity.create{ zone = z2, where = 'top' } end");
}

TEST_CASE("kernel work: effects and handlers are looked through per call", "[robustness][sandbox][budget]") {
    expect_charged("for i = 1, 20000 do effect.modify{ target = e, stat = 's', amount = 1 } end; "
                   "for i = 1, 3000 do local v = effect.stat(e, 's', 0) end");
    expect_charged("local function f() end; for i = 1, 20000 do window.on('go', f) end; "
                   "for i = 1, 300 do local t = window.collect('go') end");
    expect_charged("local function f() end; for i = 1, 20000 do window.on('go', f) end; "
                   "for i = 1, 3000 do window.off_source(e) end");
    expect_charged("for i = 1, 20000 do flag.set(es[i], 'k', 1, 'p') end; for i = 1, 3000 do match.end_period('q') end");
    expect_charged("local function f() end; local hs = {}; for i = 1, 20000 do hs[i] = window.on('go', f) end; "
                   "for i = 1, 20000 do window.off(hs[i]) end");
    expect_charged("for i = 20000, 1, -1 do zone.create('z' .. i) end");
}

TEST_CASE("kernel work: board searches pay for the board", "[robustness][sandbox][budget]") {
    // A map comes from a file a mod may ship (60,000 spaces load: #16.10), and a search over
    // it is that much work a call however few steps it asks for. Here the largest line
    // board.line makes, 1,000 spaces, searched 6,000 times.
    expect_charged("board.line(1000); board.place(es[1], 1); for i = 1, 6000 do local t = board.reach(es[1], 1000) end");
    expect_charged("board.line(1000); board.place(es[1], 1); for i = 1, 6000 do local t = board.path(es[1], 1000) end");
    expect_charged("board.line(1000); for i = 1, 6000 do local t = board.in_sight(1) end");
    expect_charged("board.line(1000); for i = 1, 6000 do local d = board.distance(1, 1000, { 'border' }) end");
}

TEST_CASE("kernel work: a derived value pays for the sources it checks and recomputes", "[robustness][sandbox][budget]") {
    expect_charged("local id = derived.define{ name = 'power', zones = { z }, prop = 'power' }; "
                   "for i = 1, 3000 do entity.set(es[1], 'power', i % 5); local v = derived.get(id) end");
    expect_charged("for i = 1, 20000 do derived.define{ name = 'd' .. i, zones = { z2 }, prop = 'power' } end");
}

TEST_CASE("kernel work: a list argument is read again at every call, and paid for", "[robustness][sandbox][budget]") {
    // A list made once costs the script its making once; passed again and again, its reading
    // must be charged too. (The last case hands the binding straight to pcall: the error still
    // names the script's line, the nearest one above the C caller.)
    const std::string lists = "local names, ones, all = {}, {}, {}; for i = 1, 20000 do names[i] = 'no' .. i; "
                              "ones[i] = 1; all[i] = es[i] end; local function f() end; window.on('go', f, { source = es[1] }); ";
    expect_charged(lists + "for i = 1, 3000 do local t = zone.tagged('x', nil, names) end");
    expect_charged(lists + "for i = 1, 3000 do zone.reveal(es[1], ones) end");
    expect_charged(lists + "for i = 1, 3000 do window.run('go', nil, 1, { only = all }) end");
    expect_charged(lists + "for i = 1, 3000 do window.run('go', nil, 1, { players = ones }) end");
    expect_charged(lists + "for i = 1, 3000 do log.event('x', 'x', nil, { to = ones }) end");
    expect_charged(lists + "board.line(3); for i = 1, 3000 do local ok = pcall(board.distance, 1, 2, names) end");
}

TEST_CASE("kernel work: the small lists of real rules are free", "[robustness][sandbox][budget]") {
    // A call that touches at most 64 elements costs nothing: 100,000 calls over a 60-card zone
    // would be 6,000,000 units charged, over the budget, and their Lua instructions are far under it.
    const RunResult r = run_snippet(
        "local z = zone.create('pile', nil, 'public'); local es = {}\n"
        "for i = 1, 60 do es[i] = entity.create{ zone = z, name = 't' } end\n"
        "for i = 1, 50000 do local t = zone.items(z, nil, nil, es); local n = zone.position(es[60]) end\n");
    INFO(r.error);
    CHECK(r.finished());
}
