#include "match_runner.h"

#include "metatable_watch.h"
#include "search/search_agents.h"

#include <algorithm>
#include <chrono>
#include <limits>

#include "lua_modules.h"
#include "lua_util.h"
#include "raw_field.h"
#include "scenario_fields.h"
#include "script_call.h"

namespace duelbox {

const char* run_state_name(RunState s) {
    switch (s) {
        case RunState::NotStarted: return "not started";
        case RunState::Running: return "running";
        case RunState::WaitingForAnswer: return "waiting for an answer";
        case RunState::Stopped: return "stopped";
        case RunState::Finished: return "finished";
        case RunState::Failed: return "failed";
    }
    return "?";
}

std::unique_ptr<Agent> default_agent(const SeatSpec& seat, PlayerIndex p, std::uint64_t seed) {
    if (seat.agent == "first") return make_first_agent();
    if (seat.agent == "scripted") return nullptr;
    if (seat.agent == "human") return make_deferred_agent();   // front ends replace this (CLI: terminal)
    // Each seat's generator is derived from the match seed and the seat, apart from the match RNG.
    const std::uint64_t own = seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(p) + 1;
    if (auto named = make_named_agent(seat.agent, own)) return named;   // mcts, greedy (search/search_agents.h)
    return make_random_agent(own);
}

void push_json(lua_State* L, const nlohmann::json& j) {
    // Each level holds its table on the stack while the next is pushed; files are at most
    // fields::kMaxJsonDepth deep, so this only fails for a value built in code past Lua's limit.
    if (j.is_structured() && !lua_checkstack(L, 2)) {
        lua_pushnil(L);
        return;
    }
    switch (j.type()) {
        case nlohmann::json::value_t::boolean: lua_pushboolean(L, j.get<bool>()); return;
        case nlohmann::json::value_t::number_integer: lua_pushinteger(L, j.get<std::int64_t>()); return;
        case nlohmann::json::value_t::number_unsigned: lua_pushinteger(L, static_cast<lua_Integer>(j.get<std::uint64_t>())); return;
        case nlohmann::json::value_t::number_float: {
            const double d = j.get<double>();
            lua_Integer i = 0;
            if (lua_numbertointeger(d, &i) && static_cast<double>(i) == d) lua_pushinteger(L, i);
            else lua_pushnumber(L, d);
            return;
        }
        case nlohmann::json::value_t::string: {   // whole: a NUL inside did cut "ashen\u0000 x" to "ashen"
            const std::string& text = j.get_ref<const std::string&>();
            lua_pushlstring(L, text.data(), text.size());
            return;
        }
        case nlohmann::json::value_t::array: {
            lua_createtable(L, static_cast<int>(j.size()), 0);
            lua_Integer i = 0;
            for (const auto& item : j) {
                push_json(L, item);
                lua_rawseti(L, -2, ++i);
            }
            return;
        }
        case nlohmann::json::value_t::object:
            lua_createtable(L, 0, static_cast<int>(j.size()));
            for (const auto& [k, v] : j.items()) {
                lua_pushlstring(L, k.data(), k.size());
                push_json(L, v);
                lua_rawset(L, -3);
            }
            return;
        default: lua_pushnil(L); return;
    }
}

namespace {

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
    return s.empty() ? "none" : s;
}

}  // namespace

MatchRunner::MatchRunner(LuaHost& host, Scenario scenario, AgentFactory make_agent)
    : host_(host), scenario_(std::move(scenario)), make_agent_(std::move(make_agent)) {}

MatchRunner::~MatchRunner() { release(); }

void MatchRunner::release() {
    if (co_ref_ != LUA_NOREF) {
        luaL_unref(host_.state(), LUA_REGISTRYINDEX, co_ref_);
        co_ref_ = LUA_NOREF;
        co_ = nullptr;
        host_.unref_all_functions();
        sandbox_forget_match_metatables(host_.state());
    }
    if (host_.decisions() == this) host_.set_decisions(nullptr);
    if (host_.match() == match_.get()) host_.set_match(nullptr);
    if (match_) match_->set_memory_account(nullptr);   // the match may outlive the host
    host_.clear_contexts();
}

