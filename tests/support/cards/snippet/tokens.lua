-- Tokens: one file defining a list of cards, each with its own key. TEST FIXTURE.
return {
  { key = "snippet/token/red", name = "Red token", kind = "token" },
  { key = "snippet/token/blue", name = "Blue token", kind = "token" },
}
