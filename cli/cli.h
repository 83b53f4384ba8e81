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

}  // namespace duelbox::cli
