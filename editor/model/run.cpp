// run.cpp - one play of a scenario, outcomes, event comparison and state dumps.
#include "run.h"

#include <sstream>

namespace duelbox::editor {

std::string Outcome::text() const {
    std::string s = run_state_name(state);
    if (finished) {
        if (winners.empty()) s += ": a draw";
        else {
            s += ": player";
            for (std::size_t i = 0; i < winners.size(); ++i) s += (i ? ", " : " ") + std::to_string(winners[i] + 1);
            s += winners.size() > 1 ? " win" : " wins";
        }
        if (!reason.empty()) s += " (" + reason + ")";
    }
    if (!error.empty()) s += ": " + error;
    return s + ", " + std::to_string(events) + " events";
}

bool Outcome::same_result(const Outcome& o) const {
    return state == o.state && finished == o.finished && winners == o.winners && reason == o.reason && error == o.error;
}

std::unique_ptr<Run> Run::load(const Scenario& scenario, std::shared_ptr<DecisionTape> tape,
                               std::vector<std::string>& errors, std::shared_ptr<ThinkingWorker> worker) {
    auto host = std::make_shared<LuaHost>(scenario.limits);
    if (!host->load_game(scenario, errors)) return nullptr;
    return std::make_unique<Run>(std::move(host), scenario, std::move(tape), std::move(worker));
}

Run::Run(std::shared_ptr<LuaHost> host, const Scenario& scenario, std::shared_ptr<DecisionTape> tape,
         std::shared_ptr<ThinkingWorker> worker)
    : host_(std::move(host)), tape_(std::move(tape)) {
    Scenario s = scenario;
    if (tape_) s.decisions.clear();   // the tape answers every seat, in the recorded order
    else tape_ = std::make_shared<DecisionTape>();
    runner_ = std::make_unique<MatchRunner>(*host_, std::move(s), replay_agents(tape_, std::move(worker)));
    runner_->set_event_observer([this](const Match& m, std::uint32_t seq) {
        births_.observe(m, seq);
        if (timeline_) timeline_->record(m);
        if (observer_) observer_(m, seq);
    });
}

Run::~Run() { runner_.reset(); }   // the runner releases its references in the host first

void Run::set_observer(std::function<void(const Match&, std::uint32_t seq)> f) { observer_ = std::move(f); }

void Run::keep_timeline(std::size_t budget) { timeline_ = std::make_unique<Timeline>(runner_->scenario().seed, budget); }

RunState Run::play(std::size_t max_steps) {
    RunState s = runner_->state();
    for (std::size_t i = 0; i < max_steps; ++i) {
        s = runner_->step();
        if (s != RunState::Running) break;
    }
    return s;
}

std::string Run::provide(std::size_t i, Answer a) {
    if (runner_->state() != RunState::WaitingForAnswer || i >= runner_->pending().size())
        return "no decision is waiting there";
    const PlayerIndex p = runner_->pending()[i].player;
    std::string bad = runner_->provide(i, std::move(a));
    if (bad.empty()) tape_->answered_outside(p);
    return bad;
}

Outcome Run::outcome() const {
    Outcome o;
    o.state = runner_->state();
    if (started()) {
        o.finished = match().result().finished;
        o.winners = match().result().winners;
        o.reason = match().result().reason;
    }
    o.error = runner_->error();
    o.events = tip();
    return o;
}

bool same_event(const Event& a, const Event& b) {
    if (a.type != b.type || a.text != b.text || a.audience != b.audience || a.fields.size() != b.fields.size())
        return false;
    for (std::size_t i = 0; i < a.fields.size(); ++i) {
        const Field& x = a.fields[i];
        const Field& y = b.fields[i];
        if (x.key != y.key || !(x.value == y.value) || x.visible_to != y.visible_to) return false;
    }
    return true;
}

std::string describe_event(const Match& m, const Event& e) {
    std::string s = "#" + std::to_string(e.seq) + " " + std::string(e.type) + ": " + m.narrate(e, EventLog::kObserver);
    const std::string where = m.log().where(e);
    if (!where.empty()) s += "  [" + where + "]";
    return s;
}

std::string state_digest(const Match& m) {
    std::ostringstream out;
    for (PlayerIndex p = 0; p < m.player_count(); ++p) {
        const Player& pl = m.player(p);
        out << "player " << p + 1 << " " << pl.name << " team " << pl.team << "\n";
    }
    for (int z = 1; z <= m.zone_count(); ++z) {
        const Zone& zone = m.zone(static_cast<ZoneId>(z));
        out << "zone " << zone.name << " owner " << zone.owner + 1 << ":";
        for (EntityId e : zone.items) out << " " << m.entity(e).name << "#" << e;
        out << "\n";
    }
    for (const Counter& c : m.counters().all())
        out << "counter " << c.owner << "." << c.name << " = " << c.value << "\n";
    for (const Modifier& x : m.effects().modifiers())
        out << "modifier " << x.id << " " << x.target << " " << x.stat << " " << mod_op_name(x.op) << " " << x.amount
            << " until " << x.expires << "\n";
    for (const Prohibition& x : m.effects().prohibitions())
        out << "prohibition " << x.id << " " << x.target << " " << x.action << " until " << x.expires << "\n";
    for (int e = 1; e <= m.entity_count(); ++e) {
        const Entity& ent = m.entity(static_cast<EntityId>(e));
        out << "entity " << e << " " << ent.kind << " " << ent.def << " zone " << ent.zone;
        for (const auto& [k, v] : ent.props) out << " " << k << "=" << value_to_string(v);
        out << "\n";
    }
    out << "events " << m.log().size() << " finished " << m.result().finished << "\n";
    return out.str();
}

}  // namespace duelbox::editor
