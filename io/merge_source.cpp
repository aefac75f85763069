#include "io/merge_source.h"

#include "io/document_io.h"
#include "io/tr4_codec.h"

namespace wadsmith {

std::vector<std::string> MergeSource::notesFor(const std::vector<ObjectKey>& objects) const {
  return level ? extractionNotes(*level, objects) : std::vector<std::string>{};
}

MergeSource mergeSourceOf(const Document& doc) {
  if (const auto* w = std::get_if<WadDocument>(&doc)) return {*w, std::nullopt};
  const auto& level = std::get<LevelDocument>(doc);
  MergeSource out;
  out.level = levelAsMergeSource(level, chunkPayload(level.tiles32, "32-bit tiles"));
  out.wad = out.level->wad;
  return out;
}

MergeSource loadMergeSource(const std::filesystem::path& path) { return mergeSourceOf(loadDocument(path)); }

}  // namespace wadsmith
