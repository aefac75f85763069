#include "editor/interop/object_extras.h"

#include <limits>
#include <stdexcept>

namespace wadsmith::interop {

using nlohmann::json;
using exchange::AnimationRecord;
using exchange::LocalRef;
using exchange::ObjectRecords;

namespace {

json localRef(const LocalRef& r) {
  switch (r.kind) {
    case LocalRef::Kind::Index: return r.value;
    case LocalRef::Kind::End: return "end";
    case LocalRef::Kind::Other: return json{{"slot", r.slot}, {"animation", r.value}};
    case LocalRef::Kind::Raw: break;
  }
  return json{{"raw", r.value}};
}

json box(const BoundingBox& b) { return json::array({b.minX, b.maxX, b.minY, b.maxY, b.minZ, b.maxZ}); }

json vec3s(const std::vector<Vec3s>& v) {
  json out = json::array();
  for (const auto& p : v) out.push_back(json::array({p.x, p.y, p.z}));
  return out;
}

json mesh(const Mesh& m) {
  json faces = json::array();
  for (const auto& p : m.polygons) {
    json f = json::array({p.corners()});
    for (int c = 0; c < p.corners(); ++c) f.push_back(p.vertices[c]);
    f.push_back(p.texture);
    f.push_back(p.attributes);
    f.push_back(p.unknown);
    if (!p.quad && p.vertices[3]) f.push_back(p.vertices[3]);  // a triangle's unused slot, when not 0
    faces.push_back(std::move(f));
  }
  json j = {{"center", json::array({m.center.x, m.center.y, m.center.z})},
            {"radius", m.radius},
            {"sphere_unknown", m.sphereUnknown},
            {"vertices", vec3s(m.vertices)},
            {"faces", std::move(faces)},
            {"padding", m.padding}};
  if (!m.normals.empty()) j["normals"] = vec3s(m.normals);
  if (!m.shades.empty()) j["shades"] = m.shades;
  return j;
}

// Reading with located errors.
struct At {
  std::string where;
  [[noreturn]] void fail(const std::string& path, const std::string& what) const {
    throw std::runtime_error(where + ": " + path + ": " + what);
  }
  const json& member(const json& j, const char* key, const std::string& path) const {
    if (!j.is_object() || !j.contains(key)) fail(path, std::string("missing \"") + key + "\"");
    return j.at(key);
  }
  template <class T>
  T integer(const json& j, const std::string& path) const {
    if (!j.is_number_integer()) fail(path, "not a whole number");
    if (j.is_number_unsigned()) {
      auto v = j.get<std::uint64_t>();
      if (v > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) fail(path, std::to_string(v) + " is out of range");
      return static_cast<T>(v);
    }
    auto v = j.get<std::int64_t>();
    if (v < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
        (v > 0 && static_cast<std::uint64_t>(v) > static_cast<std::uint64_t>(std::numeric_limits<T>::max())))
      fail(path, std::to_string(v) + " is out of range");
    return static_cast<T>(v);
  }
  template <class T>
  T field(const json& j, const char* key, const std::string& path) const {
    return integer<T>(member(j, key, path), path + "." + key);
  }
  // A list member: tinygltf leaves empty arrays out of extras when it writes them.
  const json& list(const json& j, const char* key, const std::string& path) const {
    static const json empty = json::array();
    if (!j.is_object()) fail(path, "not an object");
    return j.contains(key) ? array(j.at(key), path + "." + key) : empty;
  }
  const json& array(const json& j, const std::string& path) const {
    if (!j.is_array()) fail(path, "not an array");
    return j;
  }
  template <class T>
  std::vector<T> integers(const json& j, const std::string& path) const {
    std::vector<T> out;
    out.reserve(array(j, path).size());
    for (std::size_t i = 0; i < j.size(); ++i) out.push_back(integer<T>(j[i], path + "[" + std::to_string(i) + "]"));
    return out;
  }
  LocalRef localRef(const json& j, const std::string& path) const {
    if (j.is_string() && j.get<std::string>() == "end") return {LocalRef::Kind::End, 0};
    if (j.is_object() && j.contains("slot"))
      return {LocalRef::Kind::Other, field<std::uint32_t>(j, "animation", path), field<std::uint32_t>(j, "slot", path)};
    if (j.is_object()) return {LocalRef::Kind::Raw, field<std::uint32_t>(j, "raw", path)};
    return {LocalRef::Kind::Index, integer<std::uint32_t>(j, path)};
  }
  BoundingBox box(const json& j, const std::string& path) const {
    auto v = integers<std::int16_t>(j, path);
    if (v.size() != 6) fail(path, "a box has 6 numbers");
    return {v[0], v[1], v[2], v[3], v[4], v[5]};
  }
  std::vector<Vec3s> vec3s(const json& j, const std::string& path) const {
    std::vector<Vec3s> out;
    out.reserve(array(j, path).size());
    for (std::size_t i = 0; i < j.size(); ++i) {
      auto v = integers<std::int16_t>(j[i], path + "[" + std::to_string(i) + "]");
      if (v.size() != 3) fail(path + "[" + std::to_string(i) + "]", "a vertex has 3 numbers");
      out.push_back({v[0], v[1], v[2]});
    }
    return out;
  }
  Mesh mesh(const json& j, const std::string& path) const {
    Mesh m;
    auto c = integers<std::int16_t>(member(j, "center", path), path + ".center");
    if (c.size() != 3) fail(path + ".center", "has 3 numbers");
    m.center = {c[0], c[1], c[2]};
    m.radius = field<std::uint16_t>(j, "radius", path);
    m.sphereUnknown = field<std::uint16_t>(j, "sphere_unknown", path);
    m.vertices = vec3s(list(j, "vertices", path), path + ".vertices");
    if (j.contains("normals")) m.normals = vec3s(j["normals"], path + ".normals");
    if (j.contains("shades")) m.shades = integers<std::int16_t>(j["shades"], path + ".shades");
    m.padding = field<std::uint16_t>(j, "padding", path);
    const json& faces = list(j, "faces", path);
    for (std::size_t i = 0; i < faces.size(); ++i) {
      const std::string fp = path + ".faces[" + std::to_string(i) + "]";
      auto v = integers<std::uint16_t>(faces[i], fp);
      if (v.empty() || (v[0] != 3 && v[0] != 4)) fail(fp, "starts with its corner count, 3 or 4");
      const std::size_t n = v[0];
      if (v.size() != n + 4 && !(n == 3 && v.size() == n + 5)) fail(fp, "corners, vertices, texture, attributes, unknown");
      Polygon p;
      p.quad = n == 4;
      for (std::size_t k = 0; k < n; ++k) p.vertices[k] = v[1 + k];
      p.texture = v[1 + n];
      if (v[2 + n] > 255 || v[3 + n] > 255) fail(fp, "attributes and unknown are bytes");
      p.attributes = static_cast<std::uint8_t>(v[2 + n]);
      p.unknown = static_cast<std::uint8_t>(v[3 + n]);
      if (v.size() == n + 5) p.vertices[3] = v[4 + n];
      m.polygons.push_back(p);
    }
    return m;
  }
};

}  // namespace

json objectExtras(const ObjectRecords& r, const std::vector<int>& pageImages) {
  json meshes = json::array();
  for (const auto& m : r.meshes) meshes.push_back(mesh(m));
  json samples = json::array();
  for (const auto& s : r.samples)
    samples.push_back({{"page", s.page}, {"x", s.x}, {"y", s.y}, {"width", s.width()}, {"height", s.height()},
                       {"flip_x", s.flipX}, {"flip_y", s.flipY}});
  json j = {{"version", kExtrasVersion},
            {"kind", r.ref.movable() ? "movable" : "static"},
            {"slot", r.ref.slot},
            {"was_line", r.wasLine},
            {"meshes", std::move(meshes)},
            {"pointers", r.pointers},
            {"samples", std::move(samples)},
            {"pages", pageImages}};
  if (!r.pointerDeltas.empty()) j["pointer_deltas"] = r.pointerDeltas;
  if (r.ref.movable()) {
    j["links"] = r.linkDwords;
    j["keyframe_words"] = r.keyframeWords;
    j["command_words"] = r.commandWords;
    j["keyframe_offset"] = r.movableKeyframeOffset ? json(*r.movableKeyframeOffset) : json(nullptr);
    j["animations"] = r.animations.size();
  } else {
    j["visibility"] = box(r.visibility);
    j["collision"] = box(r.collision);
    j["flags"] = r.flags;
  }
  return j;
}

json animationExtras(const AnimationRecord& a, std::size_t index) {
  json changes = json::array();
  for (const auto& sc : a.stateChanges) {
    json ds = json::array();
    for (const auto& d : sc.dispatches)
      ds.push_back({{"in", d.inFrame}, {"out", d.outFrame}, {"next_animation", localRef(d.nextAnimation)}, {"next_frame", d.nextFrame}});
    changes.push_back({{"state", sc.stateId}, {"dispatches", std::move(ds)}});
  }
  auto offset = [](const std::optional<std::uint32_t>& o, std::uint32_t raw) {
    return o ? json(*o) : json{{"raw", raw}};
  };
  return {{"index", index},
          {"state_id", a.stateId},
          {"frame_duration", a.frameDuration},
          {"keyframe_size", a.keyframeSize},
          {"speed", a.speed},
          {"accel", a.accel},
          {"lateral_speed", a.lateralSpeed},
          {"lateral_accel", a.lateralAccel},
          {"frame_start", a.frameStart},
          {"frame_end", a.frameEnd},
          {"next_animation", localRef(a.nextAnimation)},
          {"next_frame", a.nextFrame},
          {"num_commands", a.numCommands},
          {"keyframe_offset", offset(a.keyframeOffset, a.rawKeyframeOffset)},
          {"command_offset", offset(a.commandOffset, a.rawCommandOffset)},
          {"state_changes", std::move(changes)}};
}

ObjectRecords parseObjectExtras(const json& j, const std::string& where, std::vector<int>& pageImages) {
  const At at{where};
  if (at.field<int>(j, "version", "wadsmith") != kExtrasVersion) at.fail("wadsmith.version", "unknown version");
  ObjectRecords r;
  const json& kind = at.member(j, "kind", "wadsmith");
  if (kind != "movable" && kind != "static") at.fail("wadsmith.kind", "is \"movable\" or \"static\"");
  r.ref = {kind == "movable" ? ObjectKind::Movable : ObjectKind::Static, at.field<std::uint32_t>(j, "slot", "wadsmith")};
  if (!at.member(j, "was_line", "wadsmith").is_string()) at.fail("wadsmith.was_line", "not a string");
  r.wasLine = j["was_line"].get<std::string>();
  const json& meshes = at.list(j, "meshes", "wadsmith");
  for (std::size_t i = 0; i < meshes.size(); ++i) r.meshes.push_back(at.mesh(meshes[i], "meshes[" + std::to_string(i) + "]"));
  r.pointers = at.integers<std::uint32_t>(at.list(j, "pointers", "wadsmith"), "pointers");
  r.pointerDeltas = at.integers<std::uint32_t>(at.list(j, "pointer_deltas", "wadsmith"), "pointer_deltas");
  if (!r.pointerDeltas.empty() && r.pointerDeltas.size() != r.pointers.size()) at.fail("pointer_deltas", "one per pointer");
  const json& samples = at.list(j, "samples", "wadsmith");
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const std::string sp = "samples[" + std::to_string(i) + "]";
    TextureSample s;
    s.page = at.field<std::uint16_t>(samples[i], "page", sp);
    s.x = at.field<std::uint8_t>(samples[i], "x", sp);
    s.y = at.field<std::uint8_t>(samples[i], "y", sp);
    auto w = at.field<int>(samples[i], "width", sp), h = at.field<int>(samples[i], "height", sp);
    if (w < 1 || w > 256 || h < 1 || h > 256) at.fail(sp, "width and height are 1..256");
    s.addW = static_cast<std::uint8_t>(w - 1);
    s.addH = static_cast<std::uint8_t>(h - 1);
    s.flipX = at.field<std::int8_t>(samples[i], "flip_x", sp);
    s.flipY = at.field<std::int8_t>(samples[i], "flip_y", sp);
    r.samples.push_back(s);
  }
  pageImages = at.integers<int>(at.list(j, "pages", "wadsmith"), "pages");
  if (r.ref.movable()) {
    r.linkDwords = at.integers<std::int32_t>(at.list(j, "links", "wadsmith"), "links");
    r.keyframeWords = at.integers<std::uint16_t>(at.list(j, "keyframe_words", "wadsmith"), "keyframe_words");
    r.commandWords = at.integers<std::uint16_t>(at.list(j, "command_words", "wadsmith"), "command_words");
    if (auto it = j.find("keyframe_offset"); it != j.end() && !it->is_null())  // absent or null: none
      r.movableKeyframeOffset = at.integer<std::uint32_t>(*it, "wadsmith.keyframe_offset");
    r.animations.resize(at.field<std::uint32_t>(j, "animations", "wadsmith"));
  } else {
    r.visibility = at.box(at.member(j, "visibility", "wadsmith"), "visibility");
    r.collision = at.box(at.member(j, "collision", "wadsmith"), "collision");
    r.flags = at.field<std::uint16_t>(j, "flags", "wadsmith");
  }
  return r;
}

