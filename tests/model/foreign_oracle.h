// Oracles for the foreign converters, written apart from them: 3x3 matrices instead of the
// converters' quaternion helpers, the source posed from the parsed file by the format's own
// rules, the converted model posed by TR's matrix stack, and the axis change as an explicit
// matrix. A converter that agrees with these agrees with the formats, not with itself.
#pragma once
#include <array>
#include <map>
#include <string>
#include <vector>

#include "model/foreign/eq_wld.h"
#include "model/imported.h"

namespace wadsmith::test {

using D3 = std::array<double, 3>;
using M3 = std::array<std::array<double, 3>, 3>;

struct Xform {  // x' = r x + t
  M3 r{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  D3 t{0, 0, 0};
  D3 apply(const D3& p) const;
  Xform operator*(const Xform& child) const;
};

M3 quatMatrix(double w, double x, double y, double z);  // normalizes
double distance(const D3& a, const D3& b);

// Source (x forward, y left, z up) to TR (x right, y down, z forward), times `scale`.
D3 toTr(const D3& source, double scale);

// TR's matrix stack: the root at T(offset) R(q0), mesh i at parent * T(offset i) * R(qi).
std::vector<Xform> poseTr(const imported::Model& m, const imported::Frame& f);

// An EverQuest skeleton posed by its tracks: piece worlds for animation `prefix` ("" = the
// rest pose) at frame `frame` (tracks shorter than the frame hold their last key). Built from
// the parsed 0x10/0x13/0x12 fragments and the documented naming of animation tracks.
struct EqSkeletonOracle {
  const eq::World* world = nullptr;
  const eq::Skeleton* skeleton = nullptr;
  std::vector<int> parent;
  std::vector<std::string> baseTrack;            // the 0x13 name per piece
  std::map<std::string, const eq::TrackDef*> tracks;  // every 0x13 name -> its 0x12
  explicit EqSkeletonOracle(const eq::World& w, const std::string& actor);
  std::vector<Xform> pose(const std::string& prefix, std::size_t frame) const;
  std::size_t frames(const std::string& prefix) const;
  // Sum over the piece and its ancestors, the TR root's piece excepted, of how far each one's
  // shift is from its rest shift in this frame: what fixed TR offsets cannot follow.
  double shiftAllowance(const std::string& prefix, std::size_t frame, int piece, int rootPiece) const;
  const eq::TrackFrame& key(const std::string& prefix, int piece, std::size_t frame) const;
  int pieceOf(const std::string& name) const;  // throws when the skeleton has no such piece
};

// An actor of `w` converted with the stated change alone (axes and `scale`; no floor, no
// pictures): what the oracles compare against.
imported::Model convertEqActor(const eq::World& w, const std::string& actor, double scale);

// The mesh a 0x2D reference names, and a vertex as stored (center + vertex / 2^scale).
const eq::Mesh& eqMeshOf(const eq::World& w, eq::FragmentRef ref2d);
D3 eqStoredVertex(const eq::Mesh& m, std::size_t v);

// Each source vertex of the skeleton's meshes found in the converted model: the bone (the
// model's mesh named after the vertex's piece), the vertex index there (the stored position
// turned and scaled), the piece, and the stored position. A vertex not found is a test failure.
struct EqCorner {
  int bone = -1, index = -1, piece = -1;
  D3 local{};
};
std::vector<EqCorner> eqCorners(const EqSkeletonOracle& oracle, const imported::Model& m, double scale);

}  // namespace wadsmith::test
