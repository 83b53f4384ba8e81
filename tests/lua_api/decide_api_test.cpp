// decide_api_test.cpp - `decide` and `decide_all` (runtime/lua/lua_decide.cpp): what each
// kind of question returns, how answers are logged and hidden, simultaneous questions, and
// the errors for malformed requests.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using nlohmann::json;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using Strings = std::vector<std::string>;

TEST_CASE("decide choose returns the picked option numbers (1-based) in pick order", "[lua_api][decide]") {
    const RunResult r = run_snippet(R"(local x = 1
local picks = decide{player = 1, id = "two", prompt = "pick two", options = {"x", "y", {label = "z", value = 5}}, min = 2, max = 2}
print(#picks, picks[1], picks[2]))",
                                    2, {pick(1, {3, 1}, "two")});
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"2\t3\t1"});
    const Event* d = r.first("decision");
    REQUIRE(d);
    CHECK(r.where(*d) == "snippet:2");
    CHECK(r.data(*d) == json{{"answer", "z, x"}, {"id", "two"}, {"player", 1}});
    CHECK(r.narrate(*d) == "Player 1 chooses z, x");
}

TEST_CASE("decide reads a request however it is built: inherited fields, unknown keys, a table reused",
          "[lua_api][decide]") {
    // The kernel walks a plain request once; one with a metatable of its own is read by name,
    // so fields it inherits through __index still count. Keys it does not know are ignored.
    const RunResult r = run_snippet(R"(local base = {player = 2, id = "inh", options = {"a", "b", "c"}}
local inherited = setmetatable({prompt = "pick one"}, {__index = base})
print(decide(inherited)[1])
print(decide{player = 1, id = "odd", options = {"x", "y"}, colour = "red", [1] = "ignored"}[1])
local big = {player = 1, id = "big", options = {"m", "n"}}
for i = 1, 100 do big["junk" .. i] = i end   -- many other keys: read by name, not walked
print(decide(big)[1])
local ask = {player = 1, id = "again", options = {"p", "q"}}
print(decide(ask)[1])
ask.options, ask.player = {"r", "s", "t"}, 2
print(decide(ask)[1]))",
                                    2, {pick(2, {3}, "inh"), pick(1, {2}, "odd"), pick(1, {2}, "big"), pick(1, {1}, "again"),
                                        pick(2, {3}, "again")});
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"3", "2", "2", "1", "3"});
    const auto decisions = r.of_type("decision");
    REQUIRE(decisions.size() == 5);
    CHECK(r.data(*decisions[0]) == json{{"answer", "c"}, {"id", "inh"}, {"player", 2}});
    CHECK(r.data(*decisions[2]) == json{{"answer", "n"}, {"id", "big"}, {"player", 1}});
    CHECK(r.data(*decisions[4]) == json{{"answer", "t"}, {"id", "again"}, {"player", 2}});
}

TEST_CASE("decide reads an option table plain or through its metatable, reused or not", "[lua_api][decide]") {
    // A plain option table is read raw (its keys are decide's upvalues); one with a metatable by
    // name, so a label it inherits through __index counts. The same table may come again.
    const RunResult r = run_snippet(R"(local shared = {label = "plain"}
local inherited = setmetatable({}, {__index = {label = "inherited"}})
print(decide{player = 1, id = "opt", options = {shared, inherited, {label = "fresh", value = 3}}}[1])
shared.label = "changed"
print(decide{player = 1, id = "opt", options = {inherited, shared}}[1]))",
                                    2, {pick(1, {2}, "opt"), pick(1, {2}, "opt")});
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"2", "2"});
    const auto decisions = r.of_type("decision");
    REQUIRE(decisions.size() == 2);
    CHECK(r.data(*decisions[0]) == json{{"answer", "inherited"}, {"id", "opt"}, {"player", 1}});
    CHECK(r.data(*decisions[1]) == json{{"answer", "changed"}, {"id", "opt"}, {"player", 1}});
}

