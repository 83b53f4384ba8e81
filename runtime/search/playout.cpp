// playout.cpp - replaying a decision prefix on a search host, then answering from outside.
#include "playout.h"

#include <algorithm>

#include "lua/game_fields.h"
#include "lua/raw_field.h"
#include "lua/script_call.h"

namespace duelbox {

namespace {

// Waits for every answer (the search gives them); not a person, so rules spend no time on
// saying what they do not offer (match.asks_person).
class OutsideAgent final : public Agent {
public:
    const char* kind() const override { return "search"; }
    std::optional<Answer> answer(const DecisionRequest&, const Match&) override { return std::nullopt; }
};

Scenario copy_scenario(const Scenario& real, const std::vector<ScriptedDecision>& prefix, std::int64_t wall_clock_ms) {
    Scenario s = real;
    s.decisions = prefix;
    s.stop = StopAt{};
    s.expect = {};
    if (wall_clock_ms > 0) s.limits.match_wall_clock_ms = std::min(s.limits.match_wall_clock_ms, wall_clock_ms);
    return s;
}

}  // namespace

Playout::Playout(LuaHost& host, const Scenario& scenario, const std::vector<ScriptedDecision>& prefix,
                 std::shared_ptr<const Checkpoint> from, std::int64_t wall_clock_ms)
    : host_(host),
      runner_(host, copy_scenario(scenario, prefix, wall_clock_ms),
              [](const SeatSpec&, PlayerIndex, std::uint64_t) { return std::make_unique<OutsideAgent>(); }),
      prefix_(prefix.size()),
      resumed_(from != nullptr),
      capped_(wall_clock_ms > 0) {
    if (from) runner_.resume_from(std::move(from));
}

std::shared_ptr<const Checkpoint> Playout::checkpoint() const {
    const Checkpoint* raw = runner_.last_checkpoint();
    if (!raw || !reached_) return nullptr;
    return seal_checkpoint(*raw, runner_.match().log(), runner_.taken());
}

RunState Playout::play_on() {
    const RunState st = runner_.run();
    if (st == RunState::Failed) error_ = runner_.error();
    return st;
}

bool Playout::reach_group_at(std::size_t n) {
    runner_.hold_scripted_at(n);
    play_on();
    if (!waiting() || runner_.taken().size() != n) {
        if (error_.empty()) error_ = "the copy did not wait at decision " + std::to_string(n + 1) + " of its prefix";
        return false;
    }
    return true;
}

bool Playout::reach() {
    runner_.hold_scripted_at(static_cast<std::size_t>(-1));
    play_on();
    if (!waiting()) {
        if (error_.empty()) error_ = "the copy ended before the decision it was made for";
        return false;
    }
    if (runner_.taken().size() != prefix_) {
        error_ = "the copy did not replay the same decisions (" + std::to_string(runner_.taken().size()) + " of " +
                 std::to_string(prefix_) + ")";
        return false;
    }
    reached_ = true;
    return true;
}

void Playout::answer(const std::vector<Answer>& answers) {
    for (std::size_t i = 0; i < answers.size(); ++i) {
        const std::string bad = runner_.provide(i, answers[i]);
        if (!bad.empty()) {
            error_ = "search answer refused: " + bad;
            return;
        }
    }
    play_on();
}

std::vector<double> Playout::rewards() const {
    const Match& m = runner_.match();
    std::vector<double> r(static_cast<std::size_t>(m.player_count()), 0.5);
    const MatchResult& res = m.result();
    if (!res.finished || res.winners.empty()) return r;
    std::fill(r.begin(), r.end(), 0.0);
    for (PlayerIndex w : res.winners)
        if (w >= 0 && w < m.player_count()) r[static_cast<std::size_t>(w)] = 1.0;
    return r;
}

bool Playout::can_evaluate() const { return game_field_type(host_, "evaluate") == LUA_TFUNCTION; }

std::optional<std::vector<double>> Playout::evaluate() {
    if (!waiting()) return std::nullopt;
    lua_State* L = host_.state();
    const int top = lua_gettop(L);
    host_.push_game(L);
    if (!lua_istable(L, -1) || raw_field(L, -1, "evaluate") != LUA_TFUNCTION) {
        lua_settop(L, top);
        return std::nullopt;
    }
    const int fn = lua_gettop(L);
    host_.set_match(&runner_.match_for_search());
    const int n = runner_.match().player_count();
    std::vector<double> out(static_cast<std::size_t>(n), 0.5);
    for (int p = 0; p < n; ++p) {
        lua_pushvalue(L, fn);
        lua_pushinteger(L, p + 1);
        ScriptCall call(host_, L);
        if (call.pcall(1, 1) != LUA_OK) {
            error_ = "game.evaluate: " + call.error();
            lua_settop(L, top);
            return std::nullopt;
        }
        int is_number = 0;
        const double v = lua_tonumberx(L, -1, &is_number);
        lua_pop(L, 1);
        if (!is_number || !(v >= 0 && v <= 1)) {
            error_ = "game.evaluate(" + std::to_string(p + 1) + ") must return a number from 0 to 1";
            lua_settop(L, top);
            return std::nullopt;
        }
        out[static_cast<std::size_t>(p)] = v;
    }
    lua_settop(L, top);
    return out;
}

}  // namespace duelbox
