// app.cpp - the App's verbs, the menu, the layout and the unsaved-changes dialog.
#include <imgui.h>

#include <GLFW/glfw3.h>

#include <chrono>
#include <filesystem>

#include "app.h"

namespace duelbox::editor {

namespace fs = std::filesystem;

namespace {

// Opening another scenario may change the root, and the buffers belong to the old one.
bool refuse_while_unsaved(App& app) {
    if (app.files.unsaved().empty()) return false;
    app.status = "save or revert your unsaved files first (" + app.files.unsaved().front() + ")";
    return true;
}

}  // namespace

bool App::open_scenario(const std::string& path, bool retry) {
    if (!retry && refuse_while_unsaved(*this)) return false;
    std::string error;
    if (!session.open_file(path, default_root, error)) {
        open_error = path + ": " + error;
        status = "could not open " + path;
        keep_broken(path, error);
        return false;
    }
    broken_path.clear();
    broken_error.reset();
    after_open();
    status = "opened " + path;
    return true;
}

void App::keep_broken(const std::string& path, const std::string& error) {
    Scenario s;
    try {
        s = load_scenario(path, default_root);
    } catch (const std::exception&) {
        broken_path.clear();   // the scenario itself is wrong: nothing to edit here
        return;
    }
    // The game did not load: keep its files open for fixing; a save retries the open.
    broken_path = path;
    broken_root = s.root;
    broken_game = s.game;
    broken_error = parse_source_error(error);
    files.set_root(s.root);
    const fs::path root(s.root);
    broken_watch.set_folders({(root / "scripts" / s.game).string(), (root / "cards" / s.game).string(),
                              (root / "scripts" / "core").string()});
    if (!broken_error->file.empty()) jump_to(broken_error->file + ":" + std::to_string(broken_error->line));
    else script_path = "scripts/" + s.game + "/game.lua";
}

const SourceError* App::script_error() const {
    if (session.is_open()) return session.error() ? &*session.error() : nullptr;
    return broken_error ? &*broken_error : nullptr;
}

bool App::open_new(const std::string& game) {
    if (refuse_while_unsaved(*this)) return false;
    std::string error;
    if (!session.open(default_scenario(catalog.root.empty() ? default_root : catalog.root, game), error)) {
        open_error = game + ": " + error;
        return false;
    }
    after_open();
    status = "new " + game + " match";
    return true;
}

void App::after_open() {
    open_error.clear();
    files.set_root(session.scenario().root);
    std::map<std::string, std::string> mod_dirs;   // "mod:<name>/..." paths (an event's source in a mod)
    for (const ModManifest& m : session.run().shared_host()->mods()) mod_dirs[m.name] = m.dir;
    files.set_mods(std::move(mod_dirs));
    catalog = scan_catalog(session.scenario().root);
    if (script_path.empty() || !files.find(script_path)) {
        const auto list = game_files(session.scenario().root, session.scenario().game);
        std::string error;
        const std::string first = "scripts/" + session.scenario().game + "/game.lua";
        script_path = files.open(first, error) ? first : (list.empty() ? "" : list.front());
    }
    if (teaching) session.travel(0);
}

void App::jump_to(const std::string& where) {
    std::string file;
    int line = 0;
    if (!split_where(where, file, line)) return;
    std::string error;
    if (!files.open(file, error)) {
        status = error;
        return;
    }
    script_path = file;
    highlight_line = line;
    scroll_to_line = true;
    edit_mode = false;
}

void App::jump_to_event(std::size_t index) {
    session.travel(index + 1);
    const Match& m = session.run().match();
    if (index < m.log().size()) jump_to(m.log().where(m.log().events()[index]));
}

void App::tick(double seconds) {
    static double since_poll = 0;
    since_poll += seconds;
    if (!session.is_open()) {
        if (!broken_path.empty() && (broken_watch.hinted() || since_poll >= 0.1)) {
            since_poll = 0;
            files.refresh();
            if (!broken_watch.poll().empty()) open_scenario(broken_path, true);
        }
        return;
    }
    // The watch's inotify hint says a save happened: look now (the watcher thread woke this loop).
    // The timer stays as a fallback: ten polls a second without inotify, one with it.
    const FileWatch& w = session.watch();
    if (w.hinted() || since_poll >= (w.notified() ? 1.0 : 0.1)) {
        since_poll = 0;
        files.refresh();
        const int before = session.generation();
        const auto t0 = std::chrono::steady_clock::now();
        if (session.poll_files()) {
            last_rerun_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
            if (session.generation() != before) {
                status = "rerun after a change on disk";
                rerun_lab_after_change(*this);
            }
            else if (session.error()) status = "the change broke the run; the last good run stays";
        }
    }
    // An AI seat thinks on the session's worker: once its answer is in, play on.
    session.poll_thinking();
    // After a rerun the timeline is built by a second play, a slice per tick (100 resumes of
    // the rules: about 7 ms of the 20,000-event duel's 2,180), from the tick after the rerun:
    // the save's result goes on screen first.
    const bool reran = session.generation() != generation_seen_;
    generation_seen_ = session.generation();
    if (!reran && !session.playing()) session.build_timeline(100);
    if (session.playing()) {
        play_carry += seconds * play_speed;
        const auto n = static_cast<std::size_t>(play_carry);
        play_carry -= static_cast<double>(n);
        if (n) {
            session.advance(n);
            if (teaching || follow_cursor) {
                if (const Event* e = session.current_event()) jump_to(session.run().match().log().where(*e));
            }
        }
    }
}

bool App::want_quit(GLFWwindow* window) {
    if (files.unsaved().empty() || quit_now) return true;
    glfwSetWindowShouldClose(window, GLFW_FALSE);   // never lose edits: ask first
    confirm_quit = true;
    return false;
}

void draw_menu(App& app) {
    if (!ImGui::BeginMainMenuBar()) return;
    if (ImGui::BeginMenu("Open")) {
        for (const std::string& game : app.catalog.games) {
            if (ImGui::BeginMenu(game.c_str())) {
                if (ImGui::MenuItem("New match (game defaults)")) app.open_new(game);
                for (const ScenarioEntry& s : app.catalog.of_game(game))
                    if (ImGui::MenuItem(s.title.c_str())) app.open_scenario(s.path);
                ImGui::EndMenu();
            }
        }
        if (app.catalog.games.empty()) ImGui::TextDisabled("no scripts/<game>/game.lua under %s", app.catalog.root.c_str());
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("View")) {
        ImGui::MenuItem("Teaching mode", nullptr, &app.teaching);
        ImGui::MenuItem("Log follows the cursor", nullptr, &app.follow_cursor);
        ImGui::MenuItem("Lab (balance: every pairing)", nullptr, &app.show_lab);
        ImGui::EndMenu();
    }
    if (app.session.is_open()) {
        const Scenario& s = app.session.scenario();
        ImGui::TextDisabled("%s  |  %s  |  seed %llu", s.game.c_str(), s.title.empty() ? s.file.c_str() : s.title.c_str(),
                            static_cast<unsigned long long>(s.seed));
    }
    if (!app.status.empty()) {   // one line in the menu bar; the whole message on hover
        const std::string line = app.status.substr(0, app.status.find('\n'));
        const bool cut = line.size() > 110 || line.size() < app.status.size();
        ImGui::TextDisabled("  %s%s", line.substr(0, 110).c_str(), cut ? " ..." : "");
        if (cut && ImGui::IsItemHovered()) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40.0f);
            ImGui::TextUnformatted(app.status.c_str());
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
    }
    ImGui::EndMainMenuBar();
}

