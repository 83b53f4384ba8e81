// process_memory_test.cpp - keep_freed_memory(): a process playing match after match keeps
// what a match freed instead of giving it back to the system and faulting it in again.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "kernel/process_memory.h"

// Under AddressSanitizer malloc is the sanitizer's own: glibc's settings do not apply there.
#if defined(__SANITIZE_ADDRESS__)
#define DUELBOX_OWN_MALLOC 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DUELBOX_OWN_MALLOC 1
#endif
#endif

#if defined(__GLIBC__) && !defined(DUELBOX_OWN_MALLOC)
#include <malloc.h>

TEST_CASE("keep_freed_memory: 8 MB freed in small blocks stays in the process", "[kernel][memory]") {
    REQUIRE(duelbox::keep_freed_memory());   // glibc took the setting
    std::vector<void*> blocks;
    for (int i = 0; i < 8 * 1024; ++i) {     // 8 MB in 1 KB blocks: from the heap, never mmap
        void* p = std::malloc(1024);
        if (p) static_cast<char*>(p)[0] = 1;
        blocks.push_back(p);
    }
    REQUIRE(std::find(blocks.begin(), blocks.end(), nullptr) == blocks.end());
    for (void* p : blocks) std::free(p);
    // Without the setting glibc trims the heap's top down to about 128 KB of free space.
    CHECK(mallinfo2().fordblks >= 8u * 1024 * 1024);
}
#endif
