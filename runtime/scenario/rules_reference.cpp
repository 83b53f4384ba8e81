// rules_reference.cpp - see rules_reference.h.
#include "rules_reference.h"

#include <fstream>
#include <regex>
#include <sstream>

namespace duelbox {

namespace {

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

const std::regex& section_id() {
    static const std::regex re(R"(§[0-9]+(\.[0-9]+)*)");
    return re;
}

// A rule code: capitals (a dash allowed) then digits: S1, TURN3, W14, Q-04.
const std::regex& code_re() {
    static const std::regex re(R"(\b[A-Z]{1,5}-?[0-9]{1,3}\b)");
    return re;
}

}  // namespace

std::vector<std::string> cited_sections(const std::string& context) {
    std::vector<std::string> out;
    for (std::sregex_iterator it(context.begin(), context.end(), section_id()), end; it != end; ++it) out.push_back(it->str());
    return out;
}

std::vector<std::string> cited_codes(const std::string& context) {
    std::vector<std::string> out;
    for (std::sregex_iterator it(context.begin(), context.end(), code_re()), end; it != end; ++it) out.push_back(it->str());
    return out;
}

RulesReference RulesReference::parse(const std::string& markdown) {
    RulesReference ref;
    static const std::regex heading(R"(^#{1,6} (§[0-9]+(?:\.[0-9]+)*)\s*(.*)$)");
    static const std::regex bullet(R"(^- \*\*([A-Z]{1,5}-?[0-9]{1,3})\*\*\s*(.*)$)");
    std::istringstream in(markdown);
    RuleText* open = nullptr;   // what the following plain lines continue
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::smatch m;
        if (std::regex_match(line, m, heading)) {
            RuleText& t = ref.sections_[m[1]];
            t = {m[1], trim(m[2]), ""};
            open = &t;
            continue;
        }
        if (std::regex_match(line, m, bullet)) {
            RuleText& t = ref.rules_[m[1]];
            t = {m[1], "", trim(m[2])};
            open = &t;
            continue;
        }
        if (!open) continue;
        const std::string body = trim(line);
        const bool plain = !body.empty() && body[0] != '#' && body[0] != '|' && body.rfind("- ", 0) != 0 &&
                           body.rfind("* ", 0) != 0 && body.rfind("```", 0) != 0;
        if (plain) {
            open->text += (open->text.empty() ? "" : " ") + body;
            continue;
        }
        // A rule ends at anything but its own continuation lines; a section at the end of its
        // first paragraph (a list or table before any paragraph leaves it without text).
        if (open->title.empty() || !open->text.empty()) open = nullptr;
    }
    return ref;
}

RulesReference RulesReference::load(const std::string& root, const std::string& game) {
    std::ifstream in(root + "/docs/rules/" + game + ".md", std::ios::binary);
    if (!in) return {};
    std::ostringstream ss;
    ss << in.rdbuf();
    return parse(ss.str());
}

const RuleText* RulesReference::section(const std::string& id) const {
    const auto it = sections_.find(id);
    return it == sections_.end() ? nullptr : &it->second;
}

const RuleText* RulesReference::rule(const std::string& code) const {
    const auto it = rules_.find(code);
    return it == rules_.end() ? nullptr : &it->second;
}

const RuleText* RulesReference::lookup(const std::string& context) const {
    for (const std::string& c : cited_codes(context))
        if (const RuleText* r = rule(c)) return r;
    const auto ids = cited_sections(context);
    for (auto it = ids.begin(); it != ids.end(); ++it)   // the first named is the rule's own section
        if (const RuleText* s = section(*it)) return s;
    return nullptr;
}

}  // namespace duelbox
