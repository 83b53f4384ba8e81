// cli.h - the duelbox command line: one function per subcommand, shared exit statuses.
#pragma once
#include <string>
#include <vector>

namespace duelbox::cli {

// Exit statuses (documented in `duelbox --help` and README.md).
enum Exit : int {
    kOk = 0,             // the run finished or stopped as asked and every expectation held; check found nothing
    kFailed = 1,         // the match failed (script error, bad decision), an expectation did not hold, a replay diverged
    kUsage = 2,          // bad command line
    kBadInput = 3,       // a scenario, replay, map or script could not be loaded; `check` found errors
};

int run_command(const std::vector<std::string>& args);      // duelbox run
int replay_command(const std::vector<std::string>& args);   // duelbox replay
int check_command(const std::vector<std::string>& args);    // duelbox check
int bench_command(const std::vector<std::string>& args);    // duelbox bench
int lab_command(const std::vector<std::string>& args);      // duelbox lab, duelbox lab merge
int hint_command(const std::vector<std::string>& args);     // duelbox hint

extern const char* const kHelp;

// "" when the file `path` can be written, else "cannot write <path> (<why>)": asked before a
// match or a bench is played, so that a long run does not learn at its end that its output
// (--record, --results) is lost. Nothing is written; a file that did not exist is not left.
std::string output_file_error(const std::string& path);

}  // namespace duelbox::cli
