// Issue #3 point 7: the one-beat teaching walkthrough (examples/battlecon/one_beat_walkthrough.json)
// narrates every event and names, on every event, the section of the spec it implements. The
// kernel's bookkeeping events get theirs from the rule context the scripts set
// (log.within_rule); the sections and rule ids cited are checked against the spec itself
// (shared/rules/battlecon.md, beside the repository).
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

// "3", "3.11", "10.2"... : the numbers of the spec's headings ("## 3. The beat", "### 3.11 Recycle").
std::set<std::string> section_numbers(const std::string& spec) {
    std::set<std::string> out;
    const std::regex heading(R"(^#{2,4} (\d+(?:\.\d+)*)\.? )");
    std::istringstream lines(spec);
    std::string line;
    std::smatch m;
    while (std::getline(lines, line))
        if (std::regex_search(line, m, heading)) out.insert(m[1]);
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
    const std::string spec_path = root() + "/../shared/rules/battlecon.md";
    const std::string spec = read_text(spec_path);
    INFO("the spec is read from " << spec_path);
    REQUIRE(spec.size() > 10000);
    const std::set<std::string> sections = section_numbers(spec);
    REQUIRE(sections.count("3.11"));

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
            CHECK(std::regex_search(spec, std::regex("\\b" + id + "\\b")));
        }
    }
    // The walkthrough covers the beat: setup, Set, Advantage, Reveal, both attacks, Recycle.
    for (const char* want : {"§2 S9 Initial discard", "§3.2 SET1 Set", "§3.3 ADV1-ADV2 Advantage",
                             "§3.4 REV1 Reveal", "§3.9 AT4 step 3: Hit", "§3.11 Recycle step 4: force (+1, +1 more at 7 health or less, cap 10)"}) {
        INFO(want);
        CHECK(rules_seen.count(want) == 1);
    }
}
