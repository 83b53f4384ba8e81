// teaching_panel.cpp - the step being looked at: its narration, the rule section it
// implements (the event's "rule" field), and the script line that produced it (highlighted in
// the script view). In teaching mode the panel leads: big narration, Back and Next; and
// "Back line" / "Step line" walk the Lua lines executed between events (model/teaching_lines.h),
// highlighting each in the script view with the state after the last event before it.
#include <imgui.h>

#include "app.h"

namespace duelbox::editor {

namespace {

void draw_line_steps(App& app) {
    Session& s = app.session;
    if (app.lines.trace() && !app.lines.recorded_for(s)) app.lines.clear();   // a rerun: record again on use
    app.lines.follow_cursor(s.cursor());                                       // event steps take over
    if (ImGui::Button("< Back line")) step_teaching_line(app, -1);
    ImGui::SameLine();
    if (ImGui::Button("Step line >")) step_teaching_line(app, +1);
    ImGui::SameLine();
    if (app.lines.on_line())
        ImGui::TextDisabled("Lua line %zu of %zu%s: %s", app.lines.position() + 1, app.lines.size(),
                            app.lines.trace()->truncated() ? " (the first only)" : "", app.lines.where().c_str());
    else
        ImGui::TextDisabled("step through the Lua lines that run between events");
    if (!app.lines_error.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", app.lines_error.c_str());
        ImGui::PopTextWrapPos();
    }
}

}  // namespace

// Records the run's lines on first use (a replay with a line hook), then moves one line.
void step_teaching_line(App& app, int direction) {
    Session& s = app.session;
    if (!app.lines.recorded_for(s)) {
        app.lines_error.clear();
        if (!app.lines.record(s, app.lines_error)) return;
    }
    if (!app.lines.step(direction, s.cursor())) return;
    s.travel(app.lines.event());
    app.jump_to(app.lines.where());
}

void draw_teaching_panel(App& app) {
    Session& s = app.session;
    const Event* e = s.current_event();
    if (app.teaching) {
        if (ImGui::Button("< Back")) {
            if (app.rule_steps_only) s.step_rule(-1);
            else s.step(-1);
            if (const Event* x = s.current_event()) app.jump_to(s.run().match().log().where(*x));
        }
        ImGui::SameLine();
        if (ImGui::Button("Next >")) {
            if (app.rule_steps_only) s.step_rule(+1);
            else s.step(+1);
            if (const Event* x = s.current_event()) app.jump_to(s.run().match().log().where(*x));
        }
        ImGui::SameLine();
        ImGui::Checkbox("rule steps only", &app.rule_steps_only);
        ImGui::SameLine();
        ImGui::TextDisabled("event %zu of %zu", s.cursor(), s.tip());
        draw_line_steps(app);
    }
    if (!e) {
        ImGui::TextDisabled("Before the first event. %s", app.teaching ? "Press Next." : "");
        return;
    }
    const Match& m = s.run().match();
    const std::string text = m.narrate(*e, EventLog::kObserver);
    if (app.teaching) ImGui::SetWindowFontScale(1.25f);
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    if (app.teaching) ImGui::SetWindowFontScale(1.0f);
    const Value& rule = e->get("rule");
    if (!is_nil(rule)) {
        const std::string context = value_to_string(rule);
        ImGui::TextColored(ImVec4(0.6f, 0.85f, 1, 1), "Rule %s", context.c_str());
        // The rule's own words, from the game's rules reference (docs/rules/<game>.md).
        const Scenario& sc = s.scenario();
        if (app.rules_text_for != sc.root + "|" + sc.game) {
            app.rules_text = RulesReference::load(sc.root, sc.game);
            app.rules_text_for = sc.root + "|" + sc.game;
        }
        if (const RuleText* t = app.rules_text.lookup(context)) {
            ImGui::PushTextWrapPos(0);
            ImGui::TextColored(ImVec4(0.75f, 0.85f, 0.95f, 1), "%s%s%s: %s", t->id.c_str(), t->title.empty() ? "" : " ",
                               t->title.c_str(), t->text.c_str());
            ImGui::PopTextWrapPos();
        }
    } else {
        ImGui::TextDisabled("(no rule section on this event)");
    }
    const std::string where = m.log().where(*e);
    ImGui::TextDisabled("event #%u  %.*s", e->seq, static_cast<int>(e->type.size()), e->type.data());
    if (!where.empty()) {
        ImGui::SameLine();
        if (ImGui::SmallButton(where.c_str())) app.jump_to(where);
    }
}

}  // namespace duelbox::editor