void draw_quit_dialog(App& app) {
    if (app.confirm_quit) {
        ImGui::OpenPopup("Unsaved changes");
        app.confirm_quit = false;
    }
    if (!ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::TextUnformatted("These files have unsaved changes:");
    for (const auto& path : app.files.unsaved()) ImGui::BulletText("%s", path.c_str());
    if (ImGui::Button("Save all and quit")) {
        bool ok = true;
        for (const auto& path : app.files.unsaved()) {
            std::string error;
            ok = app.files.save(path, error) && ok;
            if (!ok) app.status = error;
        }
        app.quit_now = ok;
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Discard and quit")) {
        app.quit_now = true;
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

namespace {

bool place(const char* title, float x, float y, float w, float h) {
    ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(w, h), ImGuiCond_Always);
    return ImGui::Begin(title, nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
}

}  // namespace

void draw_layout(App& app, float width, float height) {
    draw_menu(app);
    const float top = ImGui::GetFrameHeight();
    const float bottom = 175.0f;
    const float body = height - top - bottom;
    const float left = width * 0.28f, middle = width * 0.32f, right = width - left - middle;

    if (!app.session.is_open()) {
        const bool broken = !app.broken_path.empty();
        if (broken) {   // the game did not load: its scripts stay editable; a save retries
            if (place("Scripts", 0, top, left + middle, height - top)) draw_script_panel(app);
            ImGui::End();
        }
        if (place("Start", broken ? left + middle : 0, top, broken ? right : width, height - top)) {
            ImGui::TextWrapped("Pick a game and a scenario from the Open menu (games found under %s).",
                               app.catalog.root.c_str());
            ImGui::PushTextWrapPos(0);
            if (!app.open_error.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", app.open_error.c_str());
            if (broken) ImGui::TextWrapped("Fix the file on the left and save: the scenario opens again by itself.");
            ImGui::PopTextWrapPos();
        }
        ImGui::End();
        draw_quit_dialog(app);
        return;
    }
    if (place("Scripts", 0, top, left, body)) draw_script_panel(app);
    ImGui::End();
    if (place("Board", left, top, middle, body * 0.6f)) draw_board_panel(app);   // the board, then the cards on the table
    ImGui::End();
    if (place("State", left, top + body * 0.6f, middle, body * 0.4f)) draw_inspector_panel(app);
    ImGui::End();
    const bool asking = app.session.waiting();
    const float log_h = body * (asking ? 0.50f : 0.70f);
    if (place("Event log", left + middle, top, right, log_h)) draw_log_panel(app);
    ImGui::End();
    if (place(app.teaching ? "Teaching" : "Now", left + middle, top + log_h, right, asking ? body * 0.20f : body - log_h))
        draw_teaching_panel(app);
    ImGui::End();
    if (asking) {
        if (place("Decision", left + middle, top + body * 0.70f, right, body * 0.30f)) draw_decision_panel(app);
        ImGui::End();
    }
    if (place("Run", 0, top + body, width, bottom)) draw_controls_panel(app);
    ImGui::End();
    if (app.show_lab) {   // a free window over the layout: the designer places it
        ImGui::SetNextWindowPos(ImVec2(left * 0.5f, top + 30), ImGuiCond_FirstUseEver);
        ImGui::SetNextWindowSize(ImVec2(width * 0.55f, body * 0.9f), ImGuiCond_FirstUseEver);
        ImGui::SetNextWindowBgAlpha(1.0f);
        if (ImGui::Begin("Lab", &app.show_lab)) draw_lab_panel(app);
        ImGui::End();
    }
    draw_quit_dialog(app);
}

}  // namespace duelbox::editor
