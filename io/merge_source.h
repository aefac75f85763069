// Opening the source of a merge: a WAD (with its .WAS) as it is, or a TR4 level whose models
// and static meshes are extracted into a WAD document first (model/merge/level_source.h).
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "model/document.h"

namespace wadsmith {

// `notes` receives what the extraction could not keep exactly (levels only).
WadDocument mergeSourceOf(const Document& doc, std::vector<std::string>* notes = nullptr);
WadDocument loadMergeSource(const std::filesystem::path& path, std::vector<std::string>* notes = nullptr);

}  // namespace wadsmith
