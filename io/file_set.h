// Saving several files as one transaction. A WAD is a set (.WAD with .WAS, .SWD, .SAM and .SFX
// beside it) and a reader must find the old set or the whole new one: never a mix, never a
// truncated file.
//
// commit() writes every file to an exclusively created temporary beside its target
// ("NAME.tmp-PID-RANDOM": O_EXCL|O_NOFOLLOW / CREATE_NEW, so a planted link is refused, never
// followed) and flushes it to the disk. Any failure up to here removes the temporaries and leaves
// the old set. Then a journal naming the temporaries is written and flushed: the commit point.
// Then each temporary replaces its target (rename / MoveFileExW), the directory is flushed and
// the journal removed. A crash after the commit point leaves the journal; the next save or load
// of the set finishes the replacements (completeInterruptedSave), and removes the temporaries and
// journals that processes which no longer run left behind. A one-file set needs no journal: a
// rename is atomic by itself.
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "io/native_file.h"
#include "model/bytes.h"

namespace wadsmith {

class FileSet {
 public:
  // Fault injection for tests. `beforeWrite` runs before each chunk of a temporary is written
  // (file = index in add order, offset in that file); an error it returns is reported as if the OS
  // had said it (native::diskFullError() for a full disk). `beforeReplace` runs after the commit
  // point before each replacement; an exception from it stands for a crash there.
  struct Hooks {
    std::function<native::OsError(std::size_t file, std::uint64_t offset, std::size_t size)> beforeWrite;
    std::function<void(std::size_t file)> beforeReplace;
  };

  // The first file added is the set's primary (the .WAD or .TR4): temporaries and journals of the
  // set are named after its stem. Every file must go to the primary's directory.
  void add(std::filesystem::path target, std::vector<std::uint8_t> bytes);
  // A file written piece after piece (a large part is written from where it lies, never copied).
  void add(std::filesystem::path target, std::vector<SharedBytes> pieces);
  void setHooks(Hooks hooks) { hooks_ = std::move(hooks); }
  // Writes the set; throws std::runtime_error naming the file and the OS's reason.
  void commit();

 private:
  struct Entry {
    std::filesystem::path target;
    std::vector<SharedBytes> pieces;
  };
  // The steps of commit(). Each names what it created in `made` first, so that a failure
  // removes it.
  void checkTargets() const;
  void writeTemporary(std::size_t i, const std::string& token, std::vector<std::filesystem::path>& made) const;
  void writeJournal(const std::vector<std::filesystem::path>& temps, const std::string& token, std::filesystem::path& made) const;
  void replaceTargets(const std::vector<std::filesystem::path>& temps, bool committed) const;

  std::vector<Entry> entries_;
  Hooks hooks_;
};

// Finishes a save of the set whose primary is `primary` that a crash interrupted after its commit
// point, and removes temporaries and unfinished journals of the set left by processes that no
// longer run. Throws when a committed journal cannot be completed (the set may be mixed then).
void completeInterruptedSave(const std::filesystem::path& primary);

// The temporaries and journals of the set beside `primary` (for tests and diagnostics).
std::vector<std::filesystem::path> setTemporaries(const std::filesystem::path& primary);

}  // namespace wadsmith
