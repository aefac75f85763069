// EverQuest .wld files as read: the header, the decoded string hash and every fragment in file
// order. Fragment types the converters use are parsed; every fragment keeps its body bytes, so
// nothing the readers do not understand is lost. Layouts and what the real files taught us:
// docs/formats/eq-wld.md.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "model/bytes.h"

namespace wadsmith::eq {

constexpr std::uint32_t kWldMagic = 0x54503D02;
constexpr std::uint32_t kWldOldVersion = 0x00015500;
constexpr std::uint32_t kWldNewVersion = 0x1000C800;

// A fragment reference as stored: > 0 is the fragment's index + 1 (so the first fragment
// cannot be named, hence the 0x35 placeholder); < 0 names a fragment by the string at
// -ref - 1 of the string hash; 0 is none.
using FragmentRef = std::int32_t;

struct BitmapNames {  // 0x03: one file name per bitmap of an animated texture
  std::vector<std::string> files;
};

struct BitmapInfo {  // 0x04
  std::vector<FragmentRef> bitmaps;  // 0x03 fragments
};

// Fragments that are a reference and a flags word: 0x05 (-> 0x04), 0x11 (-> 0x10),
// 0x2D (-> 0x36), 0x2F (-> 0x37), 0x33 (-> 0x32), 0x09, 0x07, 0x1C.
struct Reference {
  FragmentRef target = 0;
  std::uint32_t flags = 0;
};

struct Material {  // 0x30
  std::uint32_t renderMethod = 0;  // see MaterialKind
  FragmentRef bitmapInfo = 0;      // 0x05
};

struct MaterialList {  // 0x31
  std::vector<FragmentRef> materials;  // 0x30 fragments; a mesh's material index counts here
};

struct SkeletonPiece {
  std::string name;
  FragmentRef track = 0;  // 0x13: the piece's rest pose
  FragmentRef mesh = 0;   // 0x2D of a mesh drawn with this piece alone, or 0
  std::vector<std::int32_t> children;  // piece indices
};

struct Skeleton {  // 0x10
  std::optional<float> boundingRadius;
  std::vector<SkeletonPiece> pieces;
  std::vector<FragmentRef> meshes;  // 0x2D fragments skinned to the pieces (vertex pieces)
};

// One key of a piece track. The real files store a quaternion, not the reference's Euler
// fractions: (rotW, rotX, rotY, rotZ) has length 16384 in every corpus frame. Translation is
// shift / shiftDenominator, in the parent piece's axes.
struct TrackFrame {
  std::int16_t rotW = 0, rotX = 0, rotY = 0, rotZ = 0;
  std::int16_t shiftX = 0, shiftY = 0, shiftZ = 0, shiftDenominator = 0;
};

struct TrackDef {  // 0x12
  std::vector<TrackFrame> frames;
};

struct Track {  // 0x13
  FragmentRef trackDef = 0;  // 0x12
  std::optional<std::uint32_t> frameMs;
};

struct ActorDef {  // 0x14
  std::vector<FragmentRef> models;  // 0x11 (a skeleton) or 0x2D (a mesh), 0x09 in a zone
};

struct Run {  // a count of consecutive vertices or polygons and what they belong to
  std::uint16_t count = 0, index = 0;
};

struct MeshPolygon {
  std::array<std::uint16_t, 3> vertices{};
};

struct Mesh {  // 0x36
  FragmentRef materialList = 0, animatedVertices = 0;
  std::array<float, 3> center{};
  std::uint16_t scale = 0;  // vertices are stored times 1 << scale
  std::vector<std::array<std::int16_t, 3>> vertices;
  std::vector<std::array<std::int32_t, 2>> uvs;  // 256 = one repetition; old files store 16 bits
  std::vector<std::array<std::int8_t, 3>> normals;
  std::vector<MeshPolygon> polygons;
  std::vector<Run> vertexPieces;      // vertices per skeleton piece, in vertex order
  std::vector<Run> polygonMaterials;  // polygons per material list index, in polygon order

