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

// Per zone: each card the viewer can see or saw arrive where it is, with its place and
// identity; the cards they know to lie somewhere in it (zoned_for), as a sorted list of
// identities; and how many other cards there are of each owner and kind (the kind left out in a
// zone whose kinds are secret, the owner in one whose owners are). Nothing the viewer cannot know: not the ids nor the order of the
// hidden cards, which a copy may legitimately hold otherwise.
void put_entities(std::string& out, const Match& m, PlayerIndex viewer) {
    std::vector<std::string> zoned, unknown;
    for (int z = 0; z < m.zone_count(); ++z) {
        const Zone& zone = m.zone(static_cast<ZoneId>(z + 1));
        zoned.clear();
        unknown.clear();
        out += std::to_string(zone.id);
        for (std::size_t i = 0; i < zone.items.size(); ++i) {
            const Entity& e = m.entity(zone.items[i]);
            std::string known;
            if (m.can_see(viewer, e.id)) {
                out += kUnit;
                out += std::to_string(i) + "#" + std::to_string(e.id) + ":";
                put_identity(out, e);
                continue;
            }
            if (mask_has(e.placed_for, viewer)) {   // known, not seen: its props may have changed unseen
                out += kUnit;
                out += std::to_string(i) + "#" + std::to_string(e.id) + ":" + e.kind + kUnit + e.def + kUnit + e.name;
                continue;
            }
            if (mask_has(e.zoned_for, viewer)) {   // (as a card seen placed: not its props nor tags)
                known = e.kind + kUnit + e.def + kUnit + e.name;
                zoned.push_back(std::move(known));
                continue;
            }
            unknown.push_back((zone.secret_owners ? std::string("?") : std::to_string(e.owner)) + "/" +
                              (zone.secret_kinds ? std::string() : e.kind));
        }
        std::sort(zoned.begin(), zoned.end());
        for (const std::string& identity : zoned) {
            out += kUnit;
            out += "in:";
            out += identity;
        }
        std::sort(unknown.begin(), unknown.end());
        for (const std::string& what : unknown) {
            out += kUnit;
            out += "?";
            out += what;
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

std::string player_questions(const Playout& copy, PlayerIndex viewer) {
    std::string out;
    put_questions(out, copy, viewer);
    return out;
}

std::string player_view(const Playout& copy, PlayerIndex viewer, std::size_t from_event) {
    const Match& m = copy.match();
    std::string out;
    put_events(out, m, viewer, from_event);
    put_entities(out, m, viewer);
    put_questions(out, copy, viewer);
    return out;
}

}  // namespace duelbox
