// cli_run.h - runs the duelbox command line from a test: its exit status and what it printed.
#pragma once
#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include "read_text.h"
#include "temp_dir.h"

namespace duelbox::test {

// Runs `duelbox <args>` (through the shell: args may quote and redirect) with standard input
// from the file `input`, and returns its exit status (-1 when a signal ended it); `text` gets
// its standard output and error together.
inline int cli(const std::string& args, std::string& text, const std::string& input = "/dev/null") {
    const TempDir dir("cli_run");
    const std::string out = dir.file("out.txt");
    const int raw = std::system((std::string(DUELBOX_CLI_PATH) + " " + args + " > " + out + " 2>&1 < " + input).c_str());
    text = read_text(out);
    return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

}  // namespace duelbox::test