  std::array<float, 3> position(std::size_t v) const {
    float s = 1.0f / static_cast<float>(1u << (scale & 31));
    return {center[0] + vertices[v][0] * s, center[1] + vertices[v][1] * s, center[2] + vertices[v][2] * s};
  }
};

using FragmentBody = std::variant<std::monostate, BitmapNames, BitmapInfo, Reference, Material, MaterialList, Skeleton,
                                  TrackDef, Track, ActorDef, Mesh>;

struct Fragment {
  std::uint32_t type = 0;
  std::int32_t nameRef = 0;
  std::string name;           // from the string hash; empty when unnamed
  std::uint64_t offset = 0;   // of the fragment's size field in the file
  std::vector<std::uint8_t> body;  // the bytes after the name reference, as stored
  FragmentBody parsed;             // monostate for types nobody parses (kept as bytes)
  std::size_t unparsedBytes = 0;   // body bytes after the parsed fields (padding, unknown)
};

struct World {
  std::string file;
  std::uint32_t version = 0;
  std::uint32_t regionCount = 0;  // header word 3
  std::vector<std::uint8_t> stringHash;  // decoded
  std::vector<Fragment> fragments;
  std::vector<std::uint8_t> trailing;  // after the last fragment (0xFFFFFFFF in the corpus)

  bool newFormat() const { return version == kWldNewVersion; }
  // The NUL-terminated string at `offset` of the hash; empty when out of range.
  std::string stringAt(std::int64_t offset) const {
    if (offset < 0 || static_cast<std::uint64_t>(offset) >= stringHash.size()) return {};
    std::string s;
    for (auto i = static_cast<std::size_t>(offset); i < stringHash.size() && stringHash[i] != 0; ++i)
      s.push_back(static_cast<char>(stringHash[i]));
    return s;
  }
  // The fragment a reference names, or nullptr (0, out of range, or a name nothing has).
  const Fragment* resolve(FragmentRef ref) const {
    if (ref > 0) return static_cast<std::size_t>(ref) <= fragments.size() ? &fragments[ref - 1] : nullptr;
    if (ref == 0) return nullptr;
    std::string name = stringAt(-static_cast<std::int64_t>(ref) - 1);
    if (name.empty()) return nullptr;
    for (const auto& f : fragments)
      if (f.name == name) return &f;
    return nullptr;
  }
  std::size_t indexOf(const Fragment& f) const { return static_cast<std::size_t>(&f - fragments.data()); }
};

// How messages name a fragment: "fragment 12 (0x36 BAT_DMSPRITEDEF)".
inline std::string fragmentLabel(std::size_t index, const Fragment& f) {
  return "fragment " + std::to_string(index) + " (" + hexText(f.type) + (f.name.empty() ? "" : " " + f.name) + ")";
}

// How a material draws, from its render method (the real files, not the reference's bit list:
// 0x14, drawn opaque on almost every character texture, has the "semi-transparent" bit set);
// nullopt for a method not known (drawn opaque).
enum class MaterialKind { Invisible, Opaque, Masked, Translucent, Additive };
inline std::optional<MaterialKind> materialKind(std::uint32_t renderMethod) {
  switch (renderMethod & 0x7FFFFFFFu) {
    case 0x00: return MaterialKind::Invisible;  // boundaries, never drawn
    case 0x13: return MaterialKind::Masked;     // trees, railings: palette index 0 is the hole
    case 0x05:
    case 0x09:
    case 0x0A: return MaterialKind::Translucent;  // 25/50/75 percent
    case 0x0B:                                    // fire
    case 0x17: return MaterialKind::Additive;     // wisp heads, fairy wings
    case 0x01:
    case 0x14:
    case 0x15: return MaterialKind::Opaque;
    default: return std::nullopt;
  }
}

}  // namespace wadsmith::eq
