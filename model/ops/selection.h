// What users have selected, as the operations read it: the editor fills an operation's
// arguments from it (model/ops/operations.h), so a button needs to give only what is not
// selected.
#pragma once
#include <cstddef>
#include <optional>
#include <set>

#include "model/object_ref.h"

namespace wadsmith::ops {

// A face of an object: its mesh by index within the object, the face by index in the mesh.
struct FaceRef {
  std::size_t mesh = 0;
  std::size_t face = 0;
  friend auto operator<=>(const FaceRef&, const FaceRef&) = default;
};

struct Selection {
  std::optional<ObjectRef> object;
  std::size_t animation = 0;          // index within the movable
  float frame = 0;                    // from the animation's first frame
  std::set<FaceRef> faces;            // faces of the selected object's meshes
  std::optional<std::size_t> mesh;    // a mesh of the object (mesh tools)
  std::optional<std::size_t> sound;   // a sound id (the Sounds panel)
};

}  // namespace wadsmith::ops
