#include "io/merge_source.h"

#include <memory>

#include "io/document_io.h"
#include "io/level_codec.h"
#include "model/catalog.h"
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
  // The objects' textures are cut from the level's tiles as the game shows them.
  auto extracted = std::make_shared<merge::Extracted>(merge::extractLevelObjects(level, levelTiles32(level)));
  out.game = level.game();
  out.level = level.data;
  out.wad = extracted->wad;
  out.notesFor = [extracted](const std::vector<ObjectRef>& objects) { return extracted->notesFor(objects); };
  return out;
}

void describeSource(const MergeSource& source, merge::Request& request) {
  request.sourceLabel = source.label;
  request.tr4Slots = source.game.value_or(Game::TR4) == Game::TR4;
}

std::vector<std::string> mergeNotes(const MergeSource& source, const merge::Report& report) {
  std::vector<ObjectRef> merged;
  for (const auto& m : report.merged) merged.push_back(m.source());
  auto notes = source.notesFor(merged);
  const Game game = source.game.value_or(Game::TR4);
  if (game == Game::TR4) return notes;
  for (const auto& m : report.merged) {
    if (m.slot != m.sourceSlot) continue;
    const std::string from = m.movable ? catalog::movableLabel(m.sourceSlot, game) : catalog::staticLabel(m.sourceSlot, game);
    const std::string to = m.movable ? catalog::movableLabel(m.slot) : catalog::staticLabel(m.slot);
    if (from != to)
      notes.push_back(gameName(game) + (m.movable ? " movable " : " static ") + std::to_string(m.sourceSlot) + " " + from +
                      " kept its slot number, which is TR4's " + to + " (--as chooses the TR4 slot)");
  }
  return notes;
}

}  // namespace wadsmith
