// derived_api_test.cpp - module `derived` (runtime/lua/lua_derived.cpp): values the kernel
// sums and caches.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using Strings = std::vector<std::string>;

TEST_CASE("derived.define/get/of/sources/find follow the zone, props and modifiers", "[lua_api][derived]") {
    const RunResult r = run_snippet(R"(local pe = match.player_entity(1)
local pair = zone.create("pair", 1)
local style = entity.create{zone = pair, kind = "style", props = {power = 2}}
local base = entity.create{zone = pair, kind = "base", props = {power = "none"}}
local d = derived.define{name = "power", zones = {pair}, kinds = {"style", "base"}, prop = "power", none = "none",
  target = pe, stat = "power", floor = 0}
print(derived.get(d), derived.find("power", pe) == d, derived.find("speed", pe))
entity.set(base, "power", 3)
effect.modify{target = pe, stat = "power", op = "add", amount = 1}
local s1, s2 = derived.sources(d)
print(derived.get(d), derived.of("power", pe), s1 == style, s2 == base)
effect.modify{target = pe, stat = "power", op = "add", amount = -10}
print(derived.get(d)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"none\ttrue\tnil", "6\t6\ttrue\ttrue", "0"});
}

TEST_CASE("derived functions name their bad arguments", "[lua_api][derived]") {
    CHECK(error_of("derived.define{zones = {1}}").find("field 'prop'") != std::string::npos);
    CHECK(error_of("derived.define{prop = 'x', zones = {99}}").find("field 'zones'") != std::string::npos);
    CHECK(error_of("derived.define{prop = 'x', zones = {1}, stat = 'x'}").find("field 'target' is required") !=
          std::string::npos);
    CHECK(error_of("derived.get(7)").find("no derived value 7") != std::string::npos);
    CHECK(error_of("derived.of('power', 1)").find("no derived value 'power'") != std::string::npos);
}

TEST_CASE("derived.source_with finds the first source marked with a prop, or with a given value", "[lua_api][derived]") {
    const RunResult r = run_snippet(R"(local pe = match.player_entity(1)
local pair = zone.create("pair", 1)
local style = entity.create{zone = pair, kind = "style", props = {power = 2, range_x = "2,4"}}
local base = entity.create{zone = pair, kind = "base", props = {power = "none", power_fixed = true}}
entity.create{zone = pair, kind = "base", props = {power_fixed = true}}   -- not a source: only the first base counts
local d = derived.define{name = "power", zones = {pair}, kinds = {"style", "base"}, prop = "power", none = "none"}
local function show(...) local e, v = ... return (e == style and "style" or e == base and "base" or tostring(e)) .. "=" .. tostring(v) end
print(show(derived.source_with(d, "range_x")), show(derived.source_with(d, "power_fixed")),
  show(derived.source_with(d, "power", "none")), show(derived.source_with(d, "power", 2)),
  show(derived.source_with(d, "power", 3)), show(derived.source_with(d, "speed")))
entity.set(style, "range_x", false)
zone.move(base, zone.create("discard", 1))
print(show(derived.source_with(d, "range_x")), show(derived.source_with(d, "power_fixed"))))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"style=2,4\tbase=true\tbase=none\tstyle=2\tnil=nil\tnil=nil", "nil=nil\t5=true"});
}

TEST_CASE("derived.marks names the source that fixes the value, else the one that makes it none; kept up to date",
          "[lua_api][derived]") {
    const RunResult r = run_snippet(R"(local pe = match.player_entity(1)
local pair = zone.create("pair", 1)
local style = entity.create{zone = pair, kind = "style", props = {power = 2}}
local base = entity.create{zone = pair, kind = "base", props = {power = 1}}
local d = derived.define{name = "power", zones = {pair}, kinds = {"style", "base"}, prop = "power", none = "none",
  fixed = "power_fixed", target = pe, stat = "power", unnone = "unnone.power"}
local function who(e) return e == style and "style" or e == base and "base" or tostring(e) end
local function show() local f, n = derived.marks(d) return who(f) .. "/" .. who(n) .. "=" .. tostring(derived.get(d)) end
local out = { show() }
entity.set(base, "power", "none")                          -- none: the base has no power
out[#out + 1] = show()
effect.modify{target = pe, stat = "unnone.power", op = "add", amount = 1}   -- unnoned: 0, the base still marks it
out[#out + 1] = show()
entity.set(style, "power_fixed", true)                     -- the style's * wins over the base's none
out[#out + 1] = show()
entity.set(style, "power_fixed", false)
entity.set(base, "power", 4)
out[#out + 1] = show()
print(table.concat(out, " ")))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"nil/nil=3 nil/base=none nil/base=0 style/nil=2 nil/nil=6"});
}
