// file_locals.cpp - see file_locals.h.
#include "file_locals.h"

#include <cstdint>
#include <cstring>
#include <vector>

#include "lua_layout.h"
#include "lua_util.h"
#include "readonly_view.h"
#include "sandbox.h"

namespace duelbox {

namespace {

// The record lives in the registry as two objects: a Lua list `R` holding every Lua value the
// restore compares with or puts back, and a userdata `plan` of 32-bit integers saying what is
// where in R (slots are R's indices). The walk that finds them runs once per load; the restore
// before each match reads the plan in order, so it makes no table and looks nothing up by name.
//   plan = ngroups, { function slot, count, { upvalue index, load-time value slot } x count } x ngroups,
//          ntables, { table slot, metatable slot (0 = none), count, first pair slot } x ntables
// A table's image is its entries as `count` key/value pairs at R[first], R[first + 1], ... in
// the order lua_next gave them: an unchanged table gives them in that order again, so most
// tables are confirmed with no hash look-up (two rawgeti and two rawequal an entry).
const char* const kRecordKey = "duelbox.file_locals";
const char* const kPlanKey = "duelbox.file_locals.plan";
// Where this Lua keeps it (lua_layout.h), an image of each recorded upvalue and table in plan
// order, taken at the record and again after each slow check: an entry whose image is unchanged
// needs no look through the API. Absent when lua_layout::layout_ok is false.
const char* const kImagesKey = "duelbox.file_locals.images";
struct Images {
    std::vector<lua_layout::UpvalueImage> upvalues;
    std::vector<lua_layout::TableImage> tables;
};

bool walkable(int type) { return type == LUA_TTABLE || type == LUA_TFUNCTION; }

// Whether table t (absolute index) holds exactly the `count` pairs of R (absolute index) from
// slot `first`, in the same traversal order.
bool same_in_order(lua_State* L, int t, int R, std::int32_t first, std::int32_t count) {
    std::int32_t i = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {               // key -2, value -1
        if (i == count) {
            lua_pop(L, 2);
            return false;
        }
        lua_rawgeti(L, R, first + 2 * i);
        lua_rawgeti(L, R, first + 2 * i + 1);
        const bool same = lua_rawequal(L, -1, -3) && lua_rawequal(L, -2, -4);
        lua_pop(L, 3);                     // both copies and the value: the key stays for lua_next
        if (!same) {
            lua_pop(L, 1);
            return false;
        }
        ++i;
    }
    return i == count;
}

// Gives table t (absolute index) back the `count` pairs of R from slot `first`, then writes
// them back into R in t's new traversal order (the same entries), so that the next restore
// confirms an untouched t in order again.
void put_back(lua_State* L, int t, int R, std::int32_t first, std::int32_t count) {
    lua_pushnil(L);
    while (lua_next(L, t)) {               // clearing a field while traversing is allowed
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, t);
    }
    for (std::int32_t i = 0; i < count; ++i) {
        lua_rawgeti(L, R, first + 2 * i);
        lua_rawgeti(L, R, first + 2 * i + 1);
        lua_rawset(L, t);
    }
    std::int32_t i = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pushvalue(L, -2);
        lua_rawseti(L, R, first + 2 * i);
        lua_rawseti(L, R, first + 2 * i + 1);
        ++i;
    }
}

}  // namespace

