// decision_test.cpp - decision kinds, answer validation messages, first legal answers.
//
// Picks are 0-based; messages show option numbers 1-based, as a human reads a menu.
#include <catch2/catch.hpp>

#include <limits>
#include <string>

#include "kernel/decision.h"

using namespace duelbox;

namespace {
DecisionRequest ask(DecisionKind kind, int options, std::int64_t min = 1, std::int64_t max = 1) {
    DecisionRequest r;
    r.player = 0;
    r.kind = kind;
    r.id = "test.question";
    for (int i = 0; i < options; ++i) r.options.push_back(Option{"option " + std::to_string(i + 1)});
    r.min = min;
    r.max = max;
    return r;
}

Answer picks(std::initializer_list<std::int64_t> p) { return Answer{std::vector<std::int64_t>(p)}; }
}  // namespace

TEST_CASE("decision kind names round-trip and unknown names are rejected", "[kernel][decision]") {
    for (DecisionKind k : {DecisionKind::Choose, DecisionKind::Order, DecisionKind::Number, DecisionKind::YesNo}) {
        DecisionKind parsed = DecisionKind::Choose;
        REQUIRE(parse_decision_kind(decision_kind_name(k), parsed));
        CHECK(parsed == k);
    }
    CHECK(std::string(decision_kind_name(DecisionKind::YesNo)) == "yesno");
    DecisionKind untouched = DecisionKind::Order;
    CHECK_FALSE(parse_decision_kind("pick", untouched));
    CHECK(untouched == DecisionKind::Order);
}

TEST_CASE("choose accepts between min and max distinct existing options", "[kernel][decision]") {
    const DecisionRequest r = ask(DecisionKind::Choose, 4, 1, 2);
    CHECK(validate_answer(r, picks({0})) == "");
    CHECK(validate_answer(r, picks({3, 1})) == "");
    CHECK(validate_answer(r, picks({})) == "pick between 1 and 2 options; got 0");
    CHECK(validate_answer(r, picks({0, 1, 2})) == "pick between 1 and 2 options; got 3");
}

TEST_CASE("choose names a missing option 1-based", "[kernel][decision]") {
    const DecisionRequest r = ask(DecisionKind::Choose, 4, 1, 1);
    CHECK(validate_answer(r, picks({4})) == "option 5 does not exist (options are 1..4)");
    CHECK(validate_answer(r, picks({-1})) == "option 0 does not exist (options are 1..4)");
    CHECK(validate_answer(r, picks({})) == "pick exactly 1 option; got 0");
    // A file's smallest pick is kept as given by the runner (it does not subtract 1 from it, which
    // wrapped to the largest: the message read "option 9223372036854775808").
    CHECK(validate_answer(r, picks({std::numeric_limits<std::int64_t>::min()})) ==
          "option -9223372036854775808 does not exist (options are 1..4)");
}

TEST_CASE("choose rejects the same option twice", "[kernel][decision]") {
    const DecisionRequest r = ask(DecisionKind::Choose, 3, 2, 2);
    CHECK(validate_answer(r, picks({1, 1})) == "option 2 is picked more than once");
    CHECK(validate_answer(r, picks({0})) == "pick exactly 2 options; got 1");
}

TEST_CASE("choose never asks for more picks than there are options", "[kernel][decision]") {
    const DecisionRequest r = ask(DecisionKind::Choose, 2, 0, 5);
    CHECK(validate_answer(r, picks({0, 1})) == "");
    CHECK(validate_answer(r, picks({0, 1, 0})) == "pick between 0 and 2 options; got 3");
    const DecisionRequest empty = ask(DecisionKind::Choose, 0, 0, 1);
    CHECK(validate_answer(empty, picks({})) == "");
    CHECK(validate_answer(empty, picks({0})) == "pick exactly 0 options; got 1");
}

TEST_CASE("a choose that cannot be answered says so", "[kernel][decision]") {
    const DecisionRequest r = ask(DecisionKind::Choose, 1, 2, 2);
    CHECK(validate_answer(r, picks({0})) ==
          "this question cannot be answered: it wants at least 2 options but offers 1");
    CHECK(validate_answer(ask(DecisionKind::Choose, 5, 3, 2), picks({0, 1})) ==
          "this question cannot be answered: it wants at least 3 options but allows at most 2");
}

TEST_CASE("order needs a permutation of every option", "[kernel][decision]") {
    const DecisionRequest r = ask(DecisionKind::Order, 3);
    CHECK(validate_answer(r, picks({2, 0, 1})) == "");
    CHECK(validate_answer(r, picks({0, 1})) == "put all 3 options in order; got 2");
    CHECK(validate_answer(r, picks({0, 0, 1})) == "option 1 is picked more than once");
    CHECK(validate_answer(r, picks({0, 1, 3})) == "option 4 does not exist (options are 1..3)");
    CHECK(validate_answer(ask(DecisionKind::Order, 0), picks({})) == "");
}

TEST_CASE("number must be one integer in [min, max]", "[kernel][decision]") {
    const DecisionRequest r = ask(DecisionKind::Number, 0, 1, 6);
    CHECK(validate_answer(r, picks({1})) == "");
    CHECK(validate_answer(r, picks({6})) == "");
    CHECK(validate_answer(r, picks({7})) == "pick a number between 1 and 6; got 7");
    CHECK(validate_answer(r, picks({0})) == "pick a number between 1 and 6; got 0");
    CHECK(validate_answer(r, picks({})) == "answer with exactly one number; got 0");
    CHECK(validate_answer(r, picks({2, 3})) == "answer with exactly one number; got 2");
    CHECK(validate_answer(ask(DecisionKind::Number, 0, 5, 3), picks({4})) ==
          "this question cannot be answered: its range 5..3 is empty");
}

TEST_CASE("yes/no takes exactly one 0 or 1", "[kernel][decision]") {
    const DecisionRequest r = ask(DecisionKind::YesNo, 0);
    CHECK(validate_answer(r, picks({0})) == "");
    CHECK(validate_answer(r, picks({1})) == "");
    CHECK(validate_answer(r, picks({2})) == "answer yes (1) or no (0); got 2");
    CHECK(validate_answer(r, picks({})) == "answer yes (1) or no (0) with one value; got 0");
}

TEST_CASE("first_legal_answer is the smallest valid answer of each kind", "[kernel][decision]") {
    const DecisionRequest choose2 = ask(DecisionKind::Choose, 4, 2, 3);
    CHECK(first_legal_answer(choose2) == picks({0, 1}));
    CHECK(validate_answer(choose2, first_legal_answer(choose2)) == "");

    const DecisionRequest optional = ask(DecisionKind::Choose, 0, 0, 1);
    CHECK(first_legal_answer(optional).picks.empty());
    CHECK(validate_answer(optional, first_legal_answer(optional)) == "");

    const DecisionRequest order = ask(DecisionKind::Order, 3);
    CHECK(first_legal_answer(order) == picks({0, 1, 2}));
    CHECK(validate_answer(order, first_legal_answer(order)) == "");

    const DecisionRequest number = ask(DecisionKind::Number, 0, -2, 4);
    CHECK(first_legal_answer(number) == picks({-2}));
    CHECK(validate_answer(number, first_legal_answer(number)) == "");

    const DecisionRequest yesno = ask(DecisionKind::YesNo, 0);
    CHECK(first_legal_answer(yesno) == picks({0}));
    CHECK(validate_answer(yesno, first_legal_answer(yesno)) == "");
}
