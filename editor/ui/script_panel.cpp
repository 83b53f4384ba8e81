// script_panel.cpp - the script browser and the text editor.
//
// Two views of one buffer: "View" draws the lines with numbers, the highlighted line (the
// event's source, the teaching step, a script error) and scrolls to it; "Edit" is ImGui's
// multiline text box. Save writes the file; the file watcher then reruns the scenario, the
// same path an outside editor's save takes.
#include <imgui.h>
#include <imgui_stdlib.h>

#include "app.h"

namespace duelbox::editor {

namespace {

void draw_file_list(App& app) {
    // The game's files, then each mod's under its own heading: a mod's files stay apart.
    std::vector<std::string> list = game_files(app.game_root(), app.game_name());
    std::map<std::string, std::string> mod_dirs;
    std::vector<std::pair<std::size_t, std::string>> headings;   // index in list -> "mod <name> <version>"
    if (app.session.is_open())
        for (const ModManifest& m : app.session.run().shared_host()->mods()) {
            mod_dirs[m.name] = m.dir;
            headings.emplace_back(list.size(), "mod " + m.name + " " + m.version);
            for (const std::string& f : mod_files(m.dir, m.name, app.game_name())) list.push_back(f);
        }
    app.files.set_mods(mod_dirs);
    std::size_t next_heading = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
        while (next_heading < headings.size() && headings[next_heading].first == i)
            ImGui::TextDisabled("%s", headings[next_heading++].second.c_str());
        const std::string& path = list[i];
        const ScriptBuffer* b = app.files.find(path);
        const bool broken = app.script_error() && app.script_error()->file == path;
        std::string label = path + (b && b->dirty() ? " *" : "");
        if (broken) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.45f, 0.45f, 1));
        if (ImGui::Selectable(label.c_str(), path == app.script_path)) {
            std::string error;
            if (app.files.open(path, error)) {
                app.script_path = path;
                app.highlight_line = 0;
            } else {
                app.status = error;
            }
        }
        if (broken) ImGui::PopStyleColor();
    }
}

void draw_lines(App& app, const ScriptBuffer& b, int error_line) {
    // Split once per frame: cheap next to drawing, and only visible lines are drawn (clipper).
    std::vector<std::pair<std::size_t, std::size_t>> lines;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= b.text.size(); ++i)
        if (i == b.text.size() || b.text[i] == '\n') {
            lines.emplace_back(start, i);
            start = i + 1;
        }
    const float line_h = ImGui::GetTextLineHeightWithSpacing();
    if (app.scroll_to_line && app.highlight_line > 0) {
        ImGui::SetScrollY(std::max(0.0f, (static_cast<float>(app.highlight_line) - 6.0f) * line_h));
        app.scroll_to_line = false;
    }
    // Teaching's current Lua line (Step line) is green; an event's source line blue.
    int lua_line = 0;
    if (const LineStep* step = app.lines.current();
        step && app.teaching && step->event == app.session.cursor() && app.lines.trace()->file(step->file) == app.script_path)
        lua_line = step->line;
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(lines.size()), line_h);
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const int number = i + 1;
            const ImVec2 pos = ImGui::GetCursorScreenPos();
            ImU32 band = 0;
            if (number == error_line) band = IM_COL32(150, 40, 40, 160);
            else if (number == lua_line) band = IM_COL32(40, 120, 60, 190);
            else if (number == app.highlight_line) band = IM_COL32(60, 90, 160, 170);
            if (band)
                ImGui::GetWindowDrawList()->AddRectFilled(pos, ImVec2(pos.x + ImGui::GetContentRegionAvail().x, pos.y + line_h),
                                                          band);
            ImGui::TextDisabled("%4d", number);
            ImGui::SameLine();
            const auto [a, z] = lines[static_cast<std::size_t>(i)];
            ImGui::TextUnformatted(b.text.data() + a, b.text.data() + z);
        }
    }
}

}  // namespace

void draw_script_panel(App& app) {
    ImGui::BeginChild("files", ImVec2(0, ImGui::GetContentRegionAvail().y * 0.28f), true);
    draw_file_list(app);
    ImGui::EndChild();

    std::string error;
    ScriptBuffer* b = app.script_path.empty() ? nullptr : app.files.open(app.script_path, error);
    if (!b) {
        ImGui::TextDisabled("%s", error.empty() ? "no file open" : error.c_str());
        return;
    }
    ImGui::TextUnformatted(b->path.c_str());
    ImGui::SameLine();
    if (b->dirty()) ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "(unsaved)");
    ImGui::SameLine();
    // Ctrl+S: with ImGui 1.86's GLFW backend key indices are GLFW key codes, and GLFW_KEY_S is 'S'.
    ImGui::BeginDisabled(!b->dirty() && !b->conflict);
    if (ImGui::SmallButton("Save") || (ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed('S'))) {
        if (app.files.save(b->path, error)) app.status = "saved " + b->path;
        else app.status = error;
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!b->dirty());
    if (ImGui::SmallButton("Revert")) app.files.revert(b->path);
    ImGui::EndDisabled();
    if (b->conflict)
        ImGui::TextColored(ImVec4(1, 0.6f, 0.2f, 1),
                           "Changed on disk while you edit. Save overwrites it; Revert takes the disk's version.");

    int error_line = 0;
    if (app.script_error() && app.script_error()->file == b->path) {
        error_line = app.script_error()->line;
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(ImVec4(1, 0.45f, 0.45f, 1), "%s", app.script_error()->message.c_str());
        ImGui::PopTextWrapPos();
    }

    if (ImGui::BeginTabBar("mode")) {
        // A jump (log row, teaching step, error) brings the View tab forward once.
        const bool force_view = !app.edit_mode && app.scroll_to_line;
        if (ImGui::BeginTabItem("View", nullptr, force_view ? ImGuiTabItemFlags_SetSelected : 0)) {
            app.edit_mode = false;
            ImGui::BeginChild("lines", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
            draw_lines(app, *b, error_line);
            ImGui::EndChild();
            ImGui::EndTabItem();
        }
        const bool force_edit = app.select_edit;
        app.select_edit = false;
        if (ImGui::BeginTabItem("Edit", nullptr, force_edit ? ImGuiTabItemFlags_SetSelected : 0)) {
            app.edit_mode = true;
            ImGui::InputTextMultiline("##text", &b->text, ImVec2(-1, -1), ImGuiInputTextFlags_AllowTabInput);
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
}

}  // namespace duelbox::editor
