// WADs and levels of every game as sources: a WAD's objects as they are, a level's cut out with
// the textures the game shows (merge::extractLevelObjects), both picked by their slots.
#include <stdexcept>

#include "editor/usecases/bring_in.h"
#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/utf8_path.h"
#include "model/catalog.h"
#include "model/names.h"
#include "model/object_view.h"

namespace wadsmith::usecases {

std::unique_ptr<Source> wad2Source(WadDocument view, const std::filesystem::path& path, std::string label);  // source_wad2.cpp

namespace {

class DocumentSource : public Source {
 public:
  DocumentSource(Document doc, const std::filesystem::path& file, std::string name) {
    path = file;
    label = std::move(name);
    document = std::make_shared<const Document>(std::move(doc));
    auto objects = documentObjects(*document);
    wad_ = std::move(objects.wad);
    extracted_ = std::move(objects.extracted);
    if (const auto* l = std::get_if<LevelDocument>(document.get())) game = l->game(), level = l->data;
  }

  SourceListing list() const override {
    SourceListing out;
    out.format = game ? "level" : "wad";
    out.file = label;
    out.game = game;
    const ObjectView v(wad_.objects);
    const auto names = objectNames(wad_, game.value_or(kWadGame));
    for (std::size_t m = 0; m < wad_.objects.movables->size(); ++m) {
      auto [a0, a1] = v.animationRange(m);
      out.movables.push_back({(*wad_.objects.movables)[m].objectId, names.movables[m], {}, v.movableMeshes(m).size(), a1 - a0});
    }
    for (std::size_t s = 0; s < wad_.objects.statics->size(); ++s)
      out.statics.push_back({(*wad_.objects.statics)[s].objectId, names.statics[s], {}, 1});
    return out;
  }

  Prepared prepare(const BringIn& a, const WadDocument&) const override {
    if (!(a.convert == ConvertOptions{}))
      throw std::runtime_error("--scale, --textures, --palette, --frame, --fps, --turn, --no-floor, --overlay and "
                               "--recompute-normals convert another engine's models; " + label + " is a WAD or a level");
    if (a.mesh) throw std::runtime_error("one mesh is replaced from another engine's model or a 3D file's object; " + label + " is a WAD or a level");
    Prepared p;
    p.wad = wad_;
    auto& r = p.request;
    r.all = a.all, r.replace = a.replace, r.withRelated = a.withRelated, r.sprites = a.sprites;
    r.sourceLabel = label;
    const Game g = game.value_or(kWadGame);
    // The samples behind another game's sound ids are written as WAV files (level_samples.h).
    r.tr4Slots = traits(g).wadIds;
    if (!r.tr4Slots && a.sounds && *a.sounds != merge::SoundMode::None)
      throw std::runtime_error("--sounds: " + gameName(g) + "'s sound ids are its own numbering, not TR4's: its sound "
                               "infos are not merged (TR1-3 samples are written beside the output)");
    r.sounds = r.tr4Slots ? a.sounds.value_or(merge::SoundMode::Keep) : merge::SoundMode::None;
    for (const auto& pick : a.picks) {
      const bool movable = pick.kind == ObjectKind::Movable;
      (movable ? r.movables : r.statics).push_back(slotOf(pick, g));
      if (pick.slot && r.as) throw merge::MergeError("--as places exactly one object");
      if (pick.slot) r.as = pick.slot;
    }
    p.notesFor = [extracted = extracted_, g](const merge::Report& report) { return notes(extracted.get(), g, report); };
    return p;
  }

 private:
  std::uint32_t slotOf(const Pick& pick, Game g) const {
    const bool movable = pick.kind == ObjectKind::Movable;
    try {
      return slotArg(pick.name, movable ? "--movable" : "--static", movable, g);
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(label + ": " + e.what());
    }
  }

  // What the level's conversion lost for the merged objects and, for another game's level, the
  // slot numbers kept that are other objects' in TR4.
  static std::vector<std::string> notes(const merge::Extracted* extracted, Game game, const merge::Report& report) {
    std::vector<ObjectRef> merged;
    for (const auto& m : report.merged) merged.push_back(m.source());
    auto out = extracted ? extracted->notesFor(merged) : std::vector<std::string>{};
    if (traits(game).wadIds) return out;
    for (const auto& m : report.merged) {
      if (m.slot != m.sourceSlot) continue;
      const std::string from = m.movable ? catalog::movableLabel(m.sourceSlot, game) : catalog::staticLabel(m.sourceSlot, game);
      const std::string to = m.movable ? catalog::movableLabel(m.slot) : catalog::staticLabel(m.slot);
      if (from != to)
        out.push_back(gameName(game) + (m.movable ? " movable " : " static ") + std::to_string(m.sourceSlot) + " " + from +
                      " kept its slot number, which is TR4's " + to + " (--as chooses the TR4 slot)");
    }
    return out;
  }

  WadDocument wad_;
  std::shared_ptr<const merge::Extracted> extracted_;
};

}  // namespace

bool looksLikeWad(std::span<const std::uint8_t> head) { return detectKind(head) == FileKind::Wad; }
bool looksLikeLevel(std::span<const std::uint8_t> head) { return detectKind(head) == FileKind::Level; }

std::unique_ptr<Source> openDocumentSource(const std::filesystem::path& path) {
  return documentSource(loadDocument(path), path, utf8Name(path));
}

std::unique_ptr<Source> documentSource(Document doc, const std::filesystem::path& path, std::string label) {
  if (auto* w = std::get_if<WadDocument>(&doc); w && w->wad2) return wad2Source(std::move(*w), path, std::move(label));
  return std::make_unique<DocumentSource>(std::move(doc), path, std::move(label));
}

}  // namespace wadsmith::usecases