// A failure's message goes into every record a match leaves (the runner's error, each bench and
// lab result line, kept for thousands of matches), and a script chooses it (`error(s)` with a
// 20 MB s made a 1.7 GB bench of 40 matches). Past this many bytes, the middle is cut: the head
// names the place, the tail keeps the card and window it ran in.
namespace {
constexpr std::size_t kMaxErrorBytes = 4096;

// Whether byte c continues a UTF-8 sequence (10xxxxxx): a cut there would split a character.
bool continues_utf8(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

std::string bounded_message(std::string message) {
    if (message.size() <= kMaxErrorBytes) return message;
    constexpr std::size_t kTail = 512;
    std::size_t head = kMaxErrorBytes - kTail;                // both cuts on a character's first byte
    while (head > 0 && continues_utf8(message[head])) --head;
    std::size_t tail = message.size() - kTail;
    while (tail < message.size() && continues_utf8(message[tail])) ++tail;
    return message.substr(0, head) + " ... [" + std::to_string(tail - head) + " bytes cut] ... " + message.substr(tail);
}
}  // namespace

RunState MatchRunner::fail(std::string message, std::string traceback) {
    error_ = bounded_message(std::move(message));
    traceback_ = std::move(traceback);
    state_ = RunState::Failed;
    release();
    return state_;
}

RunState MatchRunner::fail_quoting(PlayerIndex asked, std::string message) {
    fail(std::move(message));
    error_quotes_ = asked;
    return state_;
}

std::string MatchRunner::error_for(PlayerIndex viewer) const {
    if (error_quotes_ == kNoPlayer || viewer == EventLog::kObserver || viewer == error_quotes_) return error_;
    const std::string who = "player " + std::to_string(error_quotes_ + 1);
    const std::size_t colon = error_.find(": ");
    const std::string where = colon != std::string::npos && error_.rfind("decisions[", 0) == 0 ? error_.substr(0, colon) + ": " : "";
    return where + "a scripted decision does not fit " + who + "'s question, or none is left for it (what " + who +
           " was asked is hidden from this view: run as the observer, or --as " + std::to_string(error_quotes_ + 1) +
           ", to read it)";
}

RunState MatchRunner::start() {
    if (resume_) return start_resumed();
    match_ = std::make_unique<Match>(scenario_.seed);
    if (observer_) match_->set_event_observer(observer_);
    const std::string game_file = "scripts/" + scenario_.game + "/game.lua";
    if (scenario_.seats.empty()) return fail("players: a match needs at least one player");
    // The game's `setup_rule` (teaching) is the rule context of the events made before play
    // starts, the players' entities; play sets its own (log.within_rule).
    std::string setup_rule;
    {
        lua_State* L = host_.state();
        const int top = lua_gettop(L);
        host_.push_game(L);
        if (lua_istable(L, -1) && raw_field(L, -1, "setup_rule") == LUA_TSTRING) setup_rule = lua_tostring(L, -1);
        lua_settop(L, top);
    }
    match_->set_rule(setup_rule);
    for (std::size_t i = 0; i < scenario_.seats.size(); ++i) {
        const SeatSpec& seat = scenario_.seats[i];
        const auto p = static_cast<PlayerIndex>(i);
        match_->add_player(seat.name.empty() ? "Player " + std::to_string(i + 1) : seat.name,
                           seat.team > 0 ? seat.team : static_cast<int>(i + 1));
        agents_.push_back(make_agent_ ? make_agent_(seat, p, scenario_.seed) : default_agent(seat, p, scenario_.seed));
    }
    match_->set_rule("");   // not a RuleScope: the play started below may leave its own context set
    lua_State* L = host_.state();
    const int top = lua_gettop(L);
    const int game = enter_host();
    if (!game) return state_;
    if (std::string err = scenario_fields_error(host_, scenario_); !err.empty()) {
        lua_settop(L, top);
        return fail(std::move(err));
    }

    co_ = lua_newthread(L);
    co_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
    if (raw_field(L, game, "play") != LUA_TFUNCTION) {
        lua_settop(L, top);
        return fail(game_file + ": field 'play' must be a function");
    }
    lua_xmove(L, co_, 1);

    push_ctx(game);
    lua_settop(L, top);
    nargs_ = 1;
    state_ = RunState::Running;
    return state_;
}

int MatchRunner::enter_host() {
    host_.set_limits(scenario_.limits);
    host_.start_match(match_.get());
    host_.set_decisions(this);
    host_.clear_contexts();
    lua_State* L = host_.state();
    host_.push_game(L);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        fail("game '" + scenario_.game + "' is not loaded");
        return 0;
    }
    return lua_gettop(L);
}

