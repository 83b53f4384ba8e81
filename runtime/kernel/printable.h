// printable.h - text from scripts and files as a terminal may show it: control bytes escaped.
//
// Why: a file's name, a card's name, a narration template, a question's label or a match's
// reason can come from a mod. Printed as they are, a newline would start a forged "[12] ..." or
// "Result: ..." line and an escape sequence would move the cursor or clear a line on a person's
// terminal. Every such text is shown with its control bytes written out instead, and so is
// every byte that is not part of a well-formed UTF-8 character or is part of a C1 control
// (U+0080 to U+009F, which some terminals obey): printed text is always valid UTF-8.
#pragma once
#include <string>
#include <string_view>

namespace duelbox {

// `text` with each control byte (and each byte of broken UTF-8 or of a C1 control) written as
// \xNN, so it cannot drive the terminal and a NUL cannot cut a message. `keep_lines`: a
// message of several lines keeps its line breaks (and tabs).
std::string printable_name(std::string_view text, bool keep_lines = false);

// A Lua traceback ("stack traceback:" then one "\t<place>: in <what>" line a level) as a terminal
// shows it: a line break is kept only where a tab starts the next line; any other, and every
// other control byte, is written out, so a function or field name with a newline in it cannot
// start a line of its own ("Result: ..." under the traceback).
std::string printable_traceback(std::string_view text);

// One line as a terminal shows it (a narration line): `text` unchanged when it has no control
// byte but tabs (Lua's print separates values with tabs), else with them written as \xNN.
std::string printable_line(std::string&& text);

}  // namespace duelbox
