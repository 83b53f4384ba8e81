// process_memory.h - how a process that plays many matches keeps the memory it frees.
//
// glibc gives large freed blocks back to the operating system (blocks over its mmap threshold,
// and the top of a heap past its trim threshold). A batch of matches then asks for the same
// memory again, and every page of it is faulted in and zeroed anew: a 20,000-event match paid
// 13% more CPU per event than a short one for that alone (issue #11; docs/performance.md).
// Keeping freed memory in the process lets the next match (or the editor's next rerun) reuse
// it. Call once, early in main, in a process that plays match after match.
#pragma once

namespace duelbox {

// Gives every glibc heap a 16 MB top pad (no effect with another C library). Returns false when the C
// library refused (or is not glibc): nothing else changes.
bool keep_freed_memory();

}  // namespace duelbox
