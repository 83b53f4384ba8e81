// small_blocks.cpp - see small_blocks.h.
#include "small_blocks.h"

#include <cstdlib>

namespace duelbox {

SmallBlocks::~SmallBlocks() {
    for (char* c : chunks_) std::free(c);
}

void* SmallBlocks::carve(std::size_t cls) {
    const std::size_t size = (cls + 1) * kGrain;
    if (cursor_ == nullptr || static_cast<std::size_t>(end_ - cursor_) < size) {
        // The old chunk's tail (< 256 bytes) is left unused: cheaper than tracking it.
        char* chunk = static_cast<char*>(std::aligned_alloc(kGrain, kChunkBytes));
        if (!chunk) return nullptr;
        chunks_.push_back(chunk);
        cursor_ = chunk;
        end_ = chunk + kChunkBytes;
    }
    void* p = cursor_;
    cursor_ += size;
    return p;
}

void* SmallBlocks::get(std::size_t n) {
    const std::size_t cls = class_of(n);
    if (Free* f = free_[cls]) {
        free_[cls] = f->next;
        return f;
    }
    return carve(cls);
}

void SmallBlocks::put(void* p, std::size_t n) {
    const std::size_t cls = class_of(n);
    auto* f = static_cast<Free*>(p);
    f->next = free_[cls];
    free_[cls] = f;
}

}  // namespace duelbox
