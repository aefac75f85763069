// Whole-file reads and crash-safe writes (temporary file, then rename over the target).
#pragma once
#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

#include "model/bytes.h"

namespace wadsmith {

// Throws std::runtime_error naming the path when the file cannot be read.
std::vector<std::uint8_t> readFileBytes(const std::filesystem::path& path);
// The same into a buffer documents can slice (no zero-filling, no copy after the read).
SharedBytes readFileShared(const std::filesystem::path& path);
// Writes to "<path>.tmp-<pid>", flushes, then renames over `path`; the original stays intact
// on any failure.
void writeFileAtomic(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);

}  // namespace wadsmith
