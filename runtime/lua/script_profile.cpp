// script_profile.cpp - see script_profile.h (the hook that calls it is in script_call.cpp).
#include "script_profile.h"

#include <algorithm>

#include "error_names.h"
#include "host.h"
#include "lua_modules.h"

namespace duelbox {

std::uint32_t ScriptProfile::file_id(const char* source) {
    // Most events come from the chunk of the event before; a chunk's name is a string the
    // chunk keeps, so the same pointer is the same chunk while it is loaded.
    if (source == last_source_) return last_file_;
    std::string name = source[0] == '@' || source[0] == '=' ? std::string(source + 1) : std::string("(text chunk)");
    auto [it, added] = file_ids_.try_emplace(std::move(name), static_cast<std::uint32_t>(files_.size()));
    if (added) files_.push_back(it->first);
    last_source_ = source;
    last_file_ = it->second;
    return last_file_;
}

void ScriptProfile::charge(Clock::time_point now) {
    if (current_ && running_) current_->nanos += static_cast<std::uint64_t>((now - since_).count());
}

void ScriptProfile::resume_clock() {
    running_ = true;
    since_ = Clock::now();
}

void ScriptProfile::pause_clock() {
    charge(Clock::now());
    running_ = false;
}

void ScriptProfile::on_line(lua_State* L, lua_Debug* ar) {
    const auto now = Clock::now();
    charge(now);
    current_ = nullptr;
    if (lua_getinfo(L, "S", ar) && ar->source && ar->currentline > 0) {
        Tally& t = lines_[LineKey{file_id(ar->source), ar->currentline}];
        ++t.count;
        current_ = &t;   // unordered_map keeps its elements where they are on rehash
    }
    since_ = Clock::now();   // the hook's own time is nobody's
}

void ScriptProfile::on_call(lua_State* L, lua_Debug* ar) {
    const auto now = Clock::now();
    charge(now);
    if (lua_getinfo(L, "Sf", ar)) {
        if (lua_iscfunction(L, -1)) {
            const lua_CFunction f = lua_tocfunction(L, -1);
            auto it = c_names_.find(f);
            if (it == c_names_.end()) {
                // Named once per function; the look-up may allocate, so not against the cap.
                LuaHost* host = *static_cast<LuaHost**>(lua_getextraspace(L));
                const bool capped = host && host->memory_cap_enforced();
                if (host) host->enforce_memory_cap(false);
                std::string name = f == log_kind_function() ? "(an event of a log.kind, every kind)"
                                                            : recorded_function_name(L, -1);
                if (host) host->enforce_memory_cap(capped);
                if (name.empty()) {   // not a registered function: say how its first caller named it
                    const bool named = lua_getinfo(L, "n", ar) && ar->name;
                    name = std::string("(C function first called as '") + (named ? ar->name : "?") + "'";
                    if (named && ar->namewhat && *ar->namewhat) name += std::string(", a ") + ar->namewhat;
                    name += ")";
                }
                it = c_names_.emplace(f, std::move(name)).first;
            }
            ++kernel_[it->second];
        } else if (ar->source) {
            ++functions_[LineKey{file_id(ar->source), ar->linedefined}].count;
        }
        lua_pop(L, 1);
    }
    since_ = Clock::now();
}

void ScriptProfile::merge(const ScriptProfile& other) {
    auto own_id = [&](std::uint32_t theirs) {
        const std::string& name = other.files_[theirs];
        auto [it, added] = file_ids_.try_emplace(name, static_cast<std::uint32_t>(files_.size()));
        if (added) files_.push_back(name);
        return it->second;
    };
    for (const auto& [k, t] : other.lines_) {
        Tally& mine = lines_[LineKey{own_id(k.file), k.line}];
        mine.count += t.count;
        mine.nanos += t.nanos;
    }
    for (const auto& [k, t] : other.functions_) functions_[LineKey{own_id(k.file), k.line}].count += t.count;
    for (const auto& [name, n] : other.kernel_) kernel_[name] += n;
}

ProfileReport ScriptProfile::report() const {
    ProfileReport r;
    const auto where = [&](const LineKey& k) { return files_[k.file] + ":" + std::to_string(k.line); };
    for (const auto& [k, t] : lines_) {
        r.lines.push_back({where(k), t.count, t.nanos});
        r.line_events += t.count;
        r.nanos += t.nanos;
    }
    for (const auto& [k, t] : functions_) {
        r.functions.push_back({where(k), t.count, 0});
        r.function_calls += t.count;
    }
    for (const auto& [name, n] : kernel_) {
        r.kernel.push_back({name, n, 0});
        r.kernel_calls += n;
    }
    // By figure, then by name: the same report whatever order the maps or workers gave.
    std::sort(r.lines.begin(), r.lines.end(), [](const ProfileRow& a, const ProfileRow& b) {
        return a.nanos != b.nanos ? a.nanos > b.nanos : a.name < b.name;
    });
    const auto by_count = [](const ProfileRow& a, const ProfileRow& b) {
        return a.count != b.count ? a.count > b.count : a.name < b.name;
    };
    std::sort(r.kernel.begin(), r.kernel.end(), by_count);
    std::sort(r.functions.begin(), r.functions.end(), by_count);
    return r;
}

}  // namespace duelbox
