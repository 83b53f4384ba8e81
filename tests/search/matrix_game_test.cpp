// matrix_game_test.cpp - the payoff-matrix estimate and the zero-sum solver behind a search's
// answer to a secret simultaneous choice (search/matrix_game.h), alone.
#include <catch2/catch.hpp>

#include <vector>

#include "search/matrix_game.h"

using namespace duelbox;

TEST_CASE("rock, paper, scissors solves to a third each, value one half", "[search]") {
    const PayoffMatrix rps{{0.5, 0, 1}, {1, 0.5, 0}, {0, 1, 0.5}};
    const MatrixSolution s = solve_zero_sum(rps);
    for (double p : s.row_strategy) CHECK(p == Approx(1.0 / 3).margin(0.01));
    for (double q : s.col_strategy) CHECK(q == Approx(1.0 / 3).margin(0.01));
    CHECK(s.value == Approx(0.5).margin(0.005));
    CHECK(s.exploitability <= 1e-3);
}

TEST_CASE("an uneven guess solves to its interior equilibrium", "[search]") {
    // Row wins 1 on (0,0), 0.5 on (1,1), nothing otherwise: the row player plays row 0 a third
    // of the time (1 * p = 0.5 * (1 - p)), the column player column 0 a third; value 1/3.
    const PayoffMatrix a{{1, 0}, {0, 0.5}};
    const MatrixSolution s = solve_zero_sum(a, 1e-4, 20000);
    CHECK(s.row_strategy[0] == Approx(1.0 / 3).margin(0.01));
    CHECK(s.col_strategy[0] == Approx(1.0 / 3).margin(0.01));
    CHECK(s.value == Approx(1.0 / 3).margin(0.005));
}

TEST_CASE("a dominant answer takes all the weight", "[search]") {
    const PayoffMatrix a{{0.2, 0.1, 0.3}, {0.9, 0.8, 0.7}, {0.4, 0.5, 0.6}};
    const MatrixSolution s = solve_zero_sum(a);
    CHECK(s.row_strategy[1] > 0.99);
    CHECK(s.col_strategy[2] > 0.99);   // the column player's best against row 1
    CHECK(s.value == Approx(0.7).margin(0.01));
}

TEST_CASE("a sparse estimate leans on how good each answer is on average", "[search]") {
    // Row 1 always won, row 0 always lost, against either column, one sample per cell at most:
    // the cells never sampled get the rows' and columns' average effects, so row 1 still
    // dominates everywhere and the strategy is pure.
    const std::vector<MatrixSample> samples{{0, 0, 0.0}, {0, 0, 0.0}, {1, 1, 1.0}, {1, 1, 1.0}, {0, 1, 0.0}};
    const PayoffMatrix m = estimate_matrix(2, 2, samples);
    CHECK(m[1][0] > m[0][0]);
    CHECK(m[1][1] > m[0][1]);
    CHECK(solve_zero_sum(m).row_strategy[1] > 0.99);
}

TEST_CASE("a well sampled cell takes its own mean", "[search]") {
    // Rock, paper, scissors with 200 exact outcomes per cell: the estimate is the true matrix
    // within the prior's pull, and the strategy mixes all three.
    const PayoffMatrix rps{{0.5, 0, 1}, {1, 0.5, 0}, {0, 1, 0.5}};
    std::vector<MatrixSample> samples;
    for (int k = 0; k < 200; ++k)
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) samples.push_back({i, j, rps[i][j]});
    const PayoffMatrix m = estimate_matrix(3, 3, samples);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) CHECK(m[i][j] == Approx(rps[i][j]).margin(0.03));
    for (double p : solve_zero_sum(m).row_strategy) CHECK(p == Approx(1.0 / 3).margin(0.02));
}

TEST_CASE("an empty matrix or no samples does not fail", "[search]") {
    CHECK(solve_zero_sum(PayoffMatrix{}).row_strategy.empty());
    const PayoffMatrix m = estimate_matrix(2, 3, {});
    REQUIRE(m.size() == 2);
    CHECK(m[0][2] == 0.5);
}
