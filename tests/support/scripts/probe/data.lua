-- A module with a nested table, for the test that required modules are read-only at every
-- depth (hole #16.6). TEST FIXTURE.
return { list = { "first", "second" } }
