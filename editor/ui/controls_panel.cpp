// controls_panel.cpp - run controls, the timeline slider, the outcome, what the last rerun
// changed and the error that kept the last good run.
#include <imgui.h>

#include "app.h"
#include "scenario/expectations.h"

namespace duelbox::editor {

namespace {

void follow(App& app) {
    if (const Event* e = app.session.current_event()) app.jump_to(app.session.run().match().log().where(*e));
}

// Who plays each seat: a person (the decision panel), or an agent (search/search_agents.h).
// Changing one opens a fresh run of the scenario with it: a person against the AI is
// "human" on one seat and "mcts" on the other.
void draw_seat_agents(App& app) {
    static const char* const kAgents[] = {"human", "mcts", "greedy", "random", "first"};
    const Scenario& sc = app.session.scenario();
    for (std::size_t i = 0; i < sc.seats.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        if (i > 0) ImGui::SameLine();
        const std::string label = sc.seats[i].name.empty() ? "Player " + std::to_string(i + 1) : sc.seats[i].name;
        ImGui::SetNextItemWidth(90);
        if (ImGui::BeginCombo(label.c_str(), sc.seats[i].agent.c_str())) {
            for (const char* a : kAgents)
                if (ImGui::Selectable(a, sc.seats[i].agent == a) && sc.seats[i].agent != a) {
                    Scenario changed = sc;
                    changed.seats[i].agent = a;
                    std::string error;
                    app.status = app.session.open(changed, error) ? "seat " + std::to_string(i + 1) + " is now played by " + a
                                                                  : "could not reopen: " + error;
                    app.draft_generation = -1;
                }
            ImGui::EndCombo();
        }
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Who answers this seat's questions; mcts and greedy search (docs/ai.md).\n"
                              "Changing it starts the match again. The AI thinks on a thread of its own\n"
                              "(about 0.1 s a question) while the window keeps drawing; the log grows as it plays.");
        ImGui::PopID();
    }
}

}  // namespace

