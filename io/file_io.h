// Whole-file reads and crash-safe writes.
#pragma once
#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

#include "model/bytes.h"

namespace wadsmith {

// Reads a regular file. Throws std::runtime_error naming the path and the OS's reason; a
// directory, a FIFO, a device (/dev/zero) or anything else that is not a regular file is refused
// before a byte is read.
std::vector<std::uint8_t> readFileBytes(const std::filesystem::path& path);
// How a file's bytes are held. Read: one read into one buffer (no zero-filling), for documents
// that stay open while the file may be replaced, truncated or saved over. Mapped: the file's
// pages themselves (no copy, no fresh pages), for commands that read and end (`roundtrip`,
// `info`); read as Read where mapping fails.
enum class FileHold { Read, Mapped };
// The file as bytes documents can slice.
SharedBytes readFileShared(const std::filesystem::path& path, FileHold hold = FileHold::Read);
// Writes one file through a FileSet (io/file_set.h): an exclusive temporary, flushed, then
// renamed over `path`; the original stays intact on any failure.
void writeFileAtomic(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);
// The same written piece after piece, none copied.
void writeFileAtomic(const std::filesystem::path& path, std::vector<SharedBytes> pieces);

// The folder `file` is in: its parent, or "." for a bare name.
inline std::filesystem::path folderOf(const std::filesystem::path& file) {
  return file.parent_path().empty() ? std::filesystem::path(".") : file.parent_path();
}

}  // namespace wadsmith
