// app.h - the editor's window state: the model plus what only the screen needs (selection,
// filters, which file is open, the highlighted line). Panels read and change it; none of
// them owns anything.
//
// Index
//   [SECTION] State shared by the panels
//   [SECTION] Panels (one file each)
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/catalog.h"
#include "model/hint_job.h"
#include "model/lab_job.h"
#include "scenario/rules_reference.h"
#include "model/script_files.h"
#include "model/session.h"
#include "model/teaching_lines.h"

struct GLFWwindow;

namespace duelbox::editor {

// -- [SECTION] State shared by the panels -----------------------------------------------------
struct App {
    Session session;
    ScriptFiles files;
    Catalog catalog;
    std::string default_root;              // where games are looked for when no scenario is open
    std::string status;                    // the last message for the status line
    std::string open_error;                // why the last open failed

    // A scenario whose game did not load: its files stay editable and it reopens on a save.
    std::string broken_path, broken_root, broken_game;
    std::optional<SourceError> broken_error;
    FileWatch broken_watch;

    // Script view: the file shown, the line to highlight and whether to scroll to it.
    std::string script_path;
    int highlight_line = 0;
    bool scroll_to_line = false;
    int kept_line = 0;                     // the teaching line last brought into view (script_panel)
    std::string kept_path;
    std::string file_filter;               // the script list: only paths containing this
    std::string search_text;               // search in files: the text looked for
    std::vector<std::string> search_hits;  // "path:line: text", from the last search
    bool edit_mode = false;                // false: the read-only view with line numbers and highlight
    bool select_edit = false;              // bring the Edit tab forward once

    // Event log filters and the selected row.
    char type_filter[64] = "";
    int player_filter = 0;                 // 0 = everyone, else the 1-based seat
    bool follow_cursor = true;
    bool changed_only = false;             // the log shows only events the last rerun changed

    bool teaching = false;                 // teaching mode: narration, rule section, line
    RulesReference rules_text;             // the open game's docs/rules/<game>.md (teaching panel)
    std::string rules_text_for;            // root|game it was read for
    bool rule_steps_only = true;           // teaching: Next/Back skip to events naming a rule section
    TeachingLines lines;                   // teaching: the Lua lines of the current run ("Step line")
    std::string lines_error;               // why they could not be recorded
    float play_speed = 30.0f;              // events per second while playing
    double play_carry = 0.0;
    int generation_seen_ = -1;             // the session's generation at the last tick (a rerun changes it)
    double last_rerun_ms = -1;             // how long the last watched rerun took (reload + play + compare)
    bool confirm_quit = false;             // the unsaved-changes dialog is open
    bool quit_now = false;

    // Lab window (lab_panel.cpp): the background run, the roster's check boxes, the settings.
    bool show_lab = false;
    LabJob lab;
    std::string lab_error;                 // why the lab could not start
    std::string lab_roster_game;           // root|game the roster below was read for
    std::vector<std::string> lab_roster;
    std::vector<char> lab_pick;            // per roster entry: checked
    int lab_matches = 50;
    int lab_workers = 1;                   // the editor keeps a core for drawing
    bool lab_rerun_on_change = true;

    // Decision panel: per pending request, the answer being built.
    std::vector<std::vector<std::int64_t>> draft;
    int draft_generation = -1;
    // "Ask the AI" (decision_panel.cpp): a search of the pending decision from the asker's view.
    HintJob hint;
    int hint_copies = 96;

    bool open_scenario(const std::string& path, bool retry = false);   // retry: the broken one again, same root
    const std::string& game_root() const { return session.is_open() ? session.scenario().root : broken_root; }
    const std::string& game_name() const { return session.is_open() ? session.scenario().game : broken_game; }
    const SourceError* script_error() const;    // the error to show in the script view, or nullptr
    bool open_new(const std::string& game);
    void after_open();
    void keep_broken(const std::string& path, const std::string& error);
    void jump_to(const std::string& where);    // "file:line": open it in the script view, highlight
    void jump_to_event(std::size_t index);     // travel just past it and show its source line
    void tick(double seconds);                  // file polling, playing
    bool want_quit(GLFWwindow* window);         // false while unsaved buffers need a decision
};

// -- [SECTION] Panels (one file each) ----------------------------------------------------------
void draw_layout(App& app, float width, float height);   // places and draws every panel
void draw_menu(App& app);                                 // app.cpp
void draw_script_panel(App& app);                         // script_panel.cpp: browser + editor
void draw_log_panel(App& app);                            // log_panel.cpp
void draw_inspector_panel(App& app);                      // inspector_panel.cpp
void draw_board_panel(App& app);                          // board_panel.cpp
void draw_controls_panel(App& app);                       // controls_panel.cpp: run controls, timeline, changes
void draw_decision_panel(App& app);                       // decision_panel.cpp
void draw_teaching_panel(App& app);                       // teaching_panel.cpp
void step_teaching_line(App& app, int direction);         // teaching_panel.cpp: "Step line" / "Back line"
void draw_quit_dialog(App& app);                          // app.cpp
void draw_lab_panel(App& app);                            // lab_panel.cpp: the balance lab
void rerun_lab_after_change(App& app);                    // lab_panel.cpp: after a script change
void refresh_lab_roster(App& app);                        // lab_panel.cpp: the open game's roster
void start_lab(App& app);                                 // lab_panel.cpp: "Run the lab"

}  // namespace duelbox::editor
