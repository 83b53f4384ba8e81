// session_test.cpp - the editor's model, headless: the four behaviours issue 6 names.
//   a rerun after an edit gives the new outcome; a broken script gives an error and keeps the
//   old run; travelling to event N equals a fresh run stopped at N; a decision that no longer
//   fits stops the rerun there.
// Each test copies the Line Duel fixture into a fresh folder and edits the copy.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "../support/temp_dir.h"
#include "duel_copy.h"
#include "model/png.h"
#include "model/session.h"

using namespace duelbox;
using namespace duelbox::editor;
namespace fs = std::filesystem;

namespace {

using testing::kSupport;
using testing::DuelCopy;

std::vector<std::string> json_lines(const Match& m, std::size_t n) {
    std::vector<std::string> out;
    const auto names = m.names();
    for (std::size_t i = 0; i < n && i < m.log().size(); ++i)
        out.push_back(m.log().to_json_line(m.log().events()[i], EventLog::kObserver, &names));
    return out;
}

std::size_t first_index(const Match& m, const std::string& type, const std::string& def = "") {
    const auto& ev = m.log().events();
    for (std::size_t i = 0; i < ev.size(); ++i) {
        if (ev[i].type != type) continue;
        if (!def.empty()) {
            const Value& e = ev[i].get("entity");
            if (!std::holds_alternative<std::int64_t>(e)) continue;
            if (m.entity(static_cast<EntityId>(std::get<std::int64_t>(e))).def != def) continue;
        }
        return i;
    }
    return static_cast<std::size_t>(-1);
}

const char* kStrikePower30 =
    "-- Strike, edited by the test: power 3 -> 30.\n"
    "return { name = \"Strike\", props = { speed = 5, range_min = 1, range_max = 1, power = 30 } }\n";

}  // namespace

TEST_CASE("editor: a rerun after an edit gives the new outcome and names the first changed event", "[editor]") {
    DuelCopy box("rerun");
    Session session;
    std::string error;
    REQUIRE(session.open(box.demo(), error));
    const Outcome before = session.outcome();
    REQUIRE(before.state == RunState::Finished);
    const std::size_t strike_created = first_index(session.run().match(), "entity.create", "duel/strike");
    REQUIRE(strike_created != static_cast<std::size_t>(-1));
    const int generation = session.generation();
    const auto lines_before = json_lines(session.run().match(), before.events);

    box.write("cards/duel/strike.lua", kStrikePower30);
    REQUIRE(session.poll_files());                       // the watcher saw the save and reran
    REQUIRE(session.generation() == generation + 1);
    REQUIRE_FALSE(session.error());
    REQUIRE(session.last_change());
    const Change& c = *session.last_change();
    REQUIRE(c.files.size() == 1);
    CHECK(c.files[0].find("strike.lua") != std::string::npos);
    // The first change is the first Strike's creation: it is created with power 30 (run_compare.h).
    CHECK(c.first_diff == strike_created);
    CHECK(c.why == "Strike (duel/strike) is created with power 3 -> 30");
    // The play itself first differs at the first damage a Strike deals: the same health
    // counter change, now to 0.
    CHECK(c.first_play > strike_created);
    const auto& after_events = session.run().match().log().events();
    REQUIRE(c.first_play < after_events.size());
    const Event& changed = after_events[c.first_play];
    CHECK(changed.type == "counter.change");
    CHECK(std::get<std::int64_t>(changed.get("to")) == 0);
    CHECK(describe_event(session.run().match(), changed).find("-> 0") != std::string::npos);
    CHECK(c.before_event.find("entity.create") != std::string::npos);   // before/after: the first change
    CHECK(c.after_event.find("entity.create") != std::string::npos);
    const Event* hit = nullptr;   // the hit that caused it
    for (std::size_t i = c.first_play; i-- > 0 && !hit;)
        if (after_events[i].type == "hit") hit = &after_events[i];
    REQUIRE(hit);
    CHECK(session.run().match().entity(static_cast<EntityId>(std::get<std::int64_t>(hit->get("card")))).def == "duel/strike");
    // Events before it are identical in both runs.
    CHECK(json_lines(session.run().match(), c.first_play) ==
          std::vector<std::string>(lines_before.begin(), lines_before.begin() + static_cast<std::ptrdiff_t>(c.first_play)));
    // The new outcome: the first Strike that hits knocks out (30 damage against 10 health).
    const Outcome after = session.outcome();
    CHECK(after.state == RunState::Finished);
    CHECK(after.reason == "knockout");
    CHECK(c.after.reason == "knockout");
    CHECK(c.after.events == c.first_play + 3);          // damage, then the knockout ends it at once
    CHECK(c.before.events > c.after.events);
    const auto& events = session.run().match().log().events();
    std::int64_t biggest = 0;
    for (const Event& e : events)
        if (e.type == "damage") biggest = std::max(biggest, std::get<std::int64_t>(e.get("damage")));
    CHECK(biggest >= 29);                                // 30 less a guard of at most 1
    CHECK(session.cursor() == session.tip());            // the view followed the tip
}

