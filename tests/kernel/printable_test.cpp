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

TEST_CASE("printed text is valid UTF-8: broken sequences and C1 controls are written out", "[kernel][printable]") {
    CHECK(printable_line("Élan — 勝つ 🎲") == "Élan — 勝つ 🎲");   // well-formed characters pass
    CHECK(printable_name("caf\xc3") == "caf\\xc3");                // cut at the end
    CHECK(printable_name("a\xff" "b") == "a\\xffb");                 // never a UTF-8 byte
    CHECK(printable_name("\x80x") == "\\x80x");                     // a stray continuation byte
    CHECK(printable_name("\xc0\xaf") == "\\xc0\\xaf");              // overlong '/'
    CHECK(printable_name("\xed\xa0\x80") == "\\xed\\xa0\\x80");     // a surrogate
    CHECK(printable_name("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");   // past U+10FFFF
    // U+009B is CSI, obeyed by some terminals as ESC [ is: "\xc2\x9b" "2J" would clear the screen.
    CHECK(printable_line("x\xc2\x9b" "2J") == "x\\xc2\\x9b2J");
    CHECK(printable_name("\xc2\xa0") == "\xc2\xa0");                // U+00A0 is printable
}
