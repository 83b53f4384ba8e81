// #19.2 a human seat worth playing, driven through a real pseudo-terminal as a person would
// type: the table in view with each question, ? help, s, look N, why, u (undo), q (quit),
// and --step's back and quit. The timeouts only stop a hung process; nothing here is timed.
#include <catch2/catch.hpp>

#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <vector>

namespace {

// One `duelbox` process on a pseudo-terminal: what it prints is read back; lines are typed.
class Terminal {
public:
    explicit Terminal(std::vector<std::string> args) {
        pid_ = forkpty(&fd_, nullptr, nullptr, nullptr);
        if (pid_ == 0) {
            std::vector<char*> argv;
            static std::string cli = DUELBOX_CLI_PATH;
            argv.push_back(cli.data());
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            execv(cli.c_str(), argv.data());
            _exit(127);
        }
    }
    ~Terminal() {
        if (pid_ > 0) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
        if (fd_ >= 0) close(fd_);
    }
    bool started() const { return pid_ > 0; }

    // Reads until `marker` appears in what was printed since the last call; returns that text
    // (everything read when the process ends or 60 s pass without the marker).
    std::string until(const std::string& marker) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        for (;;) {
            const auto at = pending_.find(marker);
            if (at != std::string::npos) {
                std::string out = pending_.substr(0, at + marker.size());
                pending_.erase(0, at + marker.size());
                return out;
            }
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) break;
            pollfd p{fd_, POLLIN, 0};
            if (poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
            char buf[4096];
            const ssize_t n = read(fd_, buf, sizeof buf);
            if (n <= 0) break;   // the process ended
            pending_.append(buf, static_cast<std::size_t>(n));
        }
        std::string out;
        out.swap(pending_);
        return out;
    }
    void type(const std::string& line) {
        const std::string s = line + "\n";
        REQUIRE(write(fd_, s.data(), s.size()) == static_cast<ssize_t>(s.size()));
    }
    int status() {   // waits for the process; its exit status
        int st = 0;
        waitpid(pid_, &st, 0);
        pid_ = -1;
        return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    }

private:
    pid_t pid_ = -1;
    int fd_ = -1;
    std::string pending_;
};

const std::string kGame = std::string(DUELBOX_SOURCE_ROOT) + "/examples/battlecon/play_against_first.json";

}  // namespace

