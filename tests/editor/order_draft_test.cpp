// order_draft_test.cpp - moving an entry of an "order" answer (the decision panel's drag and
// drop and arrows use it).
#include <catch2/catch.hpp>

#include "model/order_draft.h"

using duelbox::editor::move_entry;
using Order = std::vector<std::int64_t>;

TEST_CASE("order draft: an entry dropped on another place moves there, the rest keep their order",
          "[editor][decision]") {
    Order o{0, 1, 2, 3};
    CHECK(move_entry(o, 0, 2));
    CHECK(o == Order{1, 2, 0, 3});           // first dropped on the third place
    CHECK(move_entry(o, 3, 0));
    CHECK(o == Order{3, 1, 2, 0});           // last dropped on the first place
    CHECK(move_entry(o, 1, 2));
    CHECK(o == Order{3, 2, 1, 0});           // one step down (an arrow)
    CHECK(move_entry(o, 2, 1));
    CHECK(o == Order{3, 1, 2, 0});           // and back up
    CHECK_FALSE(move_entry(o, 1, 1));
    CHECK_FALSE(move_entry(o, 4, 0));
    CHECK_FALSE(move_entry(o, 0, 4));
    CHECK(o == Order{3, 1, 2, 0});           // refused moves change nothing
}
