#include "editor/usecases/bring_in.h"

#include <algorithm>

#include "editor/usecases/level_samples.h"
#include "io/samples_folder.h"
#include "io/utf8_path.h"
#include "io/wad_codec.h"
#include "model/catalog.h"

namespace wadsmith::usecases {

namespace {

std::uint32_t firstSlot(const merge::Request& r) { return r.movables.empty() ? r.statics.at(0) : r.movables[0]; }

Brought place(const WadDocument& destination, const Prepared& p, const BringIn& a) {
  Brought out;
  if (a.mesh || p.records) {
    // One mesh, or an export's exact records (their targets into other movables' animations
    // are pointed at those movables here).
    if (a.picks.size() != 1) throw merge::MergeError("one mesh is replaced by one object");
    exchange::ImportRequest req;
    req.target = {a.mesh ? ObjectKind::Movable : a.picks[0].kind, firstSlot(p.request)};
    req.replace = a.replace && !a.mesh;
    req.mesh = a.mesh;
    req.sourceLabel = p.request.sourceLabel;
    if (p.records) req.records = &*p.records;
    auto r = exchange::importObject(destination, p.wad, req);
    out.doc = std::move(r.doc);
    out.report = std::move(r.merge);
    out.vertexOrder = std::move(r.vertexOrder);
    out.lines = std::move(r.lines);
    return out;
  }
  auto r = merge::mergeObjects(destination, p.wad, p.request);
  out.doc = std::move(r.doc);
  out.report = std::move(r.report);
  return out;
}

// WAVs that came as bytes (a level's embedded samples) go into the samples folder; TR1-3
// samples behind the merged sound ids into samples/ beside the output.
std::vector<std::string> writeSamples(Brought& b, const Source& source, const SharedBytes& mainSfx, const BringIn& a,
                                      const Destination& where) {
  std::filesystem::path dir = a.samples;
  if (dir.empty()) dir = findSamplesFolder(where.document).value_or(where.output.parent_path() / "samples");
  std::string shown = utf8Name(dir);
#ifdef _WIN32
  std::replace(shown.begin(), shown.end(), '\\', '/');  // the same text as on Linux
#endif
  std::vector<std::string> lines;
  for (const auto& p : placeEmbeddedWavs(b.doc, dir)) {
    std::string line = "sample " + p.name + ": ";
    switch (p.how) {
      case PlacedWav::How::Written: line += "written to " + shown; break;
      case PlacedWav::How::SameFileThere:
        line += "the same audio is already in " + shown + (p.name != p.proposed ? " (instead of " + p.proposed + ")" : "");
        break;
      case PlacedWav::How::Renamed: line += "written to " + shown + " renamed: another " + p.proposed + " is there"; break;
    }
    lines.push_back(line);
  }
  for (auto& line : writeLevelSamples(source, b.report.sounds, mainSfx, where.output.parent_path() / "samples",
                                      "samples/ beside " + utf8Name(where.output)))
    lines.push_back(std::move(line));
  return lines;
}

}  // namespace

Brought bringIn(const WadDocument& destination, const Source& source, const BringIn& a, const Destination& where) {
  const SharedBytes mainSfx = readMainSfx(source, a.mainSfx);
  const Prepared p = source.prepare(a, destination);
  Brought out = place(destination, p, a);
  out.names = p.names;
  out.sourceGame = source.game;
  if (p.notesFor) out.notes = p.notesFor(out.report);
  writeWad(out.doc);  // throws here, before anything is written, if it does not fit
  out.samples = writeSamples(out, source, mainSfx, a, where);
  const std::string file = source.path.filename().string();
  out.label = a.mesh ? "replace movable " + std::to_string(firstSlot(p.request)) + " mesh " + std::to_string(*a.mesh) + " from " + file
                     : "merge " + std::to_string(out.report.merged.size()) + " objects from " + file;
  return out;
}

Brought bringIn(const WadDocument& destination, const BringIn& args, const Destination& where) {
  return bringIn(destination, *openSource(args.source), args, where);
}

std::uint32_t slotArg(const std::string& s, const char* what, bool movable, Game game) {
  try {
    std::size_t used = 0;
    unsigned long v = std::stoul(s, &used);
    if (used == s.size() && v <= 0xFFFF) return static_cast<std::uint32_t>(v);
  } catch (const std::exception&) {
  }
  if (auto slot = movable ? catalog::movableSlot(s, game) : catalog::staticSlot(s, game)) return *slot;
  throw std::runtime_error(std::string(what) + " needs a slot number or " + gameName(game) + (movable ? " movable" : " static") +
                           " name, got '" + s + "'");
}

}  // namespace wadsmith::usecases
