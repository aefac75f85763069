#include "editor/usecases/sources.h"

#include <fstream>
#include <stdexcept>

#include "editor/interop/import_file.h"
#include "io/file_io.h"
#include "io/foreign_readers.h"
#include "io/gs_mdl_reader.h"
#include "io/gs_wmp_reader.h"
#include "io/parse_error.h"
#include "io/utf8_path.h"
#include "model/ascii_case.h"
#include "model/import/import.h"

namespace wadsmith::usecases {

// The entries, each defined beside the Source it opens.
bool looksLikeWad(std::span<const std::uint8_t> head);  // source_documents.cpp
bool looksLikeLevel(std::span<const std::uint8_t> head);
std::unique_ptr<Source> openDocumentSource(const std::filesystem::path& path);
bool looksLikeWad2(std::span<const std::uint8_t> head);  // source_wad2.cpp
std::unique_ptr<Source> openWad2Source(const std::filesystem::path& path);
// source_foreign.cpp: another engine's file read by `read`.
std::unique_ptr<Source> foreignSource(const std::filesystem::path& path, foreign::ReadForeign read);
template <foreign::ReadForeign (*read)(const std::filesystem::path&)>
std::unique_ptr<Source> openForeign(const std::filesystem::path& path) {
  return foreignSource(path, read(path));
}
std::unique_ptr<Source> openGltf(const std::filesystem::path& path);  // source_scene.cpp
std::unique_ptr<Source> openAssimpScene(const std::filesystem::path& path);

namespace {

std::vector<std::uint8_t> head(const std::filesystem::path& path) {
  // A file that is not a regular file or does not open is left to its entry's reader (or the
  // error below), which says why in its own words.
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return {};
  std::ifstream in(path, std::ios::binary);
  std::vector<std::uint8_t> bytes(4096);
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  bytes.resize(static_cast<std::size_t>(std::max<std::streamsize>(in.gcount(), 0)));
  return bytes;
}

}  // namespace

const std::vector<SourceFormat>& sourceFormats() {
  // Order matters where signatures overlap: an EverQuest archive opens with a small number, as
  // TR1-3 levels do (looksLikeLevel refuses "PFS " after it too).
  static const std::vector<SourceFormat> formats = {
      {"wad", "a TR4 WAD", looksLikeWad, {".wad"}, openDocumentSource},
      {"wad2", "a Tomb Editor wad2", looksLikeWad2, {".wad2"}, openWad2Source},
      {"eq-s3d", "an EverQuest archive", foreign::looksLikePfs, {".s3d"}, openForeign<foreign::readEqArchive>},
      {"eq-wld", "an EverQuest world", foreign::looksLikeWld, {".wld"}, openForeign<foreign::readEqWorld>},
      {"3dgs-mdl", "a 3D GameStudio model", gs::looksLikeMdl, {".mdl"}, openForeign<foreign::readGsModel>},
      {"3dgs-wmp", "a 3D GameStudio map", gs::looksLikeWmp, {".wmp"}, openForeign<foreign::readGsMap>},
      {"level", "a Tomb Raider level (TR1-5)", looksLikeLevel, {".phd", ".tr2", ".tr4", ".trc"}, openDocumentSource},
      {"gltf", "a glTF or GLB", interop::looksLikeGltf, {".gltf", ".glb"}, openGltf},
      {"obj-fbx-dae", "an OBJ, FBX or DAE", nullptr, {".obj", ".fbx", ".dae"}, openAssimpScene},
  };
  return formats;
}

const SourceFormat* recogniseSource(const std::filesystem::path& path) {
  const auto bytes = head(path);
  if (!bytes.empty())
    for (const auto& f : sourceFormats())
      if (f.recognises && f.recognises(bytes)) return &f;
  const std::string ext = asciiLower(utf8Name(path.extension()));
  for (const auto& f : sourceFormats())
    for (const char* e : f.extensions)
      if (ext == e) return &f;
  return nullptr;
}

std::unique_ptr<Source> openSource(const std::filesystem::path& path) {
  if (const auto* f = recogniseSource(path)) return f->open(path);
  readFileBytes(path);  // a file that does not open says why
  std::string kinds;
  for (const auto& f : sourceFormats()) kinds += (kinds.empty() ? "" : ", ") + std::string(f.what);
  throw ParseError(utf8Name(path), "header", 0, "not a file objects come from: neither " + kinds);
}

std::vector<std::uint32_t> assignSlots(const std::vector<Pick>& picks, const WadDocument& destination) {
  std::vector<std::uint32_t> slots, movables, statics;
  for (const auto& p : picks) {
    const bool movable = p.kind == ObjectKind::Movable;
    auto& promised = movable ? movables : statics;
    auto slot = p.slot ? p.slot : import::firstFreeSlot(destination, movable, promised);
    if (!slot)
      throw std::runtime_error(movable ? "every ANIMATING slot of the destination is taken: choose a slot with --as"
                                       : "static slots 0-49 of the destination are all taken: choose a slot with --as");
    promised.push_back(*slot);
    slots.push_back(*slot);
  }
  return slots;
}

}  // namespace wadsmith::usecases
