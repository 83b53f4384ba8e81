// decision_panel.cpp - a person answers what the rules ask: pick cards or spaces (also by
// clicking the board), put effects in order, a number, yes or no. Also where a rerun stops
// when a recorded decision no longer fits, with the reason.
#include <imgui.h>

#include <algorithm>

#include "app.h"
#include "model/order_draft.h"

namespace duelbox::editor {

namespace {

void reset_drafts(App& app) {
    const auto& pending = app.session.pending();
    app.draft.assign(pending.size(), {});
    for (std::size_t i = 0; i < pending.size(); ++i) {
        const DecisionRequest& r = pending[i];
        if (r.kind == DecisionKind::Order)
            for (std::size_t k = 0; k < r.options.size(); ++k) app.draft[i].push_back(static_cast<std::int64_t>(k));
        if (r.kind == DecisionKind::Number) app.draft[i] = {r.min};
    }
    app.draft_generation = app.session.generation();
}

// True for requests a person must answer: the seat is "human", or a misfit stopped there.
bool for_a_person(const App& app, const DecisionRequest& r) {
    const auto& seats = app.session.scenario().seats;
    const bool human = r.player >= 0 && static_cast<std::size_t>(r.player) < seats.size() && seats[r.player].agent == "human";
    const DecisionTape* tape = app.session.run().tape();
    return human || (tape && tape->waiting(r.player));
}

// Each entry of an order answer is a drag source and a drop target; the payload names the
// request too, so an entry never lands in another request's list.
void drag_and_drop(std::vector<std::int64_t>& picks, std::size_t request, std::size_t k, const std::string& label) {
    struct Payload {
        std::size_t request, from;
    };
    if (ImGui::BeginDragDropSource()) {
        const Payload p{request, k};
        ImGui::SetDragDropPayload("duelbox.order", &p, sizeof p);
        ImGui::TextUnformatted(label.c_str());
        ImGui::EndDragDropSource();
    }
    if (ImGui::BeginDragDropTarget()) {
        if (const ImGuiPayload* got = ImGui::AcceptDragDropPayload("duelbox.order")) {
            const auto* p = static_cast<const Payload*>(got->Data);
            if (p->request == request) move_entry(picks, p->from, k);
        }
        ImGui::EndDragDropTarget();
    }
}

// "Ask the AI": searches the group for this request's player, from that player's view only,
// on a background thread; shows every answer with its visits and estimated chance to win (and
// the mixed strategy of a simultaneous choice); "Use" puts an answer in the drafts.
void draw_hint(App& app, const std::vector<DecisionRequest>& pending, PlayerIndex player) {
    Session& s = app.session;
    const std::size_t taken = s.run().runner().taken().size();
    ImGui::SetNextItemWidth(80);
    ImGui::InputInt("copies", &app.hint_copies, 16, 64);
    app.hint_copies = std::clamp(app.hint_copies, 4, 5000);
    ImGui::SameLine();
    ImGui::BeginDisabled(app.hint.running());
    if (ImGui::Button("Ask the AI")) {
        SearchBudget b;
        b.iterations = app.hint_copies;
        app.hint.start(s.scenario(), s.run().runner().taken(), pending, player, b, 1);
    }
    ImGui::EndDisabled();
    if (app.hint.running()) {
        ImGui::SameLine();
        ImGui::TextDisabled("thinking...");
    }
    const auto h = app.hint.result();
    if (!h || h->player != player || h->for_taken != taken) return;
    if (!h->error.empty()) {
        ImGui::TextColored(ImVec4(1, 0.45f, 0.45f, 1), "%s", h->error.c_str());
        return;
    }
    const SearchResult& r = h->search;
    ImGui::TextDisabled("%d copies, %.2f s, from what %s can know%s", r.iterations, r.seconds,
                        s.run().match().player(player).name.c_str(), r.simultaneous ? "; a simultaneous choice: play the mixed strategy" : "");
    if (!ImGui::BeginTable("hint", r.simultaneous ? 5 : 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    ImGui::TableSetupColumn("answer");
    ImGui::TableSetupColumn("visits");
    ImGui::TableSetupColumn("win %");
    if (r.simultaneous) ImGui::TableSetupColumn("strategy");
    ImGui::TableSetupColumn("");
    ImGui::TableHeadersRow();
    for (std::size_t k = 0; k < r.options.size() && k < 40; ++k) {
        const OptionEstimate& o = r.options[k];
        ImGui::PushID(static_cast<int>(k));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(o.label.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%d", o.visits);
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", 100 * o.value);
        if (r.simultaneous) {
            ImGui::TableNextColumn();
            ImGui::Text("%.1f%%", 100 * o.probability);
        }
        ImGui::TableNextColumn();
        if (ImGui::SmallButton("Use")) {
            std::size_t mine = 0;
            for (std::size_t i = 0; i < pending.size() && i < app.draft.size(); ++i)
                if (pending[i].player == player && mine < o.answers.size()) app.draft[i] = o.answers[mine++].picks;
        }
        ImGui::PopID();
    }
    ImGui::EndTable();
}

}  // namespace

void draw_decision_panel(App& app) {
    Session& s = app.session;
    if (!s.waiting()) return;
    if (app.draft_generation != s.generation() || app.draft.size() != s.pending().size()) reset_drafts(app);
    if (const PlayerIndex p = s.thinking(); p != kNoPlayer) {
        ImGui::TextDisabled("%s (%s) is thinking... %.1f s", s.run().match().player(p).name.c_str(),
                            s.scenario().seats[static_cast<std::size_t>(p)].agent.c_str(), s.thinking_seconds());
    }
    const std::string misfit = s.misfit();
    if (!misfit.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(ImVec4(1, 0.7f, 0.3f, 1), "The rerun stopped: %s", misfit.c_str());
        ImGui::PopTextWrapPos();
    }
    const auto pending = s.pending();   // a copy: provide() replaces the list
    for (std::size_t i = 0; i < pending.size(); ++i) {
        const DecisionRequest& r = pending[i];
        if (!for_a_person(app, r) || s.answered(i)) continue;
        ImGui::PushID(static_cast<int>(i));
        ImGui::Separator();
        // One "Ask the AI" per player and group, above their first request.
        bool first_of_player = true;
        for (std::size_t j = 0; j < i; ++j) first_of_player = first_of_player && pending[j].player != r.player;
        if (first_of_player) draw_hint(app, pending, r.player);
        ImGui::Text("%s: %s", s.run().match().player(r.player).name.c_str(), r.prompt.empty() ? r.id.c_str() : r.prompt.c_str());
        auto& picks = app.draft[i];
        switch (r.kind) {
            case DecisionKind::Choose:
                ImGui::TextDisabled("choose %lld to %lld", static_cast<long long>(r.min), static_cast<long long>(r.max));
                for (std::size_t k = 0; k < r.options.size(); ++k) {
                    const auto o = static_cast<std::int64_t>(k);
                    bool on = std::find(picks.begin(), picks.end(), o) != picks.end();
                    const std::string label = r.options[k].label + (r.options[k].space != kNoSpace ? "  (board)" : "");
                    if (ImGui::Checkbox(label.c_str(), &on)) {
                        if (on) picks.push_back(o);
                        else picks.erase(std::find(picks.begin(), picks.end(), o));
                    }
                }
                break;
            case DecisionKind::Order:
                ImGui::TextDisabled("first to last; drag an effect to its place, or use the arrows");
                for (std::size_t k = 0; k < picks.size(); ++k) {
                    ImGui::PushID(static_cast<int>(k));
                    if (ImGui::ArrowButton("up", ImGuiDir_Up) && k > 0) move_entry(picks, k, k - 1);
                    ImGui::SameLine();
                    if (ImGui::ArrowButton("down", ImGuiDir_Down)) move_entry(picks, k, k + 1);
                    ImGui::SameLine();
                    const std::string label =
                        std::to_string(k + 1) + ". " + r.options[static_cast<std::size_t>(picks[k])].label;
                    ImGui::Selectable(label.c_str());
                    drag_and_drop(picks, i, k, label);
                    ImGui::PopID();
                }
                break;
            case DecisionKind::Number: {
                int v = static_cast<int>(picks.empty() ? r.min : picks[0]);
                if (ImGui::SliderInt("##n", &v, static_cast<int>(r.min), static_cast<int>(r.max))) picks = {v};
                break;
            }
            case DecisionKind::YesNo:
                if (ImGui::Button("Yes")) picks = {1};
                ImGui::SameLine();
                if (ImGui::Button("No")) picks = {0};
                ImGui::SameLine();
                ImGui::TextDisabled("%s", picks.empty() ? "" : picks[0] ? "yes" : "no");
                break;
        }
        // What the rules do not offer, with the reason on hover (decide's `unavailable`).
        if (!r.unavailable.empty()) {
            ImGui::TextDisabled("not offered (hover for why):");
            for (const Unavailable& u : r.unavailable) {
                ImGui::BulletText("%s", u.label.c_str());
                if (ImGui::IsItemHovered()) {
                    ImGui::BeginTooltip();
                    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
                    ImGui::TextUnformatted(u.why.c_str());
                    ImGui::PopTextWrapPos();
                    ImGui::EndTooltip();
                }
            }
        }
        const Answer a{picks};
        const std::string bad = validate_answer(r, a);
        ImGui::BeginDisabled(!bad.empty());
        if (ImGui::Button("Answer")) {
            const std::string refused = s.provide(i, a);
            app.status = refused.empty() ? "answered" : refused;
            app.draft_generation = -1;
        }
        ImGui::EndDisabled();
        if (!bad.empty()) {
            ImGui::SameLine();
            ImGui::TextDisabled("%s", bad.c_str());
        }
        // Undo: the player's previous answer, while nothing random or hidden happened since.
        if (ImGui::Button("Take back my last answer")) {
            const std::string refused = s.take_back(r.player);
            app.status = refused.empty() ? "took back the last answer" : refused;
            app.draft_generation = -1;
        }
        ImGui::PopID();
        if (app.draft_generation == -1) break;   // the list changed under us
    }
}

}  // namespace duelbox::editor
