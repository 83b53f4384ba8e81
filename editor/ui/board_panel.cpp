// board_panel.cpp - the table as a person would lay it out, for any game, from the kernel's
// state alone: the board drawn from its data (a line board as a row of spaces; any other board
// as a graph at the spaces' x/y, a circle when the map gives none; regions as colours, edge
// kinds as line styles), figures with their names and counters (health, ...) on their spaces,
// then each player's zones as rows of card tiles (hand, pair, discards, tokens; face-down
// cards as backs), and the shared zones. Hovering a figure or a tile shows the card
// (agents/table_view.h card_text). Spaces that answer the pending decision are ringed and
// clickable. A game may name its table's conventions (game.lua `table_view`,
// model/table_layout.h): cards turned sideways (tapped), cards attached to another (listed on
// its tile instead of in a row of their own), zones whose cards are numbered rows (a squad).
// A map whose spaces have shapes (a sight outline) is drawn as an area map instead: the shapes
// filled by the map's attributes (high ground, cover, waterfall: map_file.h), borders thin, walls
// thick and yellow, each space's number at its sight point; hovering a figure shades the spaces
// its space sees (the kernel's sight table).
#include <imgui.h>

#include <cmath>
#include <functional>

#include "agents/table_view.h"
#include "app.h"
#include "lua/card_text.h"
#include "model/area_map.h"
#include "model/table_layout.h"

