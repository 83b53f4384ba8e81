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
    b.history = {b.text};
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
    std::error_code made;
    fs::create_directories(full.parent_path(), made);   // a file whose folder went with it
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
    b->gone = false;
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
    if (b->gone) return;   // nothing on disk to go back to: the text stays
    b->text = b->disk;
    b->conflict = false;
    record(path);
}

void ScriptFiles::record(const std::string& path) {
    ScriptBuffer* b = find(path);
    if (!b || (!b->history.empty() && b->history[b->at] == b->text)) return;
    if (!b->history.empty()) b->history.resize(b->at + 1);   // an edit after undos drops the redo states
    b->history.push_back(b->text);
    constexpr std::size_t kKeep = 200;   // states per buffer
    if (b->history.size() > kKeep) b->history.erase(b->history.begin(), b->history.end() - kKeep);
    b->at = b->history.size() - 1;
}

bool ScriptFiles::undo(const std::string& path) {
    ScriptBuffer* b = find(path);
    if (!b) return false;
    record(path);   // an edit not yet recorded is a state to come back to
    if (!b->can_undo()) return false;
    b->text = b->history[--b->at];
    return true;
}

bool ScriptFiles::redo(const std::string& path) {
    ScriptBuffer* b = find(path);
    if (!b || !b->can_redo()) return false;
    b->text = b->history[++b->at];
    return true;
}

std::vector<std::string> ScriptFiles::gone() const {
    std::vector<std::string> out;
    for (const auto& [path, b] : buffers_)
        if (b.gone) out.push_back(path);
    return out;
}

void ScriptFiles::refresh() {
    for (auto& [path, b] : buffers_) {
        const fs::path full = full_path(path);
        std::error_code ec;
        if (!fs::exists(full, ec)) {   // deleted or renamed: keep the text, say so
            b.gone = true;
            continue;
        }
        const auto mtime = fs::last_write_time(full, ec);
        if (ec || (mtime == b.mtime && !b.gone)) continue;
        std::string disk;
        if (!read_all(full, disk)) continue;
        b.mtime = mtime;
        if (b.gone) {   // it came back: what is on disk now is what the text is compared with
            b.gone = false;
            b.disk = disk;
            if (b.text != disk) b.conflict = true;
            continue;
        }
        if (disk == b.disk) continue;
        if (b.dirty()) {
            b.conflict = true;   // keep the person's text; they decide
            b.disk = disk;
        } else {
            b.disk = b.text = disk;
            record(path);
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