AnimationRecord parseAnimationExtras(const json& j, const std::string& where, std::size_t& index) {
  const At at{where};
  const std::string p = "wadsmith";
  AnimationRecord a;
  index = at.field<std::uint32_t>(j, "index", p);
  a.stateId = at.field<std::uint16_t>(j, "state_id", p);
  a.frameDuration = at.field<std::uint8_t>(j, "frame_duration", p);
  a.keyframeSize = at.field<std::uint8_t>(j, "keyframe_size", p);
  a.speed = at.field<std::int32_t>(j, "speed", p);
  a.accel = at.field<std::int32_t>(j, "accel", p);
  a.lateralSpeed = at.field<std::int32_t>(j, "lateral_speed", p);
  a.lateralAccel = at.field<std::int32_t>(j, "lateral_accel", p);
  a.frameStart = at.field<std::uint16_t>(j, "frame_start", p);
  a.frameEnd = at.field<std::uint16_t>(j, "frame_end", p);
  a.nextAnimation = at.localRef(at.member(j, "next_animation", p), p + ".next_animation");
  a.nextFrame = at.field<std::uint16_t>(j, "next_frame", p);
  a.numCommands = at.field<std::uint16_t>(j, "num_commands", p);
  auto offset = [&](const char* key, std::optional<std::uint32_t>& o, std::uint32_t& raw) {
    const json& v = at.member(j, key, p);
    if (v.is_object()) raw = at.field<std::uint32_t>(v, "raw", p + "." + key);
    else o = at.integer<std::uint32_t>(v, p + "." + key);
  };
  offset("keyframe_offset", a.keyframeOffset, a.rawKeyframeOffset);
  offset("command_offset", a.commandOffset, a.rawCommandOffset);
  const json& changes = at.list(j, "state_changes", p);
  for (std::size_t i = 0; i < changes.size(); ++i) {
    const std::string sp = p + ".state_changes[" + std::to_string(i) + "]";
    exchange::StateChangeRecord sc;
    sc.stateId = at.field<std::uint16_t>(changes[i], "state", sp);
    const json& ds = at.list(changes[i], "dispatches", sp);
    for (std::size_t k = 0; k < ds.size(); ++k) {
      const std::string dp = sp + ".dispatches[" + std::to_string(k) + "]";
      sc.dispatches.push_back({at.field<std::int16_t>(ds[k], "in", dp), at.field<std::int16_t>(ds[k], "out", dp),
                               at.localRef(at.member(ds[k], "next_animation", dp), dp + ".next_animation"),
                               at.field<std::int16_t>(ds[k], "next_frame", dp)});
    }
    a.stateChanges.push_back(std::move(sc));
  }
  return a;
}

}  // namespace wadsmith::interop
