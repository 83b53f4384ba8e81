#include "expectations.h"

#include "kernel/match.h"
#include "kernel/json_text.h"

namespace duelbox {

namespace {

bool field_equals(const Event& e, const std::string& key, const nlohmann::json& want) {
    const Field* f = e.find(key);
    if (!f) return want.is_null();
    const Value& v = f->value;
    if (want.is_boolean()) return std::holds_alternative<bool>(v) && std::get<bool>(v) == want.get<bool>();
    if (want.is_number_integer() || want.is_number_unsigned())
        return std::holds_alternative<std::int64_t>(v) && std::get<std::int64_t>(v) == want.get<std::int64_t>();
    if (want.is_string()) return std::holds_alternative<std::string>(v) && std::get<std::string>(v) == want.get<std::string>();
    if (want.is_null()) return is_nil(v);
    return false;
}

bool matches(const Event& e, const EventExpectation& x) {
    if (e.type != x.type) return false;
    for (const auto& [k, v] : x.fields.items())
        if (!field_equals(e, k, v)) return false;
    return true;
}

std::string players_text(const std::vector<PlayerIndex>& ps) {
    if (ps.empty()) return "a draw";
    std::string s;
    for (PlayerIndex p : ps) s += (s.empty() ? "player " : ", ") + std::to_string(p + 1);
    return s;
}

}  // namespace

std::vector<std::string> check_expectations(const Expectations& expect, const Match& match, const std::string& error,
                                            std::size_t visible) {
    std::vector<std::string> out;
    if (expect.error) {
        if (error.empty()) out.push_back("expect.error: the run should have failed with \"" + *expect.error + "\" but did not");
        else if (error.find(*expect.error) == std::string::npos)
            out.push_back("expect.error: the run failed with \"" + error + "\", which does not contain \"" + *expect.error + "\"");
    } else if (!error.empty()) {
        out.push_back("the run failed: " + error);
    }
    const MatchResult& r = match.result();
    if (expect.winners) {
        if (!r.finished) out.push_back("expect.winners: the match did not finish");
        else {
            auto want = *expect.winners, got = r.winners;
            std::sort(want.begin(), want.end());
            std::sort(got.begin(), got.end());
            if (want != got) out.push_back("expect.winners: expected " + players_text(want) + ", got " + players_text(got));
        }
    }
    if (expect.reason && (!r.finished || r.reason != *expect.reason))
        out.push_back("expect.reason: expected \"" + *expect.reason + "\", got \"" + (r.finished ? r.reason : "(not finished)") + "\"");
    const auto& events = match.log().events();
    const std::size_t n = std::min(visible, events.size());
    std::size_t at = 0;
    for (std::size_t i = 0; i < expect.events.size(); ++i) {
        const auto& x = expect.events[i];
        while (at < n && !matches(events[at], x)) ++at;
        if (at == n) {
            out.push_back("expect.events[" + std::to_string(i) + "]: no event " + x.type + " " + json_text(x.fields) +
                          (i > 0 ? " after the previous expected event" : ""));
            break;
        }
        ++at;
    }
    for (std::size_t i = 0; i < expect.absent.size(); ++i)
        for (std::size_t k = 0; k < n; ++k)
            if (events[k].type == expect.absent[i]) {
                out.push_back("expect.absent[" + std::to_string(i) + "]: event " + expect.absent[i] + " happened (event " +
                              std::to_string(k) + ")");
                break;
            }
    for (std::size_t i = 0; i < expect.counters.size(); ++i) {
        const auto& c = expect.counters[i];
        EntityId owner = kNoEntity;
        if (c.player != kNoPlayer) {
            if (c.player < match.player_count()) owner = match.player(c.player).entity;
        } else {
            for (int e = 1; e <= match.entity_count() && owner == kNoEntity; ++e)
                if (match.entity(e).name == c.entity || match.entity(e).def == c.entity) owner = e;
        }
        const std::string path = "expect.counters[" + std::to_string(i) + "]";
        if (owner == kNoEntity) {
            out.push_back(path + ": no such " + (c.player != kNoPlayer ? "player" : "entity \"" + c.entity + "\""));
            continue;
        }
        // A misspelt counter would read 0 and pass an expected 0: it must exist on that entity.
        if (!match.counters().defined(owner, c.counter)) {
            std::string have;
            for (const Counter* k : match.counters().of(owner)) have += (have.empty() ? "" : ", ") + k->name;
            out.push_back(path + ": " + (c.player != kNoPlayer ? "player " + std::to_string(c.player + 1) : "\"" + c.entity + "\"") +
                          " has no counter \"" + c.counter + "\" (it has: " + (have.empty() ? "none" : have) + ")");
            continue;
        }
        const auto got = match.counter(owner, c.counter);
        if (got != c.value)
            out.push_back(path + ": " + c.counter + " expected " + std::to_string(c.value) + ", got " + std::to_string(got));
    }
    return out;
}

}  // namespace duelbox
