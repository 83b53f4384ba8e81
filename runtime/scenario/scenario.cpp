// scenario.cpp - scenario files: strict parsing (1-based seats in, 0-based out) and writing back.
//
// [SECTION] Field readers for each part (seats, decisions, stop, expect, limits)
// [SECTION] parse_scenario / load_scenario
// [SECTION] scenario_to_json (the same shape; parse(to_json(s)) equals s field by field)
#include "scenario.h"
#include "search/search_agents.h"

#include <filesystem>
#include <limits>

#include "json_fields.h"

namespace duelbox {

using nlohmann::json;
using fields::ObjectReader;

namespace {

constexpr std::int64_t kMiB = std::int64_t{1} << 20;

// The most a scenario file may ask for (docs/architecture.md section 5): it may tighten the
// default limits, or loosen them up to here, never so far that the budget is off in practice
// (or that a deadline overflows the watchdog's clock).
struct LimitCeilings {
    static constexpr std::int64_t instructions = 1'000'000'000;
    static constexpr std::int64_t memory_mb = 1024;
    static constexpr std::int64_t time_slice_ms = 10'000;
    static constexpr std::int64_t wall_clock_ms = 3'600'000;
    static constexpr std::int64_t match_wall_clock_ms = 86'400'000;
    static constexpr std::int64_t decisions = 100'000'000;
};

// [SECTION] Field readers for each part

// A seat number as the file writes it (1..seats) turned into a PlayerIndex (0-based).
PlayerIndex read_seat(const json& v, const std::string& path, std::size_t seats) {
    std::int64_t n = 0;
    if (!fields::to_int64(v, n) || n < 1 || n > static_cast<std::int64_t>(seats))
        fields::expected(path, "a seat number from 1 to " + std::to_string(seats) + " (players has " +
                                   std::to_string(seats) + (seats == 1 ? " entry)" : " entries)"),
                         v);
    return static_cast<PlayerIndex>(n - 1);
}

// The game names folders (scripts/<game>/, cards/<game>/), so it must be a plain folder name.
std::string read_game(const json& v, const std::string& path) {
    bool ok = v.is_string() && !v.get_ref<const std::string&>().empty();
    if (ok)
        for (char c : v.get_ref<const std::string&>())
            ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-');
    if (!ok) fields::expected(path, "a game name of lowercase letters, digits, '_' and '-' (e.g. \"fixture\")", v);
    return v.get<std::string>();
}

// An absolute, normalized folder. A relative `root` is relative to the scenario file's folder
// (or the working directory for a scenario without a file), so a scenario can be run from anywhere.
std::string resolve_root(const std::string& root, const std::string& file, const std::string& path) {
    namespace fs = std::filesystem;
    fs::path p(root);
    if (p.is_relative() && !file.empty()) p = fs::path(file).parent_path() / p;
    std::error_code ec;
    p = fs::absolute(p, ec);
    if (!ec) p = fs::weakly_canonical(p, ec);   // checked between: a second call would clear the first error
    if (ec) fields::fail(path, "cannot resolve \"" + root + "\" (" + ec.message() + ")");
    // weakly_canonical keeps a trailing separator ("support/"); drop it so roots compare equal.
    if (!p.has_filename() && p.has_relative_path()) p = p.parent_path();
    return p.string();
}

// A player's name is printed in every narration line that names them, in terminals and the
// editor: a control character (a NUL cut it short, an escape sequence drives the terminal) or a
// bidirectional override (it reorders the rest of the line) would make the line say something
// else than the log holds. "" when the name is fine.
std::string display_name_error(const std::string& name) {
    if (name.size() > 64) return "at most 64 bytes (got " + std::to_string(name.size()) + ")";
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto c = static_cast<unsigned char>(name[i]);
        if (c < 0x20 || c == 0x7F) return "a control character (byte " + std::to_string(c) + ") may not be part of a name";
        // U+202A..U+202E and U+2066..U+2069 in UTF-8: E2 80 AA..AE, E2 81 A6..A9.
        if (c == 0xE2 && i + 2 < name.size()) {
            const auto b = static_cast<unsigned char>(name[i + 1]), d = static_cast<unsigned char>(name[i + 2]);
            if ((b == 0x80 && d >= 0xAA && d <= 0xAE) || (b == 0x81 && d >= 0xA6 && d <= 0xA9))
                return "a bidirectional-text control character may not be part of a name";
        }
    }
    return "";
}

SeatSpec parse_seat(const json& v, const std::string& path, std::size_t seat_number) {
    ObjectReader r(v, path, {"name", "team", "agent", "setup"});
    SeatSpec s;
    s.name = "Player " + std::to_string(seat_number);
    s.team = static_cast<int>(seat_number);
    if (auto* f = r.find("name")) {
        s.name = fields::read_nonempty_string(*f, r.path("name"));
        if (std::string bad = display_name_error(s.name); !bad.empty()) fields::fail(r.path("name"), bad);
    }
    if (auto* f = r.find("team"))
        s.team = static_cast<int>(fields::read_int(*f, r.path("team"), 1, std::numeric_limits<int>::max()));
    if (auto* f = r.find("agent")) {
        s.agent = fields::read_nonempty_string(*f, r.path("agent"));
        if (std::string bad = agent_name_error(s.agent); !bad.empty()) fields::fail(r.path("agent"), bad);
    }
    if (auto* f = r.find("setup")) s.setup = fields::read_object(*f, r.path("setup"));
    return s;
}

// `player` is optional like `id`: a decision without one answers whichever seat is asked next.
ScriptedDecision parse_decision(const json& v, const std::string& path, std::size_t seats) {
    ObjectReader r(v, path, {"player", "id", "pick", "choose", "yes"});
    std::string given;
    for (const char* k : {"pick", "choose", "yes"})
        if (r.has(k)) given += (given.empty() ? "\"" : " and \"") + std::string(k) + "\"";
    if (given.empty()) fields::fail(path, "give one of \"pick\", \"choose\" or \"yes\"");
    if (given.find(" and ") != std::string::npos)
        fields::fail(path, "give only one of \"pick\", \"choose\" or \"yes\"; got " + given);
    ScriptedDecision d;
    if (auto* f = r.find("player")) d.player = read_seat(*f, r.path("player"), seats);
    if (auto* f = r.find("id")) d.id = fields::read_nonempty_string(*f, r.path("id"));
    if (auto* f = r.find("pick")) d.picks = fields::read_int_list(*f, r.path("pick"));
    if (auto* f = r.find("choose")) d.labels = fields::read_string_list(*f, r.path("choose"));
    if (auto* f = r.find("yes")) d.yes = fields::read_bool(*f, r.path("yes"));
    return d;
}

StopAt parse_stop(const json& v, const std::string& path) {
    ObjectReader r(v, path, {"after_events", "at_event", "after_decisions"});
    StopAt s;
    if (auto* f = r.find("after_events")) s.after_events = fields::read_int(*f, r.path("after_events"), 0);
    if (auto* f = r.find("at_event")) s.at_event = fields::read_nonempty_string(*f, r.path("at_event"));
    if (auto* f = r.find("after_decisions")) s.after_decisions = fields::read_int(*f, r.path("after_decisions"), 0);
    return s;
}

EventExpectation parse_event_expectation(const json& v, const std::string& path) {
    ObjectReader r(v, path, {"type", "fields"});
    EventExpectation e;
    e.type = fields::read_nonempty_string(r.require("type"), r.path("type"));
    if (auto* f = r.find("fields")) {
        e.fields = fields::read_object(*f, r.path("fields"));
        // An event's fields are plain values: a list or an object could never match (the
        // expectation failed as "not met" instead of naming the field).
        for (const auto& [k, want] : e.fields.items())
            if (want.is_structured())
                fields::expected(fields::join(r.path("fields"), k), "a plain value (text, number, true/false or null)", want);
    }
    return e;
}

CounterExpectation parse_counter_expectation(const json& v, const std::string& path, std::size_t seats) {
    ObjectReader r(v, path, {"player", "entity", "counter", "value"});
    if (r.has("player") == r.has("entity")) fields::fail(path, "give exactly one of \"player\" or \"entity\"");
    CounterExpectation c;
    if (auto* f = r.find("player")) c.player = read_seat(*f, r.path("player"), seats);
    if (auto* f = r.find("entity")) c.entity = fields::read_nonempty_string(*f, r.path("entity"));
    c.counter = fields::read_nonempty_string(r.require("counter"), r.path("counter"));
    c.value = fields::read_int(r.require("value"), r.path("value"));
    return c;
}

// winner / winners / draw are three spellings of one expectation, so only one may appear.
std::vector<PlayerIndex> parse_winners(const ObjectReader& r, std::size_t seats) {
    if (auto* f = r.find("draw")) {
        if (!fields::read_bool(*f, r.path("draw")))
            fields::fail(r.path("draw"), "only true is meaningful; to expect a winner use \"winner\" or \"winners\"");
        return {};
    }
    if (auto* f = r.find("winner")) return {read_seat(*f, r.path("winner"), seats)};
    const json& list = fields::read_array(*r.find("winners"), r.path("winners"));
    if (list.empty()) fields::fail(r.path("winners"), "expected at least one seat (for a draw write \"draw\": true)");
    std::vector<PlayerIndex> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        PlayerIndex p = read_seat(list[i], fields::index(r.path("winners"), i), seats);
        for (PlayerIndex q : out)
            if (q == p) fields::fail(fields::index(r.path("winners"), i), "seat " + std::to_string(p + 1) + " is listed twice");
        out.push_back(p);
    }
    return out;
}

