// memory_account.h - one memory budget for a match: what Lua holds and what the kernel holds
// for the scripts (#16.7).
//
// The host's allocator counts Lua's live bytes; a script can also make the kernel hold memory
// (events and their text, props, entities, zones, counters, effects), which it copies into C++
// out of Lua's sight. The Match charges those bytes here as it stores them, so one cap covers
// both: Lua's allocations are refused once lua + kernel passes the limit, and the kernel refuses
// a charge that passes it (Match::charge throws a KernelError the binding reports with the
// script's file:line). Kernel bytes are an estimate (the sizes stored, plus a fixed overhead per
// record) and are only ever added: a match's kernel data lives until the match ends.
#pragma once
#include <cstddef>

namespace duelbox {

struct MemoryAccount {
    std::size_t lua = 0;        // live bytes of the Lua state (the allocator keeps it)
    std::size_t kernel = 0;     // bytes the running match's kernel holds for scripts
    std::size_t limit = 0;      // 0 = no cap
    bool enforcing = false;     // only while Lua runs under protection (script_call.h)

    bool over(std::size_t more = 0) const { return limit > 0 && lua + kernel + more > limit; }
};

}  // namespace duelbox
