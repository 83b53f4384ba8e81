// compare_test.cpp - what a rerun reports as its first change (editor/model/run_compare.h):
// a renamed card at the first event whose narration names it, a changed stat at the first
// event where the changed card exists (its creation), moved code at no event at all.
// Each test edits a private copy of the Line Duel fixture.
#include <catch2/catch.hpp>

#include <algorithm>

#include "duel_copy.h"
#include "model/session.h"

using namespace duelbox;
using namespace duelbox::editor;
using duelbox::editor::testing::DuelCopy;

namespace {

// The first event whose narration (as the log shows it, observer view) contains `word`.
std::size_t first_naming(const Match& m, const std::string& word) {
    const auto& ev = m.log().events();
    for (std::size_t i = 0; i < ev.size(); ++i)
        if (m.narrate(ev[i], EventLog::kObserver).find(word) != std::string::npos) return i;
    return Change::kNone;
}

std::size_t first_created(const Match& m, const std::string& def) {
    const auto& ev = m.log().events();
    for (std::size_t i = 0; i < ev.size(); ++i)
        if (ev[i].type == "entity.create" && std::get<std::string>(ev[i].get("def")) == def) return i;
    return Change::kNone;
}

}  // namespace

TEST_CASE("rerun compare: a renamed card is reported at the first event that names it", "[editor][compare]") {
    DuelCopy box("rename");
    Session session;
    std::string error;
    REQUIRE(session.open(box.demo(), error));
    const std::size_t named = first_naming(session.run().match(), "Lunge");
    REQUIRE(named != Change::kNone);
    REQUIRE(named > 0);

    box.replace("cards/duel/lunge.lua", "name = \"Lunge\"", "name = \"Thrust\"");
    REQUIRE(session.rerun());
    REQUIRE(session.last_change());
    const Change& c = *session.last_change();
    CHECK(c.first_diff == named);
    CHECK(c.why == "the narration differs");
    CHECK(c.before_event.find("Lunge") != std::string::npos);
    CHECK(c.after_event.find("Thrust") != std::string::npos);
    CHECK(first_naming(session.run().match(), "Thrust") == named);
    // Names are resolved when narrated: the events themselves (type, template, fields) only
    // differ later, if ever (here: at the decision whose recorded answer was "Lunge").
    CHECK((c.first_play == Change::kNone || c.first_play > c.first_diff));

    // Every changed event, not only the first: until the play differs the logs align one to
    // one, and an event is marked changed exactly when its narration names the renamed card.
    REQUIRE_FALSE(c.diff.hunks.empty());
    CHECK(c.diff.hunks.front().new_begin == named);
    const Match& m = session.run().match();
    const std::size_t aligned = c.first_play == Change::kNone ? c.after.events : c.first_play;
    std::size_t marked = 0;
    for (std::size_t i = 0; i < aligned; ++i) {
        const bool names_it = m.narrate(m.log().events()[i], EventLog::kObserver).find("Thrust") != std::string::npos;
        INFO("event " << i << ": " << m.narrate(m.log().events()[i], EventLog::kObserver));
        CHECK(c.diff.changed(i) == names_it);
        marked += names_it;
    }
    CHECK(marked > 1);   // the card is named by more than its creation

    // A second rerun compares with the keys kept from the first (the run it replaced): undoing
    // the rename marks the same events again (now naming Lunge) at the same places.
    const std::vector<DiffHunk> renamed = c.diff.hunks;   // copied: the next rerun replaces c
    box.replace("cards/duel/lunge.lua", "name = \"Thrust\"", "name = \"Lunge\"");
    REQUIRE(session.rerun());
    const EventDiff& undo = session.last_change()->diff;
    std::size_t same_places = 0;
    for (const DiffHunk& h : renamed) {
        if (h.new_begin >= aligned) continue;   // from the misfit on the two stories differ in length
        INFO("renamed hunk at " << h.new_begin);
        const bool found = std::any_of(undo.hunks.begin(), undo.hunks.end(), [&](const DiffHunk& u) {
            return u.old_begin == h.new_begin && u.old_end == h.new_end && u.new_begin == h.old_begin && u.new_end == h.old_end;
        });
        CHECK(found);
        same_places += found;
    }
    CHECK(same_places == marked);
}

TEST_CASE("rerun compare: a changed stat is reported at the earliest event showing it", "[editor][compare]") {
    DuelCopy box("stat");
    Session session;
    std::string error;
    REQUIRE(session.open(box.demo(), error));
    const std::size_t created = first_created(session.run().match(), "duel/lunge");
    REQUIRE(created != Change::kNone);

    box.replace("cards/duel/lunge.lua", "power = 2", "power = 4");
    REQUIRE(session.rerun());
    REQUIRE(session.last_change());
    const Change& c = *session.last_change();
    // The first Lunge is created with power 4: that is where the inspector first shows the
    // change, long before the first Lunge hits (if one ever does).
    CHECK(c.first_diff == created);
    CHECK(c.why == "Lunge (duel/lunge) is created with power 2 -> 4");
    CHECK(c.before_event == c.after_event);   // the creation event itself reads the same
    CHECK((c.first_play == Change::kNone || c.first_play > c.first_diff));
    // The full diff starts at the same event and marks the creation as changed.
    REQUIRE_FALSE(c.diff.hunks.empty());
    CHECK(c.diff.hunks.front().new_begin == created);
    CHECK(c.diff.changed(created));
    if (c.first_play != Change::kNone) CHECK(c.diff.changed(c.first_play));
    CHECK(session.run().match().entity(static_cast<EntityId>(
              std::get<std::int64_t>(session.run().match().log().events()[created].get("entity")))).def == "duel/lunge");
}

TEST_CASE("rerun compare: moving code and a new prop nobody reads", "[editor][compare]") {
    DuelCopy box("moved");
    Session session;
    std::string error;
    REQUIRE(session.open(box.demo(), error));

    SECTION("lines moved: no event changed") {
        box.write("scripts/duel/rules.lua", "-- a comment moves every line down\n\n" + box.read("scripts/duel/rules.lua"));
        REQUIRE(session.rerun());
        CHECK(session.last_change()->first_diff == Change::kNone);
        CHECK(session.last_change()->first_play == Change::kNone);
        CHECK_FALSE(session.last_change()->any());
        CHECK(session.last_change()->diff.hunks.empty());
    }
    SECTION("a prop added to a card: the play is the same, the creation is reported") {
        const std::size_t created = first_created(session.run().match(), "duel/guard");
        box.replace("cards/duel/guard.lua", "attack = false", "attack = false, flavour = \"stout\"");
        REQUIRE(session.rerun());
        const Change& c = *session.last_change();
        CHECK(c.first_diff == created);
        CHECK(c.why == "Guard (duel/guard) is created with flavour (none) -> stout");
        CHECK(c.first_play == Change::kNone);
        CHECK(c.after.same_result(c.before));
    }
}

TEST_CASE("rerun compare: birth_difference lists props and tags", "[editor][compare]") {
    EntityBirth a, b;
    a.props = {{"power", Value{std::int64_t{3}}}, {"range", Value{std::int64_t{1}}}};
    a.tags = {"attack", "fast"};
    b.props = {{"power", Value{std::int64_t{5}}}, {"speed", Value{std::int64_t{2}}}};
    b.tags = {"attack", "slow"};
    CHECK(birth_difference(a, b) == "power 3 -> 5, range 1 -> (none), speed (none) -> 2, tag fast removed, tag slow added");
    CHECK(birth_difference(a, a).empty());
}
