#include "editor/cli/dump_rooms.h"

#include <cstring>

#include "editor/cli/dump_json.h"

namespace wadsmith::cli {

using nlohmann::ordered_json;

namespace {

ordered_json vec(const Vec3s& v) { return ordered_json::array({v.x, v.y, v.z}); }
float bitsToFloat(std::uint32_t bits) {
  float v;
  std::memcpy(&v, &bits, 4);
  return v;
}
template <std::size_t N>
ordered_json floats(const std::array<std::uint32_t, N>& a) {
  ordered_json out = ordered_json::array();
  for (auto bits : a) out.push_back(bitsToFloat(bits));
  return out;
}
template <class T>
ordered_json sized(const std::vector<T>& v) {
  return {{"count", v.size()}, {"fnv1a", fnv1aHex(reinterpret_cast<const std::uint8_t*>(v.data()), v.size() * sizeof(T))}};
}

ordered_json portalList(const std::vector<Portal>& in) {
  ordered_json portals = ordered_json::array();
  for (const auto& p : in) {
    ordered_json corners = ordered_json::array();
    for (const auto& v : p.vertices) corners.push_back(vec(v));
    portals.push_back({{"adjoining_room", p.adjoiningRoom}, {"normal", vec(p.normal)}, {"vertices", corners}});
  }
  return portals;
}

ordered_json sectorList(std::uint16_t numZ, std::uint16_t numX, const std::vector<Sector>& in) {
  ordered_json rows = ordered_json::array();
  for (const auto& s : in) rows.push_back({s.floorDataIndex, s.boxIndex, s.roomBelow, s.floor, s.roomAbove, s.ceiling});
  return {{"num_z", numZ}, {"num_x", numX},
          {"fields", "floor_data_index, box_index, room_below, floor, room_above, ceiling"}, {"rows", rows}};
}

ordered_json staticList(const std::vector<RoomStatic>& in, Game game) {
  ordered_json statics = ordered_json::array();
  for (const auto& s : in) {
    ordered_json j{{"position", {s.x, s.y, s.z}}, {"rotation", s.rotation}};
    if (game == Game::TR1) {
      j["intensity"] = s.colour;
    } else if (game == Game::TR2) {
      j["intensity1"] = s.colour, j["intensity2"] = s.unused;
    } else {
      j["colour"] = s.colour, j["unused"] = s.unused;
    }
    j["mesh_id"] = s.meshId;
    statics.push_back(j);
  }
  return statics;
}

ordered_json classicLight(const ClassicRoomLight& l, Game game) {
  ordered_json j{{"position", {l.x, l.y, l.z}}};
  if (game == Game::TR3) {
    j["colour"] = {l.r, l.g, l.b};
    j["type"] = l.type;
    if (l.type == 0)  // a sun: its normal
      j["normal"] = {static_cast<std::int16_t>(l.value1 & 0xFFFF), static_cast<std::int16_t>(l.value1 >> 16),
                     static_cast<std::int16_t>(l.value2 & 0xFFFF)};
    else
      j["intensity"] = l.value1, j["fade"] = l.value2;
    j["words"] = {l.value1, l.value2};
  } else {
    j["intensity1"] = l.intensity1;
    j["fade1"] = l.fade1;
    if (game == Game::TR2) j["intensity2"] = l.intensity2, j["fade2"] = l.fade2;
  }
  return j;
}

ordered_json dumpRoom(const Room& r, Game game) {
  ordered_json j{{"x", r.x}, {"z", r.z}, {"y_bottom", r.yBottom}, {"y_top", r.yTop}};
  const auto& g = r.geometry;
  ordered_json geo{{"parsed", g.parsed}};
  ordered_json vs = ordered_json::array();
  for (const auto& v : g.vertices) {
    ordered_json vj{{"position", vec(v.position)}, {"lighting", v.lighting}};
    if (game != Game::TR1) vj["attributes"] = v.attributes;
    if (game == Game::TR2) vj["lighting2"] = static_cast<std::int16_t>(v.colour);
    if (game >= Game::TR3) vj["colour"] = v.colour;
    vs.push_back(vj);
  }
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
  j["portals"] = portalList(r.portals);
  j["sectors"] = sectorList(r.numZ, r.numX, r.sectors);
  ordered_json lights = ordered_json::array();
  if (game == Game::TR4) {
    j["colour"] = r.colour;
    for (const auto& l : r.lights) {
      ordered_json f = ordered_json::array();
      for (auto bits : l.floats) f.push_back(bitsToFloat(bits));
      lights.push_back({{"position", {l.x, l.y, l.z}}, {"colour", {l.r, l.g, l.b}}, {"type", l.type},
                        {"unknown", l.unknown}, {"intensity", l.intensity}, {"in_out_length_cutoff_direction", f}});
    }
  } else {
    j["ambient_intensity"] = r.ambientIntensity;
    if (game == Game::TR2) j["ambient_intensity2"] = r.ambientIntensity2;
    if (game != Game::TR1) j["light_mode"] = r.lightMode;
    for (const auto& l : r.classicLights) lights.push_back(classicLight(l, game));
  }
  j["lights"] = lights;
  j["statics"] = staticList(r.statics, game);
  j["alternate_room"] = r.alternateRoom;
  j["flags"] = r.flags;
  if (game >= Game::TR3) {
    j["water_scheme"] = r.waterScheme;
    j["reverb"] = r.reverb;
    j[game == Game::TR3 ? "filler" : "alternate_group"] = r.alternateGroup;
  }
  return j;
}

ordered_json dumpTr5Room(const Tr5Room& r) {
  const auto& h = r.header;
  ordered_json j{{"x", h.x}, {"y", h.y}, {"z", h.z}, {"y_bottom", h.yBottom}, {"y_top", h.yTop}, {"colour", h.colour},
                 {"alternate_room", h.alternateRoom}, {"flags", h.flags}, {"water_scheme", h.waterScheme},
                 {"reverb", h.reverb}, {"alternate_group", h.alternateGroup}, {"room_position", floats(h.position)},
                 {"room_y_top", h.roomYTop}, {"room_y_bottom", h.roomYBottom},
                 {"offsets", {{"start_sector", h.startSectorOffset}, {"end_sector", h.endSectorOffset},
                              {"end_portal", h.endPortalOffset}, {"layers", h.layerOffset}, {"vertices", h.verticesOffset},
                              {"polygons", h.polyOffset}, {"polygons2", h.polyOffset2}}},
                 {"counts", {{"lights", h.numLights}, {"lights2", h.numLights2}, {"fog_bulbs", h.numFogBulbs},
                             {"statics", h.numStatics}, {"layers", h.numLayers}, {"triangles", h.numTriangles},
                             {"rectangles", h.numRectangles}, {"vertex_bytes", h.vertexBytes}}},
                 {"unknown", {h.unknown1, h.unknown2, h.unknown3, h.unknown4, h.unknown5}},
                 {"parsed", r.parsed}};
  ordered_json lights = ordered_json::array();
  for (const auto& l : r.lights)
    lights.push_back({{"position", floats(l.position)}, {"colour", floats(l.colour)}, {"type", l.type},
                      {"in", bitsToFloat(l.in)}, {"out", bitsToFloat(l.out)}, {"rad_in", bitsToFloat(l.radIn)},
                      {"rad_out", bitsToFloat(l.radOut)}, {"range", bitsToFloat(l.range)},
                      {"direction", floats(l.direction)}, {"position_int", l.positionInt}, {"direction_int", l.directionInt}});
  j["lights"] = lights;
  ordered_json fog = ordered_json::array();
  for (const auto& f : r.fogBulbs)
    fog.push_back({{"position", floats(f.position)}, {"colour", floats(f.colour)}, {"in", bitsToFloat(f.in)},
                   {"out", bitsToFloat(f.out)}});
  j["fog_bulbs"] = fog;
  j["sectors"] = sectorList(h.numZ, h.numX, r.sectors);
  j["portals"] = portalList(r.portals);
  j["statics"] = staticList(r.statics, Game::TR5);
  ordered_json layers = ordered_json::array();
  for (const auto& l : r.layers)
    layers.push_back({{"vertices", l.numVertices}, {"rectangles", l.numRectangles}, {"triangles", l.numTriangles},
                      {"bounds", floats(l.bounds)}, {"unknown", {l.unknown1, l.unknown2, l.unknown6, l.unknown7, l.unknown8}}});
  j["layers"] = layers;
  j["faces"] = sized(r.faces);
  j["vertices"] = sized(r.vertices);
  j["tail"] = sized(r.tail);
  return j;
}

}  // namespace

ordered_json dumpRooms(const LevelData& d) {
  ordered_json rooms = ordered_json::array();
  for (const auto& r : *d.rooms) rooms.push_back(dumpRoom(r, d.game));
  for (const auto& r : *d.tr5Rooms) rooms.push_back(dumpTr5Room(r));
  return rooms;
}

}  // namespace wadsmith::cli
