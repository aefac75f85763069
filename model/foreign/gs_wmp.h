// 3D GameStudio .wmp maps (WED's text format) as read: blocks (convex solids) and the object
// tree that places them. Two block layouts exist: the A4 manual's planes, three points each
// ("( x y z ) ( x y z ) ( x y z ) texture ..."), and the vertex list of the real files
// ("vertices N / faces M", WED 6). Layout: docs/formats/3dgs-mdl.md.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "model/geometry/vector.h"

namespace wadsmith::gs {

using geometry::Vec3d;

// Texture placement of a face or plane: axes with offsets and the WED settings after them.
struct WmpTexturing {
  std::string texture;
  std::array<double, 4> uAxis{}, vAxis{};  // vertex layout: axis xyz and offset; planes: unset
  bool hasAxes = false;
  double xOffset = 0, yOffset = 0, angle = 0, xScale = 1, yScale = 1;
  std::string flags;  // the words after ':' (flags, ambient, albedo...), kept as text
};

struct WmpFace {
  std::vector<int> vertices;  // into the block's vertex list
  WmpTexturing texturing;
};

struct WmpPlane {
  std::array<Vec3d, 3> points{};  // normal along (p1 - p2) x (p3 - p2), pointing out of the block
  WmpTexturing texturing;
};

struct WmpBlock {
  int index = 0;
  std::vector<Vec3d> vertices;
  std::vector<WmpFace> faces;    // vertex layout
  std::vector<WmpPlane> planes;  // plane layout
};

struct WmpMember {
  std::string kind;  // "block", "object", "level", "light", "entity", "sound", ...
  int index = 0;
};

struct WmpObject {
  int index = 0;
  Vec3d position{}, angles{}, scale{1, 1, 1};  // angles: pan, tilt, roll in radians
  std::vector<WmpMember> members;
};

struct WmpMap {
  std::string header;  // the "// WMP2" line
  int version = 0;     // "version 710"; 0 when absent
  std::vector<std::array<std::uint8_t, 3>> palette;  // WED's palette, when present
  std::vector<WmpBlock> blocks;
  std::vector<WmpObject> objects;
  std::vector<std::string> otherSections;  // names of sections kept unread (wed, level, light...)
};

}  // namespace wadsmith::gs