TEST_CASE("decide choose asks for exactly one option by default", "[lua_api][decide]") {
    // The "first" agent answers with the first legal answer: option 1.
    const RunResult r = run_snippet(R"(local picks = decide{player = 2, options = {"left", "right"}}
print(#picks, picks[1]))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"1\t1"});
    CHECK(r.data(*r.first("decision")) == json{{"answer", "left"}, {"id", ""}, {"player", 2}});
}

TEST_CASE("decide choose with min 0 may be answered with no picks", "[lua_api][decide]") {
    const RunResult r = run_snippet(R"(local picks = decide{player = 1, options = {"a", "b"}, min = 0, max = 2}
print(#picks))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"0"});
}

TEST_CASE("a single question answers with the option's number, not a list; decide_all too", "[lua_api][decide]") {
    // `single`: at most one pick, handed back as the number itself (nil for none), so the rules
    // make no list per question. The log, the scripted answers and the agents see the same picks.
    const RunResult r = run_snippet(R"(local i = decide{player = 1, id = "one", options = {"a", "b", "c"}, single = true}
print(i, math.type(i))
local none = decide{player = 2, id = "maybe", options = {"x"}, min = 0, single = true}
print(none)
local both = decide_all{{player = 1, id = "s1", options = {"p", "q"}, single = true, secret = true},
  {player = 2, id = "s2", options = {"p", "q"}}}
print(both[1], type(both[2]), both[2][1]))",
                                    2, {pick(1, {3}, "one"), pick(2, {}, "maybe"), pick(1, {2}, "s1"), pick(2, {1}, "s2")});
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"3\tinteger", "nil", "2\ttable\t1"});
    const auto decisions = r.of_type("decision");
    REQUIRE(decisions.size() == 4);
    CHECK(r.data(*decisions[0]) == json{{"answer", "c"}, {"id", "one"}, {"player", 1}});
    CHECK(r.narrate(*decisions[1]) == "Player 2 chooses nothing");
}

TEST_CASE("a single question refuses more than one pick and other kinds", "[lua_api][decide]") {
    CHECK(error_of("decide{player = 1, options = {'a', 'b'}, max = 2, single = true}") ==
          "snippet:1: decide: a 'single' question picks at most one option (max = 2)");
    CHECK(error_of("decide{player = 1, kind = 'yesno', single = true}") ==
          "snippet:1: decide: 'single' is for a choose question (got kind \"yesno\")");
    CHECK(error_of("decide_all{{player = 1, kind = 'order', options = {'a'}, single = true}}") ==
          "snippet:1: decide_all: 'single' is for a choose question (got kind \"order\")");
}

TEST_CASE("decide order returns a permutation of the option numbers", "[lua_api][decide]") {
    const RunResult r = run_snippet(R"(local order = decide{player = 2, kind = "order", id = "ord", options = {"a", "b", "c"}}
print(table.concat(order, ",")))",
                                    2, {pick(2, {2, 3, 1})});
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"2,3,1"});
    CHECK(r.narrate(*r.first("decision")) == "Player 2 orders b > c > a");
}

TEST_CASE("decide number returns an integer in range; yesno returns a boolean", "[lua_api][decide]") {
    const RunResult r = run_snippet(R"(local n = decide{player = 1, kind = "number", id = "num", min = 2, max = 9}
print(n, math.type(n))
local y = decide{player = 2, kind = "yesno", id = "yn", prompt = "sure?"}
print(y, type(y))
print(decide{player = 1, kind = "yesno"}))",
                                    2, {pick(1, {7}), yes(2, true), yes(1, false)});
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"7\tinteger", "true\tboolean", "false"});
    CHECK(r.values("decision", "answer") == std::vector<json>{"7", "yes", "no"});
    CHECK(r.narrate(*r.of_type("decision").at(1)) == "Player 2 answers yes");
}

TEST_CASE("a scripted answer may name the option by its label", "[lua_api][decide]") {
    ScriptedDecision by_label;
    by_label.player = 0;
    by_label.labels = {"right"};
    const RunResult r = run_snippet("print(decide{player = 1, options = {'left', 'right'}}[1])", 2, {by_label});
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"2"});
}

TEST_CASE("a secret answer is hidden from the other players in the log", "[lua_api][decide]") {
    const RunResult r = run_snippet(R"(decide{player = 1, id = "sec", options = {"left", "right"}, secret = true})", 2,
                                    {pick(1, {2})});
    REQUIRE(r.finished());
    const Event* d = r.first("decision");
    REQUIRE(d);
    CHECK(EventLog::sees(*d, 1));   // player 2 learns that player 1 chose ...
    CHECK(r.narrate(*d, 1) == "Player 1 chooses something hidden");
    CHECK(r.data(*d, 1) == json{{"id", "sec"}, {"player", 1}});
    CHECK(r.narrate(*d, EventLog::kSpectator) == "Player 1 chooses something hidden");
    CHECK(r.narrate(*d, 0) == "Player 1 chooses right");   // ... which only player 1 sees
    const Field* answer = d->find("answer");
    REQUIRE(answer);
    CHECK_FALSE(EventLog::sees(*answer, 1));
    CHECK(EventLog::sees(*answer, 0));
}

