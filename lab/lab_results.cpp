// lab_results.cpp - see lab_results.h.
#include "lab_results.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

namespace duelbox {

namespace {

using json = nlohmann::json;
constexpr const char* kFormat = "duelbox-lab 1";

json rate_json(const Rate& r) {
    return {{"value", r.value}, {"lo", r.lo}, {"hi", r.hi}, {"n", r.n}, {"wide", r.wide}};
}

json difference_json(const Difference& d) {
    return {{"value", d.value}, {"lo", d.lo}, {"hi", d.hi}, {"wide", d.wide}};
}

json lengths_json(const std::map<std::int64_t, std::int64_t>& lengths) {
    json out = json::array();
    for (const auto& [len, n] : lengths) out.push_back({len, n});
    return out;
}

json entry_json(const std::string& name, const EntryFigures& e) {
    return {{"name", name}, {"matches", e.matches}, {"wins", e.wins}, {"draws", e.draws}, {"losses", e.losses},
            {"score", rate_json(e.score)}};
}

// A field of a parsed results.json, with the file and path in the error.
const json& need(const json& j, const char* key, const std::string& where) {
    if (!j.is_object() || !j.contains(key)) throw std::runtime_error(where + "." + key + ": missing");
    return j.at(key);
}

template <typename T>
T get_as(const json& j, const char* key, const std::string& where) {
    try {
        return need(j, key, where).get<T>();
    } catch (const json::exception&) {
        throw std::runtime_error(where + "." + key + ": wrong type");
    }
}

// A count in a results.json, the value `v` at path `where`: a whole number from 0 to 2^53 (a
// fraction, a negative number or one past what a double holds exactly is not a count any run
// wrote).
std::int64_t count_in(const json& v, const std::string& where) {
    constexpr std::int64_t kMax = std::int64_t{1} << 53;
    if (v.is_number_unsigned() && v.get<std::uint64_t>() <= static_cast<std::uint64_t>(kMax)) return v.get<std::int64_t>();
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0 && v.get<std::int64_t>() <= kMax) return v.get<std::int64_t>();
    throw std::runtime_error(where + ": expected a whole number from 0 to 2^53, got " + v.dump());
}

// The same for field `key` of object `j`.
std::int64_t count_at(const json& j, const char* key, const std::string& where) {
    return count_in(need(j, key, where), where + "." + key);
}

// A list field of a parsed results.json.
const json& need_list(const json& j, const char* key, const std::string& where) {
    const json& v = need(j, key, where);
    if (!v.is_array()) throw std::runtime_error(where + "." + key + ": expected a list, got " + v.dump().substr(0, 60));
    return v;
}

// The fields lab_result_json writes; any other is a typo or an edit.
void check_known_fields(const json& j, std::initializer_list<const char*> known, const std::string& where) {
    for (auto it = j.begin(); it != j.end(); ++it) {
        bool ok = false;
        for (const char* k : known) ok = ok || it.key() == k;
        if (!ok) throw std::runtime_error(where + "." + it.key() + ": unknown field");
    }
}

std::string csv_cell(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", v);
    return buf;
}

}  // namespace

std::string engine_build_hash() {
    std::ifstream in("/proc/self/exe", std::ios::binary);
    if (!in) return "";
    std::uint64_t h = 0xcbf29ce484222325ull;
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        for (std::streamsize i = 0; i < in.gcount(); ++i) {
            h ^= static_cast<unsigned char>(buf[i]);
            h *= 0x100000001b3ull;
        }
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    return hex;
}

Rate matchup_score(const LabPlan& plan, const LabTally& tally, std::size_t a, std::size_t b, double wide) {
    double score = 0, n = 0;
    for (std::size_t i = 0; i < plan.pairings.size(); ++i) {
        const LabPairing& p = plan.pairings[i];
        const PairingTally& t = tally.pairings[i];
        if (p.first == a && p.second == b) score += static_cast<double>(t.wins1);
        else if (p.first == b && p.second == a) score += static_cast<double>(t.wins2);
        else continue;
        score += 0.5 * static_cast<double>(t.draws);
        n += static_cast<double>(t.matches);
    }
    return wilson(score, n, wide);
}

