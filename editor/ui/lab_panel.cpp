// lab_panel.cpp - the Lab window: runs the balance lab (lab/) on the open game in the
// background, draws the pairing heat map, the fighters' scores with what the last script
// change moved, the length histogram and the cards with the largest impact; a click on a
// heat-map cell opens a sample match of that pairing in the main view.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <thread>

#include "app.h"

namespace duelbox::editor {

namespace {

ImU32 heat_colour(double v) {   // blue (0) - white (0.5) - red (1), as report.html
    const float t = static_cast<float>(std::clamp(v, 0.0, 1.0));
    const float k = t < 0.5f ? t / 0.5f : (t - 0.5f) / 0.5f;
    const ImVec4 c = t < 0.5f ? ImVec4((49 + k * 206) / 255.f, (104 + k * 151) / 255.f, (189 + k * 66) / 255.f, 1)
                              : ImVec4(1 - k * 55 / 255.f, 1 - k * 199 / 255.f, 1 - k * 199 / 255.f, 1);
    return ImGui::ColorConvertFloat4ToU32(c);
}

std::string rate_text(const Rate& r) {
    if (r.n <= 0) return "no matches";
    char buf[96];
    std::snprintf(buf, sizeof buf, "%.1f%% [%.1f, %.1f]%s", 100 * r.value, 100 * r.lo, 100 * r.hi, r.wide ? " wide" : "");
    return buf;
}

// The lab's base: the game's bench scenario when there is one (a plain match with the game's
// defaults), else the open scenario (two seats or two teams).
Scenario lab_base(const App& app) {
    const Scenario& open = app.session.scenario();
    const std::string bench = open.root + "/examples/" + open.game + "/bench.json";
    if (std::filesystem::exists(bench)) {
        try {
            Scenario s = load_scenario(bench, open.root);
            if (s.game == open.game && s.root == open.root) return s;
        } catch (const std::exception&) {
        }
    }
    return open;
}

}  // namespace

void start_lab(App& app) {
    LabRequest req;
    req.base = lab_base(app);
    req.matches = app.lab_matches;
    req.workers = app.lab_workers;
    for (std::size_t i = 0; i < app.lab_roster.size(); ++i)
        if (app.lab_pick[i]) req.fighters.push_back(app.lab_roster[i]);
    app.lab_error = app.lab.start(req);
}

namespace {

void heat_map(App& app, const LabResult& r, const std::optional<LabResult>& before) {
    const auto& entries = r.plan.entries;
    const float cell = entries.size() > 10 ? 26.0f : 40.0f, label = 110.0f;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    for (std::size_t a = 0; a < entries.size(); ++a) {
        draw->AddText(ImVec2(origin.x, origin.y + cell * (a + 1) + cell / 2 - 7), ImGui::GetColorU32(ImGuiCol_Text),
                      entries[a].label.c_str());
        char head[24];
        std::snprintf(head, sizeof head, "%zu", a + 1);
        draw->AddText(ImVec2(origin.x + label + cell * a + cell / 2 - 4, origin.y + 4), ImGui::GetColorU32(ImGuiCol_Text), head);
    }
    for (std::size_t a = 0; a < entries.size(); ++a)
        for (std::size_t b = 0; b < entries.size(); ++b) {
            const ImVec2 p0(origin.x + label + cell * b, origin.y + cell * (a + 1));
            const ImVec2 p1(p0.x + cell - 2, p0.y + cell - 2);
            if (a == b) {
                draw->AddRectFilled(p0, p1, IM_COL32(90, 90, 90, 255));
                continue;
            }
            const Rate s = matchup_score(r.plan, r.tally, a, b, r.meta.wide_half_width);
            if (s.n <= 0) continue;
            draw->AddRectFilled(p0, p1, heat_colour(s.value));
            if (s.wide) draw->AddRect(p0, p1, IM_COL32(60, 60, 60, 255), 0, 0, 2.0f);
            char text[16];
            std::snprintf(text, sizeof text, "%.0f", 100 * s.value);
            draw->AddText(ImVec2(p0.x + cell / 2 - 8, p0.y + cell / 2 - 7), IM_COL32(0, 0, 0, 255), text);
            ImGui::SetCursorScreenPos(p0);
            ImGui::PushID(static_cast<int>(a * 1000 + b));
            if (ImGui::InvisibleButton("cell", ImVec2(cell - 2, cell - 2))) {
                for (std::size_t i = 0; i < r.plan.pairings.size(); ++i)
                    if (r.plan.pairings[i].first == a && r.plan.pairings[i].second == b) {
                        if (auto sample = app.lab.sample_match(i)) {
                            std::string error;
                            if (app.session.open(*sample, error)) {
                                app.after_open();
                                app.status = sample->title;
                            } else {
                                app.status = "could not open the sample match: " + error;
                            }
                        }
                    }
            }
            if (ImGui::IsItemHovered()) {
                std::string tip = entries[a].label + " against " + entries[b].label + ": " + rate_text(s) + " over " +
                                  std::to_string(static_cast<long long>(s.n)) + " matches";
                if (before) tip += "\nbefore the last change: " + rate_text(matchup_score(before->plan, before->tally, a, b,
                                                                                        before->meta.wide_half_width));
                tip += "\nclick: open a sample match (" + entries[a].label + " in seat 1)";
                ImGui::SetTooltip("%s", tip.c_str());
            }
            ImGui::PopID();
        }
    ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + cell * (entries.size() + 1) + 4));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("The row side's score against the column side (columns numbered as the rows); red favours "
                       "the row side; a dark border marks a wide interval. Hover for the interval, click for a match.");
    ImGui::PopStyleColor();
}