TEST_CASE("an unannounced question is the chooser's alone, event and all", "[lua_api][decide]") {
    // Put only when the player can do something: the others must not learn it was asked.
    const RunResult r = run_snippet(R"(decide{player = 1, id = "maybe", options = {"pass", "play"}, unannounced = true}
decide{player = 2, id = "open", options = {"a", "b"}})", 2, {pick(1, {2}), pick(2, {1})});
    REQUIRE(r.finished());
    const auto decisions = r.of_type("decision");
    REQUIRE(decisions.size() == 2);
    CHECK(EventLog::sees(*decisions[0], 0));                    // player 1 sees their own question
    CHECK(r.narrate(*decisions[0], 0) == "Player 1 chooses play");
    CHECK_FALSE(EventLog::sees(*decisions[0], 1));              // player 2 never learns of it
    CHECK_FALSE(EventLog::sees(*decisions[0], EventLog::kSpectator));
    CHECK(EventLog::sees(*decisions[0], EventLog::kObserver));  // the full log keeps it
    CHECK(EventLog::sees(*decisions[1], 0));                    // an ordinary question: everyone
    CHECK(EventLog::sees(*decisions[1], 1));
}

TEST_CASE("decide_all returns every answer in request order", "[lua_api][decide]") {
    const RunResult r = run_snippet(R"(local rps = {"rock", "paper", "scissors"}
local both = decide_all{{player = 1, id = "p1", options = rps, secret = true}, {player = 2, id = "p2", options = rps, secret = true}}
print(#both, both[1][1], both[2][1]))",
                                    2, {pick(1, {2}), pick(2, {3})});
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"2\t2\t3"});
    const auto decisions = r.of_type("decision");
    REQUIRE(decisions.size() == 2);
    CHECK(r.narrate(*decisions[0], 1) == "Player 1 chooses something hidden");
    CHECK(r.narrate(*decisions[1], 0) == "Player 2 chooses something hidden");
    CHECK(r.where(*decisions[1]) == "snippet:2");
}

TEST_CASE("decide_all reveals no answer until every player has answered", "[lua_api][decide]") {
    Scenario s = snippet_scenario(R"(local rps = {"rock", "paper", "scissors"}
local both = decide_all{{player = 1, id = "p1", options = rps}, {player = 2, id = "p2", options = rps}}
print(both[1][1], both[2][1]))");
    s.seats[1].agent = "human";   // deferred: the answer comes from outside
    RunResult r = run_scenario(s);
    REQUIRE(r.state == RunState::WaitingForAnswer);
    CHECK(r.runner->pending().size() == 2);
    CHECK(r.of_type("decision").empty());   // player 1 has answered, but nothing is revealed yet
    REQUIRE(r.runner->provide(1, Answer{{2}}).empty());
    REQUIRE(r.resume() == RunState::Finished);
    CHECK(r.printed() == Strings{"1\t3"});
    const auto types = r.script_types();
    CHECK(types == Strings{"decision", "decision", "script.print"});
}

TEST_CASE("decide yields across pcall and returns the answer there", "[lua_api][decide]") {
    const RunResult r = run_snippet(R"(local ok, n = pcall(decide, {player = 1, kind = "number", min = 3, max = 5})
print(ok, n)
print(pcall(function() local yes = decide{player = 2, kind = "yesno"}; error("after " .. tostring(yes), 0) end)))",
                                    2, {pick(1, {4}), yes(2, true)});
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"true\t4", "false\tafter true"});
}

TEST_CASE("the runner records every answer as a 1-based scripted decision", "[lua_api][decide]") {
    const RunResult r = run_snippet(R"(decide{player = 2, id = "c", options = {"a", "b"}}
decide{player = 1, id = "o", kind = "order", options = {"a", "b"}}
decide{player = 1, id = "n", kind = "number", min = 0, max = 3}
decide{player = 2, id = "y", kind = "yesno"})",
                                    2, {pick(2, {2}), pick(1, {2, 1}), pick(1, {3}), yes(2, true)});
    REQUIRE(r.finished());
    const auto& taken = r.runner->taken();
    REQUIRE(taken.size() == 4);
    CHECK((taken[0].player == 1 && taken[0].id == "c" && taken[0].picks == std::vector<std::int64_t>{2}));
    CHECK(taken[1].picks == std::vector<std::int64_t>{2, 1});
    CHECK(taken[2].picks == std::vector<std::int64_t>{3});
    CHECK((taken[3].yes == std::optional<bool>(true) && taken[3].picks.empty()));
}

