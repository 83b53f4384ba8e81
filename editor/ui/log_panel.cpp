// log_panel.cpp - the event log: every event as a row (index, type, narration, source), a
// clipper so only visible rows are drawn (20,000 events cost what 40 do), filters by type and
// by player, and a click that travels there and opens the script line that produced it.
#include <imgui.h>

#include <cstring>

#include "app.h"

namespace duelbox::editor {

namespace {

// Does the event concern player p (1-based)? Its "{p:key}" placeholders, or a "player" field.
bool concerns(const Event& e, int p) {
    const Value& pl = e.get("player");
    if (std::holds_alternative<std::int64_t>(pl) && std::get<std::int64_t>(pl) == p) return true;
    for (std::size_t at = e.text.find("{p:"); at != std::string::npos; at = e.text.find("{p:", at + 3)) {
        const std::size_t end = e.text.find('}', at);
        if (end == std::string::npos) break;
        const Value& v = e.get(std::string_view(e.text).substr(at + 3, end - at - 3));
        if (std::holds_alternative<std::int64_t>(v) && std::get<std::int64_t>(v) == p) return true;
    }
    return false;
}

struct Rows {
    std::vector<std::uint32_t> index;   // events passing the filters
    int generation = -1;
    std::size_t tip = 0;
    std::string type;
    int player = -1;
    bool changed_only = false;
};

}  // namespace

void draw_log_panel(App& app) {
    static Rows rows;
    const Session& s = app.session;
    const Match& m = s.run().match();
    const auto& events = m.log().events();

    if (app.player_filter > m.player_count()) app.player_filter = 0;   // another scenario was opened
    ImGui::SetNextItemWidth(140);
    ImGui::InputTextWithHint("##type", "type filter", app.type_filter, sizeof app.type_filter);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(120);
    std::string player_label = app.player_filter == 0 ? "everyone" : m.player(app.player_filter - 1).name;
    if (ImGui::BeginCombo("##player", player_label.c_str())) {
        if (ImGui::Selectable("everyone", app.player_filter == 0)) app.player_filter = 0;
        for (PlayerIndex p = 0; p < m.player_count(); ++p)
            if (ImGui::Selectable(m.player(p).name.c_str(), app.player_filter == p + 1)) app.player_filter = p + 1;
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::Checkbox("follow", &app.follow_cursor);
    ImGui::SameLine();
    ImGui::TextDisabled("%zu / %zu", s.cursor(), s.tip());

    // Refilter only when something changed: filtering 20,000 events every frame would not be free.
    // Events the last rerun changed are tinted; "changed only" (Run panel) keeps just those.
    const EventDiff* diff = s.last_change() ? &s.last_change()->diff : nullptr;
    const bool changed_only = app.changed_only && diff && !diff->hunks.empty();
    bool refiltered = false;
    if (rows.generation != s.generation() || rows.tip != s.tip() || rows.type != app.type_filter ||
        rows.player != app.player_filter || rows.changed_only != changed_only) {
        rows.generation = s.generation();
        rows.tip = s.tip();
        rows.type = app.type_filter;
        rows.player = app.player_filter;
        rows.changed_only = changed_only;
        refiltered = true;
        rows.index.clear();
        for (std::size_t i = 0; i < s.tip(); ++i) {
            const Event& e = events[i];
            if (!rows.type.empty() && e.type.find(rows.type) == std::string::npos) continue;
            if (rows.player > 0 && !concerns(e, rows.player)) continue;
            if (changed_only && !diff->changed(i)) continue;
            rows.index.push_back(static_cast<std::uint32_t>(i));
        }
    }

    const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("events", 4, flags)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    const float ch = ImGui::CalcTextSize("m").x;
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, ch * 5);
    ImGui::TableSetupColumn("type", ImGuiTableColumnFlags_WidthFixed, ch * 13);
    ImGui::TableSetupColumn("what happened", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("source", ImGuiTableColumnFlags_WidthFixed, ch * 17);
    ImGui::TableHeadersRow();

    // The row of the last done event, to keep it in view while stepping.
    static std::size_t last_cursor = static_cast<std::size_t>(-1);
    const bool cursor_moved = last_cursor != s.cursor();
    last_cursor = s.cursor();
    const float row_h = ImGui::GetTextLineHeightWithSpacing();
    if (refiltered && changed_only) {
        // "changed only" lists the rerun's changes from the first: a scroll position left from
        // the full log would show an empty stretch below them (issue #19.3).
        ImGui::SetScrollY(0.0f);
    } else if (cursor_moved && app.follow_cursor && s.cursor() > 0) {
        const auto it = std::lower_bound(rows.index.begin(), rows.index.end(), static_cast<std::uint32_t>(s.cursor() - 1));
        const float y = static_cast<float>(it - rows.index.begin()) * row_h;
        if (y < ImGui::GetScrollY() || y > ImGui::GetScrollY() + ImGui::GetWindowHeight() - 3 * row_h)
            ImGui::SetScrollY(std::max(0.0f, y - ImGui::GetWindowHeight() * 0.5f));
    }

    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(rows.index.size()), row_h);
    while (clipper.Step()) {
        for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
            const std::size_t i = rows.index[static_cast<std::size_t>(r)];
            const Event& e = events[i];
            const bool done = i < s.cursor();
            const bool current = i + 1 == s.cursor();
            ImGui::TableNextRow();
            if (diff && diff->changed(i)) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(150, 110, 20, 110));
            if (!done) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            ImGui::TableNextColumn();
            char id[32];
            std::snprintf(id, sizeof id, "%zu", i);
            if (ImGui::Selectable(id, current, ImGuiSelectableFlags_SpanAllColumns)) app.jump_to_event(i);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(e.type.data(), e.type.data() + e.type.size());
            ImGui::TableNextColumn();
            const std::string text = m.narrate(e, EventLog::kObserver);   // only visible rows pay for narration
            ImGui::TextUnformatted(text.c_str());
            ImGui::TableNextColumn();
            const std::string where = m.log().where(e);
            ImGui::TextUnformatted(where.c_str());
            if (!done) ImGui::PopStyleColor();
        }
    }
    ImGui::EndTable();
}

}  // namespace duelbox::editor
