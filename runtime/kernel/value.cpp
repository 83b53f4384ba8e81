#include "value.h"

#include <nlohmann/json.hpp>
#include "json_text.h"

namespace duelbox {

std::string value_to_string(const Value& v) {
    if (std::holds_alternative<Nil>(v)) return "nil";
    if (auto b = std::get_if<bool>(&v)) return *b ? "true" : "false";
    if (auto i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
    return std::get<std::string>(v);
}

std::string value_to_json(const Value& v) {
    if (std::holds_alternative<Nil>(v)) return "null";
    if (auto b = std::get_if<bool>(&v)) return *b ? "true" : "false";
    if (auto i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
    return json_quoted(std::get<std::string>(v));
}

}  // namespace duelbox