TEST_CASE("decide on a scripted seat with no answer left fails naming the question and the snippet line", "[lua_api][decide]") {
    Scenario s = snippet_scenario("local a = 1\ndecide{player = 2, id = 'q', prompt = 'pick', options = {'a', 'b'}}");
    s.seats[1].agent = "scripted";
    const RunResult r = run_scenario(s);
    CHECK(r.state == RunState::Failed);
    CHECK(r.error == "player 2 is scripted but no scripted decision is left for 'q' (pick), asked at snippet:2");
}

TEST_CASE("a scripted answer that does not fit the question fails with its path", "[lua_api][decide]") {
    CHECK(run_snippet("decide{player = 1, id = 'q', options = {'a', 'b'}}", 2, {pick(1, {5})}).error ==
          "decisions[0]: option 5 does not exist (options are 1..2) (player 1 was asked 'q')");
    CHECK(run_snippet("decide{player = 1, id = 'q', options = {'a', 'b'}}", 2, {pick(1, {1}, "other")}).error ==
          "decisions[0]: scripted answer for 'other' but player 1 was asked 'q'");
    CHECK(run_snippet("decide{player = 1, kind = 'number', id = 'n', min = 1, max = 3}", 2, {pick(1, {0})}).error ==
          "decisions[0]: pick a number between 1 and 3; got 0 (player 1 was asked 'n')");
}

TEST_CASE("decide rejects malformed requests naming the field and the snippet line", "[lua_api][decide]") {
    CHECK(error_of("decide()") == "snippet:1: decide: the request must be a table {player=, kind=, options=, ...}");
    CHECK(error_of("decide{}") == "snippet:1: decide: field 'player' is required");
    CHECK(error_of("decide{player = 1, kind = 'pick'}") ==
          "snippet:1: decide: field 'kind' must be \"choose\", \"order\", \"number\" or \"yesno\" (got \"pick\")");
    CHECK(error_of("decide{player = 1, options = 5}") == "snippet:1: decide: field 'options' must be a list");
    CHECK(error_of("decide{player = 1, options = {5}}") ==
          "snippet:1: decide: options[1] must be a label or a table {label=, value=, entity=, space=}");
    CHECK(error_of("decide{player = 1, options = {'a', {value = 1}}}") == "snippet:1: decide: options[2] needs a 'label'");
    CHECK(error_of("decide{player = 1, options = {{label = 'a', value = {}}}}") ==   // checked, though never handed back
          "snippet:1: a table cannot be stored (nil, boolean, integer or string expected)");
    CHECK(error_of("decide{player = 1, options = {'a'}, min = 2, max = 1}") ==
          "snippet:1: decide: min (2) and max (1) must satisfy 0 <= min <= max");
    CHECK(error_of("decide{player = 1, id = 'q', options = {'a'}, min = 2, max = 3}") ==
          "snippet:1: decide: asks for at least 2 of 1 options ('q')");
    CHECK(error_of("decide{player = 1, kind = 'order'}") == "snippet:1: decide: an order question needs options");
    CHECK(error_of("decide{player = 1, kind = 'number', min = 1}") ==
          "snippet:1: decide: a number question needs 'min' and 'max'");
    CHECK(error_of("decide{player = 1, kind = 'number', min = 5, max = 1}") ==
          "snippet:1: decide: min (5) is greater than max (1)");
    CHECK(error_of("decide{player = 1, id = 5}") == "snippet:1: field 'id' must be a string (got number)");
    CHECK(error_of("local x = 0\n\ndecide_all{}") == "snippet:3: decide_all: needs at least one request");
    CHECK(error_of("decide_all(5)") == "snippet:1: bad argument #1 to 'decide_all' (table expected, got number)");
    CHECK(error_of("decide_all{{player = 1, options = {'a'}}, 7}") ==
          "snippet:1: decide_all: the request must be a table {player=, kind=, options=, ...}");
    CHECK(error_of("table.sort({3, 1, 2}, function(a, b) decide{player = 1, kind = 'yesno'} return a < b end)") ==
          "snippet:1: decide: no match is waiting for decisions here (called while loading, or inside a metamethod, "
          "a sort comparator or a condition the kernel calls, such as an offer's `can`?)");
}

// Regression (was a bug): lua_decide.cpp check_request checks `player`, options[i].entity and
// options[i].space at their stack slot (lua_gettop(L)), so the message names argument #2,
// #3 or #4 although the request table is argument #1.
TEST_CASE("decide names argument #1 for a bad player or option entity", "[lua_api][decide]") {
    CHECK_THAT(error_of("decide{player = 3}"),
               StartsWith("snippet:1: bad argument #1 to 'decide' (") && Contains("player 3 does not exist"));
    CHECK_THAT(error_of("decide{player = 1, options = {{label = 'a', entity = 99}}}"),
               StartsWith("snippet:1: bad argument #1 to 'decide' ("));
}

