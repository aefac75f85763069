// What a source file offers to bring into a document, one listing type for every kind of file
// (editor/usecases/sources.h): its movables and statics, each by its slot where the file has
// slots (a WAD, a level, a WadSmith export) or by its name (another engine's models, a 3D
// file's objects), with counts and what converting it noted; and, for `info`, what the file
// itself holds (properties, an archive's files, EverQuest worlds).
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/game.h"
#include "model/object_ref.h"

namespace wadsmith {

struct ListedObject {
  std::optional<std::uint32_t> slot;  // in the source (a WAD's, a level's, an export's)
  std::string name;                   // the catalog's or .WAS name, or the model's as picks take it
  std::string container;              // the world inside an archive it comes from; empty otherwise
  std::size_t meshes = 0, animations = 0, frames = 0, vertices = 0, faces = 0;
  std::vector<std::string> notes;     // what converting it (without pictures) reported
};

struct ArchiveFile {  // one file of an EverQuest .s3d
  std::string name;
  std::uint32_t size = 0, compressedSize = 0, blocks = 0, offset = 0, crc = 0;
};

struct WorldSummary {  // one EverQuest .wld (the file itself, or one inside an archive)
  std::string name;
  std::uint32_t version = 0;
  std::size_t fragments = 0;
  std::map<std::uint32_t, std::size_t> fragmentTypes;  // type -> count
  std::size_t models = 0;
};

struct SourceListing {
  std::string format;  // the source kind's name ("wad", "level", "eq-s3d", "gltf"...)
  std::string file;
  std::optional<Game> game;  // a level's (its slot numbers and names are that game's)
  std::vector<std::pair<std::string, std::string>> properties;  // version, counts, sizes
  std::vector<ArchiveFile> archive;
  std::vector<WorldSummary> worlds;
  std::vector<ListedObject> movables, statics;
  std::vector<std::string> notes;
  const std::vector<ListedObject>& of(ObjectKind kind) const { return kind == ObjectKind::Movable ? movables : statics; }
};

}  // namespace wadsmith
