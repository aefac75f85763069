// What a bring-in did, as lines: `wadsmith merge` prints them, the editor's Merge panel shows
// them.
#include <iomanip>
#include <sstream>

#include "editor/usecases/bring_in.h"
#include "model/catalog.h"

namespace wadsmith::usecases {

namespace {

void objects(const Brought& b, std::ostream& out) {
  for (const auto& m : b.report.merged) {
    auto model = b.names.find(m.source());
    out << "merged " << (m.movable ? "movable " : "static ");
    if (model != b.names.end())
      out << model->second;
    else
      out << m.sourceSlot;
    out << " as " << m.slot << " " << m.name << ": " << m.meshes << " meshes (" << m.meshesShared << " already there), "
        << m.animations << " animations" << (m.replaced ? " (replaced the destination's)" : "") << (m.related ? " (related)" : "")
        << "\n";
  }
  out << "meshes: " << b.report.meshesAdded << " added, " << b.report.meshesShared << " shared with identical destination meshes\n";
}

void textures(const merge::Report& r, std::ostream& out) {
  const auto& t = r.textures;
  out << "texture samples: " << t.samplesNeeded << " used by the merged faces: " << t.samplesReused << " reused, " << t.pixelsReused
      << " new records over pixels already there, " << t.samplesPacked << " packed as " << t.blocksPacked << " blocks ("
      << t.packedArea << " pixels)\n";
  out << std::fixed << std::setprecision(1) << "texture pages: " << t.pagesBefore << " before, " << t.pagesAfter
      << " after; packing efficiency " << 100 * t.efficiency << "% (appending the source pages whole: " << r.appendPages
      << " pages, " << 100 * t.appendEfficiency << "%)\n";
}

void soundIds(const merge::Report& r, std::optional<Game> game, std::ostream& out) {
  if (r.sounds.empty()) return;
  // Sound ids index the game's sound map: TR4's names fit only TR4's (and a WAD's) ids.
  const bool tr4 = traits(game).wadIds;
  out << "sound ids the merged animations play" << (tr4 ? "" : " (" + gameName(*game) + "'s numbering)") << ":";
  for (auto s : r.sounds) out << " " << s;
  out << "\n";
  if (!tr4) return;
  out << "  ";
  for (auto s : r.sounds) out << " " << catalog::soundName(s).value_or("?");
  out << "\n";
}

void sounds(const merge::SoundReport& s, std::ostream& out) {
  using W = merge::SoundNote::What;
  if (s.ids.empty()) return;
  out << "sounds (" << s.modeName << "): " << s.ids.size() << " ids the merged movables play: " << s.count(W::Added) << " added, "
      << s.count(W::Same) << " the same, " << s.count(W::Kept) << " kept, " << s.count(W::Replaced) << " replaced, "
      << s.count(W::NotInSource) << " not in the source or not carried; " << s.infosAdded << " infos and " << s.samplesAdded << " samples added\n";
  if (!s.sourceHasSounds) out << "  (the source has no sounds: .SFX/.SAM missing or unreadable)\n";
  for (const auto& n : s.ids) {
    out << "  sound " << n.id << " " << catalog::soundName(n.id).value_or("?") << ": ";
    switch (n.what) {
      case W::Added: out << "added"; break;
      case W::Same: out << "the same in the destination"; break;
      case W::Kept: out << "kept the destination's (destination / source: " << n.difference << ")"; break;
      case W::Replaced: out << "replaced the destination's (was / now: " << n.difference << ")"; break;
      case W::NotInSource: out << (n.difference.empty() ? "no info in the source" : n.difference); break;
    }
    if (!n.samples.empty()) out << "; samples";
    for (const auto& x : n.samples) out << " " << x;
    out << (n.engine ? " (played by the engine for slot " : " (played by an animation of slot ") << n.slot << ")\n";
  }
}

void spritesAndRelated(const merge::Report& r, std::ostream& out) {
  for (const auto& sp : r.spriteReport.merged)
    out << "sprite sequence " << sp.id << ": " << sp.textures << " sprite textures with their pixels, " << sp.pixelsReused
        << " on pixels the destination had" << (sp.replaced ? " (replaced the destination's)" : "") << "\n";
  if (!r.spriteReport.merged.empty())
    out << "sprite textures: " << r.spriteReport.texturesBefore << " before, " << r.spriteReport.texturesAfter
        << " after; pages: " << r.spriteReport.pagesBefore << " before, " << r.spriteReport.pagesAfter << " after\n";
  for (const auto& rel : r.related)
    out << (rel.brought ? "related slot brought: " : "related slot missing in the destination: ") << merge::describe(rel.slot)
        << " for " << merge::describe(rel.neededBy) << " (" << rel.why << ")" << (rel.brought ? "" : "; --with-related brings it")
        << "\n";
}

}  // namespace

std::vector<std::string> reportLines(const Brought& b) {
  std::ostringstream out;
  // A mesh replacement brings its mesh through a stand-in static: only what it did is news.
  const bool spritesOnly = b.report.merged.empty() && !b.report.spriteReport.merged.empty();
  if (!b.vertexOrder && !spritesOnly) objects(b, out);
  if (!spritesOnly) textures(b.report, out);
  soundIds(b.report, b.sourceGame, out);
  sounds(b.report.soundReport, out);
  spritesAndRelated(b.report, out);
  for (const auto& n : b.notes) out << "note: " << n << "\n";
  for (const auto& l : b.lines) out << l << "\n";
  for (const auto& w : b.report.warnings) out << "warning: " << w << "\n";
  for (const auto& s : b.samples) out << s << "\n";
  std::vector<std::string> lines;
  std::istringstream in(out.str());
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace wadsmith::usecases
