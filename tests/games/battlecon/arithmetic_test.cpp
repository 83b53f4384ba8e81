// Spec §10.1: attack pair arithmetic (BC-01 ... BC-10), with test cards TS/TB.
#include "bc_support.h"

using namespace duelbox::test::bc;

TEST_CASE("BC-01 two ranges add", "[battlecon]") {
    auto r = drill(R"(bc.pair(A, {range = {0, 3}}, {range = {2, 3}})
bc.note("range", st.range_text(st.range(A))))");
    CHECK(note(r, "range") == "2~6");
}

TEST_CASE("BC-02 a single-value range counts as v~v", "[battlecon]") {
    auto r = drill(R"(bc.pair(A, {range = {0, 1}}, {range = 3})
bc.note("range", st.range_text(st.range(A))))");
    CHECK(note(r, "range") == "3~4");
}

TEST_CASE("BC-03 a max below the min is raised to the min", "[battlecon]") {
    auto r = drill(R"(bc.pair(A, {range = {2, 1}}, {range = {1, 1}})
bc.note("range", st.range_text(st.range(A))))");
    CHECK(note(r, "range") == "3");   // 3~3, printed as the single value
}

TEST_CASE("BC-04 negative range counts as 0", "[battlecon]") {
    auto r = drill(R"(bc.pair(A, {range = {1, 2}}, {range = 0})
st.bonus(A, "range_min", -2); st.bonus(A, "range_max", -2)
bc.note("r1", st.range_text(st.range(A)))
bc.place(A, 3); bc.place(B, 4)
bc.note("hits", st.in_range(st.range(A), S.distance(A, B)))
match.end_period("beat")   -- the first pair's modifiers end with the beat
bc.pair(A, {range = {2, 3}}, {range = 0})
st.bonus(A, "range_max", -3)
bc.note("r2", st.range_text(st.range(A))))");
    CHECK(note(r, "r1") == "0");
    CHECK(note(r, "hits") == false);
    CHECK(note(r, "r2") == "2");
}

TEST_CASE("BC-05 power and defense clamp at 0", "[battlecon]") {
    SECTION("power -1 reads 0: a hit with no damage, no Damage effects, no stun, After applies") {
        auto r = drill(R"(bc.pair(A, {range = 1, power = 2}, {range = 0})
st.bonus(A, "power", -3)
bc.pair(B, {range = 1}, {range = 1, defense = 0})
bc.place(A, 3); bc.place(B, 4)
bc.on(A, "damage", function() bc.note("damage effect", true) end)
bc.on(A, "after", function() bc.note("after effect", true) end)
bc.note("power", st.power(A))
bc.attack.attack(A)
bc.note("health", S.health(B)); bc.note("stunned", S.flag(B, "stunned")))");
        CHECK(note(r, "power") == 0);
        CHECK(count(r, "bc.hit") == 1);
        CHECK(note(r, "health") == 20);
        CHECK(note(r, "damage effect").is_null());
        CHECK(note(r, "after effect") == true);
        CHECK(note(r, "stunned") == false);
    }
    SECTION("defense 1 - 2 reads 0: 1 damage stuns") {
        auto r = drill(R"(bc.pair(A, {range = 1, power = 1}, {range = 0})
bc.pair(B, {range = 1, defense = 1}, {range = 1})
st.bonus(B, "defense", -2)
bc.place(A, 3); bc.place(B, 4)
bc.note("defense", st.defense(B))
bc.attack.attack(A)
bc.note("health", S.health(B)); bc.note("stunned", S.flag(B, "stunned")))");
        CHECK(note(r, "defense") == 0);
        CHECK(note(r, "health") == 19);
        CHECK(note(r, "stunned") == true);
    }
}

TEST_CASE("BC-06 an immutable value ignores the other card, bonuses and equal-to", "[battlecon]") {
    auto r = drill(R"(bc.pair(A, {power = 2}, {power = 4, power_fixed = true})
st.bonus(A, "power", 1); st.equal_to(A, "power", 1)
bc.note("power", st.power(A)))");
    CHECK(note(r, "power") == 4);
}

