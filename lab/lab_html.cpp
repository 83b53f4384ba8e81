// lab_html.cpp - see lab_html.h.
#include "lab_html.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

namespace duelbox {

namespace {

std::string esc(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string pct(double v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100 * v);
    return buf;
}

std::string fixed(double v, int digits = 1) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

std::string rate_text(const Rate& r) {
    if (r.n <= 0) return "no matches";
    return pct(r.value) + " [" + pct(r.lo) + ", " + pct(r.hi) + "]" + (r.wide ? " wide" : "");
}

// Blue (0) through white (0.5) to red (1): the row side loses / is even / wins.
std::string heat_colour(double v) {
    const double t = std::clamp(v, 0.0, 1.0);
    int r, g, b;
    if (t < 0.5) {
        const double k = t / 0.5;
        r = static_cast<int>(49 + k * (255 - 49));
        g = static_cast<int>(104 + k * (255 - 104));
        b = static_cast<int>(189 + k * (255 - 189));
    } else {
        const double k = (t - 0.5) / 0.5;
        r = static_cast<int>(255 - k * (255 - 200));
        g = static_cast<int>(255 - k * (255 - 56));
        b = static_cast<int>(255 - k * (255 - 56));
    }
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", r, g, b);
    return buf;
}

void heat_map(std::ostringstream& o, const LabResult& r) {
    const auto& entries = r.plan.entries;
    const int n = static_cast<int>(entries.size());
    const int cell = n > 12 ? 34 : 56, label = 150;
    const int width = label + n * cell + 10, height = label + n * cell + 10;
    o << "<svg class=\"heat\" width=\"" << width << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << ' '
      << height << "\" role=\"img\" aria-label=\"pairing heat map\">\n"
      << "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
         "patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#888\" "
         "stroke-width=\"1\"/></pattern></defs>\n";
    for (int i = 0; i < n; ++i) {
        o << "<text x=\"" << label - 6 << "\" y=\"" << label + i * cell + cell / 2 + 4
          << "\" text-anchor=\"end\">" << esc(entries[i].label) << "</text>\n";
        o << "<text transform=\"translate(" << label + i * cell + cell / 2 + 4 << ',' << label - 6
          << ") rotate(-60)\">" << esc(entries[i].label) << "</text>\n";
    }
    for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b) {
            const int x = label + b * cell, y = label + a * cell;
            if (a == b) {
                o << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << cell << "\" height=\"" << cell
                  << "\" fill=\"#eee\" stroke=\"#fff\"/>\n";
                continue;
            }
            const Rate s = matchup_score(r.plan, r.tally, static_cast<std::size_t>(a), static_cast<std::size_t>(b),
                                         r.meta.wide_half_width);
            if (s.n <= 0) {
                o << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << cell << "\" height=\"" << cell
                  << "\" fill=\"#f7f7f7\" stroke=\"#fff\"><title>not played</title></rect>\n";
                continue;
            }
            o << "<g><title>" << esc(entries[a].label) << " against " << esc(entries[b].label) << ": "
              << rate_text(s) << " over " << static_cast<long long>(s.n) << " matches</title>"
              << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << cell << "\" height=\"" << cell << "\" fill=\""
              << heat_colour(s.value) << "\" stroke=\"#fff\"/>";
            if (s.wide)
                o << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << cell << "\" height=\"" << cell
                  << "\" fill=\"url(#hatch)\"/>";
            o << "<text x=\"" << x + cell / 2 << "\" y=\"" << y + cell / 2 + 4 << "\" text-anchor=\"middle\">"
              << fixed(100 * s.value, 0) << "</text></g>\n";
        }
    o << "</svg>\n";
}

// Horizontal bars with the interval as a whisker; 50% marked.
void score_bars(std::ostringstream& o, const std::vector<std::string>& names, const std::vector<EntryFigures>& figs) {
    const int row = 24, label = 150, plot = 400;
    const int height = static_cast<int>(names.size()) * row + 30;
    o << "<svg width=\"" << label + plot + 170 << "\" height=\"" << height << "\" role=\"img\" aria-label=\"scores\">\n";
    for (std::size_t i = 0; i < names.size(); ++i) {
        const Rate& s = figs[i].score;
        const int y = static_cast<int>(i) * row + 10;
        o << "<g><title>" << esc(names[i]) << ": " << rate_text(s) << ", " << figs[i].wins << " wins, " << figs[i].draws
          << " draws, " << figs[i].losses << " losses</title>"
          << "<text x=\"" << label - 6 << "\" y=\"" << y + 14 << "\" text-anchor=\"end\">" << esc(names[i]) << "</text>"
          << "<rect x=\"" << label << "\" y=\"" << y + 3 << "\" width=\"" << fixed(plot * s.value) << "\" height=\""
          << row - 8 << "\" fill=\"" << (s.wide ? "#bbb" : "#6a8fc7") << "\"/>"
          << "<line x1=\"" << fixed(label + plot * s.lo) << "\" x2=\"" << fixed(label + plot * s.hi) << "\" y1=\""
          << y + row / 2 << "\" y2=\"" << y + row / 2 << "\" stroke=\"#222\" stroke-width=\"2\"/>"
          << "<text x=\"" << label + plot + 8 << "\" y=\"" << y + 14 << "\">" << esc(rate_text(s)) << "</text></g>\n";
    }
    o << "<line x1=\"" << label + plot / 2 << "\" x2=\"" << label + plot / 2 << "\" y1=\"4\" y2=\"" << height - 18
      << "\" stroke=\"#c33\" stroke-dasharray=\"4 3\"/>"
      << "<text x=\"" << label + plot / 2 << "\" y=\"" << height - 4 << "\" text-anchor=\"middle\">50%</text>\n</svg>\n";
}

void histogram(std::ostringstream& o, const std::map<std::int64_t, std::int64_t>& lengths, const std::string& unit) {
    if (lengths.empty()) {
        o << "<p>No finished matches.</p>\n";
        return;
    }
    // Lengths grouped into at most kMaxBins bars (a result file may hold lengths anywhere in
    // 0..2^53: one bar per length divided 600 pixels by zero bars once the span passed 2^31).
    constexpr std::int64_t kMaxBins = 60;
    const std::int64_t lo = lengths.begin()->first, hi = lengths.rbegin()->first;
    const std::int64_t span = hi - lo + 1;                        // both in 0..2^53: no overflow
    const std::int64_t per_bin = (span + kMaxBins - 1) / kMaxBins;  // lengths a bar covers, >= 1
    const int bins = static_cast<int>((span + per_bin - 1) / per_bin), plot_h = 160, left = 50;
    std::vector<std::int64_t> counts(static_cast<std::size_t>(bins), 0);
    for (const auto& [len, n] : lengths) counts[static_cast<std::size_t>((len - lo) / per_bin)] += n;
    std::int64_t top = 1;
    for (const std::int64_t n : counts) top = std::max(top, n);
    const int bar = std::max(4, std::min(30, 600 / bins));
    const int width = left + bins * bar + 20, height = plot_h + 50;
    o << "<svg width=\"" << width << "\" height=\"" << height << "\" role=\"img\" aria-label=\"match lengths\">\n";
    for (int b = 0; b < bins; ++b) {
        const std::int64_t n = counts[static_cast<std::size_t>(b)];
        if (n == 0) continue;
        const double h = plot_h * static_cast<double>(n) / static_cast<double>(top);
        const int x = left + b * bar;
        const std::int64_t first = lo + b * per_bin, last = std::min(hi, first + per_bin - 1);
        o << "<g><title>" << first;
        if (last != first) o << "&ndash;" << last;
        o << ' ' << esc(unit) << "s: " << n << " matches</title><rect x=\"" << x << "\" y=\""
          << fixed(10 + plot_h - h) << "\" width=\"" << bar - 1 << "\" height=\"" << fixed(h)
          << "\" fill=\"#6a8fc7\"/></g>\n";
    }
    o << "<line x1=\"" << left << "\" x2=\"" << width - 10 << "\" y1=\"" << 10 + plot_h << "\" y2=\"" << 10 + plot_h
      << "\" stroke=\"#222\"/>"
      << "<text x=\"" << left - 4 << "\" y=\"18\" text-anchor=\"end\">" << top << "</text>"
      << "<text x=\"" << left << "\" y=\"" << plot_h + 28 << "\">" << lo << "</text>"
      << "<text x=\"" << width - 10 << "\" y=\"" << plot_h + 28 << "\" text-anchor=\"end\">" << hi << "</text>"
      << "<text x=\"" << left + (width - left) / 2 << "\" y=\"" << plot_h + 44 << "\" text-anchor=\"middle\">" << esc(unit)
      << "s per match</text>\n</svg>\n";
}

}  // namespace

