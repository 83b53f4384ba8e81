// player_view.cpp - a copy as one player has seen it since a point (player_view.h).
#include "player_view.h"

#include <algorithm>
#include <vector>

#include "playout.h"

namespace duelbox {

namespace {

// Separators no identity, label or JSON text of a field holds unescaped.
constexpr char kUnit = '\x1f', kRecord = '\x1e';

void put_identity(std::string& out, const Entity& e) {
    out += e.kind;
    out += kUnit;
    out += e.def;
    out += kUnit;
    out += e.name;
    for (const auto& [k, v] : e.props) {
        out += kUnit;
        out += k;
        out += '=';
        out += value_to_json(v);
    }
    for (const auto& t : e.tags) {
        out += kUnit;
        out += '#';
        out += t;
    }
}

void put_events(std::string& out, const Match& m, PlayerIndex viewer, std::size_t from) {
    static const Sym kResample = intern("match.resample");
    const EventLog& log = m.log();
    for (std::size_t i = from; i < log.size(); ++i) {
        if (log.type_of(i) == kResample) continue;
        const Event e = log.event(i);
        if (!EventLog::sees(e, viewer)) continue;
        out += e.type;
        for (const Field& f : e.fields) {
            out += kUnit;
            out += f.key;
            out += '=';
            if (EventLog::sees(f, viewer)) out += value_to_json(f.value);
            else out += '?';
        }
        out += kRecord;
    }
}

void put_entities(std::string& out, const Match& m, PlayerIndex viewer) {
    std::vector<std::vector<std::string>> zoned(static_cast<std::size_t>(m.zone_count()));
    for (int z = 0; z < m.zone_count(); ++z) {
        const Zone& zone = m.zone(static_cast<ZoneId>(z + 1));
        out += std::to_string(zone.id);
        for (const EntityId id : zone.items) {
            const Entity& e = m.entity(id);
            out += kUnit;
            out += std::to_string(id);
            if (m.can_see(viewer, id) || mask_has(e.placed_for, viewer)) {
                out += ':';
                put_identity(out, e);
            } else if (mask_has(e.zoned_for, viewer)) {
                std::string known;
                put_identity(known, e);
                zoned[static_cast<std::size_t>(z)].push_back(std::move(known));
            }
        }
        auto& in_zone = zoned[static_cast<std::size_t>(z)];
        std::sort(in_zone.begin(), in_zone.end());
        for (const std::string& known : in_zone) {
            out += kUnit;
            out += "in:";
            out += known;
        }
        out += kRecord;
    }
}

void put_questions(std::string& out, const Playout& copy, PlayerIndex viewer) {
    if (!copy.waiting()) return;
    for (const DecisionRequest& r : copy.pending()) {
        if (r.player != viewer) continue;
        out += r.id;
        out += kUnit;
        out += r.prompt;
        out += kUnit;
        out += std::to_string(static_cast<int>(r.kind)) + "," + std::to_string(r.min) + "," + std::to_string(r.max);
        for (const Option& o : r.options) {
            out += kUnit;
            out += o.label;
        }
        out += kRecord;
    }
}

}  // namespace

std::string player_view(const Playout& copy, PlayerIndex viewer, std::size_t from_event) {
    const Match& m = copy.match();
    std::string out;
    put_events(out, m, viewer, from_event);
    put_entities(out, m, viewer);
    put_questions(out, copy, viewer);
    return out;
}

}  // namespace duelbox