void fighters_table(App& app, const LabResult& r, const LabFigures& f) {
    const std::vector<LabMove> moves = app.lab.moves();
    if (!ImGui::BeginTable("fighters", moves.empty() ? 3 : 4, ImGuiTableFlags_Borders)) return;
    ImGui::TableSetupColumn("fighter", ImGuiTableColumnFlags_WidthFixed, 120);
    ImGui::TableSetupColumn("score", ImGuiTableColumnFlags_WidthFixed, 150);
    ImGui::TableSetupColumn("95% interval", ImGuiTableColumnFlags_WidthFixed, 170);
    if (!moves.empty()) ImGui::TableSetupColumn("before the last change", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (std::size_t k = 0; k < r.plan.fighters.size(); ++k) {
        const Rate& s = f.fighters[k].score;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.plan.fighters[k].c_str());
        ImGui::TableNextColumn();
        char overlay[16];
        std::snprintf(overlay, sizeof overlay, "%.1f%%", 100 * s.value);
        ImGui::ProgressBar(static_cast<float>(s.value), ImVec2(-1, 0), overlay);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(rate_text(s).c_str());
        if (!moves.empty()) {
            ImGui::TableNextColumn();
            const LabMove& m = moves[k];
            const double delta = 100 * (m.after.value - m.before.value);
            const ImVec4 colour = m.significant ? (delta > 0 ? ImVec4(1, 0.45f, 0.4f, 1) : ImVec4(0.45f, 0.65f, 1, 1))
                                                : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
            ImGui::TextColored(colour, "%.1f%% -> %.1f%% (%+.1f)%s", 100 * m.before.value, 100 * m.after.value, delta,
                               m.significant ? " moved" : "");
        }
    }
    ImGui::EndTable();
    if (!moves.empty())
        ImGui::TextDisabled("\"moved\": the intervals before and after do not overlap");
}

void lengths_and_cards(const LabResult& r, const LabFigures& f) {
    if (!f.lengths.empty()) {
        const std::int64_t lo = f.lengths.begin()->first, hi = f.lengths.rbegin()->first;
        std::vector<float> bins(static_cast<std::size_t>(hi - lo + 1), 0.0f);
        for (const auto& [len, n] : f.lengths) bins[static_cast<std::size_t>(len - lo)] = static_cast<float>(n);
        char label[96];
        std::snprintf(label, sizeof label, "%s per match: %lld to %lld, mean %.1f", r.meta.unit_name.c_str(),
                      static_cast<long long>(lo), static_cast<long long>(hi), f.mean_length);
        ImGui::PlotHistogram("##lengths", bins.data(), static_cast<int>(bins.size()), 0, label, 0.0f, FLT_MAX,
                             ImVec2(-1, 80));
    }
    std::vector<const CardFigures*> cards;
    for (const CardFigures& c : f.cards)
        if (c.played.n > 0 && c.held.n > 0) cards.push_back(&c);
    std::stable_sort(cards.begin(), cards.end(), [](const CardFigures* a, const CardFigures* b) {
        return std::fabs(a->impact.value) > std::fabs(b->impact.value);
    });
    if (cards.size() > 12) cards.resize(12);
    if (cards.empty() || !ImGui::BeginTable("cards", 4, ImGuiTableFlags_Borders)) return;
    ImGui::TableSetupColumn("card (largest impact first)", ImGuiTableColumnFlags_WidthFixed, 200);
    ImGui::TableSetupColumn("played in", ImGuiTableColumnFlags_WidthFixed, 70);
    ImGui::TableSetupColumn("impact, points", ImGuiTableColumnFlags_WidthFixed, 220);
    ImGui::TableSetupColumn("n played / held", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (const CardFigures* c : cards) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.tally.cards.at(c->key).name.c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", c->key.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%.0f%%", 100 * c->play_share);
        ImGui::TableNextColumn();
        const ImVec4 colour = c->impact.wide ? ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled) : ImVec4(1, 1, 1, 1);
        ImGui::TextColored(colour, "%+.1f [%+.1f, %+.1f]%s", 100 * c->impact.value, 100 * c->impact.lo, 100 * c->impact.hi,
                           c->impact.wide ? " wide" : "");
        ImGui::TableNextColumn();
        ImGui::Text("%.0f / %.0f", c->played.n, c->held.n);
    }
    ImGui::EndTable();
}

}  // namespace