Expectations parse_expect(const json& v, const std::string& path, std::size_t seats) {
    ObjectReader r(v, path, {"winner", "winners", "draw", "reason", "events", "absent", "counters", "error"});
    int spellings = r.has("winner") + r.has("winners") + r.has("draw");
    if (spellings > 1) fields::fail(path, "give only one of \"winner\", \"winners\" or \"draw\"");
    Expectations e;
    if (spellings == 1) e.winners = parse_winners(r, seats);
    if (auto* f = r.find("reason")) e.reason = fields::read_nonempty_string(*f, r.path("reason"));
    if (auto* f = r.find("events")) {
        const json& list = fields::read_array(*f, r.path("events"));
        for (std::size_t i = 0; i < list.size(); ++i)
            e.events.push_back(parse_event_expectation(list[i], fields::index(r.path("events"), i)));
    }
    if (auto* f = r.find("absent")) {
        const json& list = fields::read_array(*f, r.path("absent"));
        for (std::size_t i = 0; i < list.size(); ++i)
            e.absent.push_back(fields::read_nonempty_string(list[i], fields::index(r.path("absent"), i)));
    }
    if (auto* f = r.find("counters")) {
        const json& list = fields::read_array(*f, r.path("counters"));
        for (std::size_t i = 0; i < list.size(); ++i)
            e.counters.push_back(parse_counter_expectation(list[i], fields::index(r.path("counters"), i), seats));
    }
    if (auto* f = r.find("error")) e.error = fields::read_nonempty_string(*f, r.path("error"));
    return e;
}

