// One object of a WAD as plain records, for files that carry an object out of WadSmith and back
// in (glTF extras): its meshes exactly as stored (vertices, normals or shades, faces with
// their texture words and attributes, sphere, padding), its mesh tree, animations (every field,
// state changes, dispatches) with the keyframe and command words as stored, the static's boxes,
// its .WAS line, and the texture samples its faces name with their pixels.
//
// objectRecords takes an object out through the merge (merge::mergeObjects into an empty WAD),
// so the records are what a merge would bring: only the samples the faces use, packed into
// fresh pages, references within the object. objectDocument is the inverse: a one-object WAD
// that merges into any destination exactly as the original object would.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/object_ref.h"
#include "model/wad_document.h"

namespace wadsmith::exchange {

// A stored animation index as the object sees it: an index among its own animations, one past
// the last ("end" of the table), an animation of another movable (Lara's weapon animations
// dispatch into LARA's: `slot` and the index among that movable's animations), or a value
// that pointed nowhere, kept as stored.
struct LocalRef {
  enum class Kind : std::uint8_t { Index, End, Raw, Other };
  Kind kind = Kind::Raw;
  std::uint32_t value = 0;
  std::uint32_t slot = 0;  // Kind::Other
  friend bool operator==(const LocalRef&, const LocalRef&) = default;
};

struct DispatchRecord {
  std::int16_t inFrame = 0, outFrame = 0;  // absolute frame numbers, as stored
  LocalRef nextAnimation;
  std::int16_t nextFrame = 0;
  friend bool operator==(const DispatchRecord&, const DispatchRecord&) = default;
};

struct StateChangeRecord {
  std::uint16_t stateId = 0;
  std::vector<DispatchRecord> dispatches;
  friend bool operator==(const StateChangeRecord&, const StateChangeRecord&) = default;
};

struct AnimationRecord {
  std::uint8_t frameDuration = 0, keyframeSize = 0;
  std::uint16_t stateId = 0;
  std::int32_t speed = 0, accel = 0, lateralSpeed = 0, lateralAccel = 0;  // 16.16 as stored
  std::uint16_t frameStart = 0, frameEnd = 0;
  LocalRef nextAnimation;
  std::uint16_t nextFrame = 0;
  std::uint16_t numCommands = 0;
  std::optional<std::uint32_t> keyframeOffset;  // words into ObjectRecords::keyframeWords; none: raw
  std::optional<std::uint32_t> commandOffset;   // words into ObjectRecords::commandWords
  std::uint32_t rawKeyframeOffset = 0, rawCommandOffset = 0;  // when the offset is none
  std::vector<StateChangeRecord> stateChanges;
  friend bool operator==(const AnimationRecord&, const AnimationRecord&) = default;
};

struct ObjectRecords {
  ObjectRef ref;
  std::string wasLine;  // the object's .WAS line, empty when it has none
  std::vector<Mesh> meshes;
  std::vector<std::uint32_t> pointers;  // mesh index per mesh pointer
  // Bytes past the mesh's start a pointer lands at (a quirk: it then lands inside the mesh and
  // draws nothing sensible); empty when every pointer lands on its mesh's start.
  std::vector<std::uint32_t> pointerDeltas;
  // Movables: the packages of the object, whole (words between and after the animations'
  // offsets included), and the offsets into them.
  std::vector<std::int32_t> linkDwords;
  std::vector<std::uint16_t> keyframeWords, commandWords;
  std::optional<std::uint32_t> movableKeyframeOffset;
  std::vector<AnimationRecord> animations;
  // Statics.
  BoundingBox visibility, collision;
  std::uint16_t flags = 0;
  // The samples the faces' texture words name (indices into this list) and their pages.
  std::vector<TextureSample> samples;
  std::vector<std::vector<std::uint8_t>> pages;  // 256x256 RGB each
  friend bool operator==(const ObjectRecords&, const ObjectRecords&) = default;
};

// `label`: the path the object's .WAS line names when the document has no line for it (a
// level's objects), as a merge from that file would write it. Throws merge::MergeError for an
// object the document lacks.
ObjectRecords objectRecords(const WadDocument& doc, const ObjectRef& ref, const std::string& label = "");

// A WAD holding just this object. Targets in other movables point past its animation table
// there (as a merge leaves them when the other movable is missing); resolveTargets puts them
// back once the object is in a document. Throws std::invalid_argument naming the record that
// does not fit (a mesh pointer or offset past its list).
WadDocument objectDocument(const ObjectRecords& records);

// Points the records' targets into other movables at those movables' animations in `doc`,
// where the object sits at `slot`; returns how many had no such animation there (left past the
// table).
std::size_t resolveTargets(WadDocument& doc, std::uint32_t slot, const ObjectRecords& records);

}  // namespace wadsmith::exchange
