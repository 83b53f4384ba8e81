// matrix_game.h - the mixed strategy for a secret simultaneous choice, from sampled outcomes.
//
// At a simultaneous choice the search plays copies in which the searching player took row
// `a` and the others together took column `b`, and records the searcher's reward. Those
// samples estimate a payoff matrix, and its maximin strategy (the row player's part of the
// zero-sum game's equilibrium) is what the searcher should draw its answer from.
//
// With a few dozen copies over a 20 x 20 matrix most cells have no sample, so a cell's
// estimate leans on an additive model (how good row a is on average, plus how good column b
// is for the opponent) and moves to the cell's own mean as its samples grow. Where the
// choices do not interact (a pick that is good or bad whatever the other
// picks), the additive part wins and the equilibrium is nearly pure: the best row. Where they
// do (a guess: rock, paper, scissors; an attack against a guessed defense) the cells tell, and
// the equilibrium mixes.
//
// Contracts
//  - Deterministic: plain arithmetic in a fixed order; the same samples give the same strategy.
//  - solve_zero_sum returns a probability vector (non-negative, summing to 1) whose
//    exploitability in the given matrix is at most `tolerance` or what `max_iterations`
//    reached (reported).
#pragma once
#include <span>
#include <vector>

namespace duelbox {

struct MatrixSample {
    int row = 0;
    int col = 0;
    double value = 0;   // the row player's reward, in [0, 1]
};

using PayoffMatrix = std::vector<std::vector<double>>;   // [row][col], the row player's payoff

// The estimated matrix from samples (rows x cols; cells with no sample get the additive
// model's prediction). `cell_prior`: how many samples a cell needs before its own mean
// counts as much as the model's. Rewards of 0 or 1 are noisy: with a prior of 2, one lost
// copy in a cell made the opponent "find" that cell and the solve chased noise (measured
// in docs/ai.md: a prior of 10 or 30 won 4 points more than 2 against random play).
PayoffMatrix estimate_matrix(int rows, int cols, std::span<const MatrixSample> samples, double cell_prior = 10.0);

struct MatrixSolution {
    std::vector<double> row_strategy;   // the row player's maximin mixed strategy
    std::vector<double> col_strategy;   // the column player's (minimising the row's payoff)
    double value = 0;                   // the row player's expected payoff at that pair
    double exploitability = 0;          // best response gains of both players, summed
    int iterations = 0;
};

// Solves the zero-sum game (the row player maximises, the column player minimises) by
// alternating regret matching+ with linearly weighted averages, stopping once the average
// strategies are within `tolerance` of an equilibrium.
MatrixSolution solve_zero_sum(const PayoffMatrix& a, double tolerance = 1e-3, int max_iterations = 5000);

}  // namespace duelbox
