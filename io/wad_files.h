// A WAD on disk with its companions (.WAS names, .SWD sprites, .SAM sound list).
#pragma once
#include <filesystem>
#include <memory>
#include <vector>

#include "model/bytes.h"
#include "model/wad_document.h"

namespace wadsmith {

// Reads the WAD and any companion files beside it (same stem, any extension case).
WadDocument loadWad(const std::filesystem::path& path);
// The same with the WAD's bytes already read.
WadDocument loadWad(const std::filesystem::path& path, const SharedBytes& bytes);
// Writes the WAD atomically; writes the .WAS when the document has names, and copies the other
// companions when saving under a new name. Companion names follow the WAD's extension case.
void saveWad(const WadDocument& doc, const std::filesystem::path& path);
// The path of a companion file beside `wad` with the given extension, in any case, if it exists.
std::filesystem::path findCompanion(const std::filesystem::path& wad, const std::string& extension);

}  // namespace wadsmith
