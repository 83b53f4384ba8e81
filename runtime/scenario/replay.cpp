// replay.cpp - replay files (a scenario with the decisions taken, script hashes, the event
// log and the result) and the content hash that says whether a script changed since.
#include <cstdio>

#include "json_fields.h"
#include "scenario.h"

namespace duelbox {

using nlohmann::json;
using fields::ObjectReader;

namespace {

constexpr std::int64_t kReplayVersion = 1;   // bump when the shape changes; older readers refuse newer files

bool is_hash(const std::string& s) {
    if (s.size() != 16) return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

ScriptHash parse_script_hash(const json& v, const std::string& path) {
    ObjectReader r(v, path, {"path", "hash"});
    ScriptHash h;
    h.path = fields::read_nonempty_string(r.require("path"), r.path("path"));
    const json& hash = r.require("hash");
    if (!hash.is_string() || !is_hash(hash.get_ref<const std::string&>()))
        fields::expected(r.path("hash"), "16 lowercase hex digits", hash);
    h.hash = hash.get<std::string>();
    return h;
}

Replay parse_replay_at(const json& j, const std::string& file, const std::string& default_root) {
    const std::string base = "replay";
    ObjectReader r(j, base, {"duelbox_replay", "scenario", "scripts", "events", "result"});
    const json& version = r.require("duelbox_replay");
    std::int64_t n = 0;
    if (!fields::to_int64(version, n) || n != kReplayVersion)
        fields::expected(r.path("duelbox_replay"), "1 (the replay format this build reads)", version);

    Replay out;
    out.scenario = detail::parse_scenario_at(r.require("scenario"), r.path("scenario"), file, default_root);
    if (auto* f = r.find("scripts")) {
        const json& list = fields::read_array(*f, r.path("scripts"));
        for (std::size_t i = 0; i < list.size(); ++i)
            out.scripts.push_back(parse_script_hash(list[i], fields::index(r.path("scripts"), i)));
    }
    if (auto* f = r.find("events")) {
        const json& list = fields::read_array(*f, r.path("events"));
        for (std::size_t i = 0; i < list.size(); ++i)
            out.events.push_back(fields::read_string(list[i], fields::index(r.path("events"), i)));
    }
    if (auto* f = r.find("result")) out.result = fields::read_object(*f, r.path("result"));
    return out;
}

}  // namespace

json replay_to_json(const Replay& r) {
    json scripts = json::array();
    for (const auto& s : r.scripts) scripts.push_back({{"path", s.path}, {"hash", s.hash}});
    return {{"duelbox_replay", kReplayVersion},
            {"scenario", scenario_to_json(r.scenario)},
            {"scripts", scripts},
            {"events", r.events},
            {"result", r.result}};
}

Replay parse_replay(const json& j, const std::string& file, const std::string& default_root) {
    return fields::with_file(file, [&] { return parse_replay_at(j, file, default_root); });
}

Replay load_replay(const std::string& path, const std::string& default_root) {
    return parse_replay(fields::load_json_file(path), path, default_root);
}

std::string content_hash(const std::string& bytes) {
    // FNV-1a 64: tiny, stable across platforms and runs, and enough to notice an edited
    // script (this detects change; it is not a defence against a forged file).
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

}  // namespace duelbox