TEST_CASE("#19.2 a person at the terminal sees the table, asks for help, looks at a card and asks why", "[robustness][cli][human]") {
    Terminal t({"run", std::string(DUELBOX_TEST_SUPPORT) + "/scenarios/human_battlecon.json"});
    REQUIRE(t.started());
    // The first question comes with the table as Ada sees it: the line, both players' counters,
    // her own hand by name, never Brook's.
    std::string seen = t.until("> ");
    INFO(seen);
    CHECK(seen.find("board: 1 . | 2 . | 3 Ada's Kestrel | 4 . | 5 Brook's Bastion") != std::string::npos);
    CHECK(seen.find("Ada: health 20, force 6") != std::string::npos);
    CHECK(seen.find("your hand: Maneuver, Swift, Grasp, Charge, Ram, Dodge, Talon") != std::string::npos);
    CHECK(seen.find("Ada, set your style face down") != std::string::npos);
    t.type("?");
    seen = t.until("> ");
    CHECK(seen.find("why WORDS  why a choice is not among the options") != std::string::npos);
    CHECK(seen.find("Ada, set your style face down") != std::string::npos);   // the question again
    t.type("s");
    seen = t.until("> ");
    CHECK(seen.find("Brook's hand (") != std::string::npos);
    CHECK(seen.find(" hidden") != std::string::npos);                        // counted, not named
    t.type("look 2");
    seen = t.until("> ");
    CHECK(seen.find("Swift (style): ") != std::string::npos);
    t.type("look 9");
    seen = t.until("> ");
    CHECK(seen.find("look N: N is an option number from 1 to 2") != std::string::npos);
    t.type("swift");
    seen = t.until("> ");
    CHECK(seen.find("'swift' is not a number") != std::string::npos);
    t.type("\x01\x1b[31m");   // typed control bytes come back written out, not sent to the terminal
    seen = t.until("> ");
    CHECK(seen.find("'\\x01\\x1b[31m' is not a number") != std::string::npos);
    t.type("2");   // Swift
    t.until("Ada, set your base face down");
    t.until("> ");
    t.type("1");   // Grasp
    seen = t.until("> ");
    CHECK(seen.find("your pair: Swift, Grasp") != std::string::npos);
    CHECK(seen.find("5) Taunt Bastion: gain 1 force, Bastion +1 power") != std::string::npos);
    t.type("5");   // Bastion's one-time [For opponent] advantage; Brook then passes
    seen = t.until("> ");
    CHECK(seen.find("Ada chooses to taunt Bastion: gain 1 force") != std::string::npos);
    CHECK(seen.find(") Taunt Bastion") == std::string::npos);   // one-time: no longer offered
    t.type("why taunt");
    seen = t.until("> ");
    CHECK(seen.find("Taunt Bastion: gain 1 force, Bastion +1 power: used this beat already: a one-time advantage (ADV5)") !=
          std::string::npos);
    t.type("why boost");
    seen = t.until("> ");
    CHECK(seen.find("'Boost (+1 power, 2 force)' is offered: option 2") != std::string::npos);
    t.type("why teleport");
    seen = t.until("> ");
    CHECK(seen.find("'teleport' is not among the options, and the rules gave no reason here") != std::string::npos);
    t.type("2");   // Boost
    seen = t.until("> ");
    t.type("why boost");
    seen = t.until("> ");
    CHECK(seen.find("Boost (+1 power, 2 force): you used Boost this beat already: each support token once per beat") !=
          std::string::npos);
    t.type("q");
    seen = t.until("not finished)");
    CHECK(seen.find("Result: Ada left the match (the match was not finished)") != std::string::npos);
    CHECK(t.status() == 0);
}

TEST_CASE("#19.2 u takes back the last answer while nothing hidden or random happened since", "[robustness][cli][human]") {
    Terminal t({"run", std::string(DUELBOX_TEST_SUPPORT) + "/scenarios/human_battlecon.json"});
    REQUIRE(t.started());
    t.until("> ");
    t.type("u");
    std::string seen = t.until("> ");
    CHECK(seen.find("nothing to take back: you have not answered yet") != std::string::npos);
    t.type("2");   // Swift
    t.until("Ada, set your base face down");
    t.until("> ");
    t.type("u");   // nothing was revealed and nothing random happened: Swift comes back
    seen = t.until("> ");
    INFO(seen);
    CHECK(seen.find("-- Ada takes back the last answer; asked again:") != std::string::npos);
    CHECK(seen.find("Ada, set your style face down") != std::string::npos);
    t.type("1");   // Maneuver this time
    t.until("Ada, set your base face down");
    t.until("> ");
    t.type("1");   // Grasp: both pairs go face down, the advantage phase starts
    seen = t.until("> ");
    CHECK(seen.find("your pair: Maneuver, Grasp") != std::string::npos);
    t.type("1");   // pass: Brook passed first, so the phase ends and the pairs are revealed
    seen = t.until("> ");
    CHECK(seen.find("both pairs are revealed") != std::string::npos);
    t.type("u");   // Brook's pair was revealed since the last answer: too late
    seen = t.until("> ");
    CHECK(seen.find("cannot take it back: ") != std::string::npos);
    CHECK(seen.find(" was revealed to you since") != std::string::npos);
    t.type("q");
    t.until("not finished)");
    CHECK(t.status() == 0);
}