Limits parse_limits(const json& v, const std::string& path) {
    ObjectReader r(v, path, {"instructions", "memory_mb", "time_slice_ms", "wall_clock_ms", "match_wall_clock_ms",
                                 "decisions"});
    Limits l;
    if (auto* f = r.find("instructions"))
        l.instructions = fields::read_int(*f, r.path("instructions"), 1, LimitCeilings::instructions);
    if (auto* f = r.find("memory_mb"))
        l.memory_bytes = fields::read_int(*f, r.path("memory_mb"), 1, LimitCeilings::memory_mb) * kMiB;
    if (auto* f = r.find("time_slice_ms"))
        l.time_slice_ms = fields::read_int(*f, r.path("time_slice_ms"), 1, LimitCeilings::time_slice_ms);
    if (auto* f = r.find("wall_clock_ms"))
        l.wall_clock_ms = fields::read_int(*f, r.path("wall_clock_ms"), 1, LimitCeilings::wall_clock_ms);
    if (auto* f = r.find("match_wall_clock_ms"))
        l.match_wall_clock_ms =
            fields::read_int(*f, r.path("match_wall_clock_ms"), 1, LimitCeilings::match_wall_clock_ms);
    if (auto* f = r.find("decisions"))
        l.decisions = fields::read_int(*f, r.path("decisions"), 1, LimitCeilings::decisions);
    return l;
}

}  // namespace