TEST_CASE("editor: a broken script gives an error with file:line and keeps the last good run", "[editor]") {
    DuelCopy box("broken");
    Session session;
    std::string error;
    REQUIRE(session.open(box.demo(), error));
    const Outcome good = session.outcome();
    const auto good_lines = json_lines(session.run().match(), good.events);
    const int generation = session.generation();

    SECTION("a syntax error while loading") {
        box.write("cards/duel/strike.lua", "-- Strike, broken by the test\nreturn { name = \"Strike\", props = { speed = 5,, } }\n");
        REQUIRE_FALSE(session.rerun());
        REQUIRE(session.error());
        CHECK(session.error()->file == "cards/duel/strike.lua");
        CHECK(session.error()->line == 2);
    }
    SECTION("a runtime error inside a card's handler") {
        box.write("cards/duel/strike.lua",
                  "-- Strike, broken by the test\nreturn { name = \"Strike\", props = { speed = 5, power = 3 },\n"
                  "  on_reveal = function(ctx) error(\"boom\") end }\n");
        REQUIRE_FALSE(session.rerun());
        REQUIRE(session.error());
        CHECK(session.error()->file == "cards/duel/strike.lua");
        CHECK(session.error()->line == 3);
        CHECK(session.error()->message.find("boom") != std::string::npos);
    }
    // The last good run is still the one shown, untouched.
    CHECK(session.generation() == generation);
    CHECK(session.outcome().same_result(good));
    CHECK(json_lines(session.run().match(), good.events) == good_lines);

    // Fixing the file reruns and clears the error.
    box.write("cards/duel/strike.lua", kStrikePower30);
    REQUIRE(session.rerun());
    CHECK_FALSE(session.error());
    CHECK(session.generation() == generation + 1);
}

TEST_CASE("editor: travelling to event N equals a fresh run stopped at N", "[editor]") {
    DuelCopy box("travel");
    Session session;
    std::string error;
    REQUIRE(session.open(box.demo(), error));
    const std::size_t tip = session.tip();
    REQUIRE(tip > 40);
    const std::size_t decision = first_index(session.run().match(), "decision");
    REQUIRE(decision != static_cast<std::size_t>(-1));

    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{17}, decision, tip / 2, tip - 1, tip}) {
        CAPTURE(n);
        session.travel(n);
        REQUIRE(session.cursor() == n);
        const Match& view = session.view();

        // A fresh run of the same scenario file, stopped after n events.
        Scenario fresh_s = box.demo();
        fresh_s.stop.after_events = static_cast<std::int64_t>(n);
        LuaHost host(fresh_s.limits);
        std::vector<std::string> errors;
        REQUIRE(host.load_game(fresh_s.root, fresh_s.game, errors));
        MatchRunner fresh(host, fresh_s);
        std::unique_ptr<Match> at_n;   // the fresh run's state at exactly n events
        if (n == 0) at_n = std::make_unique<Match>(fresh_s.seed);
        fresh.set_event_observer([&](const Match& m, std::uint32_t) {
            if (m.log().size() == n) at_n = std::make_unique<Match>(m);
        });
        fresh.run();
        REQUIRE(fresh.visible_events() == n);
        REQUIRE(at_n);
        CHECK(json_lines(view, n) == json_lines(fresh.match(), n));
        CHECK(state_digest(view).substr(0, state_digest(view).rfind("events")) ==
              state_digest(*at_n).substr(0, state_digest(*at_n).rfind("events")));
        if (n == decision) {   // a resume boundary: the stopped run's own state is the state at n
            CHECK(fresh.match().log().size() == n);
            CHECK(state_digest(view) == state_digest(fresh.match()));
        }
    }
    // Stepping near a target reuses the snapshots its rerun took.
    session.travel(20);
    const std::size_t reruns = session.reruns_for_travel();
    session.step(+1);
    session.step(-1);
    session.step(-1);
    CHECK(session.cursor() == 19);
    CHECK(session.reruns_for_travel() == reruns);
}

