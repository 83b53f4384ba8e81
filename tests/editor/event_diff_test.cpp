// event_diff_test.cpp - the alignment behind "which events did this rerun change": hunks on
// hand-made logs, and on random ones checked against a brute-force longest common subsequence.
#include <catch2/catch.hpp>

#include <random>

#include "model/event_diff.h"

using namespace duelbox;
using namespace duelbox::editor;

namespace {

using Keys = std::vector<std::uint64_t>;

// Rebuilds `after` from `before` and the hunks: every event outside a hunk must be equal.
Keys apply(const Keys& before, const Keys& after, const EventDiff& d) {
    Keys out;
    std::size_t old_at = 0;
    for (const DiffHunk& h : d.hunks) {
        for (; old_at < h.old_begin; ++old_at) out.push_back(before[old_at]);
        for (std::size_t j = h.new_begin; j < h.new_end; ++j) out.push_back(after[j]);
        old_at = h.old_end;
    }
    for (; old_at < before.size(); ++old_at) out.push_back(before[old_at]);
    return out;
}

std::size_t lcs(const Keys& a, const Keys& b) {
    std::vector<std::vector<std::size_t>> t(a.size() + 1, std::vector<std::size_t>(b.size() + 1, 0));
    for (std::size_t i = 1; i <= a.size(); ++i)
        for (std::size_t j = 1; j <= b.size(); ++j)
            t[i][j] = a[i - 1] == b[j - 1] ? t[i - 1][j - 1] + 1 : std::max(t[i - 1][j], t[i][j - 1]);
    return t[a.size()][b.size()];
}

}  // namespace

TEST_CASE("event diff: equal logs have no hunk", "[editor][diff]") {
    const EventDiff d = diff_keys({1, 2, 3}, {1, 2, 3});
    CHECK(d.hunks.empty());
    CHECK_FALSE(d.approximate);
    CHECK(d.changed_new() == 0);
    CHECK_FALSE(d.changed(1));
}

TEST_CASE("event diff: one changed event in the middle is one hunk of one event on each side", "[editor][diff]") {
    const EventDiff d = diff_keys({1, 2, 3, 4, 5}, {1, 2, 9, 4, 5});
    REQUIRE(d.hunks.size() == 1);
    CHECK(d.hunks[0].old_begin == 2);
    CHECK(d.hunks[0].old_end == 3);
    CHECK(d.hunks[0].new_begin == 2);
    CHECK(d.hunks[0].new_end == 3);
    CHECK(d.changed(2));
    CHECK_FALSE(d.changed(1));
    CHECK_FALSE(d.changed(3));
}

TEST_CASE("event diff: inserted and removed events keep the rest of the log aligned", "[editor][diff]") {
    // Two events appear after 2 (a stronger hit adds a knockout step), and 6 disappears.
    const EventDiff d = diff_keys({1, 2, 3, 4, 5, 6, 7}, {1, 2, 10, 11, 3, 4, 5, 7});
    REQUIRE(d.hunks.size() == 2);
    CHECK(d.hunks[0].old_begin == 2);
    CHECK(d.hunks[0].old_end == 2);   // an insertion: nothing of the old log
    CHECK(d.hunks[0].new_begin == 2);
    CHECK(d.hunks[0].new_end == 4);
    CHECK(d.hunks[1].old_begin == 5);
    CHECK(d.hunks[1].old_end == 6);   // a removal: nothing of the new log
    CHECK(d.hunks[1].new_begin == 7);
    CHECK(d.hunks[1].new_end == 7);
    CHECK(d.changed_new() == 2);
    CHECK(d.changed_old() == 1);
    CHECK(d.next_hunk(0) == 0);
    CHECK(d.next_hunk(3) == 1);
    CHECK(d.next_hunk(7) == 2);
}

TEST_CASE("event diff: a rerun that ends earlier removes the tail", "[editor][diff]") {
    const EventDiff d = diff_keys({1, 2, 3, 4}, {1, 2});
    REQUIRE(d.hunks.size() == 1);
    CHECK(d.hunks[0].old_begin == 2);
    CHECK(d.hunks[0].old_end == 4);
    CHECK(d.hunks[0].new_begin == 2);
    CHECK(d.hunks[0].new_end == 2);
}

TEST_CASE("event diff: beyond the edit budget the middle is one approximate hunk", "[editor][diff]") {
    const EventDiff d = diff_keys({1, 2, 3, 4, 5, 6, 9}, {1, 7, 8, 2, 5, 3, 9}, 2);
    CHECK(d.approximate);
    REQUIRE(d.hunks.size() == 1);
    CHECK(d.hunks[0].old_begin == 1);
    CHECK(d.hunks[0].old_end == 6);
    CHECK(d.hunks[0].new_begin == 1);
    CHECK(d.hunks[0].new_end == 6);
    CHECK(apply({1, 2, 3, 4, 5, 6, 9}, {1, 7, 8, 2, 5, 3, 9}, d) == Keys{1, 7, 8, 2, 5, 3, 9});
}

TEST_CASE("event diff: on random logs the hunks rebuild the new log with the fewest edits", "[editor][diff]") {
    std::mt19937 gen(20261123);   // a fixed seed: the same logs on every run
    for (int round = 0; round < 300; ++round) {
        std::uniform_int_distribution<int> len(0, 40), sym(1, 5);
        Keys a(len(gen)), b;
        for (auto& k : a) k = sym(gen);
        // b: a with a few random edits, so there is a lot in common as in real reruns.
        b = a;
        std::uniform_int_distribution<int> edits(0, 6);
        for (int e = edits(gen); e > 0; --e) {
            std::uniform_int_distribution<std::size_t> at(0, b.size());
            const std::size_t i = at(gen);
            if (gen() % 2 || b.empty() || i == b.size()) b.insert(b.begin() + i, sym(gen));
            else b.erase(b.begin() + i);
        }
        const EventDiff d = diff_keys(a, b);
        INFO("round " << round);
        REQUIRE_FALSE(d.approximate);
        CHECK(apply(a, b, d) == b);
        // A shortest edit script removes and inserts exactly what the LCS leaves out.
        const std::size_t common = lcs(a, b);
        CHECK(d.changed_old() == a.size() - common);
        CHECK(d.changed_new() == b.size() - common);
        for (std::size_t h = 1; h < d.hunks.size(); ++h) {
            CHECK(d.hunks[h].old_begin > d.hunks[h - 1].old_end);   // separated by an equal event
            CHECK(d.hunks[h].new_begin > d.hunks[h - 1].new_end);
        }
    }
}
