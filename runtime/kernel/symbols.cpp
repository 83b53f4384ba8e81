// symbols.cpp - the process's interned strings; see symbols.h for the contracts.
//
// Texts live in fixed chunks that never move, so symbol() reads without a lock: a Sym is only
// ever handed out after its text is in place. intern() looks in a per-thread cache first (no
// lock), then in the shared index under a mutex.
#include "symbols.h"

#include <array>
#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "match.h"   // KernelError

namespace duelbox {

namespace {

constexpr std::size_t kChunk = 4096;
constexpr std::size_t kChunks = kMaxSymbols / kChunk;

struct Table {
    std::mutex mu;
    std::unordered_map<std::string_view, Sym> index;    // views into the chunks
    std::array<std::atomic<std::string*>, kChunks> chunks{};
    std::atomic<std::size_t> count{0};
    std::atomic<std::size_t> bytes{0};                 // written under mu; read by symbol_bytes()

    Table() { add(""); }                                // Sym 0

    Sym add(std::string_view text) {                    // under mu (or in the constructor)
        const std::size_t id = count.load(std::memory_order_relaxed);
        if (id >= kMaxSymbols || bytes.load(std::memory_order_relaxed) + text.size() > kMaxSymbolBytes)
            throw KernelError("too many distinct texts in event logs (" + std::to_string(id) + " texts, " +
                              std::to_string(bytes.load(std::memory_order_relaxed) >> 20) +
                              " MB): this process keeps every text it was given, so no match on it can log a new "
                              "one until it restarts (a mod made texts up, match after match); put what varies "
                              "into a field, not into the type, template or key");
        std::string* chunk = chunks[id / kChunk].load(std::memory_order_relaxed);
        if (!chunk) {
            chunk = new std::string[kChunk];             // lives as long as the process
            chunks[id / kChunk].store(chunk, std::memory_order_release);
        }
        std::string& slot = chunk[id % kChunk];
        slot.assign(text);
        bytes.fetch_add(text.size(), std::memory_order_release);
        index.emplace(std::string_view(slot), static_cast<Sym>(id));
        count.store(id + 1, std::memory_order_release);
        return static_cast<Sym>(id);
    }
};

Table& table() {
    static Table* t = new Table();                      // never destroyed: symbols outlive statics
    return *t;
}

}  // namespace

namespace {

// The front cache: most texts reach intern() from the same address every time (a string
// literal in the kernel, a short string Lua keeps interned), so a direct-mapped slot keyed by
// that address answers without hashing the text. An address can be reused for other text
// (a freed Lua string), so a hit is confirmed by comparing the text with the symbol's.
struct Slot {
    const char* data = nullptr;
    std::size_t size = 0;
    Sym id = 0;
    const char* text = nullptr;   // the symbol's own copy (stable for the process): no look-up to confirm
};
constexpr std::size_t kSlots = 1024;

std::size_t slot_of(const char* data) {
    const auto a = reinterpret_cast<std::uintptr_t>(data);
    return ((a >> 3) ^ (a >> 13)) & (kSlots - 1);
}

}  // namespace

namespace {

// find_symbol's misses: a rule reads a flag that is set only now and then ("stunned") many times
// a turn, and each read of a text never interned would otherwise take the shared index's lock.
// A miss is remembered with the table's size at that moment: no text was added while the size
// is the same, so the text is still absent. Direct-mapped by address like the front cache, and
// only short texts (the copy that confirms a hit is kept in the slot): bounded, whatever a
// script makes up.
struct Miss {
    const char* data = nullptr;
    std::size_t size = 0;
    std::size_t count_at = 0;
    std::array<char, 48> text{};
};
constexpr std::size_t kMisses = 256;

// intern and find_symbol: the front slot, this thread's cache, then the shared index (under its
// mutex). `created` null: only look (a text never interned answers 0 and is not cached).
Sym look_up(std::string_view text, bool* created) {
    if (text.empty()) return 0;
    thread_local std::array<Slot, kSlots> front;
    Slot& slot = front[slot_of(text.data())];
    if (slot.data == text.data() && slot.size == text.size() && std::memcmp(slot.text, text.data(), text.size()) == 0)
        return slot.id;
    thread_local std::array<Miss, kMisses> misses;
    Miss* miss = nullptr;   // find_symbol's slot for this address
    if (!created) {
        miss = &misses[slot_of(text.data()) % kMisses];
        if (miss->data == text.data() && miss->size == text.size() &&
            miss->count_at == table().count.load(std::memory_order_acquire) &&
            std::memcmp(miss->text.data(), text.data(), text.size()) == 0)
            return 0;
    }
    thread_local std::unordered_map<std::string_view, Sym> cache;   // views into the chunks
    if (auto it = cache.find(text); it != cache.end()) {
        slot = {text.data(), text.size(), it->second, it->first.data()};
        return it->second;
    }
    Table& t = table();
    Sym id;
    {
        std::lock_guard<std::mutex> lock(t.mu);
        auto it = t.index.find(text);
        if (it != t.index.end()) {
            id = it->second;
        } else {
            if (!created) {
                if (text.size() <= miss->text.size()) {
                    miss->data = text.data();
                    miss->size = text.size();
                    miss->count_at = t.count.load(std::memory_order_relaxed);   // adds happen under this lock
                    std::memcpy(miss->text.data(), text.data(), text.size());
                }
                return 0;
            }
            id = t.add(text);
            *created = true;
        }
    }
    const std::string_view stored = symbol(id);
    cache.emplace(stored, id);
    slot = {text.data(), text.size(), id, stored.data()};
    return id;
}

}  // namespace

Sym intern(std::string_view text) {
    bool created = false;
    return look_up(text, &created);
}

Sym intern(std::string_view text, bool& created) {
    created = false;
    return look_up(text, &created);
}

Sym find_symbol(std::string_view text) { return look_up(text, nullptr); }

std::string_view symbol(Sym id) {
    Table& t = table();
    if (id >= t.count.load(std::memory_order_acquire)) return {};
    const std::string* chunk = t.chunks[id / kChunk].load(std::memory_order_acquire);
    return chunk[id % kChunk];
}

std::size_t symbol_count() { return table().count.load(std::memory_order_acquire); }
std::size_t symbol_bytes() { return table().bytes.load(std::memory_order_acquire); }

}  // namespace duelbox