TEST_CASE("BC-07 an X range hits only the marked distances", "[battlecon]") {
    auto r = drill(R"(bc.pair(A, {range = {x = "2,4"}}, {range = {1, 2}})
bc.place(A, 1)
for d = 1, 4 do bc.place(B, 1 + d); bc.note("d" .. d, st.in_range(st.range(A), S.distance(A, B))) end)");
    CHECK(note(r, "d1") == false);
    CHECK(note(r, "d2") == true);
    CHECK(note(r, "d3") == false);
    CHECK(note(r, "d4") == true);
}

TEST_CASE("BC-08 NONE power hits without damage; NONE range cannot hit", "[battlecon]") {
    SECTION("NONE power") {
        auto r = drill(R"(bc.pair(A, {range = 1, power = 3}, {range = 0, power = "none"})
st.bonus(A, "power", 2)
bc.pair(B, {range = 1}, {range = 1, defense = 0})
bc.place(A, 3); bc.place(B, 4)
bc.on(A, "hit", function() bc.note("hit effect", true) end)
bc.on(A, "damage", function() bc.note("damage effect", true) end)
bc.note("power", tostring(st.power(A))); bc.note("read", st.number(st.power(A)))
bc.attack.attack(A)
bc.note("health", S.health(B)); bc.note("stunned", S.flag(B, "stunned")))");
        CHECK(note(r, "power") == "none");
        CHECK(note(r, "read") == 0);
        CHECK(note(r, "hit effect") == true);
        CHECK(note(r, "damage effect").is_null());
        CHECK(note(r, "health") == 20);
        CHECK(note(r, "stunned") == false);
    }
    SECTION("NONE range") {
        auto r = drill(R"(bc.pair(A, {range = {1, 2}, power = 3}, {range = "none", power = 1})
bc.place(A, 3); bc.place(B, 4)
bc.on(A, "hit", function() bc.note("hit effect", true) end)
bc.on(A, "after", function() bc.note("after effect", true) end)
bc.attack.attack(A))");
        CHECK(count(r, "bc.miss") == 1);
        CHECK(note(r, "hit effect").is_null());
        CHECK(note(r, "after effect") == true);
    }
}

TEST_CASE("BC-09 equal to X ignores printed values and bonuses", "[battlecon]") {
    auto r = drill(R"(bc.pair(A, {speed = 3}, {speed = 2})
st.bonus(A, "speed", 1); st.equal_to(A, "speed", 2)
bc.note("speed", st.speed(A)); bc.note("printed", st.printed(A, "speed")))");
    CHECK(note(r, "speed") == 2);
    CHECK(note(r, "printed") == 5);
}

TEST_CASE("BC-10 the book's example pairs", "[battlecon]") {
    auto r = drill(R"(bc.pair(A, {name = "Aerial", range = {0, 2}, power = 0, speed = 1, defense = 1},
  {name = "Charge", range = {1, 3}, power = 2, speed = 2, defense = 1})
bc.note("name", S.attack_name(A)); bc.note("range", st.range_text(st.range(A)))
bc.note("power", st.power(A)); bc.note("speed", st.speed(A)); bc.note("defense", st.defense(A))
bc.pair(A, {name = "Calculated", range = {3, 4}, power = 6, speed = 4, defense = 6}, {name = "Strike", range = 0})
bc.pair(B, {name = "Tectonic", range = {1, 2}, power = 6, speed = 4, defense = 0}, {name = "Dash", range = 0})
bc.note("winner", bc.reveal.compare() or "clash"))");
    CHECK(note(r, "name") == "Aerial Charge");
    CHECK(note(r, "range") == "1~5");
    CHECK(note(r, "power") == 2);
    CHECK(note(r, "speed") == 3);
    CHECK(note(r, "defense") == 2);
    CHECK(note(r, "winner") == "clash");
}
