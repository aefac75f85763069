// Opening the source of a merge: a WAD (with its .WAS) as it is, or a TR4 level whose models
// and static meshes are extracted into a WAD document first (model/merge/level_source.h).
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "model/document.h"
#include "model/merge/level_source.h"

namespace wadsmith {

struct MergeSource {
  WadDocument wad;                       // what mergeObjects reads
  std::optional<LevelExtraction> level;  // set when the source is a level
  // What the extraction could not keep for these objects (empty for a WAD).
  std::vector<std::string> notesFor(const std::vector<ObjectKey>& objects) const;
};

MergeSource mergeSourceOf(const Document& doc);
MergeSource loadMergeSource(const std::filesystem::path& path);

}  // namespace wadsmith
