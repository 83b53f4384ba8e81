// file_text.h - reading a whole input file (a scenario, replay, map, mod or script) safely, and
// naming files and keys in messages.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include "kernel/printable.h"   // printable_name: a file's path fit to print in a message

namespace duelbox {

// The largest input file read: far above any scenario, replay (a 20,000-event match is a few
// MB), map, mod or script, and far below what would exhaust the memory.
constexpr std::size_t kMaxInputFileBytes = std::size_t{256} << 20;

// Reads the regular file `path` (a symbolic link is followed) into `out`. Returns "" or why it
// could not: "cannot read (it is a folder)", "(not a regular file: ...)" for a device, a pipe
// or a socket (a FIFO would block for ever, /dev/zero fill the memory), "(larger than ...)"
// past `max_bytes`, or the system's reason.
std::string read_input_file(const std::string& path, std::string& out, std::size_t max_bytes = kMaxInputFileBytes);


}  // namespace duelbox
