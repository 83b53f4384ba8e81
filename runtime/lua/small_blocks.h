// small_blocks.h - a free-list allocator for the Lua state's small blocks.
//
// Why: rules make many short-lived tables, closures and strings (an option list, a ctx), and
// most of Lua's blocks are under 256 bytes. glibc's malloc/free cost 100-200 instructions a
// pair and were about a tenth of a rules step in the bench; a free list per size class costs a few.
// One SmallBlocks serves one lua_State (one thread), so it takes no lock.
//
// Contracts
//  - get(n) for 0 < n <= kMaxSmall returns a block of at least n bytes, 16-byte aligned, or
//    nullptr when the system is out of memory; put(p, n) takes it back with the same n (Lua's
//    allocator is always told a block's size, so the class is known from the size alone).
//  - Freed blocks stay in the lists for reuse until the SmallBlocks is destroyed: the
//    memory cap counts live bytes (what the script holds), not what the lists keep.
//  - Under AddressSanitizer nothing is pooled (small() is false, see below).
#pragma once
#include <cstddef>
#include <vector>

// Under AddressSanitizer no block is pooled (small() is false): Lua's blocks are plain
// malloc/realloc, so ASan sees every overflow and use-after-free.
#if defined(__SANITIZE_ADDRESS__)
#define DUELBOX_SMALL_BLOCKS_OFF 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DUELBOX_SMALL_BLOCKS_OFF 1
#endif
#endif

namespace duelbox {

class SmallBlocks {
public:
    static constexpr std::size_t kMaxSmall = 256;

    SmallBlocks() = default;
    SmallBlocks(const SmallBlocks&) = delete;
    SmallBlocks& operator=(const SmallBlocks&) = delete;
    ~SmallBlocks();

#ifdef DUELBOX_SMALL_BLOCKS_OFF
    static bool small(std::size_t) { return false; }
#else
    static bool small(std::size_t n) { return n > 0 && n <= kMaxSmall; }
#endif
    void* get(std::size_t n);
    void put(void* p, std::size_t n);
    std::size_t reserved_bytes() const { return chunks_.size() * kChunkBytes; }

private:
    static constexpr std::size_t kGrain = 16;
    static constexpr std::size_t kClasses = kMaxSmall / kGrain;
    static constexpr std::size_t kChunkBytes = 64 * 1024;
    struct Free { Free* next; };

    static std::size_t class_of(std::size_t n) { return (n - 1) / kGrain; }
    void* carve(std::size_t cls);

    Free* free_[kClasses] = {};
    std::vector<char*> chunks_;
    char* cursor_ = nullptr;       // the unused tail of the newest chunk
    char* end_ = nullptr;
};

}  // namespace duelbox