int file_locals_record(lua_State* L, const int* roots, int nroots, int module_cache) {
    module_cache = lua_absindex(L, module_cache);
    luaL_checkstack(L, 24, "file_locals_record");
    const int base = lua_gettop(L);
    lua_newtable(L);                       // base+1: visited objects
    lua_newtable(L);                       // base+2: upvalue ids seen (light userdata)
    lua_newtable(L);                       // base+3: the walk's stack
    lua_newtable(L);                       // base+4: functions
    lua_newtable(L);                       // base+5: indices
    lua_newtable(L);                       // base+6: values
    const int visited = base + 1, ids = base + 2, stack = base + 3, funcs = base + 4, indices = base + 5,
              values = base + 6;
    lua_Integer depth = 0, n = 0;
    const auto push_walk = [&](int idx) {   // queues the value at idx if it is a table or function
        if (!walkable(lua_type(L, idx))) return;
        lua_pushvalue(L, idx);
        lua_rawseti(L, stack, ++depth);
    };
    for (int i = 0; i < nroots; ++i) push_walk(roots[i]);
    while (depth > 0) {
        lua_rawgeti(L, stack, depth);      // base+7: the object
        lua_pushnil(L);
        lua_rawseti(L, stack, depth--);
        const int obj = base + 7;
        lua_pushvalue(L, obj);
        if (lua_rawget(L, visited) != LUA_TNIL) {
            lua_settop(L, base + 6);
            continue;
        }
        lua_pop(L, 1);
        lua_pushvalue(L, obj);
        lua_pushboolean(L, 1);
        lua_rawset(L, visited);
        if (lua_type(L, obj) == LUA_TTABLE) {
            lua_pushnil(L);
            while (lua_next(L, obj)) {      // key base+8, value base+9
                push_walk(base + 8);
                push_walk(base + 9);
                lua_pop(L, 1);
            }
            if (lua_getmetatable(L, obj)) {
                push_walk(-1);
                lua_pop(L, 1);
            }
        } else if (!lua_iscfunction(L, obj)) {   // a C function's upvalues are the host's own
            for (int i = 1;; ++i) {
                const char* name = lua_getupvalue(L, obj, i);
                if (!name) break;
                if (std::strcmp(name, "_ENV") == 0) {   // the file's frozen globals
                    // A chunk load() gave at a file's top level has an environment of its own
                    // that nothing froze: its globals would carry from one match to the next
                    // (on a reused host, or with another number of bench workers). Frozen now,
                    // like a file's once it has run: setting a global then raises, naming it.
                    if (sandbox_env_unfrozen(L, -1)) sandbox_freeze_env(L, lua_gettop(L));
                    // Recorded as well, like any upvalue: `_ENV = {...}` in a handler rebinds
                    // it, and the new table (script-made, unfrozen) would carry to the next
                    // match (a red team, 2026-11-30: a count kept in it through 20 matches).
                }
                lua_pushlightuserdata(L, lua_upvalueid(L, obj, i));
                const bool seen = lua_rawget(L, ids) != LUA_TNIL;
                lua_pop(L, 1);
                if (!seen) {
                    lua_pushlightuserdata(L, lua_upvalueid(L, obj, i));
                    lua_pushboolean(L, 1);
                    lua_rawset(L, ids);
                    ++n;
                    lua_pushvalue(L, obj);
                    lua_rawseti(L, funcs, n);
                    lua_pushinteger(L, i);
                    lua_rawseti(L, indices, n);
                    lua_pushvalue(L, -1);
                    lua_rawseti(L, values, n);
                    push_walk(-1);
                }
                lua_pop(L, 1);
            }
        }
        lua_settop(L, base + 6);
    }
    // Second walk: the tables a script can write into. It starts from every upvalue's value
    // (a file environment: from the file's own globals behind it) and from the module cache,
    // and goes through entries, metatables and functions' upvalues, but not into the metatable
    // of a read-only front (library fronts, read-only views, module fronts: `__metatable` set,
    // so no script can get it, and the sandbox's own `__newindex` that refuses, so no script
    // writes through it); so the card definitions and the libraries, which no script can
    // change, cost nothing per match. A script's own locked metatable is entered, whatever its
    // __newindex: a table, or a C function of the script's choosing (a red team, 2026-11-30:
    // `rawequal` there made a script's own table pass for a library front and keep a count
    // from one match to the next).
    lua_newtable(L);                       // base+7: tables a script can write into
    lua_newtable(L);                       // base+8: the walk's stack
    const int writable = base + 7, wstack = base + 8;
    lua_Integer wdepth = 0;
    const auto push_table = [&](int idx) {
        if (lua_type(L, idx) != LUA_TTABLE) return;
        lua_pushvalue(L, idx);
        lua_rawseti(L, wstack, ++wdepth);
    };
    push_table(module_cache);
    lua_pushnil(L);
    while (lua_next(L, visited)) {         // key base+9 (an object), value base+10
        lua_pop(L, 1);
        if (lua_type(L, base + 9) != LUA_TFUNCTION || lua_iscfunction(L, base + 9)) continue;
        for (int i = 1;; ++i) {
            const char* name = lua_getupvalue(L, base + 9, i);   // base+10
            if (!name) break;
            // An environment is a table a script may write into like any other when the script
            // made it (`local _ENV = {...}`, load's env argument: a review found a count kept in
            // one across matches); a frozen file environment is a front, its globals behind it.
            push_table(base + 10);
            if (std::strcmp(name, "_ENV") == 0 && lua_getmetatable(L, base + 10)) {   // the file's globals, if it has any
                lua_pushliteral(L, "__index");                   // (raw: see the walk above)
                lua_rawget(L, -2);
                push_table(-1);
                lua_pop(L, 2);
            }
            lua_pop(L, 1);
        }
    }
    while (wdepth > 0) {
        lua_rawgeti(L, wstack, wdepth);    // base+9: the table
        lua_pushnil(L);
        lua_rawseti(L, wstack, wdepth--);
        const int t = base + 9;
        lua_pushvalue(L, t);
        const bool seen = lua_rawget(L, writable) != LUA_TNIL;
        lua_pop(L, 1);
        if (!seen) {
            lua_pushvalue(L, t);
            lua_pushboolean(L, 1);
            lua_rawset(L, writable);
            lua_pushnil(L);
            while (lua_next(L, t)) {       // key base+10, value base+11
                push_table(base + 10);
                push_table(base + 11);
                lua_pop(L, 1);
            }
            if (lua_getmetatable(L, t)) {  // base+10
                // Raw reads: a metatable with a metatable of its own would run script code
                // here, while a game loads, outside any protected call or budget.
                lua_pushliteral(L, "__metatable");
                const bool locked = lua_rawget(L, base + 10) != LUA_TNIL;
                lua_pushliteral(L, "__newindex");
                lua_rawget(L, base + 10);
                const bool front = locked && (sandbox_refuses_writes(lua_tocfunction(L, -1)) || readonly_view_is(L, t));
                if (!front) push_table(base + 10);
            }
        }
        lua_settop(L, base + 8);
    }
    // The record: R holds the values, the plan says where (see kRecordKey). Upvalues come
    // grouped by function, so a function is fetched once for all of its recorded upvalues.
    lua_newtable(L);                       // base+9: R
    const int R = base + 9;
    std::int32_t slots = 0;
    std::vector<std::int32_t> plan;
    const auto store = [&](int idx) {      // appends the value at idx to R; returns its slot
        lua_pushvalue(L, idx);
        lua_rawseti(L, R, ++slots);
        return slots;
    };
    plan.push_back(0);                     // the number of function groups, filled below
    std::int32_t groups = 0;
    for (lua_Integer k = 1; k <= n;) {
        lua_rawgeti(L, funcs, k);          // base+10: the function of entry k
        plan.push_back(store(base + 10));
        const std::size_t count_at = plan.size();
        plan.push_back(0);
        for (; k <= n; ++k) {              // its entries (record order keeps them together)
            lua_rawgeti(L, funcs, k);
            const bool same = lua_rawequal(L, -1, base + 10);
            lua_pop(L, 1);
            if (!same) break;
            lua_rawgeti(L, indices, k);
            plan.push_back(static_cast<std::int32_t>(lua_tointeger(L, -1)));
            lua_pop(L, 1);
            lua_rawgeti(L, values, k);
            plan.push_back(store(-1));
            lua_pop(L, 1);
            ++plan[count_at];
        }
        lua_settop(L, R);
        ++groups;
    }
    plan[0] = groups;
    const std::size_t ntables_at = plan.size();
    plan.push_back(0);
    lua_pushnil(L);
    while (lua_next(L, writable)) {        // key base+10 (the table), value base+11
        lua_pop(L, 1);
        const int t = base + 10;
        plan.push_back(store(t));
        if (lua_getmetatable(L, t)) {      // base+11
            plan.push_back(store(-1));
            lua_pop(L, 1);
        } else {
            plan.push_back(0);
        }
        const std::size_t count_at = plan.size();
        plan.push_back(0);
        plan.push_back(slots + 1);
        lua_pushnil(L);
        while (lua_next(L, t)) {           // key base+11, value base+12
            store(base + 11);
            store(base + 12);
            lua_pop(L, 1);
            ++plan[count_at];
        }
        ++plan[ntables_at];
    }
    lua_pushvalue(L, R);
    lua_setfield(L, LUA_REGISTRYINDEX, kRecordKey);
    void* bytes = lua_newuserdatauv(L, plan.size() * sizeof(std::int32_t), 0);
    std::memcpy(bytes, plan.data(), plan.size() * sizeof(std::int32_t));
    lua_setfield(L, LUA_REGISTRYINDEX, kPlanKey);
    if (lua_layout::layout_ok(L)) {
        Images& images = push_owned<Images>(L);   // base+10
        const std::int32_t* at = plan.data();
        const std::int32_t ngroups = *at++;
        for (std::int32_t g = 0; g < ngroups; ++g) {
            lua_rawgeti(L, R, *at++);           // base+11: the function
            const std::int32_t count = *at++;
            for (std::int32_t k = 0; k < count; ++k, at += 2)
                images.upvalues.emplace_back().take(lua_upvalueid(L, base + 11, at[0]), true);   // R keeps its value
            lua_pop(L, 1);
        }
        const std::int32_t ntables = *at++;
        for (std::int32_t k = 0; k < ntables; ++k, at += 4) {
            lua_rawgeti(L, R, at[0]);
            images.tables.emplace_back().take(lua_topointer(L, -1), true);   // R keeps its entries
            lua_pop(L, 1);
        }
    } else {
        lua_pushnil(L);
    }
    lua_setfield(L, LUA_REGISTRYINDEX, kImagesKey);
    lua_settop(L, base);
    return static_cast<int>(n);
}