json lab_result_json(const LabResult& r) {
    const LabPlan& plan = r.plan;
    const LabFigures f = compute_figures(plan, r.tally, r.meta.wide_half_width);
    json j;
    j["format"] = kFormat;
    j["command"] = r.meta.command;
    j["game"] = r.meta.game;
    j["scenario"] = r.meta.scenario;
    j["engine"] = std::string("duelbox ") + DUELBOX_VERSION;
    j["engine_hash"] = r.meta.engine_hash;
    j["content_hash"] = r.meta.content_hash;
    j["agent"] = r.meta.agent;
    j["seed"] = plan.seed;
    j["matches_per_pairing"] = plan.matches;
    j["picks"] = plan.picks;
    j["unit"] = r.meta.unit_name;
    j["wide_half_width"] = r.meta.wide_half_width;
    json roster = json::array();
    for (const RosterEntry& e : r.meta.roster) roster.push_back({{"name", e.name}, {"key", e.key}, {"display", e.display}});
    j["fighters"] = roster;
    if (!r.meta.shard.whole()) j["shard"] = {{"index", r.meta.shard.index}, {"count", r.meta.shard.count}};

    json counts;
    json pairings = json::array();
    for (std::size_t i = 0; i < plan.pairings.size(); ++i) {
        const PairingTally& t = r.tally.pairings[i];
        pairings.push_back({{"seat1", plan.entries[plan.pairings[i].first].label},
                            {"seat2", plan.entries[plan.pairings[i].second].label},
                            {"matches", t.matches}, {"wins", {t.wins1, t.wins2}}, {"draws", t.draws},
                            {"failed", t.failed}, {"lengths", lengths_json(t.lengths)}});
    }
    counts["pairings"] = pairings;
    json cards = json::array();
    for (const auto& [key, c] : r.tally.cards)
        cards.push_back({{"key", key}, {"name", c.name}, {"plays", c.plays}, {"played", c.played},
                         {"played_wins", c.played_wins}, {"played_draws", c.played_draws}, {"held", c.held},
                         {"held_wins", c.held_wins}, {"held_draws", c.held_draws}});
    counts["cards"] = cards;
    json failures = json::array();
    for (const LabFailure& x : r.tally.failures)
        failures.push_back({{"match", x.index}, {"seed", x.seed}, {"error", x.error}});
    counts["failures"] = failures;
    j["counts"] = counts;

    json fig;
    fig["matches"] = f.matches;
    fig["failed"] = f.failed;
    fig["draws"] = f.draws;
    fig["first_seat"] = rate_json(f.first_seat);
    fig["mean_length"] = f.mean_length;
    fig["lengths"] = lengths_json(f.lengths);
    json fighters = json::array();
    for (std::size_t k = 0; k < plan.fighters.size(); ++k) fighters.push_back(entry_json(plan.fighters[k], f.fighters[k]));
    fig["fighters"] = fighters;
    if (plan.picks > 1) {
        json entries = json::array();
        for (std::size_t k = 0; k < plan.entries.size(); ++k) entries.push_back(entry_json(plan.entries[k].label, f.entries[k]));
        fig["sides"] = entries;
    }
    json pf = json::array();
    for (std::size_t i = 0; i < plan.pairings.size(); ++i)
        pf.push_back({{"seat1", plan.entries[plan.pairings[i].first].label},
                      {"seat2", plan.entries[plan.pairings[i].second].label},
                      {"seat1_score", rate_json(f.pairings[i].seat1)}, {"mean_length", f.pairings[i].mean_length}});
    fig["pairings"] = pf;
    json matchups = json::array();
    for (std::size_t a = 0; a < plan.entries.size(); ++a)
        for (std::size_t b = a + 1; b < plan.entries.size(); ++b) {
            const Rate s = matchup_score(plan, r.tally, a, b, r.meta.wide_half_width);
            if (s.n > 0)
                matchups.push_back({{"side", plan.entries[a].label}, {"against", plan.entries[b].label},
                                    {"score", rate_json(s)}});
        }
    fig["matchups"] = matchups;
    json cf = json::array();
    for (const CardFigures& c : f.cards)
        cf.push_back({{"key", c.key}, {"name", r.tally.cards.at(c.key).name}, {"play_share", c.play_share},
                      {"played", rate_json(c.played)}, {"held", rate_json(c.held)}, {"impact", difference_json(c.impact)}});
    fig["cards"] = cf;
    j["figures"] = fig;
    return j;
}

