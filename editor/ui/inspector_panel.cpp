// inspector_panel.cpp - the state at the cursor: players and their counters, zones with their
// cards (props on hover), active modifiers and prohibitions, live handlers.
#include <imgui.h>

#include "app.h"

namespace duelbox::editor {

namespace {

std::string entity_label(const Match& m, EntityId e) {
    if (!m.valid_entity(e)) return "-";
    const Entity& x = m.entity(e);
    return (x.name.empty() ? x.kind : x.name) + " #" + std::to_string(e);
}

void entity_tooltip(const Match& m, EntityId e) {
    if (!ImGui::IsItemHovered() || !m.valid_entity(e)) return;
    const Entity& x = m.entity(e);
    ImGui::BeginTooltip();
    ImGui::Text("%s  (%s%s%s)", x.name.c_str(), x.kind.c_str(), x.def.empty() ? "" : ", ", x.def.c_str());
    for (const auto& [k, v] : x.props) ImGui::Text("%s = %s", k.c_str(), value_to_string(v).c_str());
    if (!x.tags.empty()) {
        std::string tags;
        for (const auto& t : x.tags) tags += (tags.empty() ? "" : ", ") + t;
        ImGui::Text("tags: %s", tags.c_str());
    }
    for (const Counter* c : m.counters().of(e)) ImGui::Text("%s: %lld", c->name.c_str(), static_cast<long long>(c->value));
    ImGui::EndTooltip();
}

void zone_node(const Match& m, const Zone& z) {
    const std::string owner = z.owner >= 0 ? m.player(z.owner).name + " " : "";
    const std::string label = owner + z.name + " (" + std::to_string(z.items.size()) + ", " +
                              visibility_name(z.visibility) + ")##" + std::to_string(z.id);
    if (!ImGui::TreeNodeEx(label.c_str(), z.items.empty() ? ImGuiTreeNodeFlags_Leaf : 0)) return;
    for (EntityId e : z.items) {
        ImGui::BulletText("%s", entity_label(m, e).c_str());
        entity_tooltip(m, e);
    }
    ImGui::TreePop();
}

}  // namespace

void draw_inspector_panel(App& app) {
    const Match& m = app.session.view();
    ImGui::TextDisabled("state after %zu of %zu events", app.session.cursor(), app.session.tip());
    if (ImGui::CollapsingHeader("Players", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (PlayerIndex p = 0; p < m.player_count(); ++p) {
            const Player& pl = m.player(p);
            std::string counters;
            if (m.valid_entity(pl.entity))
                for (const Counter* c : m.counters().of(pl.entity))
                    counters += "  " + c->name + " " + std::to_string(c->value);
            ImGui::Text("%d. %s (team %d)%s", p + 1, pl.name.c_str(), pl.team, counters.c_str());
        }
        if (m.result().finished) ImGui::TextColored(ImVec4(0.5f, 1, 0.5f, 1), "finished: %s", m.result().reason.c_str());
    }
    if (ImGui::CollapsingHeader("Zones", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (int z = 1; z <= m.zone_count(); ++z) {
            const Zone& zone = m.zone(static_cast<ZoneId>(z));
            if (zone.space != kNoSpace && zone.items.empty()) continue;   // empty board spaces are the board's business
            zone_node(m, zone);
        }
    }
    if (ImGui::CollapsingHeader("Counters")) {
        for (const Counter& c : m.counters().all())
            ImGui::Text("%s.%s = %lld", entity_label(m, c.owner).c_str(), c.name.c_str(), static_cast<long long>(c.value));
    }
    const auto& mods = m.effects().modifiers();
    const auto& bans = m.effects().prohibitions();
    const std::string effects = "Modifiers and prohibitions (" + std::to_string(mods.size() + bans.size()) + ")###effects";
    if (ImGui::CollapsingHeader(effects.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
        for (const Modifier& x : mods)
            ImGui::Text("%s: %s %s %lld  (from %s%s%s)", entity_label(m, x.target).c_str(), x.stat.c_str(), mod_op_name(x.op),
                        static_cast<long long>(x.amount), entity_label(m, x.source).c_str(),
                        x.expires.empty() ? "" : ", until ", x.expires.c_str());
        for (const Prohibition& x : bans)
            ImGui::Text("%s cannot %s  (from %s%s%s)", entity_label(m, x.target).c_str(), x.action.c_str(),
                        entity_label(m, x.source).c_str(), x.expires.empty() ? "" : ", until ", x.expires.c_str());
        if (mods.empty() && bans.empty()) ImGui::TextDisabled("none");
    }
    if (ImGui::CollapsingHeader("Handlers")) {
        for (const Handler* h : m.windows().live())
            ImGui::Text("%s: %s (player %d, priority %d)", h->window.c_str(), entity_label(m, h->source).c_str(),
                        h->player + 1, h->priority);
    }
}

}  // namespace duelbox::editor
