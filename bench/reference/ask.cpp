// ask.cpp - decide(): every question goes to the asked seat's random agent. Labels are
// only read when tracing (callers may pass nullptr otherwise).
#include "duel.h"

namespace ref {

namespace {
void note(Duel& d, int p, const char* id, const std::string& answer) {
    d.trace->lines.push_back(std::to_string(p) + " " + id + " " + answer);
}
}  // namespace

int ask_choose(Duel& d, int p, const char* id, int n, const std::string* labels) {
    const int pick = d.agent[static_cast<std::size_t>(p)].choose(n);
    if (d.trace) note(d, p, id, labels ? labels[pick] : "option " + std::to_string(pick + 1));
    return pick;
}

bool ask_yes(Duel& d, int p, const char* id) {
    const bool yes = d.agent[static_cast<std::size_t>(p)].yes();
    if (d.trace) note(d, p, id, yes ? "yes" : "no");
    return yes;
}

void ask_order(Duel& d, int p, const char* id, int n, int* perm, const std::string* labels) {
    d.agent[static_cast<std::size_t>(p)].order(n, perm);
    if (d.trace) {
        std::string text;
        for (int i = 0; i < n; ++i) text += (i ? " > " : "") + (labels ? labels[perm[i]] : std::to_string(perm[i] + 1));
        note(d, p, id, text);
    }
}

}  // namespace ref
