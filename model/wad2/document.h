// A Tomb Editor .wad2 file as an immutable value: textures (whole BGRA images of any size),
// sprites and sequences, movables (meshes, bones, animations with float keyframes, state
// changes, dispatches, commands), statics, animated texture sets, metadata. Floats and LEB128
// numbers are kept as stored (numbers as 64-bit values: nothing is clamped), references into
// lists (a polygon's texture, a next animation, a sequence's sprites) are ids resolved on write.
//
// Lossless: every record read from a chunk keeps that chunk (`Keep::source`) and is written
// back from it while its value is unchanged; the chunks inside it that no field names
// (`Keep::unknown`) are written back in their place when it changes. Records changed or new
// are written as TombLib's current writer does (io/wad2_codec.h); `version` names the chunk
// variant a record was read from and is written in (W2Tr / W2Tr2, W2Ani2 / W2Ani3...).
#pragma once
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/bytes.h"
#include "model/refs.h"

namespace wadsmith::wad2 {

// Floats compare by their bits: 0 and -0 differ, a NaN equals itself (an edit is an edit).
inline bool sameBits(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }
struct Vec2 {
  float x = 0, y = 0;
  friend bool operator==(const Vec2& a, const Vec2& b) { return sameBits(a.x, b.x) && sameBits(a.y, b.y); }
};
struct Vec3 {
  float x = 0, y = 0, z = 0;
  friend bool operator==(const Vec3& a, const Vec3& b) {
    return sameBits(a.x, b.x) && sameBits(a.y, b.y) && sameBits(a.z, b.z);
  }
};
struct Vec4 {
  float x = 0, y = 0, z = 0, w = 0;
  friend bool operator==(const Vec4& a, const Vec4& b) {
    return sameBits(a.x, b.x) && sameBits(a.y, b.y) && sameBits(a.z, b.z) && sameBits(a.w, b.w);
  }
};
// A float chunk: TombLib writes a double (8 bytes) and reads 4-byte ones as single.
struct Real {
  double value = 0;
  friend bool operator==(const Real& a, const Real& b) {
    return std::bit_cast<std::uint64_t>(a.value) == std::bit_cast<std::uint64_t>(b.value);
  }
};

// A stored index into a list: the record at that position (by id), or the number as stored
// when it names none.
struct Ref {
  Id id = 0;  // 0: not a record
  std::int64_t raw = 0;
  static Ref to(Id id) { return {id, 0}; }
  static Ref rawValue(std::int64_t v) { return {0, v}; }
  bool isRecord() const { return id != 0; }
  friend bool operator==(const Ref&, const Ref&) = default;
};

// A chunk no field names, and its place among its siblings (0 = before the first).
struct Unknown {
  std::uint32_t position = 0;
  SharedBytes bytes;  // the whole chunk: id length, id, size, payload
};

// What a record keeps of the bytes it was read from. Not part of its value: two records are
// equal whatever they keep.
struct Keep {
  SharedBytes source;  // the record's chunk as read, header included
  std::vector<Unknown> unknown;
  friend bool operator==(const Keep&, const Keep&) { return true; }
};

// TombLib's TRVersion.Game numbers (W2SuggestedGameVersion).
namespace game {
constexpr std::int64_t kTR1 = 1, kTR2 = 2, kTR3 = 3, kTR4 = 4, kTR5 = 5, kTR1X = 11, kTR2X = 12, kTRNG = 16,
                       kTombEngine = 18;
}
const char* gameName(std::int64_t game);

struct Texture {
  Id id = 0;
  std::int64_t width = 0, height = 0;
  std::optional<std::int64_t> index;  // W2Index (older files)
  std::string name;                   // W2TxtName: the source image's path
  std::optional<std::string> relativePath;
  SharedBytes pixels;  // W2TxtData: BGRA, top row first; width * height * 4 bytes when well formed
  Keep keep;
  friend bool operator==(const Texture&, const Texture&) = default;
};

struct Sprite {
  Id id = 0;
  std::int64_t width = 0, height = 0;
  std::optional<std::int64_t> index;
  SharedBytes pixels;  // BGRA
  std::optional<std::array<std::int32_t, 4>> sides;  // W2SprSides: alignment x0, y0, x1, y1
  Keep keep;
  friend bool operator==(const Sprite&, const Sprite&) = default;
};

struct SpriteSequence {
  std::int64_t objectId = 0;
  std::vector<Ref> sprites;
  Keep keep;
  friend bool operator==(const SpriteSequence&, const SpriteSequence&) = default;
};

// TombLib's BlendMode numbers the faces store.
namespace blend {
constexpr std::int64_t kNormal = 0, kAlphaTest = 1, kAdditive = 2;
}

struct Polygon {
  bool quad = false;
  int version = 2;  // 1: W2Tr / W2Uq; 2: W2Tr2 / W2Uq2 (with the parent area)
  std::array<std::int64_t, 4> vertices{};  // [3] unused for triangles
  std::int64_t shine = 0;
  Ref texture;
  Vec2 parentStart, parentEnd;  // version 2
  std::array<Vec2, 4> uv{};     // in pixels of the texture; [3] unused for triangles
  std::int64_t blendMode = blend::kNormal;
  std::uint8_t doubleSided = 0;  // the byte as stored (TombLib reads a bool)
  Keep keep;
  int corners() const { return quad ? 4 : 3; }
  friend bool operator==(const Polygon&, const Polygon&) = default;
};

struct VertexAttribute {
  std::int64_t glow = 0, move = 0;
  friend bool operator==(const VertexAttribute&, const VertexAttribute&) = default;
};
struct VertexWeight {
  std::array<std::int32_t, 4> bone{};
  Vec4 weight;
  friend bool operator==(const VertexWeight&, const VertexWeight&) = default;
};

struct Mesh {
  std::optional<std::int64_t> index;  // W2Index (WadTool writes 0)
  std::string name;
  Vec3 sphereCenter;
  Real sphereRadius;
  Vec3 boxMin, boxMax;
  std::vector<Vec3> positions;  // y up: TR's y negated
  std::vector<Vec3> normals;
  std::vector<std::int64_t> shades;  // W2Shd (older files)
  std::vector<Vec3> colors;          // W2VxCol: 0..2 per channel
  std::optional<std::vector<VertexWeight>> weights;
  std::vector<VertexAttribute> attributes;
  std::int64_t lightingType = 0;  // 0: normals, 1: vertex colours
  std::optional<std::uint8_t> hidden;
  std::vector<Polygon> polygons;
  Keep keep;
  friend bool operator==(const Mesh&, const Mesh&) = default;
};

// W2Bone2: one per mesh, in mesh order; the opcode is the TR link record's.
struct Bone {
  std::int64_t opcode = 0;  // 0 none, 1 pop, 2 push, 3 read
  std::string name;
  Vec3 translation;   // from the parent, y up
  std::int64_t mesh = 0;  // the mesh index (WadTool writes the bone's own index)
  Keep keep;
  friend bool operator==(const Bone&, const Bone&) = default;
};

struct Keyframe {
  Vec3 offset;
  Vec3 boxMin, boxMax;
  std::vector<Vec3> angles;  // degrees per mesh: TR's x and z negated (y up)
  Keep keep;
  friend bool operator==(const Keyframe&, const Keyframe&) = default;
};

struct Curve {
  Vec2 start, end, startHandle, endHandle;
  friend bool operator==(const Curve&, const Curve&) = default;
};

struct Dispatch {
  int version = 2;  // 1: W2Disp (no child chunks); 2: W2Disp2
  std::int64_t inFrame = 0, outFrame = 0;  // relative to the animation's first frame
  Ref nextAnimation;
  std::int64_t nextFrame = 0;
  std::int64_t nextFrameHigh = 0, blendFrames = 0;  // version 2
  Curve curve;                                      // version 2
  Keep keep;
  friend bool operator==(const Dispatch&, const Dispatch&) = default;
};

struct StateChange {
  std::int64_t stateId = 0;
  std::vector<Dispatch> dispatches;
  Keep keep;
  friend bool operator==(const StateChange&, const StateChange&) = default;
};

// TombLib's WadAnimCommandType.
namespace command {
constexpr std::int64_t kSetPosition = 1, kJump = 2, kEmptyHands = 3, kKill = 4, kSound = 5, kFlipEffect = 6,
                       kDisableInterpolation = 7;
}

struct Command {
  int version = 2;  // 1: W2Cmd, conditions packed in p2 as in TR; 2: W2Cmd2, conditions in p3
  std::int64_t type = 0, p1 = 0, p2 = 0, p3 = 0;
  std::optional<std::int64_t> soundInfo;  // W2CmdSnd (deprecated; WadTool writes -1)
  Keep keep;
  friend bool operator==(const Command&, const Command&) = default;
};

struct Animation {
  Id id = 0;
  int version = 3;  // 0: W2Anm, 1: W2Ani, 2: W2Ani2, 3: W2Ani3
  std::int64_t stateId = 0, endFrame = 0, frameRate = 1;
  std::array<std::int64_t, 2> obsolete{};       // W2Anm: two numbers TombLib skips
  std::array<std::int64_t, 4> oldVelocities{};  // W2Anm / W2Ani: speed, accel, lateral both (16.16)
  Ref nextAnimation;                            // in the same movable
  std::int64_t nextFrame = 0;
  std::int64_t blendFrames = 0;  // version 3
  Curve curve;                   // version 3
  std::string name;
  std::vector<Keyframe> keyframes;
  std::vector<StateChange> stateChanges;
  std::vector<Command> commands;
  std::optional<Vec4> velocities;          // W2AniV: start, end, lateral start, lateral end
  std::optional<std::int64_t> rootMotion;  // W2AniRM flags
  Keep keep;
  friend bool operator==(const Animation&, const Animation&) = default;
};

struct LuaProperty {
  std::string name, value;
  friend bool operator==(const LuaProperty&, const LuaProperty&) = default;
};

struct Movable {
  std::int64_t objectId = 0;  // the slot in the target game's numbering
  std::vector<Shared<Mesh>> meshes;
  Shared<Mesh> skin;  // W2MovSkin, or null
  std::vector<Bone> bones;
  std::vector<Shared<Animation>> animations;
  std::optional<std::vector<LuaProperty>> lua;
  Keep keep;
  friend bool operator==(const Movable&, const Movable&);
};

struct Light {
  Vec3 position;
  Real radius, intensity;
  friend bool operator==(const Light&, const Light&) = default;
};

struct Static {
  int version = 2;  // 1: W2Static (with the old lighting number); 2: W2Static2
  std::int64_t objectId = 0, flags = 0, legacyLighting = 0;
  Shared<Mesh> mesh;
  std::int64_t ambientLight = 0;
  std::optional<std::uint8_t> shatter;
  std::optional<std::int64_t> shatterSound;
  std::vector<Light> lights;
  Vec3 visibilityMin, visibilityMax, collisionMin, collisionMax;  // y up
  std::optional<std::vector<LuaProperty>> lua;
  Keep keep;
  friend bool operator==(const Static&, const Static&);
};

struct AnimatedTextureFrame {
  Ref texture;
  std::array<Vec2, 4> uv{};
  std::int64_t repeat = 1;
  friend bool operator==(const AnimatedTextureFrame&, const AnimatedTextureFrame&) = default;
};

struct AnimatedTextureSet {
  std::string name;
  std::optional<std::int64_t> type, uvRotate;
  std::optional<Real> fps, tenDirection, tenSpeed;
  std::optional<std::array<std::int64_t, 3>> legacyExtra;  // W2AnimatedTextureSetExtra
  std::vector<AnimatedTextureFrame> frames;
  Keep keep;
  friend bool operator==(const AnimatedTextureSet&, const AnimatedTextureSet&) = default;
};

struct Metadata {
  std::array<std::int64_t, 6> timestamp{};  // year, month, day, hour, minute, second
  std::string notes;
  Keep keep;
  friend bool operator==(const Metadata&, const Metadata&) = default;
};

struct Document {
  // The file around the chunk stream.
  std::uint32_t flags = 0;          // after the magic: bit 31 = the body is one zlib stream
  SharedBytes compressedBody;       // as read: written back while `inflated` is what is written
  SharedBytes inflated;             // a compressed file's body as inflated
  SharedBytes afterBody;            // bytes after a compressed body
  SharedBytes trailer;              // bytes after the stream's end marker
  // The chunk stream.
  std::int64_t game = game::kTR4;
  std::int64_t soundSystem = 1;  // 1: sound infos in an XML catalog beside the file
  std::vector<Shared<Texture>> textures;
  std::vector<Shared<Sprite>> sprites;
  std::vector<SpriteSequence> sequences;
  std::vector<Shared<Movable>> movables;
  std::vector<Shared<Static>> statics;
  Metadata metadata;
  std::optional<std::vector<AnimatedTextureSet>> animatedTextures;
  Keep keep;  // the whole chunk stream as read
  Id nextId = 1;

  bool compressed() const { return (flags & 0x80000000u) != 0; }
  // The chunk stream's value (not the file around it).
  bool sameStream(const Document& o) const;
};

// Two parts are the same object or equal values.
template <class T>
bool samePart(const Shared<T>& a, const Shared<T>& b) {
  return a == b || (a && b && *a == *b);
}
template <class T>
bool sameParts(const std::vector<Shared<T>>& a, const std::vector<Shared<T>>& b) {
  return std::ranges::equal(a, b, samePart<T>);
}

}  // namespace wadsmith::wad2
