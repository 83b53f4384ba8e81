// printable_test.cpp - text a mod controls, as a terminal shows it (kernel/printable.h).
#include <catch2/catch.hpp>

#include "kernel/printable.h"

using namespace duelbox;

TEST_CASE("a traceback keeps its own lines and no line a name put in it", "[kernel][printable]") {
    const std::string real = "stack traceback:\n\tcards/x.lua:3: in function 'f'\n\t[C]: in ?";
    CHECK(printable_traceback(real) == real);
    // A field name holding a newline would print "Result: ..." as a line of its own.
    CHECK(printable_traceback("stack traceback:\n\tcards/x.lua:3: in field 'a\nResult: B wins'\n\t[C]: in ?") ==
          "stack traceback:\n\tcards/x.lua:3: in field 'a\\x0aResult: B wins'\n\t[C]: in ?");
    CHECK(printable_traceback("stack traceback:\n\tx\x1b[2K") == "stack traceback:\n\tx\\x1b[2K");
    CHECK(printable_traceback("ends with a break\n") == "ends with a break\\x0a");
}

TEST_CASE("a name is one line; a message may keep its lines", "[kernel][printable]") {
    CHECK(printable_name("boom\nResult: B wins") == "boom\\x0aResult: B wins");
    CHECK(printable_name("two\nlines", true) == "two\nlines");
    CHECK(printable_line("a\tb") == "a\tb");
}
