// 3D GameStudio A4/A5 models (.mdl, "MDL3" and "MDL4") as read: header, skins, skin vertices,
// triangles and frames. Layout and what the real files taught us: docs/formats/3dgs-mdl.md.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace wadsmith::gs {

struct MdlSkin {
  std::int32_t type = 0;  // 0: 8-bit palette indices; 2: 16-bit 5-6-5; 3: 16-bit 4-4-4-4 ARGB
  std::vector<std::uint8_t> pixels;  // width * height * (1 or 2), rows top to bottom
  int bytesPerPixel() const { return type == 0 ? 1 : 2; }
};

struct MdlSkinVertex {
  std::int16_t u = 0, v = 0;  // pixels from the skin's left edge and top row
};

struct MdlTriangle {
  std::array<std::uint16_t, 3> vertices{};  // into every frame's vertex list
  std::array<std::uint16_t, 3> skinVertices{};
};

// One packed vertex of a frame: position = scale * raw + offset (header), a normal index into
// the 162 precomputed normals, and for word-packed frames (MDL4) the bone the vertex follows.
struct MdlFrameVertex {
  std::array<std::uint16_t, 3> raw{};
  std::uint8_t normal = 0;
  std::uint8_t bone = 0;  // word-packed frames only; 0 otherwise
};

struct MdlFrame {
  std::int32_t type = 0;  // 0: byte-packed vertices (4 bytes each); 2: word-packed (8 bytes)
  std::string name;  // up to 16 characters
  std::vector<MdlFrameVertex> vertices;
};

struct MdlModel {
  int version = 0;  // 3 or 4 (and 5, which the 2002 manual gives the same layout)
  std::array<float, 3> scale{}, offset{};
  int skinWidth = 0, skinHeight = 0;
  std::uint32_t boneCount = 0;  // "numbones": 0 in every corpus file, layout undocumented
  std::vector<MdlSkin> skins;
  std::vector<MdlSkinVertex> skinVertices;
  std::vector<MdlTriangle> triangles;
  std::vector<MdlFrame> frames;
  std::vector<std::uint8_t> trailing;  // after the frames: the bone records when boneCount > 0

  std::array<float, 3> position(const MdlFrameVertex& v) const {
    return {scale[0] * v.raw[0] + offset[0], scale[1] * v.raw[1] + offset[1], scale[2] * v.raw[2] + offset[2]};
  }
};

}  // namespace wadsmith::gs
