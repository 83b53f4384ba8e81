// flag_api_test.cpp - module `flag` (runtime/lua/lua_flag.cpp): scratch values without events.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using Strings = std::vector<std::string>;

TEST_CASE("flag.set/get/is: booleans and integers, no event, cleared by their period", "[lua_api][flag]") {
    const RunResult r = run_snippet(R"(local e = entity.create{zone = 1}
local before = match.event_count()
flag.set(e, "moved", true, "beat")
flag.set(e, "passed", 4, "beat")
flag.set(e, "used", true)
print(flag.is(e, "moved"), flag.get(e, "moved"), flag.get(e, "passed"), flag.is(e, "nothing"), match.event_count() - before)
match.end_period("beat")
print(flag.is(e, "moved"), flag.get(e, "passed"), flag.is(e, "used"))
flag.set(e, "used", false)
print(flag.is(e, "used"), flag.clear(e)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"true\t1\t4\tfalse\t0", "false\t0\ttrue", "false\t0"});
}

TEST_CASE("flag functions name their bad arguments", "[lua_api][flag]") {
    CHECK(error_of("flag.set(1, 'x', 'yes')").find("bad argument #3 to 'flag.set' (boolean, integer or nil expected") !=
          std::string::npos);
    CHECK(error_of("flag.get(999, 'x')").find("bad argument #1 to 'flag.get'") != std::string::npos);
    CHECK(error_of("flag.set(1, '', true)").find("an empty key") != std::string::npos);
}
