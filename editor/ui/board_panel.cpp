// board_panel.cpp - the board drawn from its data: a line board as a row of spaces; any other
// board as a graph at the spaces' x/y (a circle when the map gives none), regions as colours,
// edge kinds as line styles, figures and markers on their spaces. Spaces that answer the
// pending decision are ringed and clickable.
#include <imgui.h>

#include <cmath>
#include <functional>

#include "app.h"

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

}  // namespace

void draw_board_panel(App& app) {
    const Match& m = app.session.view();
    const Board& board = m.board();
    if (board.space_count() == 0) {
        ImGui::TextDisabled("no board at this point of the match");
        return;
    }
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const auto n = static_cast<SpaceId>(board.space_count());

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
    const float w = avail.x - 2 * margin, h = std::max(40.0f, avail.y - 2 * margin);
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

    // Spaces the pending decision offers, and which are picked in the draft.
    std::vector<std::pair<std::size_t, std::size_t>> offered(static_cast<std::size_t>(n) + 1, {SIZE_MAX, SIZE_MAX});
    if (app.session.waiting() && app.session.cursor() >= app.session.tip()) {
        const auto& pending = app.session.pending();
        for (std::size_t r = 0; r < pending.size(); ++r)
            for (std::size_t o = 0; o < pending[r].options.size(); ++o)
                if (board.valid(pending[r].options[o].space)) offered[static_cast<std::size_t>(pending[r].options[o].space)] = {r, o};
    }

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
            ImGui::SetCursorScreenPos(ImVec2(c.x - radius, c.y - radius));
            ImGui::PushID(static_cast<int>(s));
            if (ImGui::InvisibleButton("space", ImVec2(2 * radius, 2 * radius))) {
                if (app.draft.size() > r) {
                    auto& picks = app.draft[r];
                    auto it = std::find(picks.begin(), picks.end(), static_cast<std::int64_t>(o));
                    if (it != picks.end()) picks.erase(it);
                    else picks.push_back(static_cast<std::int64_t>(o));
                }
            }
            ImGui::PopID();
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
            if (ImGui::IsMouseHoveringRect(ImVec2(f.x - radius * 0.6f, f.y - radius * 0.6f),
                                           ImVec2(f.x + radius * 0.6f, f.y + radius * 0.6f)))
                ImGui::SetTooltip("%s (%s) on %s", e.name.c_str(), e.kind.c_str(), sp.name.c_str());
        }
    }
    ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + avail.y - ImGui::GetTextLineHeight()));
    std::string legend;
    for (const std::string& region : board.regions()) legend += region + "  ";
    ImGui::TextDisabled("%d spaces%s%s", n, legend.empty() ? "" : "  regions: ", legend.c_str());
}

}  // namespace duelbox::editor
