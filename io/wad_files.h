// A WAD on disk with its companions (.WAS names, .SFX + .SAM sounds, .SWD sprites).
#pragma once
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "model/bytes.h"
#include "model/wad_document.h"

namespace wadsmith {

// Reads the WAD and any companion files beside it (same stem, any extension case). A .SFX or
// .SWD that does not parse leaves the document's sounds or sprites unavailable and is kept as
// bytes with its error (CompanionFile::problem), so saving loses nothing.
WadDocument loadWad(const std::filesystem::path& path);
// The same with the WAD's bytes already read.
WadDocument loadWad(const std::filesystem::path& path, const SharedBytes& bytes);
// Writes the WAD and its companions (.WAS, .SFX, .SAM, .SWD: those the document has) as one
// transaction. Companions take the output's base name; an existing one is found in any case,
// a new one follows the WAD's extension case.
void saveWad(const WadDocument& doc, const std::filesystem::path& path);
// The companion files the document writes: (upper-case extension, bytes), in save order.
std::vector<std::pair<std::string, std::vector<std::uint8_t>>> companionFiles(const WadDocument& doc);
// The path of a companion file beside `wad` with the given extension, in any case, if it exists.
std::filesystem::path findCompanion(const std::filesystem::path& wad, const std::string& extension);

}  // namespace wadsmith
