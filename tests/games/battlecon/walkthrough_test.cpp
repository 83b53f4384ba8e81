// Issue #3 point 7: the one-beat teaching walkthrough (examples/battlecon/one_beat_walkthrough.json)
// narrates every event and names, on every event, the section of the spec it implements. The
// kernel's bookkeeping events get theirs from the rule context the scripts set
// (log.within_rule); the sections and rule ids cited are checked against the spec's index
// (tests/support/battlecon_spec_index.txt: its section numbers and rule ids, shipped in the
// repository so the test reads nothing outside it).
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "../../support/read_text.h"
#include "bc_support.h"

#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/expectations.h"

using namespace duelbox;
using namespace duelbox::test::bc;
using duelbox::test::read_text;

namespace {

// The words after "<label>: " on that line of the spec index ("sections: 2 2.1 ...").
std::set<std::string> index_line(const std::string& index, const std::string& label) {
    std::set<std::string> out;
    std::istringstream lines(index);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.rfind(label + ": ", 0) != 0) continue;
        std::istringstream words(line.substr(label.size() + 2));
        for (std::string w; words >> w;) out.insert(w);
    }
    return out;
}

// Every placeholder of the narration template names a field of the event (else it renders "?").
std::string missing_placeholder(const Event& e) {
    const std::regex placeholder(R"(\{(?:[epzs]:)?([A-Za-z0-9_]+)\})");
    const std::string text(e.text);
    for (std::sregex_iterator it(text.begin(), text.end(), placeholder), end; it != end; ++it)
        if (!e.find((*it)[1].str())) return (*it)[1].str();
    return "";
}

}  // namespace

TEST_CASE("Issue 3 point 7: every event of the one-beat walkthrough has narration and the spec section it implements",
          "[battlecon]") {
    const std::string index = read_text(root() + "/tests/support/battlecon_spec_index.txt");
    const std::set<std::string> sections = index_line(index, "sections"), spec_ids = index_line(index, "ids");
    REQUIRE(sections.count("3.11"));
    REQUIRE(spec_ids.count("AT4"));

    Scenario sc = load_scenario(root() + "/examples/battlecon/one_beat_walkthrough.json", root());
    LuaHost host(sc.limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(sc.root, sc.game, errors));
    MatchRunner runner(host, sc);
    INFO(runner.error());
    REQUIRE(runner.run() == RunState::Finished);
    CHECK(check_expectations(sc.expect, runner.match(), runner.error(), runner.visible_events()).empty());

    const Match& m = runner.match();
    const auto& events = m.log().events();
    REQUIRE(events.size() > 100);
    const std::regex section_ref(R"(§(\d+(?:\.\d+)*))");
    const std::regex rule_id(R"(\b[A-Z]{1,4}\d+[a-z]?\b)");   // AT4, RC0, W4c, S9...
    std::set<std::string> ids_checked, rules_seen;
    for (const Event& e : events) {
        INFO("event #" << e.seq << " " << e.type << ": " << e.text);
        CHECK_FALSE(m.narrate(e, EventLog::kObserver).empty());
        CHECK(missing_placeholder(e).empty());
        const std::string rule = value_to_string(e.get("rule"));
        INFO("rule: " << rule);
        REQUIRE(e.find("rule"));
        rules_seen.insert(rule);
        std::smatch sm;
        REQUIRE(std::regex_search(rule, sm, section_ref));
        for (std::sregex_iterator it(rule.begin(), rule.end(), section_ref), end; it != end; ++it)
            CHECK(sections.count((*it)[1].str()) == 1);
        for (std::sregex_iterator it(rule.begin(), rule.end(), rule_id), end; it != end; ++it) {
            const std::string id = it->str();
            if (!ids_checked.insert(id).second) continue;
            INFO("rule id " << id);
            CHECK(spec_ids.count(id) == 1);
        }
    }
    // The walkthrough covers the beat: setup, Set, Advantage, Reveal, both attacks, Recycle.
    for (const char* want : {"§2 S9 Initial discard", "§3.2 SET1 Set", "§3.3 ADV1-ADV2 Advantage",
                             "§3.4 REV1 Reveal", "§3.9 AT4 step 3: Hit", "§3.11 Recycle step 4: force (+1, +1 more at 7 health or less, cap 10)"}) {
        INFO(want);
        CHECK(rules_seen.count(want) == 1);
    }
}
