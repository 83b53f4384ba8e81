// lua_api_text.h - small text helpers shared by the reference's parser (lua_api_doc.cpp)
// and its renderers (lua_api_render.cpp).
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace duelbox::docs::text {

std::vector<std::string> split_lines(const std::string& text);
bool starts_with(const std::string& s, const std::string& prefix);
std::string trim(const std::string& s);
std::string comment_text(const std::string& line, const std::string& marker);
int line_of(const std::string& text, std::size_t pos);
std::string join(const std::vector<std::string>& v, const std::string& sep);
std::vector<std::string> header_paragraphs(const std::vector<std::string>& lines, const std::string& marker);
std::string strip_summary_prefix(std::string s, const std::string& after);

}  // namespace duelbox::docs::text
