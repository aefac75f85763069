#include "model/wad2/to_classic.h"

#include "model/catalog.h"


namespace wadsmith::wad2 {
namespace {

using detail::Placed;

// Each object in the TR4 slot the plan gives it (model/wad2/slots.h); those with none left out.
std::vector<Placed> collect(const Document& doc, const SlotPlan& plan, std::vector<std::string>& report) {
  std::vector<Placed> out;
  std::size_t imageBytes = 0;
  for (std::size_t i = 0; i < doc.movables.size() && i < plan.movables.size(); ++i)
    if (const auto& m = doc.movables[i]; m && plan.movables[i].to)
      out.push_back({m.get(), nullptr, *plan.movables[i].to, movableModel(doc, *m, &imageBytes), {}});
  for (std::size_t i = 0; i < doc.statics.size() && i < plan.statics.size(); ++i)
    if (const auto& s = doc.statics[i]; s && plan.statics[i].to)
      out.push_back({nullptr, s.get(), *plan.statics[i].to, staticModel(doc, *s, &imageBytes), {}});
  for (auto& line : plan.report()) report.push_back(std::move(line));
  return out;
}

std::vector<import::Placement> placements(const std::vector<Placed>& placed) {
  std::vector<import::Placement> out;
  for (const auto& p : placed) out.push_back({&p.model.model, static_cast<std::uint32_t>(p.slot)});
  return out;
}

// What a classic WAD cannot hold of the document as a whole.
void documentLosses(const Document& doc, std::vector<std::string>& report) {
  if (doc.game != game::kTR4 && doc.game != game::kTRNG)
    report.push_back(std::string("the file targets ") + gameName(doc.game) + ": its objects are matched to TR4 slots by name; " +
                     (doc.game == game::kTombEngine ? "its sound ids 0-369 are TR4's, the others have none"
                                                    : "its sound ids are kept as they are"));
  if (!doc.sprites.empty() || !doc.sequences.empty())
    report.push_back(std::to_string(doc.sequences.size()) + " sprite sequence(s) (" + std::to_string(doc.sprites.size()) +
                     " sprites) not carried: the .SWD is not written from a wad2 yet");
  if (doc.animatedTextures && !doc.animatedTextures->empty())
    report.push_back(std::to_string(doc.animatedTextures->size()) + " animated texture set(s): a WAD has none");
}

// The objects the builder accepts, when it refused to build them all: each is tried alone.
std::vector<Placed> refusedLeftOut(std::vector<Placed> placed, const import::BuildOptions& options,
                                   std::vector<std::string>& report) {
  std::vector<Placed> kept;
  for (auto& p : placed) {
    try {
      import::buildWad({{&p.model.model, static_cast<std::uint32_t>(p.slot)}}, options);
      kept.push_back(std::move(p));
    } catch (const import::BuildError& e) {
      report.push_back(std::string(e.what()) + ": left out");
    }
  }
  return kept;
}

// The sounds the converted objects play, from the catalog, as the WAD's .sfx/.sam.
void carrySounds(const Document& doc, const ClassicOptions& options, ClassicWad& out) {
  std::set<std::int64_t> ids;
  std::string none;
  for (auto id : playedSounds(doc)) {
    if (tr4SoundId(doc, id)) {
      ids.insert(id);
      continue;
    }
    const CatalogSound* s = options.sounds ? options.sounds->find(id) : nullptr;
    none += (none.empty() ? "" : ", ") + std::to_string(id) + (s ? " " + s->name : "");
  }
  if (!none.empty())
    out.report.push_back(std::string(gameName(doc.game)) + " sound(s) with no TR4 counterpart, not carried (their commands play nothing in TR4): " + none);
  if (!options.sounds) {
    if (!ids.empty())
      out.report.push_back(std::to_string(ids.size()) + " sound id(s) played, no sound catalog given: the WAD has no sounds");
    return;
  }
  for (const auto& c : out.slots.movables)
    if (c.to)
      for (auto id : catalog::engineSounds(*c.to)) ids.insert(id);
  auto sounds = classicSounds(*options.sounds, ids, wadSoundMapLength(out.wad.version));
  for (auto& line : sounds.report) out.report.push_back(std::move(line));
  out.wad.sounds = share<SoundSet>(std::move(sounds.set));
}

}  // namespace

ClassicWad toClassic(const Document& doc, const import::BuildOptions& options) {
  return toClassic(doc, ClassicOptions{options, {}});
}

ClassicWad toClassic(const Document& doc, const ClassicOptions& classicOptions) {
  const auto& options = classicOptions.build;
  ClassicWad out;
  documentLosses(doc, out.report);
  out.slots = planSlots(doc, classicOptions.slots);
  std::vector<Placed> placed = collect(doc, out.slots, out.report);
  std::vector<Placed> kept = std::move(placed);
  import::Built built;
  try {
    if (!kept.empty()) built = import::buildWad(placements(kept), options);
  } catch (const import::BuildError&) {
    kept = refusedLeftOut(std::move(kept), options, out.report);
    if (!kept.empty()) built = import::buildWad(placements(kept), options);
  }
  if (kept.empty()) {
    out.wad = WadDocument::empty();
    carrySounds(doc, classicOptions, out);
    return out;
  }
  out.wad = std::move(built.wad);
  for (std::size_t i = 0; i < kept.size(); ++i)
    for (auto& line : import::reportLines(kept[i].model.model, built.models[i])) kept[i].lines.push_back(std::move(line));
  detail::applyRecords(out.wad, kept, options);
  out.models = std::move(built.models);
  for (auto& p : kept)
    for (auto& line : p.lines) out.report.push_back(std::move(line));
  carrySounds(doc, classicOptions, out);
  return out;
}

}  // namespace wadsmith::wad2
