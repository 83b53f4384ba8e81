// value.h - the small dynamic value the kernel stores in properties and event fields.
//
// The kernel never needs floats for rules (every game here counts in integers), so a
// Value is nil, a boolean, a 64-bit integer or a string. Keeping it this small keeps
// events cheap to build and trivially comparable across processes.
#pragma once
#include <cstdint>
#include <string>
#include <variant>

namespace duelbox {

struct Nil {
    bool operator==(const Nil&) const = default;
};

using Value = std::variant<Nil, bool, std::int64_t, std::string>;

inline bool is_nil(const Value& v) { return std::holds_alternative<Nil>(v); }
// Lua's truth: anything but nil and false.
inline bool truthy(const Value& v) { return !is_nil(v) && !(std::holds_alternative<bool>(v) && !std::get<bool>(v)); }
std::string value_to_string(const Value& v);   // "nil", "true", "42", the string itself
std::string value_to_json(const Value& v);     // a JSON literal: null, true, 42, "text"

}  // namespace duelbox
