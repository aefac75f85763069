// `dump --json` of a TR4 level: the typed structures; pixels, sample bytes and other large
// arrays as sizes and hashes.
#include "editor/cli/dump_json.h"
#include "model/catalog.h"

#include <cstring>

namespace wadsmith::cli {

using nlohmann::ordered_json;

namespace {

template <class T>
std::string hashOf(const std::vector<T>& v) {
  return fnv1aHex(reinterpret_cast<const std::uint8_t*>(v.data()), v.size() * sizeof(T));
}
std::string hashOf(const SharedBytes& b) { return fnv1aHex(b.data(), b.size()); }
ordered_json sized(const SharedBytes& b) { return {{"count", b.size()}, {"fnv1a", hashOf(b)}}; }
template <class T>
ordered_json sized(const std::vector<T>& v) {
  return {{"count", v.size()}, {"fnv1a", hashOf(v)}};
}
ordered_json vec(const Vec3s& v) { return ordered_json::array({v.x, v.y, v.z}); }

ordered_json dumpRoom(const Room& r) {
  ordered_json j{{"x", r.x}, {"z", r.z}, {"y_bottom", r.yBottom}, {"y_top", r.yTop}};
  const auto& g = r.geometry;
  ordered_json geo{{"parsed", g.parsed}};
  ordered_json vs = ordered_json::array();
  for (const auto& v : g.vertices)
    vs.push_back({{"position", vec(v.position)}, {"lighting", v.lighting}, {"attributes", v.attributes}, {"colour", v.colour}});
  geo["vertices"] = vs;
  auto faces = [](const std::vector<RoomFace>& in, int corners) {
    ordered_json out = ordered_json::array();
    for (const auto& f : in)
      out.push_back({{"vertices", std::vector<int>(f.vertices.begin(), f.vertices.begin() + corners)}, {"texture", f.texture}});
    return out;
  };
  geo["quads"] = faces(g.quads, 4);
  geo["triangles"] = faces(g.triangles, 3);
  ordered_json sprites = ordered_json::array();
  for (const auto& s : g.sprites) sprites.push_back({{"vertex", s.vertex}, {"texture", s.texture}});
  geo["sprites"] = sprites;
  geo["extra_words"] = g.extraWords;
  j["geometry"] = geo;
  ordered_json portals = ordered_json::array();
  for (const auto& p : r.portals) {
    ordered_json corners = ordered_json::array();
    for (const auto& v : p.vertices) corners.push_back(vec(v));
    portals.push_back({{"adjoining_room", p.adjoiningRoom}, {"normal", vec(p.normal)}, {"vertices", corners}});
  }
  j["portals"] = portals;
  ordered_json sectors = ordered_json::array();
  for (const auto& s : r.sectors)
    sectors.push_back({s.floorDataIndex, s.boxIndex, s.roomBelow, s.floor, s.roomAbove, s.ceiling});
  j["sectors"] = {{"num_z", r.numZ}, {"num_x", r.numX},
                  {"fields", "floor_data_index, box_index, room_below, floor, room_above, ceiling"}, {"rows", sectors}};
  j["colour"] = r.colour;
  ordered_json lights = ordered_json::array();
  for (const auto& l : r.lights) {
    std::vector<float> f;
    for (auto bits : l.floats) {
      float v;
      std::memcpy(&v, &bits, 4);
      f.push_back(v);
    }
    lights.push_back({{"position", {l.x, l.y, l.z}}, {"colour", {l.r, l.g, l.b}}, {"type", l.type},
                      {"unknown", l.unknown}, {"intensity", l.intensity},
                      {"in_out_length_cutoff_direction", f}});
  }
  j["lights"] = lights;
  ordered_json statics = ordered_json::array();
  for (const auto& s : r.statics)
    statics.push_back({{"position", {s.x, s.y, s.z}}, {"rotation", s.rotation}, {"colour", s.colour},
                       {"unused", s.unused}, {"mesh_id", s.meshId}});
  j["statics"] = statics;
  j["alternate_room"] = r.alternateRoom;
  j["flags"] = r.flags;
  j["water_scheme"] = r.waterScheme;
  j["reverb"] = r.reverb;
  j["alternate_group"] = r.alternateGroup;
  return j;
}

ordered_json chunk(const StoredChunk& c) {
  return {{"uncompressed", c.uncompressedSize}, {"compressed", c.compressed.size()}, {"fnv1a", hashOf(c.compressed)}};
}

}  // namespace

ordered_json dumpLevel(const LevelDocument& doc) {
  const LevelData& d = *doc.data;
  ObjectView v(d.objects);
  ordered_json j;
  j["format"] = "tr4";
  j["tiles"] = {{"room", doc.numRoomTiles}, {"object", doc.numObjectTiles}, {"bump", doc.numBumpTiles}};
  j["chunks"] = {{"tiles32", chunk(doc.tiles32)}, {"tiles16", chunk(doc.tiles16)}, {"misc", chunk(doc.miscTiles)},
                 {"level_data", chunk(doc.levelChunk)}};
  ordered_json rooms = ordered_json::array();
  for (const auto& r : *d.rooms) rooms.push_back(dumpRoom(r));
  j["rooms"] = rooms;
  j["floor_data"] = sized(*d.floorData);
  ordered_json meshes = ordered_json::array();
  for (const auto& e : *d.objects.meshes)
    meshes.push_back(e.mesh ? dumpMesh(*e.mesh, false) : ordered_json{{"unparsed_bytes", e.gap->size()}});
  j["meshes"] = meshes;
  ordered_json movables = ordered_json::array();
  DumpedRuns dumped(v);
  for (std::size_t m = 0; m < d.objects.movables->size(); ++m)
    movables.push_back(dumpMovable(v, m, catalog::movableLabel((*d.objects.movables)[m].objectId), dumped));
  j["movables"] = movables;
  ordered_json statics = ordered_json::array();
  for (std::size_t s = 0; s < d.objects.statics->size(); ++s)
    statics.push_back(dumpStatic(v, s, catalog::staticLabel((*d.objects.statics)[s].objectId)));
  j["statics"] = statics;
  ordered_json sprites = ordered_json::array();
  for (const auto& s : *d.spriteTextures)
    sprites.push_back({{"tile", s.tile}, {"x", s.x}, {"y", s.y}, {"width", s.width}, {"height", s.height},
                       {"left", s.left}, {"top", s.top}, {"right", s.right}, {"bottom", s.bottom}});
  j["sprite_textures"] = sprites;
  ordered_json seqs = ordered_json::array();
  for (const auto& s : *d.spriteSequences)
    seqs.push_back({{"sprite_id", s.spriteId}, {"negative_length", s.negativeLength}, {"offset", s.offset}});
  j["sprite_sequences"] = seqs;
  ordered_json cams = ordered_json::array();
  for (const auto& c : *d.cameras) cams.push_back({{"position", {c.x, c.y, c.z}}, {"room", c.room}, {"flags", c.flags}});
  j["cameras"] = cams;
  ordered_json flyby = ordered_json::array();
  for (const auto& c : *d.flybyCameras)
    flyby.push_back({{"position", {c.x, c.y, c.z}}, {"direction", {c.dx, c.dy, c.dz}}, {"sequence", c.sequence},
                     {"index", c.index}, {"fov", c.fov}, {"roll", c.roll}, {"timer", c.timer}, {"speed", c.speed},
                     {"flags", c.flags}, {"room", c.room}});
  j["flyby_cameras"] = flyby;
  ordered_json sources = ordered_json::array();
  for (const auto& s : *d.soundSources)
    sources.push_back({{"position", {s.x, s.y, s.z}}, {"sound_id", s.soundId}, {"flags", s.flags}});
  j["sound_sources"] = sources;
  ordered_json boxes = ordered_json::array();
  for (const auto& b : *d.boxes)
    boxes.push_back({{"z", {b.zMin, b.zMax}}, {"x", {b.xMin, b.xMax}}, {"true_floor", b.trueFloor},
                     {"overlap_index", b.overlapIndex}});
  j["boxes"] = boxes;
  j["overlaps"] = sized(*d.overlaps);
  j["zones"] = sized(*d.zones);
  j["animated_textures"] = *d.animatedTextures;
  j["uv_rotate_count"] = d.uvRotateCount;
  ordered_json textures = ordered_json::array();
  for (const auto& t : *d.objectTextures) {
    ordered_json corners = ordered_json::array();
    for (const auto& c : t.corners)
      corners.push_back({c.xPixel + c.xFraction / 256.0, c.yPixel + c.yFraction / 256.0});
    textures.push_back({{"attribute", t.attribute}, {"tile", t.tile()}, {"triangle", t.triangle()},
                        {"new_flags", t.newFlags}, {"corners", corners}, {"original_uv", {t.originalU, t.originalV}},
                        {"size", {t.width, t.height}}});
  }
  j["object_textures"] = textures;
  ordered_json entities = ordered_json::array();
  for (const auto& e : *d.entities)
    entities.push_back({{"type", e.typeId}, {"name", catalog::movableLabel(static_cast<std::uint16_t>(e.typeId))},
                        {"room", e.room}, {"position", {e.x, e.y, e.z}}, {"angle", e.angle},
                        {"intensity", e.intensity}, {"ocb", e.ocb}, {"flags", e.flags}});
  j["entities"] = entities;
  ordered_json ai = ordered_json::array();
  for (const auto& a : *d.aiObjects)
    ai.push_back({{"type", a.typeId}, {"room", a.room}, {"position", {a.x, a.y, a.z}}, {"ocb", a.ocb},
                  {"flags", a.flags}, {"angle", a.angle}});
  j["ai_objects"] = ai;
  j["demo_data"] = sized(*d.demoData);
  j["sound_map"] = *d.soundMap;
  ordered_json details = ordered_json::array();
  for (const auto& s : *d.soundDetails)
    details.push_back({{"sample", s.sample}, {"volume", s.volume}, {"range", s.range}, {"chance", s.chance},
                       {"pitch", s.pitch}, {"characteristics", s.characteristics}});
  j["sound_details"] = details;
  j["sample_indices"] = *d.sampleIndices;
  j["tail"] = *d.tail;
  ordered_json samples = ordered_json::array();
  for (const auto& s : *doc.samples)
    samples.push_back({{"uncompressed", s.uncompressedSize}, {"bytes", s.bytes.size()}, {"fnv1a", hashOf(s.bytes)}});
  j["samples"] = samples;
  j["trailer"] = sized(doc.trailer);
  return j;
}

}  // namespace wadsmith::cli
