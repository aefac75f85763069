// What a merge takes objects from: a WAD as it is, or the objects of another kind of file (a
// TR4 level today; other games and engines convert the same way) as a WAD document, with notes
// on what the conversion could not keep. The CLI's merge and the editor's merge panel both load
// their source here, so a source is named and converted the same way in both.
#pragma once
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "model/document.h"
#include "model/object_ref.h"
#include "model/wad_document.h"

namespace wadsmith {

struct MergeSource {
  WadDocument wad;
  // The path new .WAS lines give for objects the source has no name line for.
  std::string label;
  // The notes that concern some objects only (the ones a merge took).
  std::function<std::vector<std::string>(const std::vector<ObjectRef>&)> notesFor;
  // The file as read (a WAD with its companions, or the level): the editor's crash journal
  // keeps a copy so that a merge can be replayed from the same bytes.
  std::shared_ptr<const Document> document;
};

// Throws ParseError or std::runtime_error with the file's name.
MergeSource loadMergeSource(const std::filesystem::path& path);
// The same for a document already read; `label` as loadMergeSource gives it (the path).
MergeSource mergeSourceOf(Document doc, std::string label);

}  // namespace wadsmith
