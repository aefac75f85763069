// Mesh and face edits. A mesh shared by several objects is edited in place, as the classic
// tools do: every object using it changes (meshUsers() says which).
#pragma once
#include <optional>

#include "model/ops/edit_context.h"

namespace wadsmith::ops {

// The length of a stored normal in the original files.
constexpr double kNormalLength = 16300.0;

// Per-vertex normals: normalised sum of the normals of the faces using the vertex, weighted by
// the face's corner angle there; oriented as the original files store them (along
// cross(v2 - v0, v1 - v0) of each face). Degenerate faces are ignored; a vertex no face uses
// keeps its normal. Pure function of the mesh (used by the ops and the tests).
std::vector<Vec3s> computeNormals(const Mesh& mesh);

Edited recomputeNormals(const Document& d, const ObjectRef& object, std::optional<std::size_t> mesh);
Edited flipNormals(const Document& d, const ObjectRef& object, std::optional<std::size_t> mesh);

// A directional light for shades: `direction` is where the light travels (model space, Y down);
// ambient in [0, 1] lights every face.
struct Light {
  double x = 0, y = 1, z = 0;
  double ambient = 0.25;
};
// Normals -> shades (for a static) from the light; shades -> normals (for a movable) from the
// geometry.
// No mesh: every mesh of the object (a mesh two slots share is converted once).
Edited convertToShades(const Document& d, const ObjectRef& object, std::optional<std::size_t> mesh, const Light& light);
Edited convertToNormals(const Document& d, const ObjectRef& object, std::optional<std::size_t> mesh);

// Face attributes; unset fields stay as stored. `texture` is a WAD sample index or a level
// object texture index; `flip` is a WAD texture property; `rotate` shifts the vertex order.
struct FaceChange {
  std::optional<bool> translucent, shine;
  std::optional<int> intensity;  // 0-31 (WAD), 0-63 (level strength)
  std::optional<int> texture;
  std::optional<bool> flip;
  std::optional<int> rotate;
};
Edited setFaces(const Document& d, const ObjectRef& object, std::size_t mesh, const std::vector<std::size_t>& faces,
                const FaceChange& change);

// The sphere the original files store: centred on the vertices' bounding box, the radius the
// farthest vertex (rounded up). Pure (the ops and the import builder use it).
struct MeshSphere {
  Vec3s center;
  std::uint16_t radius = 0;
};
MeshSphere boundingSphere(const std::vector<Vec3s>& vertices);
// The vertices' bounding box (a static's visibility and collision boxes).
BoundingBox boundingBox(const std::vector<Vec3s>& vertices);

Edited recomputeSphere(const Document& d, const ObjectRef& object, std::optional<std::size_t> mesh);
Edited recomputeStaticBoxes(const Document& d, std::uint32_t staticSlot);

// Movables and statics whose meshes include this mesh entry, as "movable 9", "static 10".
std::vector<std::string> meshUsers(const ObjectView& v, std::size_t entry);

}  // namespace wadsmith::ops
