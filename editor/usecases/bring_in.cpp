#include "editor/usecases/bring_in.h"

#include <algorithm>
#include <map>

#include "editor/words.h"
#include "io/file_io.h"
#include "io/samples_folder.h"
#include "io/utf8_path.h"
#include "io/wad_codec.h"
#include "model/catalog.h"
#include "model/level_sounds.h"

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

// MAIN.SFX serves TR2/3 sources only, and is read before anything is merged (a located error
// when it is no sample file).
SharedBytes readMainSfx(const Source& source, const std::filesystem::path& path) {
  if (path.empty()) return {};
  if (traits(source.game).samples != SampleStore::MainSfx)
    throw std::runtime_error("--main-sfx: only TR2 and TR3 levels keep their samples in MAIN.SFX; the source is " +
                             (source.game ? gameName(*source.game) + " level" : source.label));
  SharedBytes bytes = readFileShared(path);
  std::vector<std::string> problems;
  if (splitMainSfx(bytes, problems).empty())
    throw std::runtime_error(utf8Name(path) + ": not a MAIN.SFX (" + (problems.empty() ? "empty" : problems.front()) + ")");
  return bytes;
}

// The samples behind the sound ids objects out of a TR1-3 level play (model/level_sounds.h):
// TR1's embedded WAVE files, TR2/3's from MAIN.SFX when given, written into `dir` (an identical
// file of the name is reused, a different one never overwritten); otherwise said where they are.
std::vector<std::string> writeLevelSamples(const Source& source, const std::set<std::uint16_t>& sounds,
                                           const SharedBytes& mainSfx, const std::filesystem::path& dir,
                                           const std::string& shownDir) {
  std::vector<std::string> lines;
  if (!source.level || traits(source.level->game).samples == SampleStore::Level || sounds.empty()) return lines;
  const LevelData& d = *source.level;
  const auto& t = traits(d.game);
  const std::string game = t.name;
  if (t.samples == SampleStore::MainSfx && mainSfx.empty()) {
    std::string numbers;
    for (auto id : sounds) {
      auto indices = soundSampleIndices(d, id);
      if (indices.empty()) continue;
      numbers += (numbers.empty() ? "" : ", ") + std::to_string(id) + ":";
      for (auto i : indices) numbers += " " + std::to_string(i);
    }
    lines.push_back("samples: " + game + " keeps them in MAIN.SFX, not in the level (sound id: MAIN.SFX numbers " +
                    numbers + "); --main-sfx FILE writes them as WAV files");
    return lines;
  }
  std::vector<std::string> problems;
  const auto waves = levelSoundWaves(d, sounds, mainSfx, problems);
  std::map<std::uint16_t, std::string> names;
  for (const auto& w : waves) {
    // One file a sample, however many ids play it: tr1_sample_12.wav (its place in TR1's sample
    // index table), tr2_sfx_97.wav (its MAIN.SFX number).
    const std::string stem = t.samples == SampleStore::Embedded ? t.format + ("_sample_" + std::to_string(w.position))
                                                                : t.format + ("_sfx_" + std::to_string(w.sampleIndex));
    std::filesystem::path file = dir / (stem + ".wav");
    for (int k = 2; std::filesystem::exists(file) && readFileBytes(file) != w.wave.copy(); ++k)
      file = dir / (stem + "-" + std::to_string(k) + ".wav");  // never overwrite another file
    if (!std::filesystem::exists(file)) {
      std::filesystem::create_directories(dir);
      writeFileAtomic(file, w.wave);
    }
    names[w.soundId] += " " + utf8Name(file.filename());
  }
  for (const auto& [id, files] : names)
    lines.push_back("sound " + std::to_string(id) + " (" + game + "'s): samples" + files + " written to " + shownDir);
  for (const auto& p : problems) lines.push_back("warning: " + p);
  return lines;
}

// WAVs that came as bytes (a level's embedded samples) go into the samples folder; TR1-3
// samples behind the merged sound ids into samples/ beside the output.
std::vector<std::string> writeSamples(Brought& b, const Source& source, const SharedBytes& mainSfx, const BringIn& a,
                                      const Destination& where) {
  std::filesystem::path dir = a.samples;
  if (dir.empty() && where.output.empty()) return {};  // no file to put them beside (a script's step)
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
  const auto step = [&](std::size_t done, const std::string& label) { where.progress(done, 4, label); };
  step(0, "reading the objects of " + utf8Name(a.source.filename()));
  const SharedBytes mainSfx = readMainSfx(source, a.mainSfx);
  const Prepared p = source.prepare(a, destination);
  step(1, "placing them");
  Brought out = place(destination, p, a);
  out.names = p.names;
  out.sourceGame = source.game;
  if (p.notesFor) out.notes = p.notesFor(out.report);
  step(2, "checking that the WAD holds them");
  writeWad(out.doc);  // throws here, before anything is written, if it does not fit
  step(3, "writing the samples");
  out.samples = writeSamples(out, source, mainSfx, a, where);
  step(4, "");
  out.label = bringInLabel(a);
  return out;
}

std::string bringInLabel(const BringIn& a) {
  const std::string file = utf8Name(a.source.filename());
  if (a.mesh)
    return "replace movable " + (a.picks.empty() || !a.picks[0].slot ? std::string("?") : std::to_string(*a.picks[0].slot)) +
           " mesh " + std::to_string(*a.mesh) + " from " + file;
  if (a.all) return "merge every object from " + file;
  return "merge " + counted(a.picks.size(), "object") + " from " + file;
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
