// runner_checkpoints.cpp - a MatchRunner recording checkpoints and starting from one (checkpoint.h).
#include <algorithm>

#include "match_runner.h"
#include "plain_data.h"
#include "raw_field.h"

namespace duelbox {

std::string MatchRunner::record_checkpoint(lua_State* L, int data) {
    auto cp = std::make_shared<Checkpoint>();
    if (std::string why = plain_data_encode(L, data, cp->data, "the value save returned"); !why.empty()) return why;
    // A live handler whose function cannot be named on another host (window.on's) makes this
    // point one a copy cannot start from: the last checkpoint recorded stays the one to use.
    const auto& origins = host_.function_origins();
    for (const Handler* h : match_->windows().live()) {
        const auto ref = static_cast<std::size_t>(h->script_ref);
        if (ref < 1 || ref > origins.size() || origins[ref - 1].card.empty()) return "";
    }
    cp->functions = origins;
    cp->answered = taken_.size();
    cp->entities = static_cast<std::size_t>(match_->entity_count());
    cp->draws = match_->rng().draws();
    cp->snapshot = MatchSnapshot::take(*match_, last_ ? &last_->snapshot : nullptr);
    cp->seed_free = still_seed_free();
    if (cp->seed_free && !seed_free_) seed_free_ = cp;
    last_ = std::move(cp);
    return "";
}

bool MatchRunner::still_seed_free() const { return taken_.empty() && match_->rng().draws() == 0 && !seed_read_; }

RunState MatchRunner::start_resumed() {
    const Checkpoint& cp = *resume_;
    if (!checkpoint_fits(cp, scenario_.decisions))
        return fail("cannot resume: the checkpoint's answers do not start this scenario's decisions");
    match_ = std::make_unique<Match>(scenario_.seed);
    if (observer_) match_->set_event_observer(observer_);
    try {
        cp.snapshot.restore(*match_, *cp.log);
        if (cp.seed_free) match_->reseed(scenario_.seed);   // the snapshot carries the recording match's seed
    } catch (const std::exception& e) {
        return fail(std::string("cannot resume: ") + e.what());
    }
    // From a seed-free point the match is one played from the start (checkpoint.h): its observer
    // hears of the events before it too, as it would have.
    if (cp.seed_free && observer_)
        for (std::size_t i = 0; i < match_->log().size(); ++i) observer_(*match_, static_cast<std::uint32_t>(i));
    if (static_cast<std::size_t>(match_->player_count()) != scenario_.seats.size())
        return fail("cannot resume: the checkpoint has " + std::to_string(match_->player_count()) + " players, the scenario " +
                    std::to_string(scenario_.seats.size()));
    for (std::size_t i = 0; i < scenario_.seats.size(); ++i) {
        const auto p = static_cast<PlayerIndex>(i);
        agents_.push_back(make_agent_ ? make_agent_(scenario_.seats[i], p, scenario_.seed)
                                      : default_agent(scenario_.seats[i], p, scenario_.seed));
    }
    lua_State* L = host_.state();
    const int top = lua_gettop(L);
    const int game = enter_host();
    if (!game) return state_;
    host_.unref_all_functions();   // the functions pinned below are the checkpoint's
    co_ = lua_newthread(L);
    co_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);   // from here on, release() unpins the functions below
    if (std::string why = host_.repin_functions(cp.functions); !why.empty()) {
        lua_settop(L, top);
        return fail("cannot resume: " + why);
    }
    if (raw_field(L, game, "resume") != LUA_TFUNCTION) {
        lua_settop(L, top);
        return fail("scripts/" + scenario_.game + "/game.lua: field 'resume' must be a function to start from a checkpoint");
    }
    lua_xmove(L, co_, 1);
    push_ctx(game);
    if (!plain_data_push(co_, cp.data)) {
        lua_settop(L, top);
        return fail("cannot resume: the checkpoint's saved value does not decode");
    }
    lua_settop(L, top);
    taken_ = cp.answers;
    next_scripted_ = cp.answered;
    // A copy does not stop in the part it did not play; a match from a seed-free point is one
    // played from the start, so a stop at an event before the checkpoint still holds.
    scanned_ = cp.seed_free ? 0 : match_->log().size();
    nargs_ = 2;
    state_ = RunState::Running;
    if (on_resumed_) {
        try {
            on_resumed_(*match_);
        } catch (const std::exception& e) {
            return fail(std::string("cannot resume: ") + e.what());
        }
    }
    return state_;
}

}  // namespace duelbox