std::string lab_report_html(const LabResult& r) {
    const LabFigures f = compute_figures(r.plan, r.tally, r.meta.wide_half_width);
    std::ostringstream o;
    o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Duelbox lab: " << esc(r.meta.game)
      << "</title>\n<style>body{font:14px/1.4 sans-serif;margin:24px;color:#222;max-width:1100px}"
         "table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
         "td:first-child,th:first-child,td.l{text-align:left}.wide{color:#888}.pos{color:#b22}.neg{color:#226}"
         "svg text{font:12px sans-serif}code{background:#f3f3f3;padding:1px 4px}</style></head><body>\n";
    o << "<h1>Lab report: " << esc(r.meta.game) << "</h1>\n<p><code>" << esc(r.meta.command) << "</code></p>\n"
      << "<p>" << f.matches << " finished matches (" << f.failed << " failed, " << f.draws << " draws) over "
      << r.plan.pairings.size() << " pairings, " << r.plan.matches << " per pairing, agent <b>" << esc(r.meta.agent)
      << "</b>, seeds " << r.plan.seed << "&ndash;" << r.plan.seed + r.plan.total() - 1 << ". Scripts content hash <code>"
      << esc(r.meta.content_hash) << "</code>. Scores are wins plus half the draws; brackets are 95% Wilson "
      << "intervals; <span class=\"wide\">wide</span> marks an interval whose half-width exceeds "
      << pct(r.meta.wide_half_width) << " (play more matches before concluding). docs/lab.md explains the figures.</p>\n";
    o << "<h2>First-seat advantage</h2>\n<p>Seat 1 scores <b>" << rate_text(f.first_seat) << "</b>; mean length "
      << fixed(f.mean_length) << ' ' << esc(r.meta.unit_name) << "s.</p>\n";
    o << "<h2>Pairings</h2>\n<p>Each cell: the row side's score against the column side, both seat orders together "
         "(red: the row side wins more; blue: less; hatched: wide interval). Hover for the interval.</p>\n";
    heat_map(o, r);
    o << "<h2>Fighters</h2>\n";
    score_bars(o, r.plan.fighters, f.fighters);
    if (r.plan.picks > 1) {
        o << "<h2>Sides</h2>\n";
        std::vector<std::string> labels;
        for (const LabEntry& e : r.plan.entries) labels.push_back(e.label);
        score_bars(o, labels, f.entries);
    }
    o << "<h2>Match length</h2>\n";
    histogram(o, f.lengths, r.meta.unit_name);
    o << "<h2>Card impact</h2>\n<p>Per card: the share of the matches it was in where it was played, the score of "
         "the seat when it was played and when it was held but not played, and the difference (Newcombe interval). "
         "A positive impact says playing it goes with winning, not that it causes it.</p>\n"
         "<table><tr><th>card</th><th>key</th><th>played in</th><th>score played</th><th>score held</th>"
         "<th>impact</th></tr>\n";
    std::vector<CardFigures> cards = f.cards;
    std::stable_sort(cards.begin(), cards.end(),
                     [](const CardFigures& a, const CardFigures& b) { return a.impact.value > b.impact.value; });
    for (const CardFigures& c : cards) {
        const bool wide = c.impact.wide;
        o << "<tr class=\"" << (wide ? "wide" : c.impact.value > 0 ? "pos" : "neg") << "\"><td>"
          << esc(r.tally.cards.at(c.key).name) << "</td><td class=\"l\">" << esc(c.key) << "</td><td>"
          << pct(c.play_share) << "</td><td>" << rate_text(c.played) << "</td><td>" << rate_text(c.held) << "</td><td>"
          << (c.played.n > 0 && c.held.n > 0
                  ? fixed(100 * c.impact.value) + " [" + fixed(100 * c.impact.lo) + ", " + fixed(100 * c.impact.hi) +
                        "] points" + (wide ? " wide" : "")
                  : std::string("n/a"))
          << "</td></tr>\n";
    }
    o << "</table>\n<h2>Every pairing</h2>\n<table><tr><th>seat 1</th><th>seat 2</th><th>matches</th><th>seat 1 wins"
         "</th><th>seat 2 wins</th><th>draws</th><th>failed</th><th>seat 1 score</th><th>mean "
      << esc(r.meta.unit_name) << "s</th></tr>\n";
    for (std::size_t i = 0; i < r.plan.pairings.size(); ++i) {
        const PairingTally& t = r.tally.pairings[i];
        o << "<tr" << (f.pairings[i].seat1.wide ? " class=\"wide\"" : "") << "><td>"
          << esc(r.plan.entries[r.plan.pairings[i].first].label) << "</td><td class=\"l\">"
          << esc(r.plan.entries[r.plan.pairings[i].second].label) << "</td><td>" << t.matches << "</td><td>" << t.wins1
          << "</td><td>" << t.wins2 << "</td><td>" << t.draws << "</td><td>" << t.failed << "</td><td>"
          << rate_text(f.pairings[i].seat1) << "</td><td>" << fixed(f.pairings[i].mean_length) << "</td></tr>\n";
    }
    o << "</table>\n";
    if (!r.tally.failures.empty()) {
        o << "<h2>Failed matches</h2>\n<p>Replay one with <code>duelbox run</code> and the seed below.</p><table><tr>"
             "<th>match</th><th>seed</th><th>error</th></tr>\n";
        for (const LabFailure& x : r.tally.failures)
            o << "<tr><td>" << x.index << "</td><td>" << x.seed << "</td><td class=\"l\">" << esc(x.error) << "</td></tr>\n";
        o << "</table>\n";
    }
    o << "</body></html>\n";
    return o.str();
}

}  // namespace duelbox
