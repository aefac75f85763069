// The object tables as a file stores them: records whose references are the stored numbers
// (table indices, package offsets, first index and count: RecordRef and RunRef raw values) and
// the packages as words. The readers decode these (io/object_tables.h); the exchange records
// and the import builder write them the same way. linkTables turns them into the model's
// tables: ids, runs as segments, references to records.
#pragma once
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "model/bytes.h"
#include "model/package.h"
#include "model/tables.h"

namespace wadsmith {

// A package's words: built ones, or the little-endian bytes a reader holds, which linkTables cuts
// straight into segments (a million keyframe words are not decoded whole first). When the bytes
// are shared (`owner`), the host little-endian and a word aligned, a segment views them.
template <class T>
struct StoredWords {
  std::vector<T> words;                        // when built
  std::span<const std::uint8_t> littleEndian;  // when read: sizeof(T) bytes a word; wins when set
  std::shared_ptr<const void> owner;           // keeps littleEndian alive, when it is shared
  std::size_t size() const { return littleEndian.empty() ? words.size() : littleEndian.size() / sizeof(T); }
  Elements<T> slice(std::size_t from, std::size_t to) const {
    if (littleEndian.empty()) return share<std::vector<T>>(words.begin() + from, words.begin() + to);
    const std::uint8_t* p = littleEndian.data() + from * sizeof(T);
    if (std::endian::native == std::endian::little && owner && reinterpret_cast<std::uintptr_t>(p) % alignof(T) == 0)
      return Elements<T>::view(owner, reinterpret_cast<const T*>(p), to - from);
    return share<std::vector<T>>(decodeLittleEndian<T>(p, to - from));
  }
};

struct StoredTables {
  KeyframeFormat keyframeFormat = KeyframeFormat::Tr4;
  std::vector<MeshEntry> meshes;     // with ids
  std::vector<MeshPointer> pointers; // targets linked to the mesh entries
  std::vector<Animation> animations;
  std::vector<StateChange> stateChanges;
  std::vector<Dispatch> dispatches;
  std::vector<std::uint16_t> commands;
  std::vector<std::int32_t> links;
  StoredWords<std::uint16_t> keyframes;
  std::vector<Movable> movables;
  std::vector<Static> statics;
};

// Record ids and segment ids come from `nextId` (past the mesh entries' ids).
//
// The runs packages are cut into: an animation's keyframe words run from its offset to the next
// animation's (its junk words stay with it); a command list's run is its words when it parses,
// else the words up to the next list (or as far as its commands parse, if further); a movable's
// link records are 4 dwords per mesh after the first, clipped to the package (WadMerger's
// garbage between them stays in segments of its own); a movable's keyframe start is a start
// only. Offsets past the package, and odd keyframe byte offsets, stay raw.
ObjectTables linkTables(StoredTables t, Id& nextId);

}  // namespace wadsmith
