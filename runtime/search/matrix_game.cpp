// matrix_game.cpp - estimating a payoff matrix from samples and solving it (see matrix_game.h).
#include "matrix_game.h"

#include <algorithm>
#include <cstddef>

namespace duelbox {

namespace {

using Vec = std::vector<double>;

// A regret vector's positive part, normalised (uniform when nothing is positive).
Vec normalised(const Vec& r) {
    double total = 0;
    for (double x : r) total += std::max(x, 0.0);
    Vec s(r.size(), total > 0 ? 0.0 : 1.0 / static_cast<double>(r.size()));
    if (total > 0)
        for (std::size_t i = 0; i < r.size(); ++i) s[i] = std::max(r[i], 0.0) / total;
    return s;
}

Vec normalised_sum(const Vec& sum) {
    double total = 0;
    for (double x : sum) total += x;
    Vec s(sum.size(), 1.0 / static_cast<double>(sum.size()));
    if (total > 0)
        for (std::size_t i = 0; i < sum.size(); ++i) s[i] = sum[i] / total;
    return s;
}

// The row payoffs against a column strategy, and the column payoffs against a row strategy.
Vec row_values(const PayoffMatrix& a, const Vec& y) {
    Vec v(a.size(), 0.0);
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = 0; j < y.size(); ++j) v[i] += a[i][j] * y[j];
    return v;
}

Vec col_values(const PayoffMatrix& a, const Vec& x) {
    Vec v(a.empty() ? 0 : a[0].size(), 0.0);
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = 0; j < v.size(); ++j) v[j] += a[i][j] * x[i];
    return v;
}

double dot(const Vec& x, const Vec& v) {
    double s = 0;
    for (std::size_t i = 0; i < x.size(); ++i) s += x[i] * v[i];
    return s;
}

}  // namespace

PayoffMatrix estimate_matrix(int rows, int cols, std::span<const MatrixSample> samples, double cell_prior) {
    const auto R = static_cast<std::size_t>(std::max(rows, 0)), C = static_cast<std::size_t>(std::max(cols, 0));
    PayoffMatrix out(R, Vec(C, 0.5));
    if (R == 0 || C == 0 || samples.empty()) return out;
    double mu = 0;
    for (const MatrixSample& s : samples) mu += s.value;
    mu /= static_cast<double>(samples.size());
    // Row and column effects by a few rounds of backfitting, each shrunk towards 0 by one
    // pseudo-sample so an answer seen once does not carry its one outcome at full weight.
    Vec r(R, 0.0), c(C, 0.0), rn(R, 0.0), cn(C, 0.0);
    for (const MatrixSample& s : samples) rn[s.row] += 1, cn[s.col] += 1;
    for (int round = 0; round < 4; ++round) {
        Vec rs(R, 0.0), cs(C, 0.0);
        for (const MatrixSample& s : samples) rs[s.row] += s.value - mu - c[s.col];
        for (std::size_t i = 0; i < R; ++i) r[i] = rs[i] / (rn[i] + 1);
        for (const MatrixSample& s : samples) cs[s.col] += s.value - mu - r[s.row];
        for (std::size_t j = 0; j < C; ++j) c[j] = cs[j] / (cn[j] + 1);
    }
    PayoffMatrix sum(R, Vec(C, 0.0)), count(R, Vec(C, 0.0));
    for (const MatrixSample& s : samples) {
        sum[s.row][s.col] += s.value;
        count[s.row][s.col] += 1;
    }
    for (std::size_t i = 0; i < R; ++i)
        for (std::size_t j = 0; j < C; ++j) {
            const double model = std::clamp(mu + r[i] + c[j], 0.0, 1.0);
            out[i][j] = (sum[i][j] + cell_prior * model) / (count[i][j] + cell_prior);
        }
    return out;
}

MatrixSolution solve_zero_sum(const PayoffMatrix& a, double tolerance, int max_iterations) {
    MatrixSolution out;
    const std::size_t R = a.size(), C = R ? a[0].size() : 0;
    if (R == 0 || C == 0) return out;
    Vec rr(R, 0.0), cr(C, 0.0), rsum(R, 0.0), csum(C, 0.0);
    const auto measure = [&] {
        out.row_strategy = normalised_sum(rsum);
        out.col_strategy = normalised_sum(csum);
        const Vec rv = row_values(a, out.col_strategy), cv = col_values(a, out.row_strategy);
        out.value = dot(out.row_strategy, rv);
        out.exploitability = *std::max_element(rv.begin(), rv.end()) - *std::min_element(cv.begin(), cv.end());
    };
    for (int t = 1; t <= max_iterations; ++t) {
        // Alternating updates: the row player answers the column's current strategy, then the
        // column player answers the row's new one. Regrets are floored at 0 (regret matching+)
        // and iteration t weighs t in the averages: both speed convergence a lot.
        const Vec x = normalised(rr);
        const Vec rv = row_values(a, normalised(cr));
        const double rbase = dot(x, rv);
        for (std::size_t i = 0; i < R; ++i) rr[i] = std::max(rr[i] + rv[i] - rbase, 0.0);
        const Vec x2 = normalised(rr);
        for (std::size_t i = 0; i < R; ++i) rsum[i] += t * x2[i];
        const Vec y = normalised(cr);
        const Vec cv = col_values(a, x2);
        const double cbase = dot(y, cv);
        for (std::size_t j = 0; j < C; ++j) cr[j] = std::max(cr[j] + cbase - cv[j], 0.0);
        const Vec y2 = normalised(cr);
        for (std::size_t j = 0; j < C; ++j) csum[j] += t * y2[j];
        out.iterations = t;
        if (t % 50 == 0) {
            measure();
            if (out.exploitability <= tolerance) return out;
        }
    }
    measure();
    return out;
}

}  // namespace duelbox