namespace duelbox::editor {

namespace {

ImU32 colour_of(const std::string& name, int alpha) {
    const std::size_t h = std::hash<std::string>{}(name);   // stable for drawing, never for rules
    return IM_COL32(70 + (h & 0x7F), 70 + ((h >> 8) & 0x7F), 70 + ((h >> 16) & 0x7F), alpha);
}

ImU32 player_colour(PlayerIndex p) {
    static const ImU32 colours[] = {IM_COL32(80, 150, 255, 255), IM_COL32(255, 110, 90, 255), IM_COL32(110, 220, 110, 255),
                                    IM_COL32(240, 200, 70, 255)};
    return p >= 0 ? colours[p % 4] : IM_COL32(200, 200, 200, 255);
}

// A figure's counters, else its owner's (games keep a fighter's health on either).
std::string figure_counters(const Match& m, const Entity& e) {
    std::string own = counters_text(m, e.id, 1);
    if (!own.empty() || e.owner == kNoPlayer) return own;
    return counters_text(m, m.player(e.owner).entity, 1);
}

// `text_of` gives a definition's printed text (the open run's host, lua/card_text.h).
void card_tooltip(const Match& m, EntityId e, const DefinitionText& text_of) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
    ImGui::TextUnformatted(card_text(m, EventLog::kObserver, e, text_of).c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

// The names of the cards attached to entity e (layout.attached), joined; "" when none.
std::string attached_names(const Match& m, const Entity& e, const TableLayout& layout) {
    if (layout.attached.empty()) return "";
    const ZoneId z = m.find_zone(layout.attached + std::to_string(e.id), e.owner);
    if (z == kNoZone) return "";
    std::string out;
    for (EntityId a : m.zone(z).items) out += (out.empty() ? "+ " : ", ") + m.entity(a).name;
    return out;
}

// A small card at `at` (its centre), upright or turned sideways: how a tile says "tapped".
void draw_orientation(ImDrawList* draw, ImVec2 at, float size, bool turned, ImU32 ink) {
    const float w = turned ? size : size * 0.7f, h = turned ? size * 0.7f : size;
    draw->AddRect(ImVec2(at.x - w / 2, at.y - h / 2), ImVec2(at.x + w / 2, at.y + h / 2), ink, 2.0f, 0, 1.5f);
}

// One zone as a row of tiles: the card's name and its first printed values; a card hidden in
// its zone (a deck, a face-down pair) is drawn as a back, still named: the editor is the
// designer's observer view.
void draw_zone_row(const Match& m, const Zone& z, const std::string& title, const DefinitionText& text_of,
                   const TableLayout& layout) {
    if (!title.empty()) ImGui::TextDisabled("%s (%zu)", title.c_str(), z.items.size());
    else if (z.items.empty()) ImGui::TextDisabled("(none)");
    bool any_attached = false;
    for (EntityId id : z.items) any_attached = any_attached || !attached_names(m, m.entity(id), layout).empty();
    const float font = ImGui::GetFontSize();
    const float tile_w = font * 6.5f, tile_h = font * (any_attached ? 3.6f : 2.6f);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    const bool rows = layout.numbered(z.name);
    for (std::size_t k = 0; k < z.items.size(); ++k) {
        const Entity& e = m.entity(z.items[k]);
        if (k > 0) {
            ImGui::SameLine();
            if (ImGui::GetCursorScreenPos().x + tile_w > right) ImGui::NewLine();
        }
        const ImVec2 a = ImGui::GetCursorScreenPos();
        const ImVec2 b(a.x + tile_w, a.y + tile_h);
        const bool face_down = z.visibility == Visibility::Hidden && !mask_has(e.revealed_to, 0);
        const bool turned = !layout.turned.empty() && e.prop(layout.turned) == Value{true};
        draw->AddRectFilled(a, b, face_down ? IM_COL32(60, 50, 80, 255) : turned ? IM_COL32(205, 200, 185, 255)
                                                                              : IM_COL32(235, 230, 215, 255), 4.0f);
        draw->AddRect(a, b, player_colour(e.owner), 4.0f, 0, 2.0f);
        const ImU32 ink = face_down ? IM_COL32(200, 190, 230, 255) : IM_COL32(20, 20, 20, 255);
        const bool icon = !layout.turned.empty() && !face_down;   // the orientation, at the right edge
        if (icon) draw_orientation(draw, ImVec2(b.x - font * 0.7f, a.y + font * 0.7f), font * 0.8f, turned, ink);
        draw->PushClipRect(a, ImVec2(icon ? b.x - font * 1.3f : b.x, b.y), true);   // text stops short of it
        const std::string name = rows ? std::to_string(k + 1) + ". " + e.name : e.name;   // row 1 = the front
        draw->AddText(ImVec2(a.x + 4, a.y + 2), ink, name.c_str());
        std::string stats;   // the first printed values: power 3 speed 2 ...
        for (const auto& [key, value] : e.props) {
            if (stats.size() > 24) break;
            if (const auto* i = std::get_if<std::int64_t>(&value)) stats += key + " " + std::to_string(*i) + " ";
        }
        const std::string counters = counters_text(m, e.id, 1);
        draw->AddText(ImVec2(a.x + 4, a.y + 2 + font), ink, (counters.empty() ? stats : counters).c_str());
        if (const std::string gear = attached_names(m, e, layout); !gear.empty())
            draw->AddText(ImVec2(a.x + 4, a.y + 2 + 2 * font), IM_COL32(90, 60, 20, 255), gear.c_str());
        draw->PopClipRect();
        ImGui::PushID(static_cast<int>(e.id));
        ImGui::InvisibleButton("tile", ImVec2(tile_w, tile_h));
        if (ImGui::IsItemHovered()) card_tooltip(m, e.id, text_of);
        ImGui::PopID();
    }
}

// The zones a game draws together (layout.together): per name, a heading and every player's
// zone of that name side by side, in the players' colours (a battle area's two squads).
void draw_together(const Match& m, const DefinitionText& text_of, const TableLayout& layout) {
    const int players = m.player_count();
    for (const std::string& name : layout.together) {
        ImGui::TextUnformatted(name.c_str());
        if (players <= 0 || !ImGui::BeginTable(name.c_str(), players, ImGuiTableFlags_BordersInnerV)) continue;
        ImGui::TableNextRow();
        for (PlayerIndex p = 0; p < players; ++p) {
            ImGui::TableSetColumnIndex(p);
            ImGui::PushID(p);
            const ZoneId z = m.find_zone(name, p);
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(player_colour(p)));
            ImGui::TextUnformatted(m.player(p).name.c_str());
            ImGui::PopStyleColor();
            if (z != kNoZone) draw_zone_row(m, m.zone(z), "", text_of, layout);
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    if (!layout.together.empty()) ImGui::Separator();
}

// Each player's zones, then the shared ones (board spaces excepted): the cards on the table.
void draw_table(const Match& m, const DefinitionText& text_of, const TableLayout& layout) {
    draw_together(m, text_of, layout);
    for (PlayerIndex p = -1; p < m.player_count(); ++p) {
        bool heading = false;
        for (int i = 1; i <= m.zone_count(); ++i) {
            const Zone& z = m.zone(static_cast<ZoneId>(i));
            if (z.owner != p || z.space != kNoSpace || z.items.empty()) continue;
            if (layout.attachment_zone(z.name)) continue;   // listed on the tile of the card they are attached to
            if (layout.drawn_together(z.name)) continue;    // drawn above, side by side
            if (m.entity(z.items.front()).kind == "player") continue;   // the seats themselves: headed below
            if (!heading) {
                heading = true;
                const std::string who = p < 0 ? "shared" : m.player(p).name;
                const std::string c = p < 0 ? "" : counters_text(m, m.player(p).entity, 4);
                ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(player_colour(p)));
                ImGui::Text("%s%s%s", who.c_str(), c.empty() ? "" : "  ", c.c_str());
                ImGui::PopStyleColor();
            }
            draw_zone_row(m, z, z.name, text_of, layout);
        }
    }
}

// For each space, the pending decision's (request, option) that names it; {SIZE_MAX, SIZE_MAX}
// when none does (or the view is not at the tip, where answers are given).
std::vector<std::pair<std::size_t, std::size_t>> offered_spaces(App& app, const Board& board) {
    std::vector<std::pair<std::size_t, std::size_t>> offered(static_cast<std::size_t>(board.space_count()) + 1, {SIZE_MAX, SIZE_MAX});
    if (app.session.waiting() && app.session.cursor() >= app.session.tip()) {
        const auto& pending = app.session.pending();
        for (std::size_t r = 0; r < pending.size(); ++r)
            for (std::size_t o = 0; o < pending[r].options.size(); ++o)
                if (board.valid(pending[r].options[o].space)) offered[static_cast<std::size_t>(pending[r].options[o].space)] = {r, o};
    }
    return offered;
}

// A clickable square of half-size r at c for space s: a click adds option o of request r to the
// draft answer, or takes it back out.
void space_button(App& app, SpaceId s, ImVec2 c, float r, std::size_t request, std::size_t option) {
    ImGui::SetCursorScreenPos(ImVec2(c.x - r, c.y - r));
    ImGui::PushID(static_cast<int>(s));
    if (ImGui::InvisibleButton("space", ImVec2(2 * r, 2 * r)) && app.draft.size() > request) {
        auto& picks = app.draft[request];
        auto it = std::find(picks.begin(), picks.end(), static_cast<std::int64_t>(option));
        if (it != picks.end()) picks.erase(it);
        else picks.push_back(static_cast<std::int64_t>(option));
    }
    ImGui::PopID();
}

// Who is where on a map, as a list: each figure's initial, name, space and counters.
void draw_figure_list(const Match& m, const DefinitionText& text_of) {
    const Board& board = m.board();
    for (SpaceId s = 1; s <= static_cast<SpaceId>(board.space_count()); ++s) {
        const ZoneId z = m.space_zone(s);
        if (z == kNoZone) continue;
        for (EntityId id : m.zone(z).items) {
            const Entity& e = m.entity(id);
            if (e.kind != "figure") continue;
            const std::string counts = figure_counters(m, e);
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(player_colour(e.owner)));
            ImGui::Text("%c  %s on %s%s%s", e.name.empty() ? '?' : e.name[0], e.name.c_str(), board.space(s).name.c_str(),
                        counts.empty() ? "" : ", ", counts.c_str());
            ImGui::PopStyleColor();
            if (ImGui::IsItemHovered()) card_tooltip(m, id, text_of);
        }
    }
}

bool flag(const Space& sp, const char* key) {
    const Value& v = sp.attr(key);
    return std::holds_alternative<bool>(v) && std::get<bool>(v);
}

// The area map in the top half of the panel (see the header); false when the board has no shapes.
void draw_area_map(App& app, const Match& m, const DefinitionText& text_of) {
    const Board& board = m.board();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail(ImGui::GetContentRegionAvail().x, ImGui::GetContentRegionAvail().y * 0.55f);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const auto n = static_cast<SpaceId>(board.space_count());
    const Bounds b = area_bounds(board);
    const float margin = 12.0f;
    const double w = avail.x - 2 * margin, h = std::max(40.0f, avail.y - 2 * margin - ImGui::GetTextLineHeight());
    const double scale = std::min(b.width() > 0 ? w / b.width() : 1.0, b.height() > 0 ? h / b.height() : 1.0);
    const float ox = origin.x + margin + static_cast<float>((w - b.width() * scale) / 2);
    const float oy = origin.y + margin;
    const auto at = [&](const Point& p) {
        return ImVec2(ox + static_cast<float>((p.x - b.minx) * scale), oy + static_cast<float>((p.y - b.miny) * scale));
    };
    const auto fill = [&](const Space& sp, ImU32 colour) {
        for (const Triangle& t : triangulate(sp.outline)) draw->AddTriangleFilled(at(t[0]), at(t[1]), at(t[2]), colour);
    };
    const auto outline = [&](const Space& sp, ImU32 colour, float thick) {
        std::vector<ImVec2> pts;
        for (const Point& p : sp.outline) pts.push_back(at(p));
        if (pts.size() >= 2) draw->AddPolyline(pts.data(), static_cast<int>(pts.size()), colour, ImDrawFlags_Closed, thick);
    };
    const auto offered = offered_spaces(app, board);
    for (SpaceId s = 1; s <= n; ++s) {   // ground: shapes by attribute, then borders
        const Space& sp = board.space(s);
        ImU32 colour = sp.regions.empty() ? IM_COL32(62, 66, 76, 255) : colour_of(sp.regions.front(), 255);
        if (flag(sp, "waterfall")) colour = IM_COL32(45, 95, 170, 255);
        else if (flag(sp, "high")) colour = IM_COL32(120, 104, 70, 255);
        else if (flag(sp, "cover")) colour = IM_COL32(52, 78, 56, 255);
        fill(sp, colour);
    }
    for (SpaceId s = 1; s <= n; ++s) {
        const Space& sp = board.space(s);
        outline(sp, IM_COL32(220, 220, 220, 160), 1.0f);
        if (flag(sp, "high")) outline(sp, IM_COL32(250, 235, 200, 255), 3.0f);   // the double line of high ground
    }
    for (const auto& [p, q] : board.wall_segments()) draw->AddLine(at(p), at(q), IM_COL32(250, 210, 40, 255), 4.0f);
    for (const auto& poly : board.wall_polygons()) {
        std::vector<ImVec2> pts;
        for (const Point& p : poly) pts.push_back(at(p));
        draw->AddPolyline(pts.data(), static_cast<int>(pts.size()), IM_COL32(250, 210, 40, 255), ImDrawFlags_Closed, 4.0f);
    }
    const float r = std::clamp(static_cast<float>(scale) * 0.22f, 7.0f, 16.0f);
    SpaceId hovered_from = kNoSpace;
    for (SpaceId s = 1; s <= n; ++s) {
        const Space& sp = board.space(s);
        const ImVec2 c = at(Point{sp.x, sp.y});
        if (flag(sp, "waterfall")) continue;   // no number: no one stands there
        const bool cover = flag(sp, "cover");
        draw->AddCircleFilled(c, r, cover ? IM_COL32(10, 10, 10, 255) : IM_COL32(235, 235, 235, 255));
        const ImVec2 ts = ImGui::CalcTextSize(sp.name.c_str());
        draw->AddText(ImVec2(c.x - ts.x / 2, c.y - ts.y / 2), cover ? IM_COL32(255, 255, 255, 255) : IM_COL32(20, 20, 20, 255),
                      sp.name.c_str());
        const auto [ro, oo] = offered[static_cast<std::size_t>(s)];
        if (ro != SIZE_MAX) {
            outline(sp, IM_COL32(255, 220, 60, 255), 3.0f);
            space_button(app, s, c, r, ro, oo);
        }
        const ZoneId z = m.space_zone(s);
        if (z == kNoZone) continue;
        const auto& items = m.zone(z).items;   // figures in a row under the number, tokens above
        for (std::size_t k = 0; k < items.size(); ++k) {
            const Entity& e = m.entity(items[k]);
            const bool figure = e.kind == "figure";
            const float off = (static_cast<float>(k) - (static_cast<float>(items.size()) - 1) / 2) * r * 1.3f;
            const ImVec2 f(c.x + off, figure ? c.y + r * 1.6f : c.y - r * 1.5f);
            if (figure) draw->AddCircleFilled(f, r * 0.65f, player_colour(e.owner));
            else draw->AddRectFilled(ImVec2(f.x - r * 0.35f, f.y - r * 0.35f), ImVec2(f.x + r * 0.35f, f.y + r * 0.35f),
                                     player_colour(e.owner));
            const char initial[2] = {e.name.empty() ? '?' : e.name[0], 0};
            if (figure) draw->AddText(ImVec2(f.x - 4, f.y - 7), IM_COL32(0, 0, 0, 255), initial);
            if (ImGui::IsMouseHoveringRect(ImVec2(f.x - r * 0.65f, f.y - r * 0.65f), ImVec2(f.x + r * 0.65f, f.y + r * 0.65f))) {
                card_tooltip(m, e.id, text_of);
                if (figure) hovered_from = s;
            }
        }
    }
    if (hovered_from != kNoSpace) {   // what this figure's space sees
        for (SpaceId t : seen_from(board, hovered_from)) fill(board.space(t), IM_COL32(80, 230, 140, 70));
        outline(board.space(hovered_from), IM_COL32(80, 230, 140, 255), 3.0f);
    }
    ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + avail.y - ImGui::GetTextLineHeight()));
    ImGui::TextDisabled("%d spaces: yellow = wall, light rim = high ground, dark number = cover, blue = waterfall; "
                        "hover a figure for what it sees", n);
}

}  // namespace

