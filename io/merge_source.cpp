#include "io/merge_source.h"

#include <memory>

#include "io/document_io.h"
#include "io/level_codec.h"
#include "model/merge/level_extract.h"

namespace wadsmith {

MergeSource loadMergeSource(const std::filesystem::path& path) {
  MergeSource out;
  out.label = path.string();
  auto doc = loadDocument(path);
  if (auto* w = std::get_if<WadDocument>(&doc)) {
    out.wad = std::move(*w);
    out.notesFor = [](const std::vector<ObjectRef>&) { return std::vector<std::string>{}; };
    return out;
  }
  const auto& level = std::get<LevelDocument>(doc);
  // The objects' textures are cut from the level's 32-bit tiles.
  auto extracted = std::make_shared<merge::Extracted>(
      merge::extractLevelObjects(level, chunkPayload(level.tiles32)));
  out.wad = extracted->wad;
  out.notesFor = [extracted](const std::vector<ObjectRef>& objects) { return extracted->notesFor(objects); };
  return out;
}

}  // namespace wadsmith
