// What a bring-in did, as lines: `wadsmith merge` prints them, the editor's Merge panel shows
// them.
#include <iomanip>
#include <sstream>

#include "editor/usecases/bring_in.h"
#include "model/catalog.h"

namespace wadsmith::usecases {

namespace {

using Lines = std::vector<std::string>;

void objectLines(const Brought& b, Lines& out) {
  for (const auto& m : b.report.merged) {
    auto model = b.names.find(m.source());
    std::ostringstream s;
    s << "merged " << (m.movable ? "movable " : "static ");
    if (model != b.names.end())
      s << model->second;
    else
      s << m.sourceSlot;
    s << " as " << m.slot << " " << m.name << ": " << m.meshes << " meshes (" << m.meshesShared << " already there), "
      << m.animations << " animations" << (m.replaced ? " (replaced the destination's)" : "") << (m.related ? " (related)" : "");
    out.push_back(s.str());
  }
  out.push_back("meshes: " + std::to_string(b.report.meshesAdded) + " added, " + std::to_string(b.report.meshesShared) +
                " shared with identical destination meshes");
}

void textureLines(const merge::Report& r, Lines& out) {
  const auto& t = r.textures;
  std::ostringstream s;
  s << "texture samples: " << t.samplesNeeded << " used by the merged faces: " << r.samplesReused << " reused, "
    << t.pixelsReused << " new records over pixels already there, " << t.samplesPacked << " packed as " << t.blocksPacked
    << " blocks (" << t.packedArea << " pixels)";
  out.push_back(s.str());
  s.str("");
  s << std::fixed << std::setprecision(1) << "texture pages: " << r.pagesBefore << " before, " << r.pagesAfter
    << " after; packing efficiency " << 100 * r.efficiency << "% (appending the source pages whole: " << r.appendPages
    << " pages, " << 100 * r.appendEfficiency << "%)";
  out.push_back(s.str());
}

void soundIdLines(const merge::Report& r, std::optional<Game> game, Lines& out) {
  if (r.sounds.empty()) return;
  // Sound ids index the game's sound map: TR4's names fit only TR4's (and a WAD's) ids.
  const bool tr4 = !game || *game == Game::TR4;
  std::string ids = "sound ids the merged animations play" + (tr4 ? "" : " (" + gameName(*game) + "'s numbering)") + ":";
  std::string names = "  ";
  for (auto s : r.sounds) ids += " " + std::to_string(s), names += " " + catalog::soundName(s).value_or("?");
  out.push_back(ids);
  if (tr4) out.push_back(names);
}

void soundLines(const merge::SoundReport& s, Lines& out) {
  using W = merge::SoundNote::What;
  if (s.ids.empty()) return;
  std::ostringstream h;
  h << "sounds (" << s.modeName << "): " << s.ids.size() << " ids the merged movables play: " << s.count(W::Added) << " added, "
    << s.count(W::Same) << " the same, " << s.count(W::Kept) << " kept, " << s.count(W::Replaced) << " replaced, "
    << s.count(W::NotInSource) << " not in the source; " << s.infosAdded << " infos and " << s.samplesAdded << " samples added";
  out.push_back(h.str());
  if (!s.sourceHasSounds) out.push_back("  (the source has no sounds: .SFX/.SAM missing or unreadable)");
  for (const auto& n : s.ids) {
    std::string line = "  sound " + std::to_string(n.id) + " " + catalog::soundName(n.id).value_or("?") + ": ";
    switch (n.what) {
      case W::Added: line += "added"; break;
      case W::Same: line += "the same in the destination"; break;
      case W::Kept: line += "kept the destination's (destination / source: " + n.difference + ")"; break;
      case W::Replaced: line += "replaced the destination's (was / now: " + n.difference + ")"; break;
      case W::NotInSource: line += "no info in the source" + (n.difference.empty() ? "" : ", " + n.difference); break;
    }
    if (!n.samples.empty()) {
      line += "; samples";
      for (const auto& x : n.samples) line += " " + x;
    }
    line += (n.engine ? " (played by the engine for slot " : " (played by an animation of slot ") + std::to_string(n.slot) + ")";
    out.push_back(line);
  }
}

void spriteAndRelatedLines(const merge::Report& r, Lines& out) {
  for (const auto& sp : r.spriteReport.merged)
    out.push_back("sprite sequence " + std::to_string(sp.id) + ": " + std::to_string(sp.textures) + " sprite textures with their pixels" +
                  (sp.replaced ? " (replaced the destination's)" : ""));
  if (!r.spriteReport.merged.empty())
    out.push_back("sprite pages: " + std::to_string(r.spriteReport.pagesBefore) + " before, " + std::to_string(r.spriteReport.pagesAfter) +
                  " after");
  for (const auto& rel : r.related)
    out.push_back(std::string(rel.brought ? "related slot brought: " : "related slot missing in the destination: ") +
                  merge::describe(rel.slot) + " for " + merge::describe(rel.neededBy) + " (" + rel.why + ")" +
                  (rel.brought ? "" : "; --with-related brings it"));
}

}  // namespace

std::vector<std::string> reportLines(const Brought& b) {
  Lines out;
  // A mesh replacement brings its mesh through a stand-in static: only what it did is news.
  if (!b.vertexOrder) objectLines(b, out);
  textureLines(b.report, out);
  soundIdLines(b.report, b.sourceGame, out);
  soundLines(b.report.soundReport, out);
  spriteAndRelatedLines(b.report, out);
  for (const auto& n : b.notes) out.push_back("note: " + n);
  out.insert(out.end(), b.lines.begin(), b.lines.end());
  for (const auto& w : b.report.warnings) out.push_back("warning: " + w);
  out.insert(out.end(), b.samples.begin(), b.samples.end());
  return out;
}

}  // namespace wadsmith::usecases
