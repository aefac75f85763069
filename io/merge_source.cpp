#include "io/merge_source.h"

#include <memory>

#include "io/document_io.h"
#include "io/tr4_codec.h"
#include "model/merge/level_extract.h"

namespace wadsmith {

MergeSource loadMergeSource(const std::filesystem::path& path) { return mergeSourceOf(loadDocument(path), path.string()); }

MergeSource mergeSourceOf(Document doc, std::string label) {
  MergeSource out;
  out.label = std::move(label);
  out.document = std::make_shared<const Document>(std::move(doc));
  if (const auto* w = std::get_if<WadDocument>(out.document.get())) {
    out.wad = *w;
    out.notesFor = [](const std::vector<ObjectRef>&) { return std::vector<std::string>{}; };
    return out;
  }
  const auto& level = std::get<LevelDocument>(*out.document);
  // The objects' textures are cut from the level's 32-bit tiles.
  auto extracted = std::make_shared<merge::Extracted>(
      merge::extractLevelObjects(level, chunkPayload(level.tiles32)));
  out.wad = extracted->wad;
  out.notesFor = [extracted](const std::vector<ObjectRef>& objects) { return extracted->notesFor(objects); };
  return out;
}

}  // namespace wadsmith
