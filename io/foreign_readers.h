// Another engine's files read into records (model/foreign/foreign_file.h): EverQuest archives
// (.s3d) and worlds (.wld), 3D GameStudio models (.mdl) and maps (.wmp). Each is recognised by
// its first bytes (the source registry, editor/usecases/sources.h, asks these). Throws
// ParseError (bad bytes, located) or std::runtime_error (an unreadable file).
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>

#include "io/pfs_archive.h"
#include "model/foreign/foreign_file.h"

namespace wadsmith::foreign {

bool looksLikePfs(std::span<const std::uint8_t> bytes);  // an EverQuest archive: "PFS " after its first word
bool looksLikeWld(std::span<const std::uint8_t> bytes);

// The records, and the archive they came out of (its pictures are read from it later).
struct ReadForeign {
  ForeignFile records;
  std::optional<eq::PfsArchive> archive;
};

ReadForeign readEqArchive(const std::filesystem::path& path);
ReadForeign readEqWorld(const std::filesystem::path& path);
ReadForeign readGsModel(const std::filesystem::path& path);
ReadForeign readGsMap(const std::filesystem::path& path);

}  // namespace wadsmith::foreign
