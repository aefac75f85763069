// Copies movables and statics, with everything they use, from a source WAD into a draft of
// the destination. New records and segments take fresh ids and go where the original tools put
// them (model/runs.h: a movable's animations, state changes, dispatches and mesh pointers
// before those of the objects after it; keyframes, commands and mesh trees likewise), so every
// index and offset is rebased when the writer resolves the ids.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/anim/whole.h"
#include "model/draft.h"
#include "model/object_ref.h"
#include "model/object_view.h"

namespace wadsmith::merge {

class ObjectCopier {
 public:
  // `samples` maps source texture samples to destination ones (faces are remapped with it).
  ObjectCopier(Draft& dst, const WadDocument& src, const std::unordered_map<std::uint16_t, std::uint16_t>& samples);

  // Fresh ids for the animations of every movable about to be copied, so that references
  // between them (a dispatch into another merged movable) resolve.
  void reserve(const std::vector<std::size_t>& srcMovables);

  struct Copied {
    std::size_t meshes = 0, meshesShared = 0, animations = 0;
  };
  Copied copyMovable(std::size_t srcMovable, std::uint32_t slot);
  Copied copyStatic(std::size_t srcStatic, std::uint32_t slot);
  // Source animations [a0, a1) (table indices) as animations of the destination's movable `dst`
  // (its index) from its animation `at` on; targets that leave them go as `targets` says
  // (model/anim/whole.h), counted in warnings.
  void copyAnimationsInto(std::size_t a0, std::size_t a1, std::size_t dst, std::size_t at, anim::Targets targets);
  // After the last copy: references that pointed past the source's animation table point
  // past the destination's by as much; movables' keyframe offsets into another merged
  // movable's keyframes are resolved; command lists that run off the package end go last.
  void finish();

  std::size_t meshesAdded = 0, meshesReused = 0;
  std::set<std::uint16_t> soundIds;
  std::vector<std::string> warnings;

 private:
  struct PendingKeyframes {
    Id movable;
    Id segment;  // the source segment its keyframe start named (0: none)
    std::string label;
  };
  struct PastTable {
    Id record;
    bool dispatch;
    std::uint32_t excess;  // how far past the end of the source's animation table
  };
  struct Outside {
    std::size_t otherObject = 0, pastTable = 0;
  };
  // copyAnimationsInto's destination: its movable's animations (id, frame start) before the
  // copy, the copy being made (id, frame start), and how many targets went each way.
  struct Into {
    anim::Targets targets;
    std::size_t movable;
    std::vector<std::pair<Id, std::uint16_t>> destination;
    std::pair<Id, std::uint16_t> owner;
    std::size_t count[3];
  };
  // Where a movable's new runs go: a segment index in each table (model/runs.h placeRun).
  struct Places {
    std::size_t stateChanges = 0, dispatches = 0, keyframes = 0, commands = 0;
  };
  // A movable's animations' parts, copied, in the order they go in.
  struct Copy {
    std::vector<Segment<StateChange>> stateChanges;
    std::vector<Segment<Dispatch>> dispatches;
    std::vector<Segment<std::uint16_t>> keyframes, commands;
    std::map<std::pair<Id, Id>, Id> lists;  // source command run -> its copy
  };

  // Meshes and pointers (object_copy.cpp).
  Id meshFor(std::size_t srcEntry, bool& shared);
  Mesh remapTextures(const Mesh& m, std::size_t srcEntry);
  int sampleClass(std::uint16_t sample) const;
  std::size_t meshKey(const Mesh& m) const;
  bool sameLook(const Mesh& a, const Mesh& b) const;
  Id copyPointers(const RunRef& srcRun, const std::vector<RunRef>& owners, std::size_t owner, Copied& c,
                  const std::string& label);
  RunRef copyLinks(std::size_t srcMovable, std::size_t movablePos, const std::string& label);

  // Animations (animation_copy.cpp).
  void copyAnimations(std::size_t srcMovable, std::size_t movablePos, Movable& out, const std::string& label);
  Places places(std::size_t at, std::size_t animations) const;
  std::vector<Animation> copyRange(std::size_t a0, std::size_t a1, Copy& copy, const std::string& label);
  void insertCopy(Copy& copy, const Places& p);
  bool commandsRunOff() const;
  void copyKeyframes(std::size_t a0, std::size_t a1, Copy& copy);
  RunRef mapKeyframes(const RunRef& r) const;
  RunRef copyStateChanges(std::size_t srcAnim, Copy& copy, Outside& outside, const std::string& label);
  RunRef copyCommands(std::size_t srcAnim, Copy& copy, const std::string& label);
  std::optional<RecordRef> mapAnimation(const RecordRef& r, Outside& outside, int& frame);
  std::optional<RecordRef> leaving(const RecordRef& r, int& frame);
  void notePastTable(const RecordRef& src, Id record, bool dispatch);
  std::optional<Id> animationOfSlot(std::uint32_t slot, std::size_t index) const;
  std::string animationLabel(std::size_t srcAnim, const std::string& label) const;
  void warnOutside(const Outside& outside, const std::string& label);

  Draft& d_;
  const WadDocument& src_;
  ObjectView sv_;
  const std::unordered_map<std::uint16_t, std::uint16_t>& samples_;
  std::unordered_map<Id, Id> animations_;  // source animation id -> new id
  std::unordered_map<Id, Id> meshes_;      // source mesh entry id -> destination entry id
  std::set<Id> created_;                   // destination mesh entries this copier added
  std::unordered_multimap<std::size_t, std::pair<Id, Shared<Mesh>>> meshIndex_;  // meshKey -> destination entry
  std::vector<int> sampleClass_;  // destination sample -> class of samples that look the same
  std::vector<PastTable> pastTable_;
  std::optional<Into> into_;
  std::unordered_map<Id, std::size_t> srcKeyframeSegments_;  // source keyframe segment -> its position
  std::unordered_map<Id, Id> keyframeSegments_;       // source keyframe segment -> its copy
  std::vector<Segment<std::uint16_t>> tailCommands_;  // command lists that run off the package end
  std::vector<PendingKeyframes> pendingKeyframes_;
};

}  // namespace wadsmith::merge
