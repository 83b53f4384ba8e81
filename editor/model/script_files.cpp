// script_files.cpp - buffers, saving, disk changes.
#include "script_files.h"

#include <fstream>
#include <sstream>

namespace duelbox::editor {

namespace fs = std::filesystem;

namespace {

bool read_all(const fs::path& p, std::string& out) {
    std::ifstream in(p, std::ios::binary);
    if (!in) return false;
    std::ostringstream s;
    s << in.rdbuf();
    out = s.str();
    return true;
}

}  // namespace

void ScriptFiles::set_root(std::string root) {
    if (root != root_) buffers_.clear();
    root_ = std::move(root);
}

std::string ScriptFiles::full_path(const std::string& path) const {
    if (path.rfind("mod:", 0) == 0) {
        const auto slash = path.find('/');
        const auto it = slash == std::string::npos ? mods_.end() : mods_.find(path.substr(4, slash - 4));
        if (it != mods_.end()) return (fs::path(it->second) / path.substr(slash + 1)).string();
    }
    return (fs::path(root_) / path).string();
}

ScriptBuffer* ScriptFiles::find(const std::string& path) {
    auto it = buffers_.find(path);
    return it == buffers_.end() ? nullptr : &it->second;
}

ScriptBuffer* ScriptFiles::open(const std::string& path, std::string& error) {
    if (ScriptBuffer* b = find(path)) return b;
    ScriptBuffer b;
    b.path = path;
    const fs::path full = full_path(path);
    if (!read_all(full, b.disk)) {
        error = path + ": cannot read";
        return nullptr;
    }
    std::error_code ec;
    b.mtime = fs::last_write_time(full, ec);
    b.text = b.disk;
    return &(buffers_[path] = std::move(b));
}

bool ScriptFiles::save(const std::string& path, std::string& error) {
    ScriptBuffer* b = find(path);
    if (!b) {
        error = path + ": not open";
        return false;
    }
    const fs::path full = full_path(path);
    const fs::path tmp = full.string() + ".saving";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << b->text;
        if (!out.flush()) {
            error = path + ": cannot write";
            return false;
        }
    }
    std::error_code ec;
    fs::rename(tmp, full, ec);
    if (ec) {
        error = path + ": cannot replace (" + ec.message() + ")";
        return false;
    }
    b->disk = b->text;
    b->mtime = fs::last_write_time(full, ec);
    b->conflict = false;
    return true;
}

void ScriptFiles::revert(const std::string& path) {
    ScriptBuffer* b = find(path);
    if (!b) return;
    const fs::path full = full_path(path);
    std::string disk;
    if (read_all(full, disk)) b->disk = disk;
    std::error_code ec;
    b->mtime = fs::last_write_time(full, ec);
    b->text = b->disk;
    b->conflict = false;
}

void ScriptFiles::refresh() {
    for (auto& [path, b] : buffers_) {
        const fs::path full = full_path(path);
        std::error_code ec;
        const auto mtime = fs::last_write_time(full, ec);
        if (ec || mtime == b.mtime) continue;
        std::string disk;
        if (!read_all(full, disk)) continue;
        b.mtime = mtime;
        if (disk == b.disk) continue;
        if (b.dirty()) {
            b.conflict = true;   // keep the person's text; they decide
            b.disk = disk;
        } else {
            b.disk = b.text = disk;
        }
    }
}

std::vector<std::string> ScriptFiles::unsaved() const {
    std::vector<std::string> out;
    for (const auto& [path, b] : buffers_)
        if (b.dirty()) out.push_back(path);
    return out;
}

std::vector<std::string> ScriptFiles::open_paths() const {
    std::vector<std::string> out;
    for (const auto& [path, b] : buffers_) out.push_back(path);
    return out;
}

}  // namespace duelbox::editor
