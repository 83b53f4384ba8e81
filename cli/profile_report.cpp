// profile_report.cpp - see profile_report.h.
#include "profile_report.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <vector>

namespace duelbox::cli {

namespace {

// "scripts/battlecon/beat.lua:120" -> the text of that line, trimmed; "" when unreadable
// (a mod's file, a text chunk). Files are read once each.
class SourceLines {
public:
    explicit SourceLines(std::string root) : root_(std::move(root)) {}
    std::string text(const std::string& where) {
        const auto colon = where.rfind(':');
        if (colon == std::string::npos) return "";
        const std::string file = where.substr(0, colon);
        const long line = std::strtol(where.c_str() + colon + 1, nullptr, 10);
        auto [it, added] = files_.try_emplace(file);
        if (added) {
            std::ifstream in(root_ + "/" + file);
            for (std::string s; std::getline(in, s);) it->second.push_back(s);
        }
        if (line < 1 || static_cast<std::size_t>(line) > it->second.size()) return "";
        std::string s = it->second[static_cast<std::size_t>(line - 1)];
        s.erase(0, s.find_first_not_of(" \t"));
        if (s.size() > 70) s = s.substr(0, 67) + "...";
        return s;
    }

private:
    std::string root_;
    std::map<std::string, std::vector<std::string>> files_;
};

std::string fixed(double v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string pad(std::string s, std::size_t width) {
    if (s.size() < width) s.insert(0, width - s.size(), ' ');
    return s;
}

}  // namespace

void print_profile(std::ostream& out, const ProfileReport& p, std::size_t units, const std::string& unit_name,
                   std::size_t top, const std::string& root) {
    const double n = static_cast<double>(std::max<std::size_t>(units, 1));
    const double total_ns = static_cast<double>(std::max<std::uint64_t>(p.nanos, 1));
    out << "script profile over " << units << " " << unit_name << "s: per " << unit_name << ", "
        << fixed(static_cast<double>(p.line_events) / n, 1) << " script lines, "
        << fixed(static_cast<double>(p.kernel_calls) / n, 1) << " C function calls (kernel and library), "
        << fixed(static_cast<double>(p.function_calls) / n, 1) << " Lua function calls; "
        << fixed(static_cast<double>(p.nanos) / 1000.0 / n, 1) << " us of script time (with the profile's hooks: "
        << "compare shares, not times)\n";
    out << "hottest lines (self time: from the line to the next one, the kernel calls it makes included):\n";
    out << "  share   runs/" << unit_name << "  line\n";
    SourceLines source(root);
    for (std::size_t i = 0; i < std::min(top, p.lines.size()); ++i) {
        const ProfileRow& r = p.lines[i];
        out << pad(fixed(100.0 * static_cast<double>(r.nanos) / total_ns, 1), 6) << "%  "
            << pad(fixed(static_cast<double>(r.count) / n, 2), 9) << "  " << r.name << "  " << source.text(r.name) << "\n";
    }
    out << "most called C functions:\n  calls/" << unit_name << "  function\n";
    for (std::size_t i = 0; i < std::min(top, p.kernel.size()); ++i)
        out << pad(fixed(static_cast<double>(p.kernel[i].count) / n, 2), 13) << "  " << p.kernel[i].name << "\n";
    out << "most called Lua functions (by the line that defines them):\n  calls/" << unit_name << "  function\n";
    for (std::size_t i = 0; i < std::min(top, p.functions.size()); ++i) {
        const ProfileRow& r = p.functions[i];
        out << pad(fixed(static_cast<double>(r.count) / n, 2), 13) << "  " << r.name << "  " << source.text(r.name) << "\n";
    }
}

}  // namespace duelbox::cli
