#include "lua_modules.h"

#include "error_names.h"
#include "sandbox.h"

namespace duelbox {

void open_duelbox_modules(lua_State* L) {
    sandbox_push_base(L);
    const int env = lua_gettop(L);
    open_match_module(L, env);
    open_entity_module(L, env);
    open_zone_module(L, env);
    open_counter_module(L, env);
    open_window_module(L, env);
    open_effect_module(L, env);
    open_board_module(L, env);
    open_log_module(L, env);
    open_cards_module(L, env);
    open_decide_module(L, env);
    open_flag_module(L, env);
    open_derived_module(L, env);
    open_offers_module(L, env);
    name_functions(L, env, "");   // global functions (decide, pcall, ...) keep their own names
    lua_pop(L, 1);
}

}  // namespace duelbox