void refresh_lab_roster(App& app) {
    const Scenario& s = app.session.scenario();
    if (app.lab_roster_game == s.root + "|" + s.game) return;
    app.lab_roster_game = s.root + "|" + s.game;
    app.lab_roster.clear();
    app.lab_pick.clear();
    LabSpec spec;
    std::string hash;
    app.lab_error = load_lab_spec(lab_base(app), spec, hash);
    for (const RosterEntry& e : spec.roster) {
        app.lab_roster.push_back(e.name);
        app.lab_pick.push_back(1);
    }
}

void draw_lab_panel(App& app) {
    if (!app.session.is_open()) {
        ImGui::TextDisabled("Open a scenario: the lab plays its game.");
        return;
    }
    refresh_lab_roster(app);
    ImGui::TextWrapped("Every pairing of the checked fighters, both seat orders, with random agents "
                       "(docs/lab.md). Game: %s", app.session.scenario().game.c_str());
    for (std::size_t i = 0; i < app.lab_roster.size(); ++i) {
        if (i) ImGui::SameLine();
        bool on = app.lab_pick[i] != 0;
        if (ImGui::Checkbox(app.lab_roster[i].c_str(), &on)) app.lab_pick[i] = on;
    }
    ImGui::SetNextItemWidth(160);
    ImGui::SliderInt("matches per pairing", &app.lab_matches, 5, 2000, "%d", ImGuiSliderFlags_Logarithmic);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(100);
    ImGui::SliderInt("workers", &app.lab_workers, 1, static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    if (app.lab.running()) {
        const std::size_t done = app.lab.done(), total = std::max<std::size_t>(1, app.lab.total());
        char overlay[64];
        std::snprintf(overlay, sizeof overlay, "%zu / %zu matches", done, total);
        ImGui::ProgressBar(static_cast<float>(done) / static_cast<float>(total), ImVec2(-90, 0), overlay);
        ImGui::SameLine();
        if (ImGui::Button("Cancel")) app.lab.cancel();
    } else if (ImGui::Button("Run the lab")) {
        start_lab(app);
    }
    ImGui::SameLine();
    ImGui::Checkbox("Rerun after a script change", &app.lab_rerun_on_change);
    if (!app.lab_error.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", app.lab_error.c_str());
    if (const std::string e = app.lab.error(); !e.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", e.c_str());

    const std::optional<LabResult> r = app.lab.result();
    if (!r) return;
    const std::optional<LabResult> before = app.lab.previous();
    const LabFigures f = compute_figures(r->plan, r->tally, r->meta.wide_half_width);
    ImGui::Separator();
    ImGui::Text("%lld matches (%lld failed, %lld draws); seat 1 scores %s", static_cast<long long>(f.matches),
                static_cast<long long>(f.failed), static_cast<long long>(f.draws), rate_text(f.first_seat).c_str());
    if (!r->tally.failures.empty())
        ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "first failure: seed %llu: %s",
                           static_cast<unsigned long long>(r->tally.failures.front().seed),
                           r->tally.failures.front().error.c_str());
    if (ImGui::CollapsingHeader("Pairings", ImGuiTreeNodeFlags_DefaultOpen)) heat_map(app, *r, before);
    if (ImGui::CollapsingHeader("Fighters", ImGuiTreeNodeFlags_DefaultOpen)) fighters_table(app, *r, f);
    if (ImGui::CollapsingHeader("Match length and cards")) lengths_and_cards(*r, f);
}

void rerun_lab_after_change(App& app) {
    if (!app.show_lab || !app.lab_rerun_on_change || (!app.lab.result() && !app.lab.running())) return;
    app.lab_error = app.lab.start(app.lab.request());
}

}  // namespace duelbox::editor
