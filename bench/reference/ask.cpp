// ask.cpp - the trace of the questions asked: one "<player> <id> <answer>" line each, in the
// wording of the engine's decision events.
#include "duel.h"

namespace ref {

void note_answer(Duel& d, int p, const char* id, const std::string& answer) {
    d.trace->lines.push_back(std::to_string(p) + " " + id + " " + answer);
}

bool ask_yes(Duel& d, int p, const char* id) {
    const bool yes = d.agent[static_cast<std::size_t>(p)].yes();
    if (d.trace) note_answer(d, p, id, yes ? "yes" : "no");
    return yes;
}

}  // namespace ref
