// The one use case "bring objects into a document": a merge out of a WAD or a level and an
// import from another engine's file or a 3D file are the same thing. A Source (sources.h)
// prepares the picked objects as a WAD; this places them (slots, replacing, related slots),
// carries their textures, sounds and sprites and names them in the .WAS (merge::mergeObjects, or
// exchange::importObject for one mesh or an export's exact records), checks that the result
// fits a WAD, writes the samples that arrive as WAV bytes beside the document (a level's embedded
// ones, TR1-3 ones behind the merged sound ids) and reports. The command line (merge, import) and
// the editor (its Merge panel, the crash journal) only turn their input into a BringIn and show
// the Brought.
#pragma once
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "editor/progress.h"
#include "editor/usecases/sources.h"
#include "model/document.h"
#include "model/exchange/import_object.h"
#include "model/ops/operations.h"

namespace wadsmith::usecases {

struct BringIn {
  std::filesystem::path source;
  std::vector<Pick> picks;
  bool all = false;          // every object of a WAD or a level
  bool replace = false;      // an occupied slot: its object goes
  bool withRelated = false;  // bring the related slots missing in the destination (TR4's slots)
  // What becomes of the sounds the objects play; none: keep the destination's (a WAD, a TR4
  // level), no sounds (another game's level: its sound ids are its own numbering).
  std::optional<merge::SoundMode> sounds;
  std::vector<std::int32_t> sprites;  // sprite sequences to bring
  std::optional<std::size_t> mesh;    // replace only this mesh of the picked slot's movable
  ConvertOptions convert;
  // A TR2/3 level's MAIN.SFX: the source's, for the samples behind its sounds; the destination's,
  // where the merged sounds' samples are looked up (else the one found beside the level).
  std::filesystem::path mainSfx;
  std::filesystem::path mainSfxOut;  // a TR2/3 destination: MAIN.SFX with the samples it lacks appended
  // Where WAVs go; empty: the document's samples folder, else samples/ beside the output. Into a
  // level: where the source's named samples are read (empty: the folder near the source).
  std::filesystem::path samples;
};
nlohmann::json toJson(const BringIn& args);
BringIn bringInFromJson(const nlohmann::json& j);

// Where the result goes: the document's file (its samples folder is found near it) and the
// file the result will be saved as (TR1-3 samples go into samples/ beside it).
struct Destination {
  std::filesystem::path document, output;
  Progress progress;  // the steps: the source's objects read, placed, checked, samples written
};

struct Brought {
  WadDocument doc;
  std::optional<LevelDocument> level;  // the result when the destination is a level (`doc` unused)
  merge::Report report;
  std::vector<std::string> notes;          // what the conversion lost or measured, other games' slots
  std::map<ObjectRef, std::string> names;  // models by the slot they came from, for the report
  std::optional<Game> sourceGame;
  std::optional<exchange::VertexOrder> vertexOrder;  // one mesh replaced
  std::vector<std::string> lines;    // what an exact import or a mesh replacement did
  std::vector<std::string> samples;  // the WAV files written or found, and what could not be
  std::string label;                 // for the history: "merge 2 objects from quirks.wad"
  Document document() const { return level ? Document(*level) : Document(doc); }
};

// Throws (nothing changed or written) for a bad pick, an occupied slot, options that do not
// apply, a result a WAD cannot hold.
Brought bringIn(const WadDocument& destination, const Source& source, const BringIn& args, const Destination& where);
// Into a WAD or a TR1-TR5 level (bring_in_level.cpp: merge::mergeIntoLevel).
Brought bringIn(const Document& destination, const Source& source, const BringIn& args, const Destination& where);
// The same, opening args.source.
Brought bringIn(const Document& destination, const BringIn& args, const Destination& where);

// What the history calls it: "merge 2 objects from quirks.wad" (a function of the arguments, so
// that the crash journal's replay names it the same).
std::string bringInLabel(const BringIn& args);

// The use case as the "bring_in" entry of the table of operations (model/ops/operations.h): its
// arguments are toJson's fields and "document", the file the result belongs to (samples go
// beside it; none: no samples are written). Registered at start (main, the test programs)
// before any lookup; `example` is the call the table's walk test runs.
void registerBringInOperation(ops::Args example = {});
ops::Args bringInCall(const BringIn& args, const std::filesystem::path& document);

// What was done, as `wadsmith merge` prints it and the editor's Merge panel shows it.
std::vector<std::string> reportLines(const Brought& brought);

// A slot number, or a slot name from the catalog of `game` (a merge source's game for picks,
// TR4's for destination slots). `what` names the option or field in errors.
std::uint32_t slotArg(const std::string& s, const char* what, bool movable, Game game = kWadGame);

}  // namespace wadsmith::usecases
