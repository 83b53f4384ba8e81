// json_text.h - the JSON text of a value whose strings a script may have made.
//
// A Lua string is any bytes; nlohmann::json's dump() throws on bytes that are not UTF-8, so one
// `error("\255")` or event field ended `duelbox run --json`, `bench --results` and `lab` with an
// internal error. Every writer of JSON output goes through here: such bytes become U+FFFD.
#pragma once
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace duelbox {

// v.dump(indent), with bytes that are not UTF-8 replaced by U+FFFD instead of an exception.
inline std::string json_text(const nlohmann::json& v, int indent = -1) {
    return v.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}
// The same for an ordered_json, which keeps its key order (converted to json, they would sort).
inline std::string json_text(const nlohmann::ordered_json& v, int indent = -1) {
    return v.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}
// A text as a JSON string literal, quotes included, the same way.
inline std::string json_quoted(std::string_view text) { return json_text(nlohmann::json(text)); }

}  // namespace duelbox