int file_locals_restore(lua_State* L) {
    const int base = lua_gettop(L);
    if (lua_getfield(L, LUA_REGISTRYINDEX, kRecordKey) != LUA_TTABLE) {   // base+1: R
        lua_settop(L, base);
        return 0;
    }
    lua_getfield(L, LUA_REGISTRYINDEX, kPlanKey);                          // base+2: the plan
    const auto* plan = static_cast<const std::int32_t*>(lua_touserdata(L, base + 2));
    lua_getfield(L, LUA_REGISTRYINDEX, kImagesKey);                        // base+3: the images, if any
    Images* images = static_cast<Images*>(lua_touserdata(L, base + 3));
    lua_settop(L, base + 2);   // the registry keeps them alive; base+3 is the slot used below
    const int R = base + 1;
    int restored = 0;
    std::size_t upvalue_at = 0, table_at = 0;
    const std::int32_t groups = *plan++;
    for (std::int32_t g = 0; g < groups; ++g) {
        const std::int32_t function_slot = *plan++;
        const std::int32_t count = *plan++;
        bool fetched = false;               // the function, at base+3, once an upvalue needs a look
        for (std::int32_t k = 0; k < count; ++k, plan += 2, ++upvalue_at) {
            if (images && images->upvalues[upvalue_at].unchanged()) continue;
            if (!fetched) {
                lua_rawgeti(L, R, function_slot);   // base+3: the function
                fetched = true;
            }
            const int up = plan[0];
            lua_getupvalue(L, base + 3, up);   // its value now
            lua_rawgeti(L, R, plan[1]);         // its value at load
            // Put back, the value is R's own (kept alive); confirmed equal, it may be another
            // long string of the same text, which R does not keep (lua_layout.h).
            bool put_back_value = false;
            if (!lua_rawequal(L, -1, -2)) {
                lua_setupvalue(L, base + 3, up);   // pops the load-time value into the upvalue
                ++restored;
                put_back_value = true;
                lua_pop(L, 1);
            } else {
                lua_pop(L, 2);
            }
            if (images) images->upvalues[upvalue_at].take(lua_upvalueid(L, base + 3, up), put_back_value);
        }
        if (fetched) lua_pop(L, 1);
    }
    const std::int32_t tables = *plan++;
    for (std::int32_t k = 0; k < tables; ++k, plan += 4, ++table_at) {
        if (images && images->tables[table_at].unchanged()) continue;
        const std::int32_t table_slot = plan[0], meta_slot = plan[1], count = plan[2], first = plan[3];
        lua_rawgeti(L, R, table_slot);     // base+3: the table
        bool same;
        if (lua_getmetatable(L, base + 3)) {
            same = meta_slot != 0 && (lua_rawgeti(L, R, meta_slot), lua_rawequal(L, -1, -2));
            lua_settop(L, base + 3);
        } else {
            same = meta_slot == 0;
        }
        bool put_back_entries = false;   // as for an upvalue above: only then are its values R's own
        if (!same || !same_in_order(L, base + 3, R, first, count)) {
            put_back(L, base + 3, R, first, count);
            if (meta_slot != 0) lua_rawgeti(L, R, meta_slot);
            else lua_pushnil(L);
            lua_setmetatable(L, base + 3);
            ++restored;
            put_back_entries = true;
        }
        if (images) images->tables[table_at].take(lua_topointer(L, base + 3), put_back_entries);
        lua_settop(L, base + 2);
    }
    lua_settop(L, base);
    return restored;
}

}  // namespace duelbox
