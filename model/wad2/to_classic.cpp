#include "model/wad2/to_classic.h"

#include <map>

#include "model/catalog.h"
#include "model/wad2/commands.h"
#include "model/wad2/to_classic_sprites.h"


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
                     "its sounds are TR4's of the same name (TombEngine's ids 0-369 are TR4's)");
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

// TR4's id of each sound the file's objects play (model/wad2/slots.h tr4SoundId); those TR4 has
// not are reported: their commands are left out.
std::map<std::int64_t, std::int64_t> tr4Sounds(const Document& doc, const SoundCatalog* catalog, std::vector<std::string>& report) {
  std::map<std::int64_t, std::int64_t> out;
  std::string none;
  for (auto id : playedSounds(doc)) {
    if (auto tr4 = tr4SoundId(doc, id, catalog)) {
      out[id] = *tr4;
      continue;
    }
    const auto name = soundName(doc, id, catalog);
    none += (none.empty() ? "" : ", ") + std::to_string(id) + (name ? " " + *name : "");
  }
  if (!none.empty())
    report.push_back(std::string(gameName(doc.game)) + " sound(s) with no TR4 counterpart, not carried (the commands that play them left out): " + none);
  return out;
}

// The document with its sound commands playing TR4's ids (`tr4`); those with none left out.
Document withTr4Sounds(const Document& doc, const std::map<std::int64_t, std::int64_t>& tr4) {
  Document out = doc;
  for (auto& m : out.movables) {
    if (!m) continue;
    Movable copy = *m;
    for (auto& a : copy.animations) {
      if (!a) continue;
      Animation b = *a;
      std::erase_if(b.commands, [&](const Command& c) { return c.type == command::kSound && !tr4.count(conditionsInP3(c).p2); });
      for (auto& c : b.commands)
        if (c.type == command::kSound && tr4.at(conditionsInP3(c).p2) != conditionsInP3(c).p2) c = conditionsInP3(c), c.p2 = tr4.at(c.p2);
      a = share<Animation>(std::move(b));
    }
    m = share<Movable>(std::move(copy));
  }
  return out;
}

// The sounds the converted objects play (`tr4`: the file's ids and TR4's), from the catalog, as
// the WAD's .sfx/.sam.
void carrySounds(const Document& doc, const std::map<std::int64_t, std::int64_t>& tr4, const ClassicOptions& options, ClassicWad& out) {
  if (!options.sounds) {
    if (!tr4.empty())
      out.report.push_back(std::to_string(tr4.size()) + " sound id(s) played, no sound catalog given: the WAD has no sounds");
    return;
  }
  SoundCatalog inTr4;  // the catalog's sounds under TR4's ids
  std::set<std::int64_t> ids;
  const auto take = [&](std::int64_t file, std::int64_t id) {
    if (const CatalogSound* s = options.sounds->find(file); s && ids.insert(id).second) {
      inTr4.sounds.push_back(*s);
      inTr4.sounds.back().id = id;
    } else if (!s) {
      ids.insert(id);  // reported by classicSounds: not in the catalog
    }
  };
  for (const auto& [file, id] : tr4) take(file, id);
  for (const auto& c : out.slots.movables)
    if (c.to)
      for (auto id : catalog::engineSounds(*c.to))
        if (auto file = fileSoundId(doc, id, options.sounds)) take(*file, id);
  auto sounds = classicSounds(inTr4, ids, wadSoundMapLength(out.wad.version));
  for (auto& line : sounds.report) out.report.push_back(std::move(line));
  out.wad.sounds = share<SoundSet>(std::move(sounds.set));
}

}  // namespace

ClassicWad toClassic(const Document& file, const ClassicOptions& classicOptions) {
  const auto& options = classicOptions.build;
  ClassicWad out;
  documentLosses(file, out.report);
  const auto tr4 = tr4Sounds(file, classicOptions.sounds, out.report);
  const Document doc = withTr4Sounds(file, tr4);
  out.slots = planSlots(doc, classicOptions.slots);
  std::vector<Placed> kept = collect(doc, out.slots, out.report);
  import::Built built;
  try {
    if (!kept.empty()) built = import::buildWad(placements(kept), options);
  } catch (const import::BuildError&) {
    kept = refusedLeftOut(std::move(kept), options, out.report);
    if (!kept.empty()) built = import::buildWad(placements(kept), options);
  }
  out.wad = kept.empty() ? WadDocument::empty() : std::move(built.wad);
  for (std::size_t i = 0; i < kept.size(); ++i)
    for (auto& line : import::reportLines(kept[i].model.model, built.models[i])) kept[i].lines.push_back(std::move(line));
  if (!kept.empty()) detail::applyRecords(out.wad, kept);
  for (auto& p : kept)
    for (auto& line : p.lines) out.report.push_back(std::move(line));
  out.wad.sprites = classicSprites(file, out.report);
  carrySounds(file, tr4, classicOptions, out);
  return out;
}

}  // namespace wadsmith::wad2