// [SECTION] parse_scenario / load_scenario

Scenario detail::parse_scenario_at(const json& j, const std::string& base, const std::string& file,
                                   const std::string& default_root) {
    ObjectReader r(j, base, {"title", "description", "game", "root", "mods", "seed", "players", "setup", "options",
                             "decisions", "stop", "expect", "limits"});
    Scenario s;
    s.file = file;
    if (auto* f = r.find("title")) s.title = fields::read_string(*f, r.path("title"));
    if (auto* f = r.find("description")) s.description = fields::read_string(*f, r.path("description"));
    s.game = read_game(r.require("game"), r.path("game"));
    if (auto* f = r.find("root"))
        s.root = resolve_root(fields::read_nonempty_string(*f, r.path("root")), file, r.path("root"));
    else if (!default_root.empty())
        s.root = resolve_root(default_root, "", r.path("root"));   // the caller's path, not the file's
    if (auto* f = r.find("mods")) {   // folders, relative to the scenario file like root
        const auto list = fields::read_string_list(*f, r.path("mods"));
        for (std::size_t i = 0; i < list.size(); ++i)
            s.mods.push_back(resolve_root(list[i], file, fields::index(r.path("mods"), i)));
    }
    if (auto* f = r.find("seed")) s.seed = fields::read_uint64(*f, r.path("seed"));

    const json& players = fields::read_array(r.require("players"), r.path("players"));
    if (players.empty() || players.size() > static_cast<std::size_t>(kMaxPlayers))
        fields::fail(r.path("players"), "expected 1 to " + std::to_string(kMaxPlayers) + " entries; got " +
                                            std::to_string(players.size()));
    for (std::size_t i = 0; i < players.size(); ++i) {
        s.seats.push_back(parse_seat(players[i], fields::index(r.path("players"), i), i + 1));
        // Every line of the log names players by name: two seats of one name could not be told apart.
        for (std::size_t k = 0; k < i; ++k)
            if (!s.seats[i].name.empty() && s.seats[k].name == s.seats[i].name)
                fields::fail(fields::join(fields::index(r.path("players"), i), "name"),
                             "\"" + s.seats[i].name + "\" is the name of " + fields::index(r.path("players"), k) +
                                 " too: the log could not tell them apart");
    }
    const std::size_t seats = s.seats.size();

    if (auto* f = r.find("setup")) s.setup = fields::read_object(*f, r.path("setup"));
    if (auto* f = r.find("options")) s.options = fields::read_object(*f, r.path("options"));
    if (auto* f = r.find("decisions")) {
        const json& list = fields::read_array(*f, r.path("decisions"));
        for (std::size_t i = 0; i < list.size(); ++i)
            s.decisions.push_back(parse_decision(list[i], fields::index(r.path("decisions"), i), seats));
    }
    if (auto* f = r.find("stop")) s.stop = parse_stop(*f, r.path("stop"));
    if (auto* f = r.find("expect")) s.expect = parse_expect(*f, r.path("expect"), seats);
    if (auto* f = r.find("limits")) s.limits = parse_limits(*f, r.path("limits"));
    // Setup and options become Lua tables before any script runs, outside the scripts' memory
    // cap: a 9 MB list of empty lists made a 730 MB process. Refused here, by the cap they will
    // run under.
    const auto check_size = [&](const json& v, const std::string& at) {
        fields::check_script_values(v, at);
        const std::size_t bytes = fields::lua_bytes(v);
        if (bytes > static_cast<std::size_t>(s.limits.memory_bytes))
            fields::fail(at, "takes about " + std::to_string(bytes >> 20) + " MB as Lua tables, over the memory cap of " +
                                 std::to_string(s.limits.memory_bytes >> 20) + " MB (limits.memory_mb)");
    };
    check_size(s.setup, r.path("setup"));
    check_size(s.options, r.path("options"));
    for (std::size_t i = 0; i < s.seats.size(); ++i)
        check_size(s.seats[i].setup, fields::join(fields::index(r.path("players"), i), "setup"));
    return s;
}

