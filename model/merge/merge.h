// Merging movables and statics from a source WAD into a destination WAD as one document
// operation (one undo step). Everything an object needs comes along — meshes, mesh tree,
// animations with keyframes, state changes, dispatches and commands, textures — with every
// index rebased; nothing else does.
#pragma once
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/wad_document.h"

namespace wadsmith::merge {

class MergeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Request {
  std::vector<std::uint32_t> movables, statics;  // source slots
  bool all = false;                              // every object of the source
  bool replace = false;                          // an occupied slot: remove the old object first
  std::optional<std::uint32_t> as;               // place the (single) object under another slot
  bool withRelated = false;                      // bring related slots missing in the destination
};

struct MergedObject {
  bool movable = true;
  std::uint32_t sourceSlot = 0, slot = 0;
  std::string name;
  bool replaced = false;
};

struct Report {
  std::vector<MergedObject> merged;
  std::size_t meshesAdded = 0, meshesShared = 0;
  std::size_t samplesAdded = 0, samplesReused = 0;
  std::size_t pagesBefore = 0, pagesAfter = 0;
  double efficiency = 0;        // covered sample area / page area after the merge
  std::size_t appendPages = 0;  // pages had the source pages been appended whole
  double appendEfficiency = 0;  // the same figure for that
  std::vector<std::string> warnings;
  std::vector<std::string> relatedMissing;  // related slots in the source, missing in the destination
  std::set<std::uint16_t> sounds;           // sound ids the merged animations play
};

struct Result {
  WadDocument doc;
  Report report;
};

// Throws MergeError (unknown source object, occupied slot without --replace/--as...); the
// destination is never modified (documents are values).
Result mergeObjects(const WadDocument& destination, const WadDocument& source, const Request& request);

}  // namespace wadsmith::merge