void draw_controls_panel(App& app) {
    Session& s = app.session;
    if (ImGui::Button(s.playing() ? "Pause" : "Run")) s.set_playing(!s.playing());
    ImGui::SameLine();
    ImGui::SetNextItemWidth(90);
    ImGui::SliderFloat("##speed", &app.play_speed, 1.0f, 500.0f, "%.0f ev/s", ImGuiSliderFlags_Logarithmic);
    ImGui::SameLine();
    if (ImGui::Button("Back")) s.step(-1), follow(app);
    ImGui::SameLine();
    if (ImGui::Button("Step")) s.step(+1), follow(app);
    ImGui::SameLine();
    if (ImGui::Button("Next decision")) s.to_next_decision(), follow(app);
    ImGui::SameLine();
    if (ImGui::Button("Next window")) s.to_next_window(), follow(app);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The next event of type window/window.*, with a 'window' field,\nor the first event of a card's handler");
    ImGui::SameLine();
    if (ImGui::Button("Run to end")) s.to_end(), follow(app);
    ImGui::SameLine();
    if (ImGui::Button("Restart")) s.restart();
    ImGui::SameLine();
    if (ImGui::Button("Rerun now")) s.rerun({"(rerun asked)"});
    ImGui::SameLine();
    ImGui::Checkbox("Teaching mode", &app.teaching);
    draw_seat_agents(app);

    // The timeline travels while dragging when travel is instant (every event has a snapshot)
    // or the log is short; otherwise (a far travel may rerun the match) when it is let go.
    static int dragged = -1;
    int cursor = dragged >= 0 ? dragged : static_cast<int>(s.cursor());
    ImGui::SetNextItemWidth(-1);
    const bool moved = ImGui::SliderInt("##timeline", &cursor, 0, static_cast<int>(s.tip()), "event %d");
    const bool live = s.travel_is_instant() || s.tip() <= 5000;
    if (moved) {
        s.set_playing(false);
        if (live) s.travel(static_cast<std::size_t>(cursor));
        else dragged = cursor;
    }
    if (ImGui::IsItemDeactivated() && dragged >= 0) {
        s.travel(static_cast<std::size_t>(dragged));
        dragged = -1;
    }

    const Outcome o = s.outcome();
    ImGui::PushTextWrapPos(0);   // a failed run's message can be long: it wraps, never runs off the edge
    ImGui::TextWrapped("Result: %s", o.text().c_str());
    ImGui::PopTextWrapPos();
    if (app.last_rerun_ms >= 0) {
        ImGui::SameLine();
        ImGui::TextDisabled("   (last rerun %.1f ms)", app.last_rerun_ms);
    }
    const auto unmet = check_expectations(s.scenario().expect, s.run().match(), s.run().runner().error(), s.tip());
    if (s.scenario().expect.any()) {
        ImGui::SameLine();
        if (unmet.empty()) ImGui::TextColored(ImVec4(0.5f, 1, 0.5f, 1), "  expectations hold");
        else ImGui::TextColored(ImVec4(1, 0.6f, 0.3f, 1), "  %zu expectation(s) unmet: %s", unmet.size(), unmet.front().c_str());
    }
    if (s.error()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(ImVec4(1, 0.45f, 0.45f, 1), "Script error (the last good run stays): %s",
                           s.error()->message.substr(0, s.error()->message.find('\n')).c_str());
        ImGui::PopTextWrapPos();
        if (!s.error()->file.empty()) {
            ImGui::SameLine();
            if (ImGui::SmallButton("Go to")) app.jump_to(s.error()->file + ":" + std::to_string(s.error()->line));
        }
    } else if (s.last_change()) {
        const Change& c = *s.last_change();
        if (c.first_diff == Change::kNone) {
            ImGui::TextDisabled("Last rerun: no event changed; result %s", c.after.same_result(c.before) ? "the same" : "changed");
        } else {
            ImGui::TextColored(ImVec4(1, 0.85f, 0.4f, 1), "Last rerun: first change at event %zu", c.first_diff);
            ImGui::SameLine();
            if (ImGui::SmallButton("Show")) app.jump_to_event(c.first_diff);
            if (!c.why.empty()) {
                ImGui::SameLine();
                ImGui::TextColored(ImVec4(1, 0.85f, 0.4f, 1), "%s", c.why.c_str());
            }
            // Every changed event: how many, in how many places, and a walk through them.
            ImGui::TextDisabled("  in %zu place(s): %zu event(s) changed or new (tinted in the log), %zu old event(s) gone%s",
                                c.diff.hunks.size(), c.diff.changed_new(), c.diff.changed_old(),
                                c.diff.approximate ? " (coarse: the story changed too much to align)" : "");
            if (!c.diff.hunks.empty()) {
                ImGui::SameLine();
                if (ImGui::SmallButton("Next change")) {
                    // Wraps around: after the last change the first one again.
                    const std::size_t at = s.cursor() > 0 ? s.cursor() - 1 : 0;
                    std::size_t h = c.diff.next_hunk(at);
                    if (h == c.diff.hunks.size()) h = 0;
                    app.jump_to_event(std::min(c.diff.hunks[h].new_begin, s.tip() ? s.tip() - 1 : 0));
                }
                ImGui::SameLine();
                ImGui::Checkbox("changed only", &app.changed_only);
            }
            if (c.first_play != Change::kNone && c.first_play != c.first_diff) {
                ImGui::TextDisabled("  the play itself differs from event %zu", c.first_play);
                ImGui::SameLine();
                if (ImGui::SmallButton("Show##play")) app.jump_to_event(c.first_play);
            }
            ImGui::TextDisabled("  before: %s", c.before_event.empty() ? "(none)" : c.before_event.c_str());
            ImGui::TextDisabled("  after:  %s", c.after_event.empty() ? "(none)" : c.after_event.c_str());
            ImGui::TextDisabled("  result before: %s   after: %s", c.before.text().c_str(), c.after.text().c_str());
        }
    }
}

}  // namespace duelbox::editor
