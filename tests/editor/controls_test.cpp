// controls_test.cpp - the editor model's smaller promises: a human seat answered from the
// decision panel, the run controls' stops, and unsaved edits surviving a change on disk.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "model/catalog.h"
#include "model/script_files.h"
#include "model/session.h"

using namespace duelbox;
using namespace duelbox::editor;
namespace fs = std::filesystem;

namespace {

const std::string kSupport = DUELBOX_TEST_SUPPORT;

Scenario demo() { return load_scenario(kSupport + "/scenarios/duel_demo.json", kSupport); }

}  // namespace

TEST_CASE("editor: a human seat waits for the decision panel and plays on when answered", "[editor]") {
    Scenario s = demo();
    s.seats[0].agent = "human";
    Session session;
    std::string error;
    REQUIRE(session.open(s, error));
    REQUIRE(session.waiting());
    REQUIRE(session.misfit().empty());   // asked because the seat is human, not because a recording broke
    std::size_t mine = session.pending().size();
    for (std::size_t i = 0; i < session.pending().size(); ++i)
        if (session.pending()[i].player == 0) mine = i;
    REQUIRE(mine < session.pending().size());
    const DecisionRequest asked = session.pending()[mine];
    CHECK(asked.id == "play");

    CHECK(session.provide(mine, Answer{{99}}) != "");   // refused with a reason, nothing changes
    CHECK(session.waiting());
    const std::size_t tip = session.tip();
    CHECK(session.provide(mine, Answer{{0}}) == "");
    CHECK(session.tip() > tip);
    // The answer was revealed as the first decision, with the option's label.
    const auto& events = session.run().match().log().events();
    const Event* first = nullptr;
    for (const Event& e : events)
        if (e.type == "decision" && !first) first = &e;
    REQUIRE(first);
    CHECK(value_to_string(first->get("answer")) == asked.options[0].label);

    // A rerun replays the person's answers: it stops at the same next question, not earlier.
    const std::size_t answered_tip = session.tip();
    REQUIRE(session.rerun());
    CHECK(session.waiting());
    CHECK(session.tip() == answered_tip);
}

TEST_CASE("editor: run controls stop on decisions and timing-window steps", "[editor]") {
    Session session;
    std::string error;
    REQUIRE(session.open(demo(), error));
    session.travel(0);
    session.to_next_decision();
    REQUIRE(session.current_event());
    CHECK(session.current_event()->type == "decision");
    const std::size_t after_first = session.cursor();
    session.to_next_decision();
    CHECK(session.cursor() > after_first);
    CHECK(session.current_event()->type == "decision");

    // The duel logs no "window" events: a step is the first event of a card's handler.
    session.travel(0);
    session.to_next_window();
    REQUIRE(session.current_event());
    const Match& m = session.run().match();
    CHECK(m.log().file(session.current_event()->source.file).rfind("cards/duel/", 0) == 0);
    CHECK(Session::is_window_step(m, session.cursor() - 1));
    for (std::size_t i = 0; i + 1 < session.cursor(); ++i) CHECK_FALSE(Session::is_window_step(m, i));

    session.to_end();
    CHECK(session.cursor() == session.tip());
    session.restart();
    CHECK(session.cursor() == 0);
    CHECK(session.view().log().size() == 0);
}

