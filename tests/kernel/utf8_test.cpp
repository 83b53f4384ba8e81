// utf8_error_at: the texts that come back unchanged from JSON are exactly the UTF-8 ones.
#include <catch2/catch.hpp>

#include <string>

#include "kernel/utf8.h"

using duelbox::utf8_error_at;
constexpr auto npos = std::string_view::npos;

TEST_CASE("utf8_error_at accepts UTF-8 of every length", "[kernel][utf8]") {
    CHECK(utf8_error_at("") == npos);
    CHECK(utf8_error_at("advantage") == npos);
    CHECK(utf8_error_at("\xD0\xB2\xD1\x8B\xD0\xB1\xD0\xBE\xD1\x80") == npos);   // "выбор"
    CHECK(utf8_error_at("\xE2\x82\xAC 5") == npos);                              // euro sign
    CHECK(utf8_error_at("\xF0\x9F\x98\x80") == npos);                            // U+1F600
    CHECK(utf8_error_at("\xF4\x8F\xBF\xBF") == npos);                            // U+10FFFF, the last
    CHECK(utf8_error_at(std::string_view("a\0b", 3)) == npos);                   // NUL is a character
}

TEST_CASE("utf8_error_at names the first byte that is not UTF-8", "[kernel][utf8]") {
    CHECK(utf8_error_at("\xFF") == 0);
    CHECK(utf8_error_at("ok \x80") == 3);               // a continuation byte alone
    CHECK(utf8_error_at("\xC0\x80") == 0);              // overlong NUL
    CHECK(utf8_error_at("\xE0\x80\xAF") == 0);          // overlong '/'
    CHECK(utf8_error_at("\xED\xA0\x80") == 0);          // a surrogate (U+D800)
    CHECK(utf8_error_at("\xF4\x90\x80\x80") == 0);      // above U+10FFFF
    CHECK(utf8_error_at("\xF5\x80\x80\x80") == 0);
    CHECK(utf8_error_at("ab\xE2\x82") == 2);            // cut short at the end
    CHECK(utf8_error_at("\xE2\x28\xA1") == 0);          // a second byte that does not continue
    CHECK(utf8_error_at("\xF0\x9F\x98") == 0);
}
