// lab_run.cpp - see lab_run.h.
#include "lab_run.h"

#include <algorithm>
#include <limits>
#include <cstdio>
#include <map>
#include <mutex>

#include "kernel/symbols.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "lua/scenario_fields.h"
#include "lua/setup_reuse.h"

namespace duelbox {

namespace {

bool listed(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

std::int64_t int_of(const Value& v) {
    const auto* i = std::get_if<std::int64_t>(&v);
    return i ? *i : 0;
}

}  // namespace

std::string load_lab_spec(const Scenario& base, LabSpec& spec, std::string& content_hash) {
    LuaHost host(base.limits);
    std::vector<std::string> errors;
    if (!host.load_game(base, errors)) {
        std::string all;
        for (const auto& e : errors) all += (all.empty() ? "" : "\n") + e;
        return all;
    }
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (const ScriptHash& s : host.scripts())
        for (const std::string* part : {&s.path, &s.hash})
            for (unsigned char c : *part + "\n") {
                h ^= c;
                h *= 0x100000001b3ull;
            }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    content_hash = hex;
    if (std::string why = read_lab_spec(host, spec); !why.empty()) return why;
    // The base's own options and setup, checked once here (the same check every match makes).
    if (std::string why = scenario_fields_error(host, base); !why.empty())
        return (base.file.empty() ? "" : base.file + ": ") + why;
    return lab_sides(base, spec);
}

std::string lab_sides(const Scenario& base, LabSpec& spec) {
    const std::size_t n = base.seats.size();
    spec.side_of_seat.assign(n, 0);
    spec.slot_of_seat.assign(n, 0);
    if (n == 2) {
        spec.side_of_seat[1] = 1;
        spec.side_picks = spec.picks;
        return "";
    }
    std::string teams;
    for (const SeatSpec& s : base.seats) teams += (teams.empty() ? "" : ", ") + std::to_string(s.team);
    const std::string why = base.file + ": players: the lab pairs two sides, either two seats or two teams of "
                            "equal size; this scenario has " + std::to_string(n) + " seats in teams " + teams;
    if (n < 2 || spec.picks != 1) return why;
    const int first = base.seats[0].team;
    int second = 0, count[2] = {0, 0};
    for (std::size_t i = 0; i < n; ++i) {
        const int t = base.seats[i].team;
        if (t != first && second == 0) second = t;
        if (t != first && t != second) return why;
        const int side = t == first ? 0 : 1;
        spec.side_of_seat[i] = side;
        spec.slot_of_seat[i] = count[side]++;
    }
    if (count[0] != count[1]) return why;
    spec.side_picks = count[0];
    return "";
}

Scenario lab_match_scenario(const Scenario& base, const LabSpec& spec, const LabPlan& plan, std::size_t g,
                            const std::string& agent) {
    Scenario s = base;
    s.seed = plan.seed_of(g);
    s.decisions.clear();
    s.stop = StopAt{};
    s.expect = Expectations{};
    const LabPairing& p = plan.pairings[plan.pairing_of(g)];
    const std::size_t sides[2] = {p.first, p.second};
    for (std::size_t seat = 0; seat < s.seats.size(); ++seat) {
        const LabEntry& e = plan.entries[sides[spec.side_of_seat.at(seat)]];
        nlohmann::json value;
        if (spec.picks == 1) {
            value = spec.seat_value(*spec.find(e.members.at(static_cast<std::size_t>(spec.slot_of_seat[seat]))));
        } else {
            value = nlohmann::json::array();
            for (const std::string& m : e.members) value.push_back(spec.seat_value(*spec.find(m)));
        }
        s.seats[seat].setup[spec.seat_key] = value;
    }
    for (SeatSpec& seat : s.seats) seat.agent = agent;
    return s;
}

LabMatch observe_match(const Match& m, const LabSpec& spec, bool failed, const std::string& error) {
    LabMatch out;
    out.failed = failed;
    out.error = error;
    if (failed) return out;
    // The side every winner sits on; winners on both sides (or none) make a draw.
    const auto side = [&](PlayerIndex p) { return p >= 0 && static_cast<std::size_t>(p) < spec.side_of_seat.size() ? spec.side_of_seat[static_cast<std::size_t>(p)] : -1; };
    const auto& winners = m.result().winners;
    if (!winners.empty()) {
        const int s = side(winners[0]);
        bool one_side = s >= 0;
        for (PlayerIndex p : winners) one_side = one_side && side(p) == s;
        if (one_side) out.winner = s + 1;
    }
    const EventLog& log = m.log();
    if (!spec.unit_event.empty()) out.length = static_cast<std::int64_t>(log.count(spec.unit_event));
    const Sym move = intern("zone.move"), create = intern("entity.create");
    for (std::size_t i = 0; i < log.size(); ++i) {
        const Sym type = log.type_of(i);
        if (type != move && type != create) continue;
        const Event e = log.event(i);
        const std::int64_t entity = int_of(e.get("entity")), zone = int_of(e.get(type == move ? "to" : "zone"));
        if (entity < 1 || entity > m.entity_count() || zone < 1 || zone > m.zone_count()) continue;
        const Entity& card = m.entity(static_cast<EntityId>(entity));
        const Zone& z = m.zone(static_cast<ZoneId>(zone));
        if (card.def.empty()) continue;
        const bool played = listed(spec.played, z.name), held = listed(spec.held, z.name);
        if (!played && !held) continue;
        const int seat = side(z.owner != kNoPlayer ? z.owner : card.owner);
        if (seat < 0) continue;
        SeatCards& cards = out.seats[seat];
        if (played) ++cards.played[card.def];
        else cards.held[card.def] = true;
        out.names.emplace(card.def, card.name);
    }
    return out;
}

LabRun run_lab(const Scenario& base, const LabSpec& spec, const LabPlan& plan, const LabOptions& opts) {
    LabRun run;
    run.tally = LabTally(plan.pairings.size());
    const auto [first, end] = opts.shard.range(plan.total());
    if (end - first > static_cast<std::size_t>(std::numeric_limits<int>::max())) {   // the pool counts jobs in an int
        run.load_errors.push_back("this run plays " + std::to_string(end - first) +
                                  " matches; one process plays at most 2147483647 (split it with --shard)");
        return run;
    }
    std::mutex tally_mutex;
    // Per host (one worker each): the setup its matches of one pairing share (LabOptions::reuse_setup).
    std::mutex reuse_mutex;
    std::map<const LuaHost*, SetupReuse> reuse;
    PoolJobs jobs = PoolJobs::of(base, opts.workers, static_cast<int>(end - first));
    jobs.job = [&](LuaHost& host, int i) {
        if (opts.cancel && opts.cancel->load()) return;
        const std::size_t g = first + static_cast<std::size_t>(i);
        LabMatch seen;
        SetupReuse* mine = nullptr;
        if (opts.reuse_setup) {
            std::lock_guard lock(reuse_mutex);
            mine = &reuse[&host];   // std::map: the entry stays where it is as others are added
        }
        try {
            MatchRunner runner(host, lab_match_scenario(base, spec, plan, g, opts.agent));
            if (mine) mine->start(host, runner, plan.pairing_of(g));   // a pairing's matches differ by seed only
            const RunState state = runner.run();
            if (mine) mine->keep(host, runner);
            const bool failed = state != RunState::Finished;
            seen = observe_match(runner.match(), spec, failed,
                                 failed ? (runner.error().empty() ? "the match did not finish" : runner.error()) : "");
        } catch (const std::exception& e) {   // the runner catches script faults; this is bad_alloc and worse
            seen = LabMatch{};
            seen.failed = true;
            seen.error = std::string("internal error: ") + e.what();
        }
        seen.index = g;
        {
            std::lock_guard lock(tally_mutex);
            run.tally.add(plan.pairing_of(g), plan.seed_of(g), seen);
        }
        if (opts.done) ++*opts.done;
    };
    run.pool = run_on_hosts(jobs);
    run.load_errors = run.pool.load_errors;
    run.cancelled = opts.cancel && opts.cancel->load();
    return run;
}

}  // namespace duelbox
