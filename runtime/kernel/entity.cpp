#include "entity.h"

#include <algorithm>
#include <cstring>

namespace duelbox {

namespace {
const Value kNilValue{};

template <class Vec>
auto lower(Vec& props, std::string_view key) {
    return std::lower_bound(props.begin(), props.end(), key,
                            [](const auto& kv, std::string_view k) { return kv.first < k; });
}
}  // namespace

const Value& Entity::prop(std::string_view key) const {
    // An entity has a handful of props: a scan that turns most keys away on their length costs
    // less than a binary search, which compares the texts of every key it visits. An entity a
    // script gave many props is searched by halves, so a read stays cheap whatever it holds.
    constexpr std::size_t kScanUpTo = 16;
    if (props.size() > kScanUpTo) {
        auto it = lower(props, key);
        return (it != props.end() && it->first == key) ? it->second : kNilValue;
    }
    for (const auto& kv : props)
        if (kv.first.size() == key.size() && std::memcmp(kv.first.data(), key.data(), key.size()) == 0) return kv.second;
    return kNilValue;
}

std::size_t Entity::set_prop(std::string_view key, Value v) {
    auto it = lower(props, key);
    const bool found = it != props.end() && it->first == key;
    const auto after = static_cast<std::size_t>(props.end() - it);
    if (is_nil(v)) {
        if (!found) return 0;
        props.erase(it);
        return after - 1;
    }
    if (found) {
        it->second = std::move(v);
        return 0;
    }
    props.insert(it, {std::string(key), std::move(v)});
    return after;
}

bool Entity::has_tag(std::string_view tag) const {
    return std::binary_search(tags.begin(), tags.end(), tag);
}

std::size_t Entity::add_tag(std::string_view tag) {
    auto it = std::lower_bound(tags.begin(), tags.end(), tag);
    if (it != tags.end() && *it == tag) return 0;
    const auto after = static_cast<std::size_t>(tags.end() - it);
    tags.insert(it, std::string(tag));
    return after;
}

std::size_t Entity::remove_tag(std::string_view tag) {
    auto it = std::lower_bound(tags.begin(), tags.end(), tag);
    if (it == tags.end() || *it != tag) return 0;
    const auto after = static_cast<std::size_t>(tags.end() - it) - 1;
    tags.erase(it);
    return after;
}

const char* visibility_name(Visibility v) {
    switch (v) {
        case Visibility::Public: return "public";
        case Visibility::Owner: return "owner";
        case Visibility::Hidden: return "hidden";
    }
    return "?";
}

bool parse_visibility(std::string_view s, Visibility& out) {
    if (s == "public") out = Visibility::Public;
    else if (s == "owner") out = Visibility::Owner;
    else if (s == "hidden") out = Visibility::Hidden;
    else return false;
    return true;
}

}  // namespace duelbox