TEST_CASE("editor: unsaved edits survive a change on disk, and save writes the file", "[editor]") {
    const fs::path root = fs::temp_directory_path() / ("duelbox_editor_files_" + std::to_string(::getpid()));
    fs::remove_all(root);
    fs::create_directories(root / "cards" / "g");
    std::ofstream(root / "cards/g/a.lua") << "return 1\n";
    ScriptFiles files;
    files.set_root(root.string());
    std::string error;
    ScriptBuffer* b = files.open("cards/g/a.lua", error);
    REQUIRE(b);
    b->text = "return 2 -- my edit\n";
    CHECK(files.unsaved() == std::vector<std::string>{"cards/g/a.lua"});

    // Another editor writes the file (a later mtime): my text stays, marked as conflicted.
    std::ofstream(root / "cards/g/a.lua", std::ios::trunc) << "return 3 -- theirs\n";
    fs::last_write_time(root / "cards/g/a.lua", fs::last_write_time(root / "cards/g/a.lua") + std::chrono::seconds(2));
    files.refresh();
    CHECK(b->text == "return 2 -- my edit\n");
    CHECK(b->conflict);
    CHECK(b->disk == "return 3 -- theirs\n");

    REQUIRE(files.save("cards/g/a.lua", error));
    std::ifstream in(root / "cards/g/a.lua");
    std::string line;
    std::getline(in, line);
    CHECK(line == "return 2 -- my edit");
    CHECK(files.unsaved().empty());
    CHECK_FALSE(b->conflict);

    // A clean buffer follows the disk silently.
    std::ofstream(root / "cards/g/a.lua", std::ios::trunc) << "return 4\n";
    fs::last_write_time(root / "cards/g/a.lua", fs::last_write_time(root / "cards/g/a.lua") + std::chrono::seconds(4));
    files.refresh();
    CHECK(b->text == "return 4\n");
    fs::remove_all(root);
}

TEST_CASE("editor: the catalog finds games by their game.lua and scenarios by their game", "[editor]") {
    const Catalog c = scan_catalog(kSupport);
    CHECK(std::find(c.games.begin(), c.games.end(), "duel") != c.games.end());
    CHECK(std::find(c.games.begin(), c.games.end(), "core") == c.games.end());
    const auto files = game_files(kSupport, "duel");
    CHECK(std::find(files.begin(), files.end(), "cards/duel/strike.lua") != files.end());
    CHECK(std::find(files.begin(), files.end(), "scripts/duel/rules.lua") != files.end());
    const Scenario s = default_scenario(kSupport, "duel");
    CHECK(s.seats.size() == 2);
    Session session;
    std::string error;
    REQUIRE(session.open(s, error));
    CHECK(session.outcome().state == RunState::Finished);
}

TEST_CASE("editor: teaching steps go from rule step to rule step, both ways", "[editor]") {
    Session session;
    std::string error;
    REQUIRE(session.open(demo(), error));
    session.travel(0);
    std::vector<std::size_t> forward;
    for (int i = 0; i < 4; ++i) {
        session.step_rule(+1);
        REQUIRE(session.current_event());
        CHECK(session.current_event()->find("rule"));
        forward.push_back(session.cursor());
    }
    CHECK(value_to_string(session.run().match().log().events()[forward[0] - 1].get("rule")) == "§1");
    for (std::size_t k = 1; k < forward.size(); ++k) CHECK(forward[k] > forward[k - 1]);
    for (int i = 2; i >= 0; --i) {   // back again through the same steps
        session.step_rule(-1);
        CHECK(session.cursor() == forward[static_cast<std::size_t>(i)]);
    }
    session.step_rule(-1);
    CHECK(session.cursor() == 0);
}

TEST_CASE("editor: a tape replays fitting answers and names every kind of misfit", "[editor]") {
    DecisionRequest play;
    play.player = 0;
    play.id = "play";
    play.options = {Option{"Strike", kNoEntity, kNoSpace}, Option{"Guard", kNoEntity, kNoSpace}};
    ScriptedDecision pick_guard;
    pick_guard.player = 0;
    pick_guard.id = "play";
    pick_guard.picks = {2};   // 1-based, as in files
    Answer a;

    DecisionTape fits({TapeEntry{pick_guard, "Guard"}});
    CHECK(fits.next(play, a) == DecisionTape::Outcome::Answered);
    CHECK(a.picks == std::vector<std::int64_t>{1});
    CHECK(fits.next(play, a) == DecisionTape::Outcome::Empty);

    DecisionRequest reordered = play;   // option 2 is now another card
    std::swap(reordered.options[0], reordered.options[1]);
    DecisionTape moved({TapeEntry{pick_guard, "Guard"}});
    CHECK(moved.next(reordered, a) == DecisionTape::Outcome::Misfit);
    CHECK(moved.misfits().back().message ==
          "decision 1: the recorded answer was \"Guard\", but the same choice now reads \"Strike\" in 'play'");
    CHECK(moved.waiting(0));
    moved.answered_outside(0);
    CHECK_FALSE(moved.waiting(0));

    DecisionRequest other = play;
    other.id = "discard";
    DecisionTape wrong_id({TapeEntry{pick_guard, "Guard"}});
    CHECK(wrong_id.next(other, a) == DecisionTape::Outcome::Misfit);
    CHECK(wrong_id.misfits().back().message.find("was to 'play', but player 1 was asked 'discard'") != std::string::npos);

    DecisionRequest seat2 = play;
    seat2.player = 1;
    DecisionTape wrong_seat({TapeEntry{pick_guard, "Guard"}});
    CHECK(wrong_seat.next(seat2, a) == DecisionTape::Outcome::Misfit);
    CHECK(wrong_seat.misfits().back().player == 1);

    ScriptedDecision too_far = pick_guard;
    too_far.picks = {3};
    DecisionTape invalid({TapeEntry{too_far, "Lunge"}});
    CHECK(invalid.next(play, a) == DecisionTape::Outcome::Misfit);
    CHECK(invalid.misfits().back().message.find("no longer valid") != std::string::npos);
}

