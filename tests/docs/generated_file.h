// generated_file.h - the check that a generated file in the repository (docs/lua-api.md, the
// stubs, the games' API pages) is what its sources render now; DUELBOX_UPDATE_DOCS=1 rewrites
// it instead.
#pragma once
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "../support/read_text.h"

namespace duelbox::docs {

// "" when equal; else where the committed file first differs from the rendered text.
inline std::string first_difference(const std::string& committed, const std::string& rendered) {
    std::istringstream a(committed), b(rendered);
    std::string la, lb;
    for (int line = 1;; ++line) {
        const bool ha = static_cast<bool>(std::getline(a, la)), hb = static_cast<bool>(std::getline(b, lb));
        if (!ha && !hb) return committed == rendered ? "" : "line endings differ";
        if (ha != hb || la != lb)
            return "line " + std::to_string(line) + ":\n  file:      " + (ha ? la : "(end of file)") +
                   "\n  generated: " + (hb ? lb : "(end of file)");
    }
}

inline void check_generated(const std::string& relative, const std::string& rendered) {
    const std::filesystem::path path = std::filesystem::path(DUELBOX_SOURCE_ROOT) / relative;
    const char* update = std::getenv("DUELBOX_UPDATE_DOCS");
    if (update && std::string(update) == "1") {
        std::filesystem::create_directories(path.parent_path());
        std::ofstream(path, std::ios::binary) << rendered;
        WARN("rewrote " << relative);
        return;
    }
    const std::string diff = first_difference(duelbox::test::read_text(path), rendered);
    if (!diff.empty())
        FAIL(relative << " is out of date with the sources, first at " << diff
                      << "\nRegenerate it: DUELBOX_UPDATE_DOCS=1 duelbox_tests \"[docs]\"");
}

}  // namespace duelbox::docs
