// lua_modules.h - the Duelbox modules scripts see as globals: match, entity, zone, counter,
// window, effect, board, log, cards, flag, derived, and the functions decide/decide_all.
//
// One lua_<module>.cpp per module; each is thin (check arguments, call the kernel, push
// results) and documents every function it registers for docs/lua-api.md.
#pragma once
#include <lua.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace duelbox {

void open_match_module(lua_State* L, int env);
void open_entity_module(lua_State* L, int env);
void open_zone_module(lua_State* L, int env);
void open_counter_module(lua_State* L, int env);
void open_window_module(lua_State* L, int env);
void open_effect_module(lua_State* L, int env);
void open_board_module(lua_State* L, int env);
void open_log_module(lua_State* L, int env);
void open_cards_module(lua_State* L, int env);
void open_decide_module(lua_State* L, int env);
void open_flag_module(lua_State* L, int env);
void open_derived_module(lua_State* L, int env);
void open_offers_module(lua_State* L, int env);

// The C function behind every event function log.kind returns (one closure per kind), so a
// tool that names C functions (the script profile) can say what it is.
lua_CFunction log_kind_function();

// Pushes `decide` itself (kept in the registry when the module opens), for a kernel function
// that asks a question from C with lua_callk (window.run's order questions).
void push_decide_function(lua_State* L);

// Registers all of the above on the sandbox's base environment.
void open_duelbox_modules(lua_State* L);

// Pushes the loaded definition table of card `key` (the raw table, not a read-only view) and
// returns true, or pushes nothing and returns false. For host-side readers (`duelbox lab`).
bool push_card_definition(lua_State* L, const char* key);
// Makes every definition's read-only view once the game and its mods have loaded: frozen views
// (readonly_view.h), so reads are table look-ups, kept by key so cards.get and cards.of find
// them with one look-up. Made here rather than on first use, so every view shows the
// definition as loaded, on a fresh host and a reused one alike, whatever a script later does
// to a table it kept a hold of. The views are made under protection with the memory cap
// enforced (a definition can hold hundreds of thousands of tables, each a view and a mirror):
// returns "" or the error, naming the card whose views passed the cap (the load then fails).
struct CardDef;
std::string freeze_card_views(lua_State* L, const std::vector<CardDef>& cards);

}  // namespace duelbox

namespace duelbox {
struct DecisionRequest;
struct Answer;
// Pushes the value `decide` returns for this answer: choose/order -> list of 1-based option
// numbers; number -> integer; yesno -> boolean.
void push_decision_answer(lua_State* L, const DecisionRequest& request, const Answer& answer);
// For a binding that asks a question it built itself (offers.choose): the list to fill (the
// host's while free, else one Lua owns, pushed on the stack), its request i made ready to be
// filled (reset, its storage kept), and the ask: checks the match's question limit, charges the
// record, hands the list to the runner and yields; `k` continues the binding with the answer on
// the top of its stack (`grouped`: several asked at once, as decide_all does, the answers then a
// list). A raise between taking the list and asking costs only its reuse until the next match.
std::vector<DecisionRequest>& decision_request_list(lua_State* L);
DecisionRequest& decision_request_at(std::vector<DecisionRequest>& reqs, std::size_t i);
// For a binding that asks one player to pick one of options it lists itself (board.ask_reach,
// board.ask_line, offers.choose): the request list with its first request made decide's single
// choice (min = max = 1) for player `chooser`, with `id` and `prompt`; the caller fills the
// options and asks with decision_ask_and_yield.
std::vector<DecisionRequest>& single_choice_request(lua_State* L, int chooser, std::string_view id, std::string_view prompt);
// Raises decide's memory-cap error when `bytes` copied for a question would pass what the cap leaves.
void decision_check_room(lua_State* L, const char* fn, std::size_t bytes);
int decision_ask_and_yield(lua_State* L, std::vector<DecisionRequest>& requests, bool grouped, const char* fn,
                           lua_KContext ctx, lua_KFunction k);
}  // namespace duelbox
