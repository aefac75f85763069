// What a merge takes objects from: a WAD as it is, or the objects of another kind of file (a
// level of any Tomb Raider game; other engines convert the same way) as a WAD document, with
// notes on what the conversion could not keep. The CLI's merge and the editor's merge panel both load
// their source here, so a source is named and converted the same way in both.
#pragma once
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/game.h"
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
};

// Throws ParseError or std::runtime_error with the file's name.
MergeSource loadMergeSource(const std::filesystem::path& path);

// What a request takes from its source: the label for new .WAS lines, whether its slot numbers
// are TR4's (a level of another game keeps its own: TR4's related slots do not apply).
void describeSource(const MergeSource& source, merge::Request& request);
// The notes a merge out of this source gets: what the conversion lost for the merged objects
// and, for another game's level, the slot numbers kept that are other objects' in TR4.
std::vector<std::string> mergeNotes(const MergeSource& source, const merge::Report& report);

}  // namespace wadsmith
