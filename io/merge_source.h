// What a merge takes objects from: a WAD as it is, or the objects of another kind of file as a
// WAD document, with notes on what the conversion could not keep: a level of any Tomb Raider
// game (all its objects), or the models picked from another engine's file (EverQuest
// .s3d/.wld, 3D GameStudio .mdl/.wmp: converted to the common float form and built into records
// by import::buildWad at the slots asked for). The CLI's merge and the editor's merge panel both
// load their source here, so a source is named and converted the same way in both.
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "io/foreign_source.h"
#include "model/document.h"
#include "model/game.h"
#include "model/import/build.h"
#include "model/level_document.h"
#include "model/merge/merge.h"
#include "model/object_ref.h"
#include "model/wad_document.h"

namespace wadsmith {

struct MergeSource {
  WadDocument wad;
  // The game of a level source (its slot numbers, sound and flipeffect ids are that game's);
  // nullopt for a WAD.
  std::optional<Game> game;
  // A level source's data (its sound map, details, sample indices and TR1's samples); null for a
  // WAD.
  Shared<LevelData> level;
  // The path new .WAS lines give for objects the source has no name line for.
  std::string label;
  // The notes that concern some objects only (the ones a merge took).
  std::function<std::vector<std::string>(const std::vector<ObjectRef>&)> notesFor;
  // Another engine's file opened for choosing (no picks): its models; wad is then empty. With
  // picks, wad holds the picked models, built, and this is unset.
  std::optional<foreign::SourceListing> foreign;
  // The file as read (a WAD with its companions, or the level; null for another engine's file):
  // the editor's crash journal keeps a copy so that a merge can be replayed from the same bytes.
  std::shared_ptr<const Document> document;
};

// One model of another engine's file and the TR4 slot it takes.
struct ForeignPick {
  foreign::ObjectKind kind = foreign::ObjectKind::Movable;
  std::string name;  // as listed, or its index in the listing of its kind (loadForeignModel)
  std::uint32_t slot = 0;
};

struct ForeignOptions {
  foreign::LoadOptions load;
  import::BuildOptions build;
};

// True when the file holds another engine's models (recognised by content).
bool isForeignModelSource(const std::filesystem::path& path);

// A WAD or a level; for another engine's file, its listing and the picked models built at their
// slots (none picked: the listing alone, for choosing). Throws ParseError, ConvertError,
// import::BuildError or std::runtime_error with the file's name.
MergeSource loadMergeSource(const std::filesystem::path& path, const std::vector<ForeignPick>& picks = {},
                            const ForeignOptions& options = {});
// A WAD or level already read; `label` as loadMergeSource gives it (the path).
MergeSource mergeSourceOf(Document doc, std::string label);

// The slot an object of another engine takes when none is asked for: the first free one of
// import::firstFreeSlot in `destination`, past those already promised. Throws when none is.
std::uint32_t defaultForeignSlot(const WadDocument& destination, foreign::ObjectKind kind,
                                 const std::vector<std::uint32_t>& promised);

// What a request takes from its source: the label for new .WAS lines, whether its slot numbers
// are TR4's (a level of another game keeps its own: TR4's related slots do not apply, and its
// sound infos are not carried: their ids are that game's).
void describeSource(const MergeSource& source, merge::Request& request);
// The notes a merge out of this source gets: what the conversion lost for the merged objects
// and, for another game's level, the slot numbers kept that are other objects' in TR4.
std::vector<std::string> mergeNotes(const MergeSource& source, const merge::Report& report);

}  // namespace wadsmith
