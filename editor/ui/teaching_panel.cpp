// teaching_panel.cpp - the step being looked at: its narration, the rule section it
// implements (the event's "rule" field), and the script line that produced it (highlighted in
// the script view). In teaching mode the panel leads: big narration, Back and Next.
#include <imgui.h>

#include "app.h"

namespace duelbox::editor {

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
    if (!is_nil(rule)) ImGui::TextColored(ImVec4(0.6f, 0.85f, 1, 1), "Rule %s", value_to_string(rule).c_str());
    else ImGui::TextDisabled("(no rule section on this event)");
    const std::string where = m.log().where(*e);
    ImGui::TextDisabled("event #%u  %s", e->seq, e->type.c_str());
    if (!where.empty()) {
        ImGui::SameLine();
        if (ImGui::SmallButton(where.c_str())) app.jump_to(where);
    }
}

}  // namespace duelbox::editor
