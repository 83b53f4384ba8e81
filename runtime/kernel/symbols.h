// symbols.h - interned strings: each distinct text is stored once per process and named by
// a small integer.
//
// Why: an event names its type, its narration template, its rule and its field keys. Kept as
// std::string in every event they cost an allocation and a copy each, for texts that repeat
// thousands of times; as symbols an event is a flat record of integers (event.h).
//
// Contracts
//  - intern(s) returns the same Sym for the same text within a process, from any thread;
//    symbol(id) returns that text, valid for the life of the process.
//  - Symbols differ between processes (they follow interning order), so nothing that leaves
//    a process may carry one: logs, JSON and hashes carry the texts. Nothing may order by Sym.
//  - 0 is the empty text.
//  - Bounded: past kMaxSymbols distinct texts (or kMaxBytes of them) intern throws
//    KernelError; texts that vary without end (a number pasted into a narration) belong in
//    fields, not in the template.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace duelbox {

using Sym = std::uint32_t;

constexpr std::size_t kMaxSymbols = std::size_t{1} << 22;        // 4M texts (a Sym fits 29 bits)
constexpr std::size_t kMaxSymbolBytes = std::size_t{256} << 20;  // 256 MB of text

Sym intern(std::string_view text);       // throws KernelError past the bounds
// The same, saying whether this call added the text: what a script adds lasts as long as the
// process, so the match that asked pays for it (Match::intern_charged).
Sym intern(std::string_view text, bool& created);
// The text's Sym when it was ever interned, else 0; adds nothing. For reads ("is flag k set?"):
// a loop reading made-up keys must not grow the process's table.
Sym find_symbol(std::string_view text);
// What a text costs the process besides its bytes: its slot, its index entry and a share of
// the per-thread caches (an estimate, like the kernel's other charges).
constexpr std::size_t kSymbolBytes = 96;
std::string_view symbol(Sym id);         // "" for 0 or an unknown id
std::size_t symbol_count();              // how many texts are interned (for tests and reports)
std::size_t symbol_bytes();              // the bytes of all of them (what a match added: Match::count_new_texts)

}  // namespace duelbox
