// rules_reference.h - a game's rules reference (docs/rules/<game>.md under the game's root),
// read so a rule context ("§3.2 DRAW2 Empty deck: shuffle the discards") can show its rule's text.
//
// The file's format (docs/rules/*.md; tests/docs/rules_reference_test.cpp checks that every
// section and code the scripts cite is there):
//   ## §3 The turn                     a section: `#`s, the § id, its title
//   ### §3.2 Draw phase                ... nested the same way
//   - **DRAW2** With an empty deck ... a rule: a bullet starting with its bold code
// A section's text is its first paragraph; a rule's text is its bullet (continuation lines
// included).
//
// Contracts
//  - Reading never throws: a missing or odd file gives an empty reference (lookups find
//    nothing; the caller shows the id alone, as before).
//  - lookup(context) takes the rule's code when the context names one the file defines, else
//    the first § id it names that the file has ("§3.3 PLAY1 A card (§6.5)" -> PLAY1's text).
#pragma once
#include <map>
#include <string>
#include <vector>

namespace duelbox {

struct RuleText {
    std::string id;       // "DRAW2" or "§3.2"
    std::string title;    // a section's title ("Draw phase"); "" for a rule
    std::string text;     // the rule's or section's words, one paragraph
};

class RulesReference {
public:
    static RulesReference parse(const std::string& markdown);
    static RulesReference load(const std::string& root, const std::string& game);   // root/docs/rules/<game>.md

    const RuleText* section(const std::string& id) const;   // "§3.2"
    const RuleText* rule(const std::string& code) const;    // "DRAW2"
    const RuleText* lookup(const std::string& context) const;
    bool empty() const { return sections_.empty() && rules_.empty(); }
    const std::map<std::string, RuleText>& sections() const { return sections_; }
    const std::map<std::string, RuleText>& rules() const { return rules_; }

private:
    std::map<std::string, RuleText> sections_, rules_;
};

// The § ids ("§3.2") and rule codes ("DRAW2", "Q-04") a rule context names, in order.
std::vector<std::string> cited_sections(const std::string& context);
std::vector<std::string> cited_codes(const std::string& context);

}  // namespace duelbox