// Regression (was a bug): lua_decide.cpp formats the int64 min/max with "%d" after a cast to int, so
// a bound of 2^40 is shown as 0 and the message contradicts the request.
TEST_CASE("decide shows large bounds as written", "[lua_api][decide]") {
    CHECK(error_of("decide{player = 1, kind = 'number', min = 1 << 40, max = 1}") ==
          "snippet:1: decide: min (1099511627776) is greater than max (1)");
}

TEST_CASE("decide offers entities and spaces after its options, labelled by the kernel", "[lua_api][decide]") {
    // Listed ids cost no table per option: `entities` then `spaces` follow `options`.
    const RunResult r = run_snippet(R"(board.line(5)
local a = entity.create{kind = "card", name = "Strike", zone = 1}
local b = entity.create{kind = "card", name = "Dash", zone = 1}
local picks = decide{player = 1, id = "where", options = {"stay"}, entities = {a, b}, spaces = {3, 5}, min = 2, max = 2}
print(#picks, picks[1], picks[2]))",
                                    2, {pick(1, {3, 4}, "where")});
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"2\t3\t4"});
    CHECK(r.narrate(*r.first("decision")) == "Player 1 chooses Dash, 3");
    ScriptedDecision by_label;
    by_label.player = 0;
    by_label.labels = {"5"};
    const RunResult s = run_snippet("board.line(5) print(decide{player = 1, spaces = {2, 5}}[1])", 2, {by_label});
    REQUIRE(s.finished());
    CHECK(s.printed() == Strings{"2"});
}

TEST_CASE("decide refuses entities and spaces lists that are not lists of ids", "[lua_api][decide]") {
    CHECK_THAT(error_of("board.line(3) decide{player = 1, spaces = {9}}"), Contains("field 'spaces'"));
    CHECK_THAT(error_of("decide{player = 1, entities = {12345}}"), Contains("field 'entities'"));
    CHECK_THAT(error_of("decide{player = 1, entities = 'x'}"), Contains("field 'entities' must be a list of entities"));
}

TEST_CASE("decide survives a list whose length metamethod claims billions of entries", "[lua_api][decide]") {
    // luaL_len asks __len: a hostile list must fail at its first missing entry with a message,
    // never make the kernel reserve room for what it claims (which would throw through Lua).
    const char* huge = "setmetatable({'a'}, {__len = function() return 1 << 60 end})";
    CHECK_THAT(error_of(std::string("decide{player = 1, options = ") + huge + "}"),
               Contains("options[2] must be a label"));
    CHECK_THAT(error_of(std::string("decide{player = 1, entities = ") + huge + "}"), Contains("field 'entities'"));
    CHECK_THAT(error_of(std::string("decide_all(") + huge + ")"), Contains("the request must be a table"));
}

TEST_CASE("decide reads each question into a list the host reuses, and copes when that list is busy",
          "[lua_api][decide]") {
    // The host lends decide one list for its requests (no list and no finalizer per question).
    // A decide reached while another is reading (here from an options table's __len, where it
    // cannot yield and fails) reads into a list of its own, and the outer question is untouched;
    // after a read that raised, later questions still work (with lists of their own), and the
    // next match has the host's list again.
    const char* code = R"(local inner
local opts = setmetatable({"a", "b", "c"}, {__len = function()
  inner = select(2, pcall(decide, {player = 2, options = {"x"}}))
  return 3
end})
print(decide{player = 1, id = "outer", options = opts}[1], inner)
print(pcall(decide, {player = 1, options = {5}}))
for round = 1, 3 do print(decide{player = 2, id = "after" .. round, options = {"p", "q"}}[1]) end)";
    for (int match = 0; match < 2; ++match) {   // twice: the second match starts with the list lent again
        const RunResult r = run_snippet(code);
        REQUIRE(r.finished());
        const auto printed = r.printed();
        REQUIRE(printed.size() == 5);
        CHECK(printed[0].rfind("1\tdecide: no match is waiting for decisions here", 0) == 0);
        CHECK(printed[1] == "false\tdecide: options[1] must be a label or a table {label=, value=, entity=, space=}");
        CHECK(printed[2] == "1");
        CHECK(r.values("decision", "id") == std::vector<json>{"outer", "after1", "after2", "after3"});
        CHECK(r.values("decision", "answer") == std::vector<json>{"a", "p", "p", "p"});
    }
}
