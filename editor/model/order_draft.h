// order_draft.h - the answer to an "order" decision being built by a person: moving one entry
// to another place (drag and drop in the decision panel) or one step (its arrow buttons).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace duelbox::editor {

// Moves order[from] so that it ends at index `to`, the others keeping their relative order
// (dropping the 1st entry on the 3rd: a b c d -> b c a d). False, and nothing changes, when
// either index is outside the list or they are equal.
bool move_entry(std::vector<std::int64_t>& order, std::size_t from, std::size_t to);

}  // namespace duelbox::editor