Scenario parse_scenario(const json& j, const std::string& file, const std::string& default_root) {
    return fields::with_file(file, [&] { return detail::parse_scenario_at(j, "", file, default_root); });
}

Scenario load_scenario(const std::string& path, const std::string& default_root) {
    return parse_scenario(fields::load_json_file(path), path, default_root);
}

// [SECTION] scenario_to_json

namespace {

json decision_to_json(const ScriptedDecision& d) {
    json j = json::object();
    if (d.player != kNoPlayer) j["player"] = d.player + 1;
    if (!d.id.empty()) j["id"] = d.id;
    // The file format allows one answer form; a decision built in code with several keeps
    // the first of yes, labels, picks (the order a runner would try them in).
    if (d.yes) j["yes"] = *d.yes;
    else if (!d.labels.empty()) j["choose"] = d.labels;
    else j["pick"] = d.picks;
    return j;
}

json expect_to_json(const Expectations& e) {
    json j = json::object();
    if (e.winners) {
        if (e.winners->empty()) j["draw"] = true;
        else if (e.winners->size() == 1) j["winner"] = e.winners->front() + 1;
        else {
            j["winners"] = json::array();
            for (PlayerIndex p : *e.winners) j["winners"].push_back(p + 1);
        }
    }
    if (e.reason) j["reason"] = *e.reason;
    if (!e.events.empty()) {
        j["events"] = json::array();
        for (const auto& ev : e.events) j["events"].push_back({{"type", ev.type}, {"fields", ev.fields}});
    }
    if (!e.absent.empty()) j["absent"] = e.absent;
    if (!e.counters.empty()) {
        j["counters"] = json::array();
        for (const auto& c : e.counters) {
            json cj = {{"counter", c.counter}, {"value", c.value}};
            if (!c.entity.empty()) cj["entity"] = c.entity;
            else cj["player"] = c.player + 1;
            j["counters"].push_back(cj);
        }
    }
    if (e.error) j["error"] = *e.error;
    return j;
}

}  // namespace

json scenario_to_json(const Scenario& s) {
    json j = json::object();
    if (!s.title.empty()) j["title"] = s.title;
    if (!s.description.empty()) j["description"] = s.description;
    j["game"] = s.game;
    if (!s.root.empty()) j["root"] = s.root;   // absolute once parsed, so it reads back the same anywhere
    if (!s.mods.empty()) j["mods"] = s.mods;
    j["seed"] = s.seed;
    j["players"] = json::array();
    for (const auto& seat : s.seats) {
        // A SeatSpec built in code leaves name "" and team 0 for "the default"; files spell the
        // default by leaving the field out ("name": "" and "team": 0 would not parse back).
        json p = json::object();
        if (!seat.name.empty()) p["name"] = seat.name;
        if (seat.team > 0) p["team"] = seat.team;
        p["agent"] = seat.agent;
        p["setup"] = seat.setup;
        j["players"].push_back(p);
    }
    j["setup"] = s.setup;
    j["options"] = s.options;
    if (!s.decisions.empty()) {
        j["decisions"] = json::array();
        for (const auto& d : s.decisions) j["decisions"].push_back(decision_to_json(d));
    }
    json stop = json::object();
    if (s.stop.after_events >= 0) stop["after_events"] = s.stop.after_events;
    if (!s.stop.at_event.empty()) stop["at_event"] = s.stop.at_event;
    if (s.stop.after_decisions >= 0) stop["after_decisions"] = s.stop.after_decisions;
    if (!stop.empty()) j["stop"] = stop;
    if (s.expect.any()) j["expect"] = expect_to_json(s.expect);
    // Files count memory in MiB; a byte limit set in code that is not a whole MiB rounds up.
    j["limits"] = {{"instructions", s.limits.instructions},
                   {"memory_mb", (s.limits.memory_bytes + kMiB - 1) / kMiB},
                   {"time_slice_ms", s.limits.time_slice_ms},
                   {"wall_clock_ms", s.limits.wall_clock_ms},
                   {"match_wall_clock_ms", s.limits.match_wall_clock_ms},
                   {"decisions", s.limits.decisions}};
    return j;
}

}  // namespace duelbox
