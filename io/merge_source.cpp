#include "io/merge_source.h"

#include <algorithm>
#include <fstream>
#include <memory>
#include <stdexcept>

#include "io/document_io.h"
#include "io/level_codec.h"
#include "model/catalog.h"
#include "model/import/import.h"
#include "model/merge/level_extract.h"

namespace wadsmith {

namespace {

MergeSource foreignSource(const std::filesystem::path& path, const std::vector<ForeignPick>& picks, const ForeignOptions& options) {
  MergeSource out;
  out.label = path.string();
  if (picks.empty()) {
    // For choosing: the listing (converting every model once, without pictures).
    out.foreign = foreign::listForeignSource(path);
    if (out.foreign->movables.empty() && out.foreign->statics.empty())
      throw std::runtime_error(path.string() + ": holds no models (" + foreign::sourceFormatName(out.foreign->format) + ")");
    out.wad.objects = ObjectTables::empty();
    out.wad.samples = share<std::vector<TextureSample>>();
    out.wad.pixels = share<TexturePages>();
    out.wad.trailer = share<std::vector<std::uint8_t>>();
    out.notesFor = [](const std::vector<ObjectRef>&) { return std::vector<std::string>{}; };
    return out;
  }
  // Converted one by one (each keeps its own notes), built together (shared pictures are one sample).
  auto models = std::make_shared<std::vector<imported::Model>>();
  models->reserve(picks.size());
  std::vector<import::Placement> placements;
  for (const auto& p : picks) models->push_back(foreign::loadForeignModel(path, p.kind, p.name, options.load));
  for (std::size_t i = 0; i < picks.size(); ++i) placements.push_back({&(*models)[i], picks[i].slot});
  // A scale nobody chose gives way to TR's 16-bit range (reported); a chosen one does not.
  import::BuildOptions build = options.build;
  if (options.load.scale == 0) build.fitToRange = true;
  auto built = import::buildWad(placements, build);
  out.wad = std::move(built.wad);
  if (picks.size() == 1) out.label += " " + models->front().name;
  auto lines = std::make_shared<std::vector<std::pair<ObjectRef, std::vector<std::string>>>>();
  for (std::size_t i = 0; i < picks.size(); ++i) {
    ObjectRef ref{(*models)[i].movable ? ObjectKind::Movable : ObjectKind::Static, picks[i].slot};
    lines->push_back({ref, import::reportLines((*models)[i], built.models[i])});
  }
  out.notesFor = [lines](const std::vector<ObjectRef>& objects) {
    std::vector<std::string> notes;
    for (const auto& [ref, l] : *lines)
      if (std::find(objects.begin(), objects.end(), ref) != objects.end()) notes.insert(notes.end(), l.begin(), l.end());
    return notes;
  };
  return out;
}

}  // namespace

bool isForeignModelSource(const std::filesystem::path& path) {
  // The first bytes decide (a WMP may open with blank lines); a file that is not a regular file
  // or does not open is left to loadDocument, which says why in its own words.
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  std::ifstream in(path, std::ios::binary);
  std::vector<std::uint8_t> head(4096);
  in.read(reinterpret_cast<char*>(head.data()), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(std::max<std::streamsize>(in.gcount(), 0)));
  return foreign::isModelSource(head);
}

MergeSource loadMergeSource(const std::filesystem::path& path, const std::vector<ForeignPick>& picks,
                            const ForeignOptions& options) {
  if (isForeignModelSource(path)) return foreignSource(path, picks, options);
  if (!picks.empty()) throw std::runtime_error(path.string() + ": models are picked by name only from another engine's file");
  return mergeSourceOf(loadDocument(path), path.string());
}

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
  // The objects' textures are cut from the level's tiles as the game shows them.
  auto extracted = std::make_shared<merge::Extracted>(merge::extractLevelObjects(level, levelTiles32(level)));
  out.game = level.game();
  out.level = level.data;
  out.wad = extracted->wad;
  out.notesFor = [extracted](const std::vector<ObjectRef>& objects) { return extracted->notesFor(objects); };
  return out;
}

std::uint32_t defaultForeignSlot(const WadDocument& destination, foreign::ObjectKind kind,
                                 const std::vector<std::uint32_t>& promised) {
  const bool movable = kind == foreign::ObjectKind::Movable;
  if (auto slot = import::firstFreeSlot(destination, movable, promised)) return *slot;
  throw std::runtime_error(movable ? "every ANIMATING slot of the destination is taken: choose a slot with --as"
                                   : "static slots 0-49 of the destination are all taken: choose a slot with --as");
}

void describeSource(const MergeSource& source, merge::Request& request) {
  request.sourceLabel = source.label;
  request.tr4Slots = source.game.value_or(Game::TR4) == Game::TR4;
  // Another game's sound ids are its own numbering: its infos would land on TR4 sounds of the
  // same number. The samples behind them are offered as WAV files instead (cli/level_samples.h).
  if (!request.tr4Slots) request.sounds = merge::SoundMode::None;
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