std::string lab_result_csv(const LabResult& r) {
    const LabFigures f = compute_figures(r.plan, r.tally, r.meta.wide_half_width);
    std::ostringstream out;
    out << "seat1,seat2,matches,seat1_wins,seat2_wins,draws,failed,seat1_score,seat1_lo,seat1_hi,wide,mean_"
        << r.meta.unit_name << "s\n";
    for (std::size_t i = 0; i < r.plan.pairings.size(); ++i) {
        const PairingTally& t = r.tally.pairings[i];
        const Rate& s = f.pairings[i].seat1;
        out << csv_cell(r.plan.entries[r.plan.pairings[i].first].label) << ','
            << csv_cell(r.plan.entries[r.plan.pairings[i].second].label) << ',' << t.matches << ',' << t.wins1 << ','
            << t.wins2 << ',' << t.draws << ',' << t.failed << ',' << number(s.value) << ',' << number(s.lo) << ','
            << number(s.hi) << ',' << (s.wide ? "yes" : "no") << ',' << number(f.pairings[i].mean_length) << '\n';
    }
    return out.str();
}

LabResult parse_lab_result(const json& j, const std::string& file) {
    LabResult r;
    if (!j.is_object() || !j.contains("format") || j.at("format") != kFormat)
        throw std::runtime_error(file + ": not a duelbox lab result (format \"" + std::string(kFormat) + "\" expected)");
    const std::string w = file;
    check_known_fields(j, {"format", "command", "game", "scenario", "engine", "content_hash", "engine_hash", "agent", "unit",
                           "wide_half_width", "seed", "matches_per_pairing", "picks", "fighters", "shard", "counts",
                           "figures"}, w);
    r.meta.command = get_as<std::string>(j, "command", w);
    r.meta.game = get_as<std::string>(j, "game", w);
    r.meta.scenario = get_as<std::string>(j, "scenario", w);
    r.meta.content_hash = get_as<std::string>(j, "content_hash", w);
    r.meta.engine_hash = get_as<std::string>(j, "engine_hash", w);
    r.meta.agent = get_as<std::string>(j, "agent", w);
    r.meta.unit_name = get_as<std::string>(j, "unit", w);
    r.meta.wide_half_width = get_as<double>(j, "wide_half_width", w);
    const auto seed = get_as<std::uint64_t>(j, "seed", w);
    const int matches = get_as<int>(j, "matches_per_pairing", w);
    const int picks = get_as<int>(j, "picks", w);
    if (matches < 1) throw std::runtime_error(w + ".matches_per_pairing: must be at least 1");
    if (picks < 1 || picks > 64) throw std::runtime_error(w + ".picks: must be from 1 to 64");
    std::vector<std::string> names;
    const json& roster = need_list(j, "fighters", w);
    for (std::size_t i = 0; i < roster.size(); ++i) {
        const std::string at = w + ".fighters[" + std::to_string(i) + "]";
        RosterEntry e{get_as<std::string>(roster[i], "name", at), get_as<std::string>(roster[i], "key", at),
                      get_as<std::string>(roster[i], "display", at)};
        names.push_back(e.name);
        r.meta.roster.push_back(e);
    }
    if (j.contains("shard")) {
        const std::string at = w + ".shard";
        r.meta.shard = {get_as<int>(j.at("shard"), "index", at), get_as<int>(j.at("shard"), "count", at)};
        if (r.meta.shard.count < 1 || r.meta.shard.index < 0 || r.meta.shard.index >= r.meta.shard.count)
            throw std::runtime_error(at + ": index must lie in [0, count)");
    }
    try {
        r.plan = make_plan(names, picks, matches, seed);
    } catch (const std::invalid_argument& e) {
        throw std::runtime_error(w + ".fighters: " + e.what());
    }
    r.tally = LabTally(r.plan.pairings.size());
    const json& counts = need(j, "counts", w);
    const json& pairings = need(counts, "pairings", w + ".counts");
    if (!pairings.is_array() || pairings.size() != r.plan.pairings.size())
        throw std::runtime_error(w + ".counts.pairings: expected " + std::to_string(r.plan.pairings.size()) + " pairings");
    for (std::size_t i = 0; i < pairings.size(); ++i) {
        const std::string at = w + ".counts.pairings[" + std::to_string(i) + "]";
        const json& p = pairings[i];
        if (get_as<std::string>(p, "seat1", at) != r.plan.entries[r.plan.pairings[i].first].label ||
            get_as<std::string>(p, "seat2", at) != r.plan.entries[r.plan.pairings[i].second].label)
            throw std::runtime_error(at + ": not the pairing the plan has in this place");
        PairingTally& t = r.tally.pairings[i];
        t.matches = count_at(p, "matches", at);
        const json& wins = need(p, "wins", at);
        if (!wins.is_array() || wins.size() != 2) throw std::runtime_error(at + ".wins: expected two numbers");
        t.wins1 = count_in(wins[0], at + ".wins[0]");
        t.wins2 = count_in(wins[1], at + ".wins[1]");
        t.draws = count_at(p, "draws", at);
        t.failed = count_at(p, "failed", at);
        // Every finished match is a win for one seat or a draw (lab_tally.cpp).
        if (t.wins1 + t.wins2 + t.draws != t.matches)
            throw std::runtime_error(at + ": wins and draws add up to " + std::to_string(t.wins1 + t.wins2 + t.draws) +
                                     ", not its " + std::to_string(t.matches) + " matches");
        if (t.matches + t.failed > matches)
            throw std::runtime_error(at + ": " + std::to_string(t.matches + t.failed) + " matches played, more than the " +
                                     std::to_string(matches) + " a pairing has");
        const json& lengths = need(p, "lengths", at);
        if (!lengths.is_array()) throw std::runtime_error(at + ".lengths: expected [length, matches] pairs");
        // Every finished match has one length: the counts add up to `matches` (checked as they
        // are added, so no sum can overflow), each length listed once.
        std::int64_t with_length = 0;
        for (std::size_t k = 0; k < lengths.size(); ++k) {
            const std::string lat = at + ".lengths[" + std::to_string(k) + "]";
            if (!lengths[k].is_array() || lengths[k].size() != 2) throw std::runtime_error(lat + ": expected a [length, matches] pair");
            const std::int64_t len = count_in(lengths[k][0], lat + "[0]"), n = count_in(lengths[k][1], lat + "[1]");
            if (n == 0)   // a run lists only the lengths its matches had
                throw std::runtime_error(lat + "[1]: length " + std::to_string(len) + " is listed with 0 matches");
            if (!t.lengths.emplace(len, n).second)
                throw std::runtime_error(lat + ": length " + std::to_string(len) + " is listed twice");
            with_length += n;
            if (with_length > t.matches)
                throw std::runtime_error(lat + ": the lengths count more matches than the pairing's " +
                                         std::to_string(t.matches));
        }
        if (with_length != t.matches)
            throw std::runtime_error(at + ".lengths: count " + std::to_string(with_length) + " matches, not the pairing's " +
                                     std::to_string(t.matches));
    }
    const json& cards = need_list(counts, "cards", w + ".counts");
    for (std::size_t i = 0; i < cards.size(); ++i) {
        const std::string at = w + ".counts.cards[" + std::to_string(i) + "]";
        const json& c = cards[i];
        const std::string key = get_as<std::string>(c, "key", at);
        if (r.tally.cards.count(key)) throw std::runtime_error(at + ".key: card " + key + " is listed twice");
        CardTally& t = r.tally.cards[key];
        t.name = get_as<std::string>(c, "name", at);
        t.plays = count_at(c, "plays", at);
        t.played = count_at(c, "played", at);
        t.played_wins = count_at(c, "played_wins", at);
        t.played_draws = count_at(c, "played_draws", at);
        t.held = count_at(c, "held", at);
        t.held_wins = count_at(c, "held_wins", at);
        t.held_draws = count_at(c, "held_draws", at);
        // Wins and draws are among the matches they count (each at most 2^53: no overflow).
        if (t.played_wins + t.played_draws > t.played)
            throw std::runtime_error(at + ": played_wins and played_draws add up to more than played");
        if (t.held_wins + t.held_draws > t.held)
            throw std::runtime_error(at + ": held_wins and held_draws add up to more than held");
    }
    // The failures listed are the first of the failed matches (lab_tally.h), each a match of
    // this file's share of the plan, in order, with its own seed, and in a pairing that counts
    // a failure: a merge would otherwise report a match of another shard, or one twice.
    const json& failures = need_list(counts, "failures", w + ".counts");
    std::int64_t failed = 0;
    for (const PairingTally& t : r.tally.pairings) failed += t.failed;
    if (static_cast<std::int64_t>(failures.size()) > std::min<std::int64_t>(failed, LabTally::kMaxFailures))
        throw std::runtime_error(w + ".counts.failures: lists " + std::to_string(failures.size()) + " failures; the pairings count " +
                                 std::to_string(failed) + " (and at most " + std::to_string(LabTally::kMaxFailures) + " are kept)");
    const auto [first, end] = r.meta.shard.range(r.plan.total());
    for (std::size_t i = 0; i < failures.size(); ++i) {
        const std::string at = w + ".counts.failures[" + std::to_string(i) + "]";
        const LabFailure x{get_as<std::size_t>(failures[i], "match", at), get_as<std::uint64_t>(failures[i], "seed", at),
                           get_as<std::string>(failures[i], "error", at)};
        if (x.index < first || x.index >= end)
            throw std::runtime_error(at + ".match: " + std::to_string(x.index) + " is not one of this file's matches (" +
                                     std::to_string(first) + " to " + std::to_string(end == first ? first : end - 1) + ")");
        if (!r.tally.failures.empty() && x.index <= r.tally.failures.back().index)
            throw std::runtime_error(at + ".match: " + std::to_string(x.index) + " is listed twice or out of order");
        if (x.seed != r.plan.seed_of(x.index))
            throw std::runtime_error(at + ".seed: " + std::to_string(x.seed) + " is not match " + std::to_string(x.index) +
                                     "'s seed " + std::to_string(r.plan.seed_of(x.index)));
        if (r.tally.pairings.at(r.plan.pairing_of(x.index)).failed == 0)
            throw std::runtime_error(at + ".match: " + std::to_string(x.index) + " is in a pairing that counts no failure");
        r.tally.failures.push_back(x);
    }
    return r;
}

