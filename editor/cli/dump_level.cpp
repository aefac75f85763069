// `dump --json` of a level of any game: the typed structures; pixels, sample bytes and other
// large arrays as sizes and hashes. A section the game lacks is left out.
#include <algorithm>

#include "editor/cli/dump_json.h"
#include "editor/cli/dump_rooms.h"
#include "model/catalog.h"

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
ordered_json chunk(const StoredChunk& c) {
  ordered_json j{{"uncompressed", c.uncompressedSize}, {"compressed", c.compressed.size()}, {"fnv1a", hashOf(c.compressed)}};
  if (c.raw) j["stored"] = true;
  return j;
}

}  // namespace

ordered_json dumpLevel(const LevelDocument& doc) {
  const LevelData& d = *doc.data;
  ObjectView v(d.objects);
  const Game game = d.game;
  const bool classic = isClassic(game);
  ordered_json j;
  std::string format = gameName(game);
  std::transform(format.begin(), format.end(), format.begin(), [](unsigned char c) { return std::tolower(c); });
  j["format"] = format;
  j["version"] = doc.version;
  if (classic) {
    const auto& t = doc.classic;
    j["textures"] = {{"tiles", t.tileCount}, {"tiles8", sized(t.tiles8)}, {"tiles16", sized(t.tiles16)},
                     {"palette", sized(t.palette)}, {"palette16", sized(t.palette16)}};
  } else {
    j["tiles"] = {{"room", doc.numRoomTiles}, {"object", doc.numObjectTiles}, {"bump", doc.numBumpTiles}};
    j["chunks"] = {{"tiles32", chunk(doc.tiles32)}, {"tiles16", chunk(doc.tiles16)}, {"misc", chunk(doc.miscTiles)},
                   {"level_data", chunk(doc.levelChunk)}};
    if (game == Game::TR5)
      j["tr5"] = {{"lara_type", doc.laraType}, {"weather_type", doc.weatherType}, {"padding", sized(doc.tr5Padding)}};
  }
  j["rooms"] = dumpRooms(d);
  j["floor_data"] = sized(*d.floorData);
  ordered_json meshes = ordered_json::array();
  for (const auto& e : *d.objects.meshes)
    meshes.push_back(e.mesh ? dumpMesh(*e.mesh, false) : ordered_json{{"unparsed_bytes", e.gap->size()}});
  j["meshes"] = meshes;
  ordered_json movables = ordered_json::array();
  DumpedRuns dumped(v);
  for (std::size_t m = 0; m < d.objects.movables->size(); ++m)
    movables.push_back(dumpMovable(v, m, catalog::movableLabel((*d.objects.movables)[m].objectId, game), dumped));
  j["movables"] = movables;
  ordered_json statics = ordered_json::array();
  for (std::size_t s = 0; s < d.objects.statics->size(); ++s)
    statics.push_back(dumpStatic(v, s, catalog::staticLabel((*d.objects.statics)[s].objectId, game)));
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
  if (!classic) j["flyby_cameras"] = flyby;
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
  if (!classic) j["uv_rotate_count"] = d.uvRotateCount;
  ordered_json textures = ordered_json::array();
  for (const auto& t : *d.objectTextures) {
    ordered_json corners = ordered_json::array();
    for (const auto& c : t.corners)
      corners.push_back({c.xPixel + c.xFraction / 256.0, c.yPixel + c.yFraction / 256.0});
    if (classic) {  // tr_object_texture: the tile word is all tile
      textures.push_back({{"attribute", t.attribute}, {"tile", t.tileAndFlag}, {"corners", corners}});
      continue;
    }
    ordered_json tj{{"attribute", t.attribute}, {"tile", t.tile()}, {"triangle", t.triangle()},
                    {"new_flags", t.newFlags}, {"corners", corners}, {"original_uv", {t.originalU, t.originalV}},
                    {"size", {t.width, t.height}}};
    if (game == Game::TR5) tj["filler"] = t.filler;
    textures.push_back(tj);
  }
  j["object_textures"] = textures;
  ordered_json entities = ordered_json::array();
  for (const auto& e : *d.entities)
    entities.push_back({{"type", e.typeId}, {"name", catalog::movableLabel(static_cast<std::uint16_t>(e.typeId), game)},
                        {"room", e.room}, {"position", {e.x, e.y, e.z}}, {"angle", e.angle},
                        {"intensity", e.intensity}, {classic ? "intensity2" : "ocb", e.ocb}, {"flags", e.flags}});
  j["entities"] = entities;
  ordered_json ai = ordered_json::array();
  for (const auto& a : *d.aiObjects)
    ai.push_back({{"type", a.typeId}, {"room", a.room}, {"position", {a.x, a.y, a.z}}, {"ocb", a.ocb},
                  {"flags", a.flags}, {"angle", a.angle}});
  if (!classic) j["ai_objects"] = ai;
  if (classic) {
    j["light_map"] = sized(*d.lightMap);
    if (game == Game::TR1) j["palette"] = sized(*d.palette);
    ordered_json frames = ordered_json::array();
    for (const auto& f : *d.cinematicFrames)
      frames.push_back({{"target", {f.targetX, f.targetY, f.targetZ}}, {"position", {f.positionX, f.positionY, f.positionZ}},
                        {"fov", f.fov}, {"roll", f.roll}});
    j["cinematic_frames"] = frames;
  }
  j["demo_data"] = sized(*d.demoData);
  j["sound_map"] = *d.soundMap;
  ordered_json details = ordered_json::array();
  for (const auto& s : *d.soundDetails) {
    if (game <= Game::TR2)  // 16-bit volume and chance
      details.push_back({{"sample", s.sample}, {"volume", s.volume | (s.range << 8)},
                         {"chance", s.chance | (static_cast<std::uint8_t>(s.pitch) << 8)},
                         {"characteristics", s.flags}});
    else
      details.push_back({{"sample", s.sample}, {"volume", s.volume}, {"range", s.range}, {"chance", s.chance},
                         {"pitch", s.pitch}, {"characteristics", s.flags}});
  }
  j["sound_details"] = details;
  if (game == Game::TR1) j["embedded_samples"] = sized(d.embeddedSamples);
  j["sample_indices"] = *d.sampleIndices;
  j["tail"] = *d.tail;
  ordered_json samples = ordered_json::array();
  for (const auto& s : *doc.samples)
    samples.push_back({{"uncompressed", s.uncompressedSize}, {"bytes", s.bytes.size()}, {"fnv1a", hashOf(s.bytes)}});
  if (classic) return j;
  j["samples"] = samples;
  j["trailer"] = sized(doc.trailer);
  return j;
}

}  // namespace wadsmith::cli
