// Pieces the EverQuest converters share: following references with located errors, a mesh's
// materials resolved to images or colours, and faces built from 0x36 polygons.
#pragma once
#include <array>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "model/foreign/eq_convert.h"
#include "model/foreign/eq_wld.h"
#include "model/foreign/face_tools.h"
#include "model/foreign/texture_source.h"
#include "model/imported.h"

namespace wadsmith::eq::detail {

[[noreturn]] void fail(const World& w, const Fragment& f, const std::string& what);

// The fragment `ref` names, which must be of `type`; errors name `from` and the reference.
const Fragment& follow(const World& w, const Fragment& from, FragmentRef ref, std::uint32_t type, const char* role);

template <class T>
const T& bodyOf(const World& w, const Fragment& f) {
  const T* b = std::get_if<T>(&f.parsed);
  if (!b) fail(w, f, "fragment is not parsed as expected");
  return *b;
}

// How the faces of one material look in the output.
struct Look {
  int image = -1;
  std::array<std::uint8_t, 3> color{};
  MaterialKind kind = MaterialKind::Opaque;
};

// Resolves material lists (0x31 -> 0x30 -> 0x05 -> 0x04 -> 0x03) to looks, adding each
// picture once to the model (by bitmap name and mask); collects what to report.
class Materials {
 public:
  Materials(const World& w, const foreign::TextureSource& textures, imported::Model& out)
      : w_(w), textures_(textures), out_(out) {}
  // One look per entry of the mesh's material list; empty when the mesh names none.
  std::vector<Look> forMesh(const Fragment& meshFragment);
  void addNotes() const;

 private:
  Look resolve(const Fragment& list, FragmentRef materialRef);

  const World& w_;
  const foreign::TextureSource& textures_;
  imported::Model& out_;
  std::map<std::string, int> images_;  // lower-case bitmap name + mask flag -> image
  std::set<std::string> found_, missing_, animated_, unmaskable_;
  std::map<std::uint32_t, int> unknownMethods_;
};

struct FaceStats {
  int invisible = 0;         // boundary material: not drawn
  int clampedUv = 0;         // texture repeats across the face: clamped to one repetition
  int noUv = 0;              // mesh without texture coordinates for its vertices
  int unmapped = 0;          // polygons past the material runs
  int masked = 0, translucent = 0;
  void addNotes(imported::Model& out, const std::string& where) const;
};

// Vertex v's normal as a 0x36 mesh stores it, in EverQuest's space.
inline foreign::Vec3 storedNormal(const Mesh& m, std::size_t v) {
  return {m.normals[v][0] / 127.0f, m.normals[v][1] / 127.0f, m.normals[v][2] / 127.0f};
}
// A direction in EverQuest's space as a unit normal in TR's (straight up when it has no length).
foreign::Vec3 trNormal(foreign::Vec3 zUp);

// Material list index per polygon from the mesh's runs; -1 past the runs.
std::vector<int> polygonMaterialIndex(const Mesh& m);

// Appends polygon `p` of `m` as a face whose corners are `corners` (indices into out's
// positions), unless its material is not drawn (counted in `stats`).
void addFace(imported::Mesh& out, const Mesh& m, std::size_t p, const std::array<int, 3>& corners,
             const std::vector<Look>& looks, int material, FaceStats& stats);

// The movable built from a skeleton (0x10), its skinned meshes and every animation whose
// tracks carry the skeleton's track names behind a three-letter prefix ("C05" + "ORCPE_TRACK").
void convertSkeletal(const World& w, const Fragment& skeleton, const ConvertOptions& o, const foreign::TextureSource& t,
                     imported::Model& out);

}  // namespace wadsmith::eq::detail
