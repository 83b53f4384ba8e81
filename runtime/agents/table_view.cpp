// table_view.cpp - see table_view.h.
#include "table_view.h"

#include <sstream>

#include "kernel/match.h"

namespace duelbox {

namespace {

std::string value_text(const Value& v) {
    if (const auto* i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
    if (const auto* b = std::get_if<bool>(&v)) return *b ? "yes" : "no";
    if (const auto* s = std::get_if<std::string>(&v)) return *s;
    return "";
}


// The entities of zone z as the viewer sees them: names where visible, "N hidden" for the rest.
std::string contents(const Match& m, PlayerIndex viewer, const Zone& z) {
    std::string named;
    int hidden = 0;
    for (EntityId e : z.items) {
        if (m.can_see(viewer, e)) named += (named.empty() ? "" : ", ") + m.entity(e).name;
        else ++hidden;
    }
    if (hidden > 0) named += (named.empty() ? "" : ", ") + std::to_string(hidden) + " hidden";
    return named;
}

std::string zone_title(const Match& m, PlayerIndex viewer, const Zone& z) {
    if (z.owner == kNoPlayer) return z.name;
    if (z.owner == viewer) return "your " + z.name;
    return m.player(z.owner).name + "'s " + z.name;
}

// "Hero (Ada)", "Alice (Anna, health 12)": who stands on a space, as the viewer sees them,
// with the counters a figure carries itself.
std::string occupants(const Match& m, PlayerIndex viewer, const Zone& z) {
    std::string out;
    for (EntityId e : z.items) {
        const Entity& ent = m.entity(e);
        if (!m.can_see(viewer, e)) {
            out += (out.empty() ? "" : ", ") + std::string("something hidden");
            continue;
        }
        std::string who = ent.name, about;
        if (ent.owner != kNoPlayer && ent.name.find(m.player(ent.owner).name) == std::string::npos) about = m.player(ent.owner).name;
        const std::string c = counters_text(m, e);
        if (!c.empty()) about += (about.empty() ? "" : ", ") + c;
        out += (out.empty() ? "" : ", ") + who + (about.empty() ? "" : " (" + about + ")");
    }
    return out;
}

void board_lines(const Match& m, PlayerIndex viewer, std::ostringstream& out) {
    if (!m.has_board()) return;
    const Board& b = m.board();
    std::vector<const Zone*> on(static_cast<std::size_t>(b.space_count()) + 1, nullptr);
    for (int i = 1; i <= m.zone_count(); ++i) {
        const Zone& z = m.zone(static_cast<ZoneId>(i));
        if (z.space != kNoSpace && b.valid(z.space)) on[z.space] = &z;
    }
    if (b.is_line()) {   // every space in order: "1 . | 2 Hero (Ada) | ..."
        out << "board:";
        for (int i = 1; i <= b.line_length(); ++i) {
            const SpaceId s = b.at_line(i);
            const std::string who = on[s] ? occupants(m, viewer, *on[s]) : "";
            out << (i == 1 ? " " : " | ") << b.space(s).name << " " << (who.empty() ? "." : who);
        }
        out << "\n";
        return;
    }
    std::string placed;   // an area map: only the occupied spaces
    for (int s = 1; s <= b.space_count(); ++s)
        if (on[s] && !on[s]->items.empty()) placed += (placed.empty() ? "" : "; ") + occupants(m, viewer, *on[s]) + " on " + b.space(s).name;
    if (!placed.empty()) out << "board: " << placed << "\n";
}

void player_lines(const Match& m, std::ostringstream& out) {
    for (PlayerIndex p = 0; p < m.player_count(); ++p) {
        const std::string c = counters_text(m, m.player(p).entity);
        out << m.player(p).name << (c.empty() ? "" : ": " + c) << "\n";
    }
}

}  // namespace

std::string table_summary(const Match& m, PlayerIndex viewer) {
    std::ostringstream out;
    board_lines(m, viewer, out);
    player_lines(m, out);
    for (int i = 1; i <= m.zone_count(); ++i) {   // the viewer's private zones: a hand
        const Zone& z = m.zone(static_cast<ZoneId>(i));
        if (z.owner == viewer && z.visibility == Visibility::Owner && !z.items.empty())
            out << zone_title(m, viewer, z) << ": " << contents(m, viewer, z) << "\n";
    }
    return out.str();
}

std::string table_everything(const Match& m, PlayerIndex viewer) {
    std::ostringstream out;
    board_lines(m, viewer, out);
    player_lines(m, out);
    for (int i = 1; i <= m.zone_count(); ++i) {
        const Zone& z = m.zone(static_cast<ZoneId>(i));
        if (z.space != kNoSpace || z.items.empty()) continue;
        out << zone_title(m, viewer, z) << " (" << z.items.size() << "): " << contents(m, viewer, z) << "\n";
        for (EntityId e : z.items) {   // what else in view keeps a count (a force pool, a token pile)
            if (!m.can_see(viewer, e)) continue;
            bool is_player = false;
            for (PlayerIndex p = 0; p < m.player_count(); ++p) is_player = is_player || m.player(p).entity == e;
            const std::string c = is_player ? "" : counters_text(m, e);
            if (!c.empty()) out << "  " << m.entity(e).name << ": " << c << "\n";
        }
    }
    return out.str();
}

std::string counters_text(const Match& m, EntityId e, std::size_t most) {
    std::string out;
    for (const Counter* c : m.counters().of(e)) {
        if (most-- == 0) break;
        out += (out.empty() ? "" : ", ") + c->name + " " + std::to_string(c->value);
    }
    return out;
}

std::string card_text(const Match& m, PlayerIndex viewer, EntityId e, const DefinitionText& text_of) {
    if (!m.valid_entity(e)) return "";
    if (!m.can_see(viewer, e)) return "a hidden card";
    const Entity& ent = m.entity(e);
    std::string out = ent.name + " (" + ent.kind + ")";
    std::string text, props;
    for (const auto& [key, value] : ent.props) {
        if (key == "text") text = value_text(value);
        else props += (props.empty() ? "" : ", ") + key + " " + value_text(value);
    }
    if (!props.empty()) out += ": " + props;
    if (text.empty() && text_of) text = text_of(ent.def);
    if (!text.empty()) out += "\n    " + text;
    const std::string c = counters_text(m, e);
    if (!c.empty()) out += "\n    " + c;
    return out;
}

}  // namespace duelbox