void draw_board_panel(App& app) {
    const LuaHost* host = app.session.is_open() ? app.session.run().shared_host().get() : nullptr;
    const DefinitionText text_of = [host](const std::string& key) { return host ? card_definition_text(*host, key) : std::string(); };
    const TableLayout layout = host ? read_table_layout(*host) : TableLayout{};
    const Match& m = app.session.view();
    const Board& board = m.board();
    if (board.space_count() == 0) {
        ImGui::BeginChild("table");
        draw_table(m, text_of, layout);
        ImGui::EndChild();
        return;
    }
    const auto n = static_cast<SpaceId>(board.space_count());
    if (has_area_map(board)) {
        draw_area_map(app, m, text_of);
        ImGui::BeginChild("table");
        draw_figure_list(m, text_of);
        draw_table(m, text_of, layout);
        ImGui::EndChild();
        return;
    }
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail(ImGui::GetContentRegionAvail().x, ImGui::GetContentRegionAvail().y * 0.5f);
    ImDrawList* draw = ImGui::GetWindowDrawList();

    // Positions in [0,1]^2.
    std::vector<ImVec2> pos(static_cast<std::size_t>(n) + 1);
    bool has_xy = false;
    for (SpaceId s = 1; s <= n; ++s) has_xy = has_xy || board.space(s).x != 0 || board.space(s).y != 0;
    double minx = 1e9, maxx = -1e9, miny = 1e9, maxy = -1e9;
    for (SpaceId s = 1; s <= n; ++s) {
        const Space& sp = board.space(s);
        double x, y;
        if (board.is_line() && sp.line_index > 0) x = sp.line_index, y = 0;
        else if (has_xy) x = sp.x, y = sp.y;
        else x = std::cos(6.2831853 * (s - 1) / n), y = std::sin(6.2831853 * (s - 1) / n);
        pos[static_cast<std::size_t>(s)] = ImVec2(static_cast<float>(x), static_cast<float>(y));
        minx = std::min(minx, x), maxx = std::max(maxx, x), miny = std::min(miny, y), maxy = std::max(maxy, y);
    }
    const float margin = 28.0f;
    // The legend's line under the map is kept free: the bottom row's names sit below its circles.
    const float w = avail.x - 2 * margin, h = std::max(40.0f, avail.y - 2 * margin - ImGui::GetTextLineHeight());
    const double sx = maxx > minx ? w / (maxx - minx) : 0, sy = maxy > miny ? h / (maxy - miny) : 0;
    const double scale = sx && sy ? std::min(sx, sy) : (sx ? sx : sy);
    const float cx = origin.x + margin + static_cast<float>((w - (maxx - minx) * scale) / 2);
    const float cy = origin.y + margin + static_cast<float>((h - (maxy - miny) * scale) / 2);
    auto screen = [&](SpaceId s) {
        const ImVec2 p = pos[static_cast<std::size_t>(s)];
        return ImVec2(cx + static_cast<float>((p.x - minx) * scale), cy + static_cast<float>((p.y - miny) * scale));
    };
    const float radius = std::clamp(static_cast<float>(scale) * 0.35f, 9.0f, 26.0f);

    for (const Edge& e : board.edges()) {
        const bool wall = e.kind == "wall";
        draw->AddLine(screen(e.a), screen(e.b), e.kind == "border" ? IM_COL32(150, 150, 150, 255) : colour_of(e.kind, 255),
                      wall ? 4.0f : 2.0f);
    }

    const auto offered = offered_spaces(app, board);   // spaces the pending decision offers

    for (SpaceId s = 1; s <= n; ++s) {
        const Space& sp = board.space(s);
        const ImVec2 c = screen(s);
        const ImU32 fill = sp.regions.empty() ? IM_COL32(55, 60, 70, 255) : colour_of(sp.regions.front(), 255);
        draw->AddCircleFilled(c, radius, fill);
        draw->AddCircle(c, radius, IM_COL32(200, 200, 200, 255), 0, 1.5f);
        draw->AddText(ImVec2(c.x - radius, c.y + radius + 2), IM_COL32(180, 180, 180, 255), sp.name.c_str());
        const auto [r, o] = offered[static_cast<std::size_t>(s)];
        if (r != SIZE_MAX) {
            draw->AddCircle(c, radius + 4, IM_COL32(255, 220, 60, 255), 0, 3.0f);
            space_button(app, s, c, radius, r, o);
        }
        // Figures and markers standing here.
        const ZoneId z = m.space_zone(s);
        if (z == kNoZone) continue;
        const auto& items = m.zone(z).items;
        for (std::size_t k = 0; k < items.size(); ++k) {
            const Entity& e = m.entity(items[k]);
            const float off = (static_cast<float>(k) - (static_cast<float>(items.size()) - 1) / 2) * radius * 0.9f;
            const ImVec2 f(c.x + off, c.y);
            const bool figure = e.kind == "figure";
            if (figure) draw->AddCircleFilled(f, radius * 0.6f, player_colour(e.owner));
            else draw->AddRectFilled(ImVec2(f.x - radius * 0.35f, f.y - radius * 0.35f),
                                     ImVec2(f.x + radius * 0.35f, f.y + radius * 0.35f), player_colour(e.owner));
            const char initial[2] = {e.name.empty() ? '?' : e.name[0], 0};
            draw->AddText(ImVec2(f.x - 4, f.y - 7), IM_COL32(0, 0, 0, 255), initial);
            if (figure && board.is_line()) {   // its name and counters by the space, in its owner's colour
                std::string name = e.name.substr(e.name.rfind(' ') == std::string::npos ? 0 : e.name.rfind(' ') + 1);
                const std::string counts = figure_counters(m, e);
                if (!counts.empty()) name += " " + counts;
                // Above odd spaces, below even ones: neighbours' labels do not overlap on a line.
                const float row = ImGui::GetFontSize() * (1.1f + static_cast<float>(k));
                const float y = s % 2 ? c.y - radius - row : c.y + radius + row - ImGui::GetFontSize() * 0.1f;
                draw->AddText(ImVec2(f.x - ImGui::CalcTextSize(name.c_str()).x / 2, y), player_colour(e.owner), name.c_str());
            }
            if (ImGui::IsMouseHoveringRect(ImVec2(f.x - radius * 0.6f, f.y - radius * 0.6f),
                                           ImVec2(f.x + radius * 0.6f, f.y + radius * 0.6f)))
                card_tooltip(m, e.id, text_of);
        }
    }
    ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + avail.y - ImGui::GetTextLineHeight()));
    std::string legend;
    for (const std::string& region : board.regions()) legend += region + "  ";
    ImGui::TextDisabled("%d spaces%s%s", n, legend.empty() ? "" : "  regions: ", legend.c_str());
    ImGui::BeginChild("table");
    if (!board.is_line()) draw_figure_list(m, text_of);   // an area map has no room for names
    draw_table(m, text_of, layout);
    ImGui::EndChild();
}

}  // namespace duelbox::editor
