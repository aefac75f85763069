// Bringing objects into a compiled level: the source prepares them as for a WAD (its objects
// are read against the level's object tables), merge::mergeIntoLevel places them.
#include "editor/usecases/bring_in.h"
#include "io/file_io.h"
#include "io/level_codec.h"
#include "io/samples_folder.h"
#include "io/utf8_path.h"
#include "model/level_sound_details.h"
#include "model/level_sounds.h"
#include "model/merge/level_merge.h"

namespace wadsmith::usecases {

namespace {

// A TR2/3 level's MAIN.SFX (level_sound_merge.h MainSfxSamples): --main-sfx, else the one where
// the game keeps it; `line` says which was used. A level of the same game as the source
// (`sameGame`) names the same MAIN.SFX: its sample numbers are carried as they are.
merge::MainSfxSamples mainSfxOf(const LevelDocument& level, bool sameGame, const BringIn& a,
                                const std::filesystem::path& document, SharedBytes& bytes, std::string& line) {
  merge::MainSfxSamples sfx;
  const bool numbers = traits(level.game()).samples == SampleStore::MainSfx;
  if (!numbers && !a.mainSfxOut.empty()) throw std::runtime_error("--main-sfx-out: only TR2 and TR3 levels play their samples from MAIN.SFX");
  if (!numbers) return sfx;
  sfx.sourceNumbers = sameGame;
  sfx.sourceLabel = utf8Name(a.source.filename());
  const auto path = a.mainSfx.empty() ? findMainSfx(document) : std::optional(a.mainSfx);
  if (!path) {
    line = "MAIN.SFX: none given (--main-sfx) or found beside the level";
    if (!a.mainSfxOut.empty()) throw std::runtime_error("--main-sfx-out: " + line);
    return sfx;
  }
  bytes = readFileShared(*path);
  std::vector<std::string> problems;
  sfx.waves = splitMainSfx(bytes, problems);
  if (sfx.waves.empty() || (!a.mainSfxOut.empty() && !problems.empty()))
    throw std::runtime_error(utf8Name(*path) + ": not a MAIN.SFX, or one whose end is no WAVE file (" +
                             (problems.empty() ? "empty" : problems.front()) + ")");
  sfx.append = !a.mainSfxOut.empty();
  std::error_code same;
  if (sfx.append && std::filesystem::equivalent(*path, a.mainSfxOut, same))
    throw std::runtime_error("--main-sfx-out: " + utf8Name(a.mainSfxOut) + " is the MAIN.SFX read; the game's own is never written");
  line = "MAIN.SFX: " + utf8Name(*path) + (a.mainSfx.empty() ? " (found beside the level), " : ", ") + std::to_string(sfx.waves.size()) + " samples";
  return sfx;
}

Brought bringInLevel(const LevelDocument& level, const Source& source, const BringIn& a, const Destination& where) {
  const Progress& progress = where.progress;
  WadDocument objects = WadDocument::empty();  // what the source's preparation reads of the destination
  objects.objects = level.data->objects;
  progress(0, 2, "reading the objects of " + utf8Name(a.source.filename()));
  // A level of the same game numbers its sounds as the destination does: they are carried.
  const bool sameGame = source.level && !traits(level.game()).wadIds && sameNumbering(source.game, level.game());
  SharedBytes sfxBytes;
  std::string sfxLine;
  auto sfx = mainSfxOf(level, sameGame, a, where.document, sfxBytes, sfxLine);
  BringIn args = a;
  if (sameGame) args.sounds.reset();  // the source allows no --sounds for another game's numbering
  Prepared p = source.prepare(args, objects);
  if (sameGame) p.request.sounds = a.sounds.value_or(merge::SoundMode::Keep), p.wad.sounds = share<SoundSet>(classicLevelSoundSet(*source.level));
  progress(1, 2, "placing them in the level");
  if (a.mesh || p.records)
    throw merge::MergeError("a level takes whole objects merged; replacing one mesh or an export's exact records goes into a WAD");
  const bool classic = isClassic(level.game());  // TR1-3 keep their tiles in the document
  const auto tiles32 = classic ? std::vector<std::uint8_t>{} : chunkPayload(level.tiles32);
  const auto tiles16 = classic ? std::vector<std::uint8_t>{} : chunkPayload(level.tiles16);
  // A level of MS-ADPCM samples takes no PCM ones (level_merge.h): unasked, its sounds stay.
  merge::Request request = p.request;
  const bool soundsLeft = !a.sounds && merge::takesOnlyAdpcm(level);
  if (soundsLeft) request.sounds = merge::SoundMode::None;
  // TR1, TR4 and TR5 levels embed their samples: a WAD's named ones are read from the samples
  // folder (--samples, else the one near the source).
  WadDocument from = p.wad;
  if (request.sounds != merge::SoundMode::None && (traits(level.game()).samples != SampleStore::MainSfx || !sfx.waves.empty()))
    from.sounds = withSampleBytes(from.sounds, samplesFolderFor(a.source, a.samples.empty() ? std::nullopt
                                                                                            : std::optional(utf8Name(a.samples))));
  auto r = merge::mergeIntoLevel(level, {tiles32, tiles16}, from, request, std::move(sfx));
  Brought out;
  if (!sfxLine.empty()) out.lines.push_back(sfxLine);
  if (!a.mainSfxOut.empty()) {
    std::vector<SharedBytes> pieces{sfxBytes};
    pieces.insert(pieces.end(), r.mainSfxAppended.begin(), r.mainSfxAppended.end());
    writeFileAtomic(a.mainSfxOut, pieces);
    out.lines.push_back("MAIN.SFX written to " + utf8Name(a.mainSfxOut) + ": " + std::to_string(r.mainSfxAppended.size()) +
                        " samples appended after its own");
  }
  out.level = std::move(r.doc);
  out.report = std::move(r.report);
  out.lines.push_back("object textures: " + std::to_string(r.objectTexturesAdded) + " added, " +
                      std::to_string(r.objectTexturesReused) + " faces on ones the level had or the merge made");
  if (a.replace && !classic)
    out.lines.push_back("freed by --replace: " + std::to_string(r.meshesFreed) + " meshes, " + std::to_string(r.objectTexturesFreed) +
                        " object textures (" + std::to_string(r.objectTexturesDrawnAgain) + " drawn again, " +
                        std::to_string(r.objectTexturesRefilled) + " slots taken by new ones; their texels free space)");
  if (classic)
    out.lines.push_back("texture tiles: " + std::to_string(level.classic.tileCount) + " -> " +
                        std::to_string(out.level->classic.tileCount) + "; the 8-bit tiles' nearest palette colours are off by " +
                        std::to_string(r.paletteError) + " at most (of 255)");
  else
    out.lines.push_back("object tiles: " + std::to_string(level.numObjectTiles) + " -> " + std::to_string(out.level->numObjectTiles) +
                        (r.tilesAdded ? " (inserted before the bump tiles; tile indices past them moved along)" : ""));
  if (r.sounds.idsRemoved)
    out.lines.push_back("sounds only the replaced objects played: " + std::to_string(r.sounds.idsRemoved) + " ids and " +
                        std::to_string(r.sounds.detailsRemoved) + " details removed");
  if (soundsLeft && !out.report.sounds.empty())
    out.lines.push_back("sounds: not merged into a level of MS-ADPCM samples yet; the level's sound map, details and samples are unchanged");
  if (r.sounds.detailsAdded + r.sounds.detailsReplaced + r.sounds.idsRemoved)
    out.lines.push_back("sound details: " + std::to_string(r.sounds.detailsAdded) + " added, " + std::to_string(r.sounds.detailsReplaced) +
                        " replaced; samples: " + std::to_string(r.sounds.samplesAdded) + " added, " +
                        std::to_string(r.sounds.samplesFreed) + " no sound played any more removed");
  out.names = p.names;
  out.sourceGame = source.game;
  if (p.notesFor) out.notes = p.notesFor(out.report);
  out.label = bringInLabel(a);
  progress(2, 2, "");
  return out;
}

}  // namespace

Brought bringIn(const Document& destination, const Source& source, const BringIn& args, const Destination& where) {
  if (const auto* wad = std::get_if<WadDocument>(&destination)) return bringIn(*wad, source, args, where);
  return bringInLevel(std::get<LevelDocument>(destination), source, args, where);
}

Brought bringIn(const Document& destination, const BringIn& args, const Destination& where) {
  return bringIn(destination, *openSource(args.source), args, where);
}

}  // namespace wadsmith::usecases
