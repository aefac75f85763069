// Objects from other engines' files, for `info` and `merge --from`: EverQuest archives (.s3d)
// and worlds (.wld), 3D GameStudio models (.mdl) and maps (.wmp). Files are recognised by
// their content, never by their extension. A listing names every model the way `merge
// --movable/--static` accepts it; loadForeignModel converts one to the common float form
// (model/imported.h) that the WAD builder turns into records.
#pragma once
#include <cstdint>
#include <filesystem>
#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "model/imported.h"

namespace wadsmith::foreign {

enum class SourceFormat { EqArchive, EqWorld, GsModel, GsMap, Bmp, Pcx, Unknown };
SourceFormat detectSourceFormat(std::span<const std::uint8_t> bytes);
// "eq-s3d", "eq-wld", "3dgs-mdl", "3dgs-wmp", "bmp", "pcx", "unknown"
const char* sourceFormatName(SourceFormat format);
// True for the formats a model can come from (archives, worlds, models, maps).
bool isModelSource(std::span<const std::uint8_t> bytes);

enum class ObjectKind { Movable, Static };

struct ArchiveFile {  // one file of an .s3d
  std::string name;
  std::uint32_t size = 0, compressedSize = 0, blocks = 0, offset = 0, crc = 0;
};

struct WorldSummary {  // one .wld (the file itself, or one inside an archive)
  std::string name;
  std::uint32_t version = 0;
  std::size_t fragments = 0;
  std::map<std::uint32_t, std::size_t> fragmentTypes;  // type -> count
  std::size_t models = 0;
};

struct ModelEntry {
  std::string name;       // what merge --movable / --static accept (as does its index in the list)
  std::string container;  // the .wld inside an archive; empty otherwise
  std::size_t meshes = 0, animations = 0, frames = 0, vertices = 0, faces = 0;
  std::vector<std::string> notes;  // what converting it (without textures) reported
};

struct SourceListing {
  SourceFormat format = SourceFormat::Unknown;
  std::string file;
  std::vector<std::pair<std::string, std::string>> properties;  // version, counts, sizes
  std::vector<ArchiveFile> archive;
  std::vector<WorldSummary> worlds;
  std::vector<ModelEntry> movables, statics;
  std::vector<std::string> notes;
};

struct LoadOptions {
  float scale = 0;   // TR units per source unit; 0: the format's default (EverQuest 128, 3D GameStudio 10)
  bool floor = true;  // stand the model on y = 0
  // Degrees the model turns about the vertical after conversion, counter-clockwise seen from
  // above (the engines' pan): for models authored facing another way than their engine's
  // forward axis (+x for both engines, TR's +z after conversion).
  float turn = 0;
  // Archives (.s3d) or directories searched for bitmaps before the defaults: the archive the
  // model is in; for a loose .wld, <name>.s3d and <zone>.s3d beside it (gfaydark_obj.wld ->
  // gfaydark_obj.s3d, gfaydark.s3d) and the directory itself; for a .wmp, its directory.
  std::vector<std::filesystem::path> textures;
  std::filesystem::path palette;  // 8-bit MDL skins; empty: palette.pcx beside the model, if any
  int frame = 0;                  // MDL static: the frame it is taken from
  float framesPerSecond = 10;     // MDL frames carry no time
  bool overlay = false;           // MDL: palette index 0 / colour 0 transparent (A4 overlay mode)
};

// Throws ParseError (bad bytes, located), foreign::ConvertError (parts that do not fit, or a
// name the file lacks) or std::runtime_error (unreadable file, not a model source).
SourceListing listForeignSource(const std::filesystem::path& path);

// `name`: as listed (case-insensitive; EverQuest actors also without "_ACTORDEF", WMP objects
// also "object 1"), or the model's index in the listing of that kind.
imported::Model loadForeignModel(const std::filesystem::path& path, ObjectKind kind, const std::string& name,
                                 const LoadOptions& options = {});

}  // namespace wadsmith::foreign
