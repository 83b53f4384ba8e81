// order_draft.cpp - reordering a draft answer.
#include "order_draft.h"

#include <algorithm>

namespace duelbox::editor {

bool move_entry(std::vector<std::int64_t>& order, std::size_t from, std::size_t to) {
    if (from >= order.size() || to >= order.size() || from == to) return false;
    const auto at = [&](std::size_t i) { return order.begin() + static_cast<std::ptrdiff_t>(i); };
    if (from < to) std::rotate(at(from), at(from) + 1, at(to) + 1);   // the ones between move up
    else std::rotate(at(to), at(from), at(from) + 1);                 // the ones between move down
    return true;
}

}  // namespace duelbox::editor
