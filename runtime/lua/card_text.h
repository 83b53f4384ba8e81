// card_text.h - a card definition's printed text, for front ends (the human seat's `look`, the
// editor's hover): the `text` field of definition `key`, read raw (raw_field.h), so no script
// code runs; "" when the definition has none.
#pragma once
#include <string>

namespace duelbox {

class LuaHost;

std::string card_definition_text(const LuaHost& host, const std::string& key);

}  // namespace duelbox
