// Finding faces under the cursor: rays against posed meshes, and the faces whose centres fall
// inside a screen rectangle.
#pragma once
#include <optional>
#include <vector>

#include "editor/view/camera.h"
#include "model/mesh.h"
#include "model/ops/selection.h"

namespace wadsmith::view {

// A face of an object (mesh index within the object, face index): the selection's.
using FaceRef = ops::FaceRef;

struct Hit {
  FaceRef face;
  float distance = 0;
};

// `meshes[i]` drawn with `world[i]` (model -> display space). Nearest hit, if any.
std::optional<Hit> pickFace(const Ray& ray, const std::vector<const Mesh*>& meshes, const std::vector<Mat4>& world);

// Faces whose centre projects inside [x0, x1] x [y0, y1] (pixels) of a viewport.
std::vector<FaceRef> facesInRect(const Mat4& viewProjection, float width, float height, float x0, float y0, float x1,
                                 float y1, const std::vector<const Mesh*>& meshes, const std::vector<Mat4>& world);

}  // namespace wadsmith::view
