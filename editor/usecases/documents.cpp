#include "editor/usecases/documents.h"

#include "io/document_io.h"
#include "io/level_codec.h"

namespace wadsmith::usecases {

std::vector<std::string> DocumentObjects::notesFor(const std::vector<ObjectRef>& objects) const {
  return extracted ? extracted->notesFor(objects) : std::vector<std::string>{};
}

DocumentObjects documentObjects(const Document& doc) {
  if (const auto* w = std::get_if<WadDocument>(&doc)) return {*w, nullptr};
  const auto& level = std::get<LevelDocument>(doc);
  auto extracted = std::make_shared<const merge::Extracted>(merge::extractLevelObjects(level, levelTiles32(level)));
  return {extracted->wad, extracted};
}

Exported exportObjects(const Document& doc, std::vector<ObjectRef> objects, const std::filesystem::path& out, const std::string& label) {
  const auto source = documentObjects(doc);
  if (objects.empty()) {
    for (const auto& m : *source.wad.objects.movables) objects.push_back(movableRef(m.objectId));
    for (const auto& s : *source.wad.objects.statics) objects.push_back(staticRef(s.objectId));
  }
  Exported e;
  e.bytes = interop::writeGltfFile(source.wad, objects, out, &e.report, label);
  e.notes = source.notesFor(objects);
  return e;
}

void saveWithCompanions(const Document& doc, const std::filesystem::path& path) { saveDocument(doc, path); }

}  // namespace wadsmith::usecases