TEST_CASE("editor: a recorded decision that no longer fits stops the rerun there and asks", "[editor]") {
    DuelCopy box("misfit");
    Session session;
    std::string error;
    REQUIRE(session.open(box.demo(), error));
    // Which recorded decision first picked the Strike?
    const DecisionTape tape = DecisionTape::from_run(session.run().runner());
    std::size_t strike_pick = tape.entries().size();
    for (std::size_t i = 0; i < tape.entries().size(); ++i)
        if (tape.entries()[i].answer_text == "Strike") {
            strike_pick = i;
            break;
        }
    REQUIRE(strike_pick < tape.entries().size());

    // Renaming the card: the recorded pick "Strike" now reads "Jab".
    box.write("cards/duel/strike.lua",
              "-- Strike renamed by the test\nreturn { name = \"Jab\", props = { speed = 5, range_min = 1, range_max = 1, power = 3 } }\n");
    REQUIRE(session.rerun());
    REQUIRE(session.waiting());
    const std::string why = session.misfit();
    CAPTURE(why);
    CHECK(why.find("decision " + std::to_string(strike_pick + 1) + ":") == 0);
    CHECK(why.find("\"Strike\"") != std::string::npos);
    CHECK(why.find("\"Jab\"") != std::string::npos);
    CHECK(session.last_change()->after.state == RunState::WaitingForAnswer);
    // It stopped right there: every earlier recorded decision was replayed, none after.
    std::size_t decisions_logged = 0;
    for (const Event& e : session.run().match().log().events()) decisions_logged += e.type == "decision";
    CHECK(decisions_logged <= strike_pick);
    CHECK(decisions_logged + 1 >= strike_pick);   // a simultaneous partner may be answered but unrevealed

    // A person answers; the rerun goes on with the rest of the tape.
    std::size_t asked = session.pending().size();
    for (std::size_t i = 0; i < session.pending().size(); ++i)
        if (session.misfit().size() && session.pending()[i].player == session.run().tape()->misfits().back().player)
            asked = i;
    REQUIRE(asked < session.pending().size());
    const std::size_t tip_before = session.tip();
    CHECK(session.provide(asked, first_legal_answer(session.pending()[asked])) == "");
    CHECK(session.tip() > tip_before);
}

TEST_CASE("editor: the PNG writer's files read back with their size and pixels", "[editor]") {
    Image img;
    img.width = 70;
    img.height = 1000;   // > 65535 bytes of scanlines: several stored blocks
    for (int y = 0; y < img.height; ++y)
        for (int x = 0; x < img.width; ++x) img.rgba.insert(img.rgba.end(), {std::uint8_t(x), std::uint8_t(y), 7, 255});
    const test::TempDir dir("png_test");
    const std::string path = dir.file("out.png");
    std::string error;
    REQUIRE(write_png(path, img, error));
    Image back;
    REQUIRE(read_png(path, back, error));
    CHECK(back.width == 70);
    CHECK(back.height == 1000);
    CHECK(back.rgba == img.rgba);
    CHECK(distinct_colours(back) > 1000);
    const std::uint8_t check[] = {'I', 'E', 'N', 'D'};
    CHECK(crc32(check, 4) == 0xAE426082u);   // the well-known CRC of an empty IEND chunk
}

TEST_CASE("editor: file:line is found in host and runner messages", "[editor]") {
    const SourceError e = parse_source_error("cards/duel/strike.lua:14: boom [card duel/strike, window on_hit]");
    CHECK(e.file == "cards/duel/strike.lua");
    CHECK(e.line == 14);
    const SourceError q = parse_source_error("[string \"x\"]: error loading 'scripts/g/game.lua:3: unexpected symbol'");
    CHECK(q.file == "scripts/g/game.lua");
    CHECK(q.line == 3);
    CHECK(parse_source_error("no location here").line == 0);
}
