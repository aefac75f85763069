// TR5 rooms ("XELA" blocks, model/tr5_room.h), described once for every visitor
// (io/record_io.h). Floats are kept as their bits; the header's counts say how many of each part
// the data holds, and a room whose counts do not describe its data keeps it as bytes.
#pragma once
#include "io/level_record_io.h"
#include "model/tr5_room.h"

namespace wadsmith {

constexpr std::size_t kTr5RoomHeaderSize = 208;

template <class IO>
void transfer(IO& io, Tr5RoomHeader& h) {
  io("separator", h.separator), io("end_sector_offset", h.endSectorOffset), io("start_sector_offset", h.startSectorOffset);
  io("separator2", h.separator2), io("end_portal_offset", h.endPortalOffset);
  io("x", h.x), io("y", h.y), io("z", h.z), io("y_bottom", h.yBottom), io("y_top", h.yTop);
  io("num_z", h.numZ), io("num_x", h.numX), io("colour", h.colour), io("num_lights", h.numLights);
  io("num_statics", h.numStatics), io("reverb", h.reverb), io("alternate_group", h.alternateGroup);
  io("water_scheme", h.waterScheme), io("fillers", h.fillers), io("alternate_room", h.alternateRoom), io("flags", h.flags);
  io.vec("unknown", h.unknown1, h.unknown2, h.unknown3), io("separator3", h.separator3);
  io.vec("unknown4_5", h.unknown4, h.unknown5), io.floats("room_position", h.position), io("separators", h.separators);
  io("num_triangles", h.numTriangles), io("num_rectangles", h.numRectangles), io("lights_pointer", h.lightsPointer);
  io("fog_bulbs_pointer", h.fogBulbsPointer), io("num_lights2", h.numLights2), io("num_fog_bulbs", h.numFogBulbs);
  io("room_y_top", h.roomYTop), io("room_y_bottom", h.roomYBottom), io("num_layers", h.numLayers);
  io("layer_offset", h.layerOffset), io("vertices_offset", h.verticesOffset), io("poly_offset", h.polyOffset);
  io("poly_offset2", h.polyOffset2), io("vertex_bytes", h.vertexBytes), io("separators2", h.separators2);
}

template <class IO>
void transfer(IO& io, Tr5RoomLight& l) {
  io.floats("position", l.position), io.floats("colour", l.colour), io("separator", l.separator);
  io.floats("in", l.in), io.floats("out", l.out), io.floats("rad_in", l.radIn), io.floats("rad_out", l.radOut);
  io.floats("range", l.range), io.floats("direction", l.direction), io("position_int", l.positionInt);
  io("direction_int", l.directionInt), io("type", l.type), io("filler", l.filler);
}

template <class IO>
void transfer(IO& io, Tr5FogBulb& f) {
  io.floats("position", f.position), io.floats("colour", f.colour), io("separator", f.separator);
  io.floats("in", f.in), io.floats("out", f.out);
}

template <class IO>
void transfer(IO& io, Tr5RoomLayer& l) {
  io("vertices", l.numVertices), io("unknown1", l.unknown1), io("rectangles", l.numRectangles);
  io("triangles", l.numTriangles), io("unknown2", l.unknown2), io("filler", l.filler), io("filler2", l.filler2);
  io.floats("bounds", l.bounds), io("filler3", l.filler3), io.vec("unknown", l.unknown6, l.unknown7, l.unknown8);
}

template <class IO>
void transfer(IO& io, Tr5RoomVertex& v) {
  io.floats("position", v.position), io.floats("normal", v.normal), io("colour", v.colour);
}

// The faces in layer order, each layer's rectangles (12 bytes), then its triangles (10).
struct Tr5Faces {
  static constexpr std::size_t kLeastBytes = 10;
  const std::vector<Tr5RoomLayer>* layers;
  std::size_t layer = 0, at = 0;
  template <class IO>
  void operator()(IO& io, Tr5RoomFace& f) {
    while (layer < layers->size() && at >= std::size_t{(*layers)[layer].numRectangles} + (*layers)[layer].numTriangles)
      ++layer, at = 0;
    const bool quad = layer < layers->size() && at++ < (*layers)[layer].numRectangles;
    auto& v = f.vertices;
    if (quad) io.vec("vertices", v[0], v[1], v[2], v[3]);
    else io.vec("vertices", v[0], v[1], v[2]);
    io("texture", f.texture), io("effects", f.effects);
  }
};

// The room data the header's counts describe, in file order.
template <class IO>
void transferTr5RoomData(IO& io, Tr5Room& r) {
  const Tr5RoomHeader& h = r.header;
  io.counted({"lights", "TR5 room light"}, r.lights, h.numLights);
  io.counted({"fog_bulbs", "fog bulb"}, r.fogBulbs, h.numFogBulbs);
  io.counted({"sectors", "sector", Show::Rows}, r.sectors, std::uint64_t{h.numZ} * h.numX);
  io.list(as<std::uint16_t>, {"portals", "portal"}, r.portals);
  io("portal_separator", r.portalSeparator);
  io.counted({"statics", "room static"}, r.statics, h.numStatics);
  io.counted({"layers", "layer", Show::Rows}, r.layers, h.numLayers);
  std::uint64_t faces = 0;
  for (const auto& l : r.layers) faces += std::uint64_t{l.numRectangles} + l.numTriangles;
  io.counted({"faces", "room face", Show::Sized}, r.faces, faces, Tr5Faces{&r.layers});
  io.check(h.vertexBytes % 28 == 0,
           "vertex data of " + std::to_string(h.vertexBytes) + " bytes is no whole number of 28-byte vertices");
  io.counted({"vertices", "TR5 room vertex", Show::Sized}, r.vertices, h.vertexBytes / 28);
}

template <class IO>
void transfer(IO& io, Tr5Room& room) {
  io.marker("XELA", "room marker");
  io.block({.what = "room data byte", .least = kTr5RoomHeaderSize, .shownAs = "room data", .leastWhat = "room header"},
           [&room](auto& data) {
             data("header", room.header);
             data.parseOr({"tail", nullptr, Show::Sized}, room, room.parsed, room.tail,
                          [](auto& io, Tr5Room& r) { transferTr5RoomData(io, r); });
           });
}

}  // namespace wadsmith