LabResult merge_lab_shards(const std::vector<std::pair<std::string, LabResult>>& shards) {
    if (shards.empty()) throw std::runtime_error("no shard files given");
    const auto& [first_file, first] = shards.front();
    LabResult out = first;
    out.meta.shard = Shard{};
    out.tally = LabTally(first.plan.pairings.size());
    const int count = first.meta.shard.count;
    std::set<int> seen;
    for (const auto& [file, s] : shards) {
        auto differs = [&](const char* what) {
            return std::runtime_error(file + ": " + what + " differs from " + first_file + "'s: not a shard of the same run");
        };
        if (s.meta.shard.whole()) throw std::runtime_error(file + ": not a shard (no \"shard\" field)");
        if (s.meta.command != first.meta.command) throw differs("the command");
        if (s.meta.content_hash != first.meta.content_hash) throw differs("content_hash (the scripts changed)");
        if (s.meta.engine_hash != first.meta.engine_hash) throw differs("engine_hash (another build of duelbox)");
        if (s.meta.scenario != first.meta.scenario || s.meta.game != first.meta.game) throw differs("the scenario");
        if (s.meta.shard.count != count) throw differs("the shard count");
        if (s.plan.seed != first.plan.seed || s.plan.matches != first.plan.matches || s.plan.picks != first.plan.picks ||
            s.plan.fighters != first.plan.fighters)
            throw differs("the plan (seed, matches per pairing, picks or fighters)");
        if (!seen.insert(s.meta.shard.index).second)
            throw std::runtime_error(file + ": shard " + std::to_string(s.meta.shard.index) + " is given twice");
        out.tally.merge(s.tally);
    }
    // Shards of one run play disjoint matches: together no pairing has more than its plan.
    for (std::size_t i = 0; i < out.tally.pairings.size(); ++i) {
        const PairingTally& t = out.tally.pairings[i];
        if (t.matches + t.failed > first.plan.matches)
            throw std::runtime_error("pairing " + std::to_string(i) + ": the shards together played " +
                                     std::to_string(t.matches + t.failed) + " matches, more than its " +
                                     std::to_string(first.plan.matches) + " (shards that overlap?)");
    }
    for (int i = 0; i < count; ++i)
        if (!seen.count(i))
            throw std::runtime_error("shard " + std::to_string(i) + " of " + std::to_string(count) +
                                     " is missing");
    return out;
}

}  // namespace duelbox
