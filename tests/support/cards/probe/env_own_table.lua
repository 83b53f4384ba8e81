-- A review (2026-11-30): a file whose environment is a table it made (`local _ENV = {...}`)
-- kept a count in it from one match to the next (1 on a fresh host, 3 on a reused one): the
-- host put back only tables reached behind a sandbox environment. TEST FIXTURE.
local print, rawget = print, rawget
local _ENV = { plays = 0 }
return {
  name = "Env own table",
  go = function(ctx)
    plays = plays + 1
    print(rawget(_ENV, "plays"))
  end,
}
