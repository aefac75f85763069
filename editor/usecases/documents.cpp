#include "editor/usecases/documents.h"

#include "io/document_io.h"
#include "io/file_io.h"
#include "io/level_codec.h"
#include "io/parse_error.h"
#include "io/utf8_path.h"
#include "io/wad2_codec.h"
#include "io/wad2_sounds_xml.h"
#include "model/ascii_case.h"
#include "model/catalog.h"
#include "model/wad2/classic_view.h"

namespace wadsmith::usecases {

DocumentObjects documentObjects(const Document& doc) {
  if (const auto* w = std::get_if<WadDocument>(&doc)) return {*w, nullptr};
  const auto& level = std::get<LevelDocument>(doc);
  auto extracted = std::make_shared<const merge::Extracted>(merge::extractLevelObjects(level, levelTiles32(level)));
  return {extracted->wad, extracted};
}

ObjectNames catalogNames(const ObjectTables& t, Game game) {
  ObjectNames n;
  for (const auto& m : *t.movables) n.movables.push_back(catalog::movableLabel(m.objectId, game));
  for (const auto& s : *t.statics) n.statics.push_back(catalog::staticLabel(s.objectId, game));
  return n;
}

Exported exportObjects(const Document& doc, std::vector<ObjectRef> objects, const std::filesystem::path& out, const std::string& label,
                       const Progress& progress) {
  const auto source = documentObjects(doc);
  if (objects.empty()) {
    for (const auto& m : *source.wad.objects.movables) objects.push_back(movableRef(m.objectId));
    for (const auto& s : *source.wad.objects.statics) objects.push_back(staticRef(s.objectId));
  }
  Exported e;
  e.bytes = interop::writeGltfFile(source.wad, objects, out, &e.report, label, progress);
  if (source.extracted) e.notes = source.extracted->notesFor(objects);
  return e;
}

std::vector<std::string> saveWithCompanions(const Document& doc, const std::filesystem::path& path) {
  if (asciiLower(utf8Name(path.extension())) == ".wad2") {
    const auto objects = documentObjects(doc);
    std::vector<std::string> notes;
    if (objects.extracted) notes = objects.extracted->notes;
    if (objects.wad.wad2)
      saveWad2View(objects.wad, path, &notes);
    else
      saveWad2WithSounds(path, wad2::wad2Of(objects.wad, &notes), objects.wad.sounds.get());
    return notes;
  }
  if (const auto* w = std::get_if<WadDocument>(&doc); w && w->wad2) {
    WadDocument classic = *w;  // saved as the WAD it converted to (and any edits since)
    classic.wad2 = nullptr;
    saveDocument(classic, path);
    return w->wad2->report;
  }
  saveDocument(doc, path);
  return {};
}

}  // namespace wadsmith::usecases
