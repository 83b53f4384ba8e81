// run_compare.cpp - births, event comparison by story, and the first difference of two runs.
#include "run_compare.h"

#include <algorithm>

#include "run.h"

namespace duelbox::editor {

void BirthRecord::observe(const Match& m, std::uint32_t seq) {
    static const Sym kCreate = intern("entity.create");
    if (m.log().type_of(seq) != kCreate) return;   // decoded only when it is a creation
    const Event e = m.log().event(seq);
    const Field* f = e.find("entity");
    const auto* id = f ? std::get_if<std::int64_t>(&f->value) : nullptr;
    if (!id || !m.valid_entity(static_cast<EntityId>(*id))) return;
    const Entity& ent = m.entity(static_cast<EntityId>(*id));
    births_.push_back({m.log().size() - 1, EntityBirth{ent.id, ent.props, ent.tags}});
}

const EntityBirth* BirthRecord::at(std::size_t event) const {
    auto it = std::lower_bound(births_.begin(), births_.end(), event,
                               [](const auto& b, std::size_t i) { return b.first < i; });
    return it != births_.end() && it->first == event ? &it->second : nullptr;
}

std::string birth_difference(const EntityBirth& before, const EntityBirth& after) {
    std::string out;
    auto add = [&](const std::string& s) { out += (out.empty() ? "" : ", ") + s; };
    // Both lists are sorted by key: walk them together.
    std::size_t i = 0, j = 0;
    while (i < before.props.size() || j < after.props.size()) {
        const bool take_old = j >= after.props.size() ||
                              (i < before.props.size() && before.props[i].first < after.props[j].first);
        const bool take_new = i >= before.props.size() ||
                              (j < after.props.size() && after.props[j].first < before.props[i].first);
        if (take_old) {
            add(before.props[i].first + " " + value_to_string(before.props[i].second) + " -> (none)");
            ++i;
        } else if (take_new) {
            add(after.props[j].first + " (none) -> " + value_to_string(after.props[j].second));
            ++j;
        } else {
            if (!(before.props[i].second == after.props[j].second))
                add(before.props[i].first + " " + value_to_string(before.props[i].second) + " -> " +
                    value_to_string(after.props[j].second));
            ++i, ++j;
        }
    }
    for (const auto& t : before.tags)
        if (!std::binary_search(after.tags.begin(), after.tags.end(), t)) add("tag " + t + " removed");
    for (const auto& t : after.tags)
        if (!std::binary_search(before.tags.begin(), before.tags.end(), t)) add("tag " + t + " added");
    return out;
}

RunDiff compare_runs(const Match& before, const BirthRecord& before_births, std::size_t before_n, const Match& after,
                     const BirthRecord& after_births, std::size_t after_n, KnownKeys keys) {
    RunDiff d;
    const auto& old_events = before.log().events();
    const auto& new_events = after.log().events();
    before_n = std::min(before_n, old_events.size());
    after_n = std::min(after_n, new_events.size());
    // One resolver per match: Match::narrate would build one per event.
    const NameResolver old_names = before.names(), new_names = after.names();
    const std::size_t n = std::max(before_n, after_n);
    for (std::size_t i = 0; i < n && (d.first == RunDiff::kNone || d.first_play == RunDiff::kNone); ++i) {
        if (i >= before_n || i >= after_n) {
            const std::string why = i >= before_n ? "only the new run has this event" : "the new run ends before it";
            if (d.first == RunDiff::kNone) d.first = i, d.why = why;
            if (d.first_play == RunDiff::kNone) d.first_play = i;
            break;
        }
        if (keys.before && keys.after && i < keys.before->size() && i < keys.after->size() &&
            (*keys.before)[i] == (*keys.after)[i])
            continue;   // the same story (see KnownKeys): nothing to narrate
        const Event& a = old_events[i];
        const Event& b = new_events[i];
        const bool same_play = same_event(a, b);
        if (!same_play && d.first_play == RunDiff::kNone) d.first_play = i;
        if (d.first != RunDiff::kNone) continue;
        if (!same_play) {
            d.first = i;
            d.why = a.type != b.type ? "another event happens" : "its fields differ";
            continue;
        }
        const std::string told_before = before.log().narrate(a, EventLog::kObserver, old_names);
        const std::string told_after = after.log().narrate(b, EventLog::kObserver, new_names);
        if (told_before != told_after) {
            d.first = i;
            d.why = "the narration differs";
            continue;
        }
        const EntityBirth* x = before_births.at(i);
        const EntityBirth* y = after_births.at(i);
        if (x && y) {
            const std::string diff = birth_difference(*x, *y);
            if (!diff.empty()) {
                d.first = i;
                const Entity& ent = after.entity(y->entity);
                d.why = (ent.name.empty() ? ent.def : ent.name) + (ent.def.empty() ? "" : " (" + ent.def + ")") +
                        " is created with " + diff;
            }
        }
    }
    return d;
}

RunDiff compare_runs(const Run& before, const Run& after, KnownKeys keys) {
    if (!before.started() || !after.started()) {   // a run that failed before its first event
        RunDiff d;
        if (before.tip() != after.tip()) d.first = d.first_play = 0, d.why = "only one run has events";
        return d;
    }
    return compare_runs(before.match(), before.births(), before.tip(), after.match(), after.births(), after.tip(), keys);
}

}  // namespace duelbox::editor
