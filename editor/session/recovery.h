// Crash recovery: the editor journals its history since the file was opened, so that after a
// crash or kill -9 the next start offers to restore the unsaved work, byte for byte.
//
// A history step is an edit (a call of the table of operations, model/ops/operations.h: its
// name and arguments, replayed through the same table: bringing objects in from another
// engine's file or a 3D file is its "bring_in" entry, which reads the file again), a merge out
// of a WAD or a level (replayed from a copy of its source), undo, redo, a jump or a save. Every operation is a deterministic function of the document and its
// arguments, so replaying the steps on the file as it was opened gives the same documents. The
// file as opened is kept with the journal (written by the document's own writer: the same
// bytes), so a save in between or another program writing the file later does not lose the
// base.
//
// On disk, CONFIG/recovery/<hash of the file's path>-<pid>-<random>/ (one per editor process
// and file; CONFIG is io/platform.h's configDirectory()):
//   journal     a header line, then one line per step: JSON, a tab, its FNV-1a hash. Each line
//               is appended and flushed to the disk before the editor goes on, so a crash loses
//               at most the step being written (a torn last line fails its hash and is ignored).
//   base/NAME   the file as opened, with its companions (.WAS...); written as one transaction.
//   source-N/NAME  each merge source a journaled merge used, as read.
// The journal starts at the first change after an open or a save (a save clears it), and a
// clean exit removes it. Cost per step: one line and a flush; the base is written once per
// open and once after each save.
#pragma once
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/native_file.h"

namespace wadsmith::session {
class Session;
}

namespace wadsmith::session::recovery {

// The recovery folder under the user's settings folder.
std::filesystem::path defaultRoot();

class Journal {
 public:
  // Starts a journal of `s`'s history in a new folder under `root`: the file as opened, the
  // merge sources its steps used, then every step so far. Throws std::runtime_error naming
  // what could not be written.
  Journal(const std::filesystem::path& root, const Session& s);
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;

  // Appends one step, flushed to the disk (a merge's source is copied first, once).
  void append(const nlohmann::json& step);
  // Deletes the folder (the work was saved, discarded, or the editor closed cleanly).
  void remove();

 private:
  void writeLine(const nlohmann::json& j);
  void keepSource(const nlohmann::json& step);

  const Session& session_;
  std::filesystem::path dir_;
  native::File file_;
  std::set<std::size_t> sources_;  // serials copied
};

// A journal that an editor which no longer runs left behind.
struct Unsaved {
  std::filesystem::path dir;
  std::filesystem::path file;  // the document it journaled
  std::vector<nlohmann::json> steps;
  std::size_t edits = 0;       // edits and merges among the steps
  std::string lastLabel;       // the last edit's history label
  std::string started;         // when the journal was started (local time, "YYYY-MM-DD HH:MM")
  // "karnak.WAD: 5 edits not saved (last: movable 9: recompute normals), journaled from ..."
  std::string summary() const;
};

// Journals under `root` whose editor is no longer running and that hold unsaved work (a
// journal whose last step is a save holds none: it is removed). Unreadable ones are skipped.
std::vector<Unsaved> findUnsaved(const std::filesystem::path& root);

// Opens the journaled file as it was opened and replays the steps into `s`, which ends where
// the editor was when it stopped (history, position, what was saved), journaling again under
// `root`; the old journal is removed. Throws std::runtime_error naming the step that does not
// replay; `s` then holds the steps before it and the old journal stays.
void restore(Session& s, const Unsaved& unsaved, const std::filesystem::path& root);

// Removes a journal without restoring it.
void discard(const Unsaved& unsaved);

// The journal's line format, for tests: JSON, a tab, its hash.
std::string journalLine(const nlohmann::json& j);
// The lines of a journal file that verify, up to the first that does not.
std::vector<nlohmann::json> readJournal(const std::filesystem::path& file);

}  // namespace wadsmith::session::recovery
