// The document use cases besides bringing objects in (bring_in.h): exporting objects as glTF
// and saving a document with its companion files. The command line (export, save) and the
// editor (File > Export, Save) call these.
#pragma once
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "editor/progress.h"
#include "editor/interop/gltf_export.h"
#include "model/document.h"
#include "model/merge/level_extract.h"
#include "model/names.h"

namespace wadsmith::usecases {

// A document's objects as a WAD: a WAD's as they are, a level's cut out as a merge takes them
// (its tiles made WAD pages), with what that lost.
struct DocumentObjects {
  WadDocument wad;
  std::shared_ptr<const merge::Extracted> extracted;  // a level's
};
DocumentObjects documentObjects(const Document& doc);
// A level's movables and statics named from the catalog of its game.
ObjectNames catalogNames(const ObjectTables& t, Game game);

struct Exported {
  interop::ExportReport report;
  std::size_t bytes = 0;
  std::vector<std::string> notes;  // what a level's objects lost as WAD records
};
// `objects` empty: every object. `label` names the document in the objects' .WAS lines where it
// has none (a level's). Throws merge::MergeError for an object the document lacks.
Exported exportObjects(const Document& doc, std::vector<ObjectRef> objects, const std::filesystem::path& out, const std::string& label,
                       const Progress& progress = {});

// Writes the document as the file's extension asks. A .wad2 (any case): Tomb Editor's wad2 with
// its sound catalog beside it (X.xml); a wad2 opened and unchanged is written as read, any other
// WAD (or a level's objects, as documentObjects cuts them) is converted, TR4 target
// (model/wad2/from_classic.h). Otherwise a WAD with its .WAS, .SFX, .SAM and .SWD as one
// transaction (a wad2 opened: the WAD its objects convert to), a level as it is (its texture
// chunks as stored, a damaged one too). Returns what the conversion changed or could not carry.
std::vector<std::string> saveWithCompanions(const Document& doc, const std::filesystem::path& path);

}  // namespace wadsmith::usecases