TEST_CASE("#19.2 u cannot take an attack back once the defender answered, even with no defense card", "[robustness][cli][human]") {
    // Unmatched reveals both cards at once; "no defense card" reveals no card, so the take-back
    // used to be allowed, and Anna could choose her attack again knowing Karl would not defend.
    Terminal t({"run", std::string(DUELBOX_TEST_SUPPORT) + "/scenarios/human_unmatched_no_defense.json"});
    REQUIRE(t.started());
    for (const char* answer : {"2", "1", "1", "1"}) {   // Attack, with Alice, on King Arthur, Flamingo Croquet
        t.until("> ");
        t.type(answer);
    }
    std::string seen = t.until("action 2 of 2");
    CHECK(seen.find("Karl played no defense card") != std::string::npos);
    t.until("> ");
    t.type("u");
    seen = t.until("> ");
    INFO(seen);
    CHECK(seen.find("cannot take it back: Karl has answered since") != std::string::npos);
    t.type("q");
    t.until("not finished)");
    CHECK(t.status() == 0);
}

TEST_CASE("#19.2 --step goes back and quits", "[robustness][cli][human]") {
    Terminal t({"run", std::string(DUELBOX_SOURCE_ROOT) + "/examples/battlecon/first_match.json", "--step"});
    REQUIRE(t.started());
    std::string seen = t.until("(Enter: next, b: back, q: quit) ");
    CHECK(seen.find("[2] BattleCON duel: setup") != std::string::npos);
    t.type("");
    seen = t.until("(Enter: next, b: back, q: quit) ");
    CHECK(seen.find("[47] Brook takes the active player card") != std::string::npos);
    t.type("b");
    seen = t.until("(Enter: next, b: back, q: quit) ");
    CHECK(seen.find("back: [2] BattleCON duel: setup") != std::string::npos);
    t.type("b");
    seen = t.until("(Enter: next, b: back, q: quit) ");
    CHECK(seen.find("(this is the first event)") != std::string::npos);
    t.type("");
    seen = t.until("(Enter: next, b: back, q: quit) ");
    CHECK(seen.find("again: [47] Brook takes the active player card") != std::string::npos);
    t.type("");
    seen = t.until("(Enter: next, b: back, q: quit) ");
    CHECK(seen.find("[48] Ada's Kestrel is placed on 3") != std::string::npos);
    t.type("q");
    seen = t.until("Stopped by the viewer after");
    CHECK(seen.find("[51]") == std::string::npos);   // nothing more was shown
    CHECK(t.until(" events").find(" events") != std::string::npos);
    CHECK(t.status() == 0);
}

TEST_CASE("#19.2 Unmatched: the table shows each fighter's health, and why names the rule for a missing attack", "[robustness][cli][human]") {
    Terminal t({"run", std::string(DUELBOX_SOURCE_ROOT) + "/examples/unmatched/play_against_first.json"});
    REQUIRE(t.started());
    t.until("> ");
    t.type("1");   // Jabberwock's space
    t.until("> ");
    t.type("1");   // Alice's size
    std::string seen = t.until("> ");
    INFO(seen);
    CHECK(seen.find("Alice (Anna, health 13) on c1") != std::string::npos);
    CHECK(seen.find("Anna, action 1 of 2") != std::string::npos);
    t.type("why attack");
    seen = t.until("> ");
    CHECK(seen.find("Attack: no enemy is in reach: a melee fighter strikes only adjacent enemies") != std::string::npos);
    t.type("2");   // Scheme
    seen = t.until("> ");
    CHECK(seen.find("Anna, play which scheme card?") != std::string::npos);
    t.type("look 1");   // the card with its printed text (the definition's `text`)
    seen = t.until("> ");
    CHECK(seen.find("Mad Tea Party (card): boost 1, type scheme, user any") != std::string::npos);
    CHECK(seen.find("draw 1 card, then each of your fighters may move up to 1 space") != std::string::npos);
    t.type("q");
    t.until("not finished)");
    CHECK(t.status() == 0);
}
