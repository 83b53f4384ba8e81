-- Tries to load a precompiled (binary) chunk. TEST FIXTURE.
return {
  name = "Bytecode",
  go = function(ctx)
    local f = assert(load("\27LuaT\0\25\147\13\10\26\10\4\8\8xV\0\0\0\0\0\0\0\0\0\0\0(w@\1"))
    f()
  end,
}
