// script_files.h - the text editor's open files: edit, save, and never lose unsaved work.
//
// Contracts
//  - save() writes the whole text (to a temporary file, then renamed over the original, so a
//    crash mid-save leaves the old file whole).
//  - A file changed on disk while its buffer has unsaved edits is NOT reloaded: the buffer keeps
//    the person's text and is marked conflicted; they choose (save over it, or revert).
//    A buffer without edits follows the disk silently.
//  - unsaved() lists every dirty buffer: the window refuses to close while it is not empty
//    until the person saves or discards each one.
//  - A file deleted or renamed on disk keeps its buffer, marked gone (the list shows it with
//    a marker); saving writes it back. A file that comes back is read again.
//  - Undo/redo per buffer: record() notes the text after an edit (the text box calls it when
//    an edit ends); undo() and redo() walk those states. A save or a revert is a state too.
#pragma once
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace duelbox::editor {

struct ScriptBuffer {
    std::string path;                          // relative to the root
    std::string text;                          // what the editor shows and edits
    std::string disk;                          // the file's content when last read or written
    std::filesystem::file_time_type mtime{};
    bool conflict = false;                     // the disk changed under unsaved edits
    bool gone = false;                         // deleted or renamed on disk; the buffer stays
    std::vector<std::string> history;          // texts to undo to (oldest first), then redo ones
    std::size_t at = 0;                        // history[at] is the text shown now
    bool dirty() const { return text != disk || gone; }
    bool can_undo() const { return at > 0; }
    bool can_redo() const { return at + 1 < history.size(); }
};

class ScriptFiles {
public:
    void set_root(std::string root);
    const std::string& root() const { return root_; }
    // Mod folders by name: a path "mod:<name>/cards/g/x.lua" is read from and saved to that
    // mod's folder (the host names a mod's files so, host.h).
    void set_mods(std::map<std::string, std::string> dirs) { mods_ = std::move(dirs); }
    std::string full_path(const std::string& path) const;

    ScriptBuffer* open(const std::string& path, std::string& error);   // reads once, then cached
    ScriptBuffer* find(const std::string& path);
    bool save(const std::string& path, std::string& error);
    void revert(const std::string& path);      // back to the disk's content
    void record(const std::string& path);      // the buffer's text is a new undo state (after an edit)
    bool undo(const std::string& path);        // false when there is nothing to undo
    bool redo(const std::string& path);
    std::vector<std::string> gone() const;     // open buffers whose file is gone from disk
    void refresh();                            // follow disk changes (see the contract)
    std::vector<std::string> unsaved() const;
    std::vector<std::string> open_paths() const;

private:
    std::string root_;
    std::map<std::string, std::string> mods_;   // name -> folder
    std::map<std::string, ScriptBuffer> buffers_;
};

}  // namespace duelbox::editor
