// An oracle for the objects of TR1, TR2, TR3 and TR5 levels, read straight from the file's bytes
// with nothing of WadSmith's codecs (only the standard library and zlib): mesh vertices and
// faces, object textures, the texels of the tiles as each game shows them, and keyframe angles
// decoded in each game's own way. Tests compare what a conversion produced against it.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

namespace wadsmith::test {

struct RawFace {
  bool quad = false, coloured = false;
  std::array<std::uint16_t, 4> vertices{};
  std::uint16_t texture = 0, effects = 0;  // effects: TR4/5 meshes only
};

struct RawMesh {
  std::vector<std::array<std::int16_t, 3>> vertices, normals;
  std::vector<std::int16_t> shades;
  std::vector<RawFace> faces;
};

struct RawObjectTexture {
  std::uint16_t attribute = 0, tile = 0;
  std::array<std::array<double, 2>, 4> uv{};  // pixel + fraction / 256
};

struct RawModel {
  std::uint32_t id = 0;
  std::uint16_t meshes = 0, firstMesh = 0, animation = 0;
  std::uint32_t frameOffset = 0;
};

struct RawAnimation {
  std::uint32_t frameOffset = 0;  // bytes
  std::uint8_t frameRate = 0, frameSize = 0;
  std::uint16_t stateId = 0;
  std::int32_t speed = 0, accel = 0;
  std::uint16_t frameStart = 0, frameEnd = 0;
};

// One rotation in TR4's units: one axis (1 X, 2 Y, 3 Z) with a 12-bit angle, or three 10-bit
// angles (axis 0).
struct RawRotation {
  int axis = 0;
  std::array<int, 3> angles{};
  friend bool operator==(const RawRotation&, const RawRotation&) = default;
};
struct RawKeyframe {
  std::array<std::int16_t, 9> boxAndOffset{};
  std::vector<RawRotation> rotations;
};

struct RawLevel {
  int game = 0;  // 1, 2, 3 or 5
  std::vector<std::uint8_t> meshData;
  std::vector<std::uint32_t> meshPointers;
  std::vector<RawAnimation> animations;
  std::vector<std::uint16_t> frames;
  std::vector<RawModel> models;
  std::vector<std::pair<std::uint32_t, std::uint16_t>> statics;  // id, mesh pointer index
  std::vector<RawObjectTexture> objectTextures;
  std::vector<std::uint8_t> palette, palette16, tiles8, tiles16, tiles32;

  RawMesh mesh(std::uint32_t pointerIndex) const;
  // RGB as the game shows it, or magenta where it is transparent.
  std::array<std::uint8_t, 3> texel(int tile, int x, int y) const;
  std::array<std::uint8_t, 3> faceColour(std::uint16_t texture) const;
  // [first, end) animations of a model: to the next model's first animation.
  std::pair<std::size_t, std::size_t> animationsOf(std::size_t model) const;
  // The keyframes of an animation for a model of `meshes` meshes, rotations in TR4's units.
  std::vector<RawKeyframe> keyframes(std::size_t animation, std::size_t meshes) const;
};

// Throws std::runtime_error when the bytes do not hold a TR1-3 or TR5 level.
RawLevel parseRawLevel(const std::vector<std::uint8_t>& file);

// TR4 keyframe words decoded the same way (one-axis angles in 12 bits).
std::vector<RawKeyframe> decodeTr4Keyframes(const std::vector<std::uint16_t>& words, std::size_t size, std::size_t meshes);

}  // namespace wadsmith::test
