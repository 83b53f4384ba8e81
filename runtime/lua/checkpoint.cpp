// checkpoint.cpp - sealing and fitting checkpoints (checkpoint.h).
#include "checkpoint.h"

#include <algorithm>

#include "game_fields.h"

namespace duelbox {

std::shared_ptr<const Checkpoint> seal_checkpoint(const Checkpoint& raw, const EventLog& log,
                                                  const std::vector<ScriptedDecision>& taken) {
    auto cp = std::make_shared<Checkpoint>(raw);
    auto kept = std::make_shared<EventLog>();
    kept->copy_prefix(log, raw.snapshot.events());
    cp->log = std::move(kept);
    const std::size_t n = std::min(raw.answered, taken.size());
    cp->answers.assign(taken.begin(), taken.begin() + static_cast<std::ptrdiff_t>(n));
    return cp;
}

bool checkpoint_fits(const Checkpoint& cp, const std::vector<ScriptedDecision>& prefix) {
    return cp.log && cp.answers.size() == cp.answered && cp.answered <= prefix.size() &&
           std::equal(cp.answers.begin(), cp.answers.end(), prefix.begin());
}

bool game_can_resume(LuaHost& host) { return game_field_type(host, "resume") == LUA_TFUNCTION; }

std::string game_resume_error(LuaHost& host) {
    const int t = game_field_type(host, "resume");
    if (t == LUA_TNIL || t == LUA_TFUNCTION) return "";
    return std::string("field 'resume' must be a function (resume(ctx, data) goes on from a match.checkpoint; "
                       "docs/ai.md), got a ") + lua_typename(host.state(), t);
}

}  // namespace duelbox
