// symbols_test.cpp - intern() and symbol() (runtime/kernel/symbols.h): one Sym per text in a
// process, from any thread; the per-thread front cache keyed by address never answers for a
// different text that later sits at the same address (a freed and reused buffer).
#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <thread>

#include "kernel/symbols.h"

using namespace duelbox;

TEST_CASE("intern gives one Sym per text and symbol gives the text back", "[kernel][symbols]") {
    const Sym a = intern("symbols_test.alpha");
    CHECK(a != 0);
    CHECK(intern("symbols_test.alpha") == a);
    CHECK(intern(std::string("symbols_test.") + "alpha") == a);   // another address, the same text
    CHECK(intern("symbols_test.beta") != a);
    CHECK(symbol(a) == "symbols_test.alpha");
    CHECK(intern("") == 0);
    CHECK(symbol(0).empty());
}

TEST_CASE("a buffer reused for another text of the same length gets that text's Sym", "[kernel][symbols]") {
    char buffer[32];
    std::strcpy(buffer, "symbols_test.one");
    const Sym one = intern(std::string_view(buffer, std::strlen(buffer)));
    CHECK(intern(std::string_view(buffer, std::strlen(buffer))) == one);   // the front cache answers
    std::strcpy(buffer, "symbols_test.two");                               // same address, same length
    const Sym two = intern(std::string_view(buffer, std::strlen(buffer)));
    CHECK(two != one);
    CHECK(symbol(two) == "symbols_test.two");
    CHECK(intern("symbols_test.one") == one);
}

TEST_CASE("intern gives the same Sym for a text on every thread", "[kernel][symbols]") {
    const Sym here = intern("symbols_test.shared");
    Sym there = 0, fresh_there = 0;
    std::thread t([&] {
        there = intern("symbols_test.shared");
        fresh_there = intern("symbols_test.made_on_a_thread");
    });
    t.join();
    CHECK(there == here);
    CHECK(intern("symbols_test.made_on_a_thread") == fresh_there);
}

TEST_CASE("find_symbol adds nothing, and sees a text once another call or thread interns it", "[kernel][symbols]") {
    const std::size_t before = symbol_count();
    std::string text = "symbols_test.never_interned";
    CHECK(find_symbol(text) == 0);
    CHECK(find_symbol(text) == 0);                  // the remembered miss answers the same
    CHECK(symbol_count() == before);
    Sym made = 0;
    std::thread([&] { made = intern("symbols_test.never_interned"); }).join();   // another thread adds it
    CHECK(made != 0);
    CHECK(find_symbol(text) == made);               // the miss is forgotten once the table grew
    bool created = true;
    CHECK(intern(text, created) == made);
    CHECK_FALSE(created);
    CHECK(intern("symbols_test.made_here", created) != 0);
    CHECK(created);
    CHECK(find_symbol(std::string(300, 'x')) == 0);   // a long text is looked up, never remembered
}
