#include "model/wad2/to_classic.h"

#include <set>

namespace wadsmith::wad2 {
namespace {

using detail::Placed;

std::vector<Placed> collect(const Document& doc, std::vector<std::string>& report) {
  std::vector<Placed> out;
  std::set<std::pair<bool, std::int64_t>> taken;
  std::size_t imageBytes = 0;
  auto add = [&](Placed p, bool movable) {
    const std::string who = (movable ? "movable " : "static ") + std::to_string(p.slot);
    if (p.slot < 0 || p.slot > 0xFFFF)
      return report.push_back(who + ": a classic WAD numbers slots 0..65535: left out");
    if (!taken.insert({movable, p.slot}).second) return report.push_back(who + ": a second object in this slot: left out");
    out.push_back(std::move(p));
  };
  for (const auto& m : doc.movables)
    if (m) add({m.get(), nullptr, m->objectId, movableModel(doc, *m, &imageBytes), {}}, true);
  for (const auto& s : doc.statics)
    if (s) add({nullptr, s.get(), s->objectId, staticModel(doc, *s, &imageBytes), {}}, false);
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
    report.push_back(std::string("the file targets ") + gameName(doc.game) +
                     ": its slot numbers and sound ids are kept as they are, not matched to TR4's");
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

}  // namespace

ClassicWad toClassic(const Document& doc, const import::BuildOptions& options) {
  ClassicWad out;
  documentLosses(doc, out.report);
  std::vector<Placed> placed = collect(doc, out.report);
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
    return out;
  }
  out.wad = std::move(built.wad);
  for (std::size_t i = 0; i < kept.size(); ++i)
    for (auto& line : import::reportLines(kept[i].model.model, built.models[i])) kept[i].lines.push_back(std::move(line));
  detail::applyRecords(out.wad, kept, options);
  out.models = std::move(built.models);
  for (auto& p : kept)
    for (auto& line : p.lines) out.report.push_back(std::move(line));
  return out;
}

}  // namespace wadsmith::wad2
