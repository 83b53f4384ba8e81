-- luacheck configuration for Duelbox rules and cards (CI runs `luacheck scripts cards`).
-- Scripts run in Duelbox's Lua 5.4 sandbox: the Duelbox modules and decide/decide_all are
-- read-only globals; nothing else is. See docs/lua-api.md and docs/performance.md.
std = "lua54"
read_globals = {
  "match", "entity", "zone", "counter", "window", "effect", "board", "log", "cards", "flag", "derived", "offers",
  "decide", "decide_all",
}
-- Card and game files return one table; a handler takes ctx (and may ignore it).
unused_args = false
max_line_length = false   -- card tables keep one effect per line