// A fresh root holding cards/g/a.lua ("return 1"), opened in a ScriptFiles; removed after.
struct OneFile {
    fs::path root;
    ScriptFiles files;
    ScriptBuffer* buffer = nullptr;
    explicit OneFile(const std::string& name)
        : root(fs::temp_directory_path() / ("duelbox_editor_" + name + "_" + std::to_string(::getpid()))) {
        fs::remove_all(root);
        fs::create_directories(root / "cards" / "g");
        std::ofstream(root / "cards/g/a.lua") << "return 1\n";
        files.set_root(root.string());
        std::string error;
        buffer = files.open("cards/g/a.lua", error);
        REQUIRE(buffer);
    }
    ~OneFile() { fs::remove_all(root); }
};

TEST_CASE("#19.3 a file deleted on disk keeps its buffer, marked; saving writes it back", "[editor]") {
    OneFile one("gone");
    const fs::path& root = one.root;
    ScriptFiles& files = one.files;
    std::string error;
    ScriptBuffer* b = one.buffer;
    fs::remove_all(root / "cards");   // the file and its folder
    files.refresh();
    CHECK(b->gone);
    CHECK(b->text == "return 1\n");   // the text stays
    CHECK(files.gone() == std::vector<std::string>{"cards/g/a.lua"});
    CHECK(files.unsaved() == std::vector<std::string>{"cards/g/a.lua"});   // closing the window asks first
    files.revert("cards/g/a.lua");    // nothing on disk to go back to
    CHECK(b->text == "return 1\n");
    REQUIRE(files.save("cards/g/a.lua", error));
    CHECK_FALSE(b->gone);
    CHECK(fs::exists(root / "cards/g/a.lua"));
    CHECK(files.gone().empty());
}

TEST_CASE("#19.3 the script editor undoes and redoes edits, a revert included", "[editor]") {
    OneFile one("undo");
    ScriptFiles& files = one.files;
    ScriptBuffer* b = one.buffer;
    CHECK_FALSE(files.undo("cards/g/a.lua"));   // nothing yet
    b->text = "return 2\n";
    files.record("cards/g/a.lua");               // the text box ends an edit
    b->text = "return 3\n";                      // an edit not yet recorded still comes back
    REQUIRE(files.undo("cards/g/a.lua"));
    CHECK(b->text == "return 2\n");
    REQUIRE(files.undo("cards/g/a.lua"));
    CHECK(b->text == "return 1\n");
    REQUIRE(files.redo("cards/g/a.lua"));
    CHECK(b->text == "return 2\n");
    REQUIRE(files.redo("cards/g/a.lua"));
    CHECK(b->text == "return 3\n");
    CHECK_FALSE(files.redo("cards/g/a.lua"));
    files.revert("cards/g/a.lua");               // a revert is a state too
    CHECK(b->text == "return 1\n");
    REQUIRE(files.undo("cards/g/a.lua"));
    CHECK(b->text == "return 3\n");
    b->text = "return 4\n";                      // an edit after an undo drops the redo states
    files.record("cards/g/a.lua");
    CHECK_FALSE(files.redo("cards/g/a.lua"));
}
