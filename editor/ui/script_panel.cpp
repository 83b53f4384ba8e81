// script_panel.cpp - the script browser and the text editor.
//
// Two views of one buffer: "View" draws the lines with numbers, the highlighted line (the
// event's source, the teaching step, a script error) and scrolls to it; "Edit" is ImGui's
// multiline text box. Save writes the file; the file watcher then reruns the scenario, the
// same path an outside editor's save takes.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cctype>

#include "app.h"

namespace duelbox::editor {

namespace {

// One file of the list: its name (the last part of the path), "*" when unsaved, red when the
// run's error names it, a marker when the file is gone from disk.
void file_entry(App& app, const std::string& path, const std::string& name) {
    const ScriptBuffer* b = app.files.find(path);
    const bool broken = app.script_error() && app.script_error()->file == path;
    const bool gone = b && b->gone;
    std::string label = name + (b && b->dirty() && !gone ? " *" : "") + (gone ? "  (deleted on disk)" : "");
    if (broken || gone) ImGui::PushStyleColor(ImGuiCol_Text, gone ? ImVec4(1, 0.7f, 0.3f, 1) : ImVec4(1, 0.45f, 0.45f, 1));
    if (ImGui::Selectable((label + "##" + path).c_str(), path == app.script_path)) {
        std::string error;
        if (app.files.open(path, error)) {
            app.script_path = path;
            app.highlight_line = 0;
        } else {
            app.status = error;
        }
    }
    if (broken || gone) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered() && name != path) ImGui::SetTooltip("%s", path.c_str());
}

// Paths as a folder tree: one node per folder, open by default.
void file_tree(App& app, const std::vector<std::string>& paths, std::size_t from, std::size_t to, std::size_t depth) {
    std::size_t i = from;
    while (i < to) {
        const std::string& p = paths[i];
        std::size_t cut = 0;   // where the part at this depth ends
        for (std::size_t d = 0, at = 0; d <= depth; ++d) {
            cut = p.find('/', at);
            if (cut == std::string::npos) break;
            at = cut + 1;
        }
        const std::size_t start = depth == 0 ? 0 : [&] {
            std::size_t at = 0;
            for (std::size_t d = 0; d < depth; ++d) at = p.find('/', at) + 1;
            return at;
        }();
        if (cut == std::string::npos) {   // a file at this depth
            file_entry(app, p, p.substr(start));
            ++i;
            continue;
        }
        const std::string folder = p.substr(0, cut + 1);
        std::size_t j = i;
        while (j < to && paths[j].compare(0, folder.size(), folder) == 0) ++j;
        ImGui::SetNextItemOpen(true, ImGuiCond_Once);
        if (ImGui::TreeNode((p.substr(start, cut - start) + "##" + folder).c_str())) {
            file_tree(app, paths, i, j, depth + 1);
            ImGui::TreePop();
        }
        i = j;
    }
}

// Every line of the listed files containing `text` (case-insensitive): "path:line: text".
std::vector<std::string> search_files(App& app, const std::vector<std::string>& paths, const std::string& text) {
    std::vector<std::string> hits;
    const auto lower = [](std::string s) {
        for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return s;
    };
    const std::string want = lower(text);
    for (const std::string& path : paths) {
        std::string error;
        const ScriptBuffer* b = app.files.open(path, error);   // the buffer: unsaved edits count
        if (!b) continue;
        std::size_t start = 0;
        for (int line = 1; start <= b->text.size(); ++line) {
            std::size_t end = b->text.find('\n', start);
            if (end == std::string::npos) end = b->text.size();
            const std::string row = b->text.substr(start, end - start);
            if (lower(row).find(want) != std::string::npos) {
                const auto lead = row.find_first_not_of(" \t");
                hits.push_back(path + ":" + std::to_string(line) + ": " + (lead == std::string::npos ? "" : row.substr(lead, 100)));
                if (hits.size() >= 500) return hits;
            }
            start = end + 1;
        }
    }
    return hits;
}

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
    // A file deleted or renamed on disk stays listed (its buffer holds the text) with a marker.
    std::vector<std::string> game_part(list.begin(), headings.empty() ? list.end() : list.begin() + static_cast<std::ptrdiff_t>(headings.front().first));
    for (const std::string& g : app.files.gone())
        if (std::find(list.begin(), list.end(), g) == list.end() && g.rfind("mod:", 0) != 0) game_part.push_back(g);
    std::sort(game_part.begin(), game_part.end());

    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##filter", "filter files", &app.file_filter);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputTextWithHint("##search", "search in files (Enter)", &app.search_text, ImGuiInputTextFlags_EnterReturnsTrue))
        app.search_hits = app.search_text.empty() ? std::vector<std::string>{} : search_files(app, list, app.search_text);
    if (!app.search_hits.empty()) {
        ImGui::TextDisabled("%zu line(s) contain \"%s\"%s", app.search_hits.size(), app.search_text.c_str(),
                            app.search_hits.size() >= 500 ? " (the first 500)" : "");
        ImGui::SameLine();
        if (ImGui::SmallButton("clear")) app.search_hits.clear();
        for (std::size_t i = 0; i < app.search_hits.size(); ++i) {
            ImGui::PushID(static_cast<int>(i));
            if (ImGui::Selectable(app.search_hits[i].c_str())) {
                const std::string& hit = app.search_hits[i];
                app.jump_to(hit.substr(0, hit.find(": ")));
            }
            ImGui::PopID();
        }
        ImGui::Separator();
    }
    const auto keep = [&](const std::string& path) { return app.file_filter.empty() || path.find(app.file_filter) != std::string::npos; };
    std::vector<std::string> shown;
    for (const std::string& p : game_part)
        if (keep(p)) shown.push_back(p);
    file_tree(app, shown, 0, shown.size(), 0);
    for (std::size_t h = 0; h < headings.size(); ++h) {
        ImGui::TextDisabled("%s", headings[h].second.c_str());
        const std::size_t end = h + 1 < headings.size() ? headings[h + 1].first : list.size();
        for (std::size_t i = headings[h].first; i < end; ++i)
            if (keep(list[i])) file_entry(app, list[i], list[i]);
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
    // Whenever the green line moves (Step line, Back line, Back/Next), it is brought into view
    // if it is not: the panel must never name a line the view does not show. Scrolling away
    // by hand afterwards is left alone until it moves again.
    if (lua_line > 0 && (lua_line != app.kept_line || app.script_path != app.kept_path)) {
        app.kept_line = lua_line;
        app.kept_path = app.script_path;
        const float top = ImGui::GetScrollY(), height = ImGui::GetWindowHeight();
        const float y = static_cast<float>(lua_line - 1) * line_h;
        if (y < top || y + line_h > top + height) ImGui::SetScrollY(std::max(0.0f, y - height / 3));
    }
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
    ImGui::TextUnformatted(b->path.c_str());   // its own line: the buttons below stay in view
    if (b->dirty()) {
        ImGui::SameLine();
        ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "(unsaved)");
    }
    // Ctrl+S: with ImGui 1.86's GLFW backend key indices are GLFW key codes, and GLFW_KEY_S is 'S'.
    ImGui::BeginDisabled(!b->dirty() && !b->conflict);
    if (ImGui::SmallButton("Save") || (ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed('S'))) {
        app.files.record(b->path);
        if (app.files.save(b->path, error)) app.status = "saved " + b->path;
        else app.status = error;
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!b->dirty());
    if (ImGui::SmallButton("Revert")) app.files.revert(b->path);
    ImGui::EndDisabled();
    ImGui::SameLine();
    // Undo/redo of the buffer (Ctrl+Z / Ctrl+Y outside the text box; inside it ImGui's own).
    const bool typing = ImGui::GetIO().WantTextInput;
    ImGui::BeginDisabled(!b->can_undo() && b->history[b->at] == b->text);
    if (ImGui::SmallButton("Undo") || (!typing && ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed('Z'))) app.files.undo(b->path);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!b->can_redo());
    if (ImGui::SmallButton("Redo") || (!typing && ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed('Y'))) app.files.redo(b->path);
    ImGui::EndDisabled();
    if (b->conflict)
        ImGui::TextColored(ImVec4(1, 0.6f, 0.2f, 1),
                           "Changed on disk while you edit. Save overwrites it; Revert takes the disk's version.");
    if (b->gone) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(ImVec4(1, 0.7f, 0.3f, 1), "Deleted or renamed on disk. Your text stays here; Save writes it back.");
        ImGui::PopTextWrapPos();
    }

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
            if (ImGui::IsItemDeactivatedAfterEdit()) app.files.record(b->path);   // an undo state
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
}

}  // namespace duelbox::editor