namespace {

// ctx's __index (push_ctx): ctx.seed, noted by the match's DecisionSink; nil for anything else.
int ctx_seed_index(lua_State* L) {
    std::size_t len = 0;
    const char* key = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &len) : nullptr;
    if (!key || std::string_view(key, len) != "seed") return 0;
    if (DecisionSink* sink = host_of(L).decisions()) sink->seed_read();
    lua_pushvalue(L, lua_upvalueindex(1));
    return 1;
}

}  // namespace

void MatchRunner::push_ctx(int game) {
    lua_State* L = host_.state();
    // ctx = {players=, seed=, options={...}, setup={...}, seats={{name=, team=, setup={...}}, ...}}
    lua_createtable(co_, 0, 5);
    lua_pushinteger(co_, match_->player_count());
    lua_setfield(co_, -2, "players");
    // ctx.seed is answered by the table's __index, which tells the runner it was read: the rules
    // could then make the match depend on its seed without a random draw, and no checkpoint
    // recorded after is seed-free (checkpoint.h).
    lua_createtable(co_, 0, 1);
    lua_pushinteger(co_, static_cast<lua_Integer>(scenario_.seed));
    lua_pushcclosure(co_, ctx_seed_index, 1);
    lua_setfield(co_, -2, "__index");
    lua_setmetatable(co_, -2);
    lua_newtable(co_);
    if (raw_field(L, game, "options") == LUA_TTABLE) {   // defaults first
        const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
        for (lua_Integer i = 1; i <= n; ++i) {
            if (lua_rawgeti(L, -1, i) == LUA_TTABLE && raw_field(L, -1, "name") == LUA_TSTRING) {
                raw_field(L, -2, "default");
                lua_xmove(L, co_, 1);
                lua_setfield(co_, -2, lua_tostring(L, -1));
                lua_pop(L, 1);
            } else if (lua_istable(L, -1)) {
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    for (const auto& [k, v] : scenario_.options.items()) {
        push_json(co_, v);
        lua_setfield(co_, -2, k.c_str());
    }
    lua_setfield(co_, -2, "options");
    push_json(co_, scenario_.setup);
    lua_setfield(co_, -2, "setup");
    lua_createtable(co_, static_cast<int>(scenario_.seats.size()), 0);
    for (std::size_t i = 0; i < scenario_.seats.size(); ++i) {
        lua_createtable(co_, 0, 3);
        lua_pushstring(co_, match_->player(static_cast<PlayerIndex>(i)).name.c_str());
        lua_setfield(co_, -2, "name");
        lua_pushinteger(co_, match_->player(static_cast<PlayerIndex>(i)).team);
        lua_setfield(co_, -2, "team");
        push_json(co_, scenario_.seats[i].setup);
        lua_setfield(co_, -2, "setup");
        lua_rawseti(co_, -2, static_cast<lua_Integer>(i + 1));
    }
    lua_setfield(co_, -2, "seats");
}

RunState MatchRunner::step() {
    if (state_ == RunState::NotStarted && start() != RunState::Running) return state_;
    if (state_ == RunState::Stopped && ignore_stop_) state_ = RunState::Running;
    if (state_ == RunState::WaitingForAnswer) state_ = RunState::Running;
    if (state_ != RunState::Running) return state_;
    if (!pending_.empty() && !answer_pending()) return state_;

    host_.set_match(match_.get());
    host_.set_decisions(this);
    int nres = 0;
    int status;
    std::string err, tb;
    // limits.match_wall_clock_ms: the rules' time in all, over every resume (a match of short
    // resumes, each under every per-call limit, is still bounded). Time spent waiting for an
    // answer is not the rules' and is not counted.
    const std::int64_t match_ms = host_.limits().match_wall_clock_ms;
    const std::int64_t ms_left = match_ms - script_ns_ / 1'000'000;
    if (ms_left <= 0) {
        const std::string at = innermost_lua_location(co_);
        return fail((at.empty() ? "" : at + ": ") + match_wall_clock_message(match_ms));
    }
    const auto started = std::chrono::steady_clock::now();
    {
        ScriptCall call(host_, co_, ms_left);
        host_.set_pcall_depth(pcall_depth_);   // (after the call's own start, which sets 0)
        status = call.resume(host_.state(), nargs_, &nres);
        pcall_depth_ = host_.pcall_depth();
        err = call.error();
        tb = call.traceback();
    }
    script_ns_ += std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started).count();
    nargs_ = 0;
    // A metatable given __mode after it was set made a weak table: whatever this run did, the
    // match fails the same way in every run (metatable_watch.cpp).
    if (host_.tracked_metatables())
        if (std::string weak = sandbox_weak_metatable(host_.state()); !weak.empty()) return fail(std::move(weak));
    if (status == LUA_YIELD) {
        lua_pop(co_, nres);
        if (pending_.empty()) return fail("the rules yielded without asking for a decision");
    } else if (status == LUA_OK || (host_.finish_in_flight() && match_->result().finished)) {
        // match.finish ends the rules by raising (lua_match.cpp): the coroutine is dead either way.
        if (status == LUA_OK) lua_pop(co_, nres);
        if (!match_->result().finished)
            return fail("scripts/" + scenario_.game + "/game.lua: play() returned without calling match.finish");
        state_ = RunState::Finished;
        release();
    } else {
        return fail(err, tb);
    }
    if (state_ == RunState::Running && stop_reached()) state_ = RunState::Stopped;
    else if (state_ == RunState::Finished) stop_reached();   // still cut the log at the stop point
    return state_;
}

RunState MatchRunner::run() {
    while (step() == RunState::Running) {
    }
    return state_;
}

bool MatchRunner::stop_reached() {
    if (ignore_stop_) return false;
    const StopAt& stop = scenario_.stop;
    const EventLog& log = match_->log();   // the flat records: no readable events are made here
    if (!stop.at_event.empty()) {
        const Sym wanted = intern(stop.at_event);
        for (; scanned_ < log.size(); ++scanned_)
            if (log.type_of(scanned_) == wanted) {
                cut_ = scanned_ + 1;
                return true;
            }
    }
    if (stop.after_events >= 0 && log.size() >= static_cast<std::size_t>(stop.after_events)) {
        cut_ = std::min(cut_, static_cast<std::size_t>(stop.after_events));
        return true;
    }
    return false;
}

std::size_t MatchRunner::visible_events() const {
    if (!match_) return 0;
    return std::min(cut_, match_->log().size());
}

bool MatchRunner::asks_person(PlayerIndex p) const {
    // A scripted answer still waiting in the scenario's queue is not a person's.
    return p >= 0 && static_cast<std::size_t>(p) < agents_.size() && agents_[p] && agents_[p]->person();
}

void MatchRunner::ask(std::vector<DecisionRequest>& requests, bool grouped, SourceLoc where) {
    pending_.swap(requests);   // requests gets pending_'s list back: empty (answered_ took its requests)
    requests.swap(answered_);  // ... then the last question's requests, which decide resets and refills
    answers_.assign(pending_.size(), std::nullopt);
    grouped_ = grouped;
    pending_where_ = where;
    pending_log_size_ = match_->log().size();
    pending_entities_ = static_cast<std::size_t>(match_->entity_count());
    pending_draws_ = match_->rng().draws();
}

std::optional<Answer> MatchRunner::scripted_answer(const DecisionRequest& r, std::string& problem) {
    const auto& list = scenario_.decisions;
    if (next_scripted_ >= list.size() || next_scripted_ >= scripted_hold_) return std::nullopt;
    const ScriptedDecision& d = list[next_scripted_];
    const std::string path = "decisions[" + std::to_string(next_scripted_) + "]";
    // The next scripted answer is another seat's (no player given = whichever seat is asked next).
    if (d.player != kNoPlayer && d.player != r.player) return std::nullopt;
    const std::string asked = "'" + r.id + "'" + (r.prompt.empty() ? "" : " (" + r.prompt + ")");
    if (!d.id.empty() && d.id != r.id) {
        problem = path + ": scripted answer for '" + d.id + "' but player " + std::to_string(r.player + 1) +
                  " was asked " + asked;
        return std::nullopt;
    }
    Answer a;
    // "yes" answers only a yes/no question: on a choice it would pick the second option.
    if (d.yes && r.kind != DecisionKind::YesNo) {
        problem = path + ".yes: player " + std::to_string(r.player + 1) + " was asked " + asked + ", a " +
                  decision_kind_name(r.kind) + " question, not yes or no";
        return std::nullopt;
    }
    if (d.yes) {
        a.picks = {*d.yes ? 1 : 0};
    } else if (!d.labels.empty()) {
        for (const std::string& label : d.labels) {
            auto it = std::find_if(r.options.begin(), r.options.end(), [&](const Option& o) { return o.label == label; });
            if (it == r.options.end()) {
                std::vector<std::string> labels;
                for (const auto& o : r.options) labels.push_back("\"" + o.label + "\"");
                problem = path + ".choose: no option \"" + label + "\" in " + asked + " (options: " + joined(labels) + ")";
                return std::nullopt;
            }
            a.picks.push_back(it - r.options.begin());
        }
    } else {
        a.picks = d.picks;
        if (r.kind == DecisionKind::Choose || r.kind == DecisionKind::Order)
            for (auto& p : a.picks)   // files number options from 1 (the smallest stays itself: no wrap to the largest)
                if (p != std::numeric_limits<std::int64_t>::min()) p -= 1;
    }
    const std::string bad = validate_answer(r, a);
    if (!bad.empty()) {
        problem = path + ": " + bad + " (player " + std::to_string(r.player + 1) + " was asked " + asked + ")";
        return std::nullopt;
    }
    ++next_scripted_;
    return a;
}

bool MatchRunner::answer_pending() {
    for (std::size_t i = 0; i < pending_.size(); ++i) {
        if (answers_[i]) continue;
        const DecisionRequest& r = pending_[i];
        if (!ignore_stop_ && scenario_.stop.after_decisions >= 0 &&
            static_cast<std::int64_t>(taken_.size() + i) >= scenario_.stop.after_decisions) {
            state_ = RunState::Stopped;
            cut_ = std::min(cut_, match_->log().size());
            return false;
        }
        std::string problem;
        std::optional<Answer> a = scripted_answer(r, problem);
        if (!problem.empty()) {
            fail_quoting(r.player, problem);
            return false;
        }
        if (!a) {
            Agent* agent = agents_[static_cast<std::size_t>(r.player)].get();
            const auto who = [&r] { return "player " + std::to_string(r.player + 1); };   // for the errors only
            if (!agent) {
                fail_quoting(r.player, who() + " is scripted but no scripted decision is left for '" + r.id + "'" +
                     (r.prompt.empty() ? "" : " (" + r.prompt + ")") + ", asked at " + match_->log().file(pending_where_.file) +
                     ":" + std::to_string(pending_where_.line));
                return false;
            }
            try {
                a = agent->answer(r, *match_, DecisionContext{&scenario_, &taken_, pending_, i, &host_.scripts()});
            } catch (const std::exception& e) {
                fail(who() + ": " + e.what());
                return false;
            }
            if (!a) {
                state_ = RunState::WaitingForAnswer;
                return false;
            }
            const std::string bad = validate_answer(r, *a);
            if (!bad.empty()) {
                fail("the " + std::string(agent->kind()) + " agent of " + who() + " answered '" + r.id + "' wrongly: " + bad);
                return false;
            }
        }
        answers_[i] = std::move(a);
    }
    // The rules' view of the answers first: the record below takes the picks over.
    if (grouped_) {
        lua_createtable(co_, static_cast<int>(pending_.size()), 0);
        for (std::size_t i = 0; i < pending_.size(); ++i) {
            push_decision_answer(co_, pending_[i], *answers_[i]);
            lua_rawseti(co_, -2, static_cast<lua_Integer>(i + 1));
        }
    } else {
        push_decision_answer(co_, pending_[0], *answers_[0]);
    }
    // Every answer is in: only now are they revealed, together.
    last_group_ = AnsweredGroup{taken_.size(), pending_log_size_, pending_entities_, pending_draws_};
    match_->set_source(pending_where_);
    for (std::size_t i = 0; i < pending_.size(); ++i) {
        log_decision(pending_[i], *answers_[i]);
        ScriptedDecision d;
        d.player = pending_[i].player;
        d.id = std::move(pending_[i].id);   // nothing reads this id again: the request is refilled by a later decide
        d.picks = std::move(answers_[i]->picks);   // answers_ is cleared below too
        if (pending_[i].kind == DecisionKind::YesNo) {
            d.yes = !d.picks.empty() && d.picks[0] != 0;
            d.picks.clear();
        } else if (pending_[i].kind != DecisionKind::Number) {
            for (auto& p : d.picks) p += 1;
        }
        taken_.push_back(std::move(d));
    }
    nargs_ = 1;
    answered_.swap(pending_);   // kept for the next question's decide to refill (their storage with them)
    pending_.clear();           // answered_'s former list: handed to decide by ask, so empty
    answers_.clear();
    state_ = RunState::Running;
    return true;
}

std::string MatchRunner::provide(std::size_t i, Answer answer) {
    if (state_ != RunState::WaitingForAnswer || i >= pending_.size()) return "no decision is waiting there";
    const std::string bad = validate_answer(pending_[i], answer);
    if (!bad.empty()) return bad;
    answers_[i] = std::move(answer);
    return "";
}

void MatchRunner::log_decision(const DecisionRequest& r, const Answer& a) {
    PlayerMask shown = r.secret ? mask_of(r.player) : kEveryone;
    // A picked card the others cannot see (one in the chooser's hand) is not named to them:
    // the answer's labels would name it. The chooser always sees their own answer.
    for (auto p : a.picks)
        if (r.kind != DecisionKind::Number && r.kind != DecisionKind::YesNo && p >= 0 &&
            static_cast<std::size_t>(p) < r.options.size() && match_->valid_entity(r.options[p].entity))
            shown &= match_->seen_by(r.options[p].entity) | mask_of(r.player);
    static const EventName kOrders{"decision", "{p:player} orders {answer}"},
        kAnswers{"decision", "{p:player} answers {answer}"}, kChooses{"decision", "{p:player} chooses {answer}"};
    const EventName& name = r.kind == DecisionKind::Order ? kOrders : r.kind == DecisionKind::YesNo ? kAnswers : kChooses;
    const std::string answer = describe_answer(r, a);
    static const FieldKey player_key{"player"}, id_key{"id"}, answer_key{"answer"};
    // An unannounced question is the chooser's alone, event and all (decision.h).
    match_->emit_news(name,
                      {FieldIn{player_key.text, static_cast<std::int64_t>(r.player + 1), kEveryone, player_key.sym},
                       FieldIn{id_key.text, std::string_view(r.id), kEveryone, id_key.sym},
                       FieldIn{answer_key.text, std::string_view(answer), shown, answer_key.sym}},
                      r.unannounced ? mask_of(r.player) : kEveryone);
}

Replay MatchRunner::replay(bool with_events) const {
    Replay r;
    r.scenario = scenario_;
    r.scenario.decisions = taken_;
    for (auto& seat : r.scenario.seats) seat.agent = "scripted";
    r.scenario.stop = StopAt{};
    r.scripts = host_.scripts();
    if (match_) {
        const NameResolver names = match_->names();
        if (with_events)
            for (const Event& e : match_->log().events())
                r.events.push_back(match_->log().to_json_line(e, EventLog::kObserver, nullptr));
        r.result["state"] = run_state_name(state_);
        if (match_->result().finished) {
            nlohmann::json winners = nlohmann::json::array();
            for (PlayerIndex p : match_->result().winners) winners.push_back(p + 1);
            r.result["winners"] = winners;
            r.result["reason"] = match_->result().reason;
        }
        if (!error_.empty()) r.result["error"] = error_;
    }
    return r;
}

}  // namespace duelbox
