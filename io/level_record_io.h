// The records of a level's data (model/level_records.h), each described once in file order for
// every visitor (io/record_io.h): reading, writing, the least size for count checks, the dump.
// Where games store a record differently, the description asks the layout (io/level_layout.h).
#pragma once
#include "io/record_io.h"
#include "model/level_records.h"

namespace wadsmith {

template <class IO>
void transfer(IO& io, SpriteTexture& s) {
  io("tile", s.tile), io("x", s.x), io("y", s.y), io("width", s.width), io("height", s.height);
  io("left", s.left), io("top", s.top), io("right", s.right), io("bottom", s.bottom);
}

template <class IO>
void transfer(IO& io, SpriteSequence& s) {
  io("sprite_id", s.spriteId), io("negative_length", s.negativeLength), io("offset", s.offset);
}

template <class IO>
void transfer(IO& io, Camera& c) {
  io.vec("position", c.x, c.y, c.z), io("room", c.room), io("flags", c.flags);
}

template <class IO>
void transfer(IO& io, FlybyCamera& c) {
  io.vec("position", c.x, c.y, c.z), io.vec("direction", c.dx, c.dy, c.dz);
  io("sequence", c.sequence), io("index", c.index), io("fov", c.fov), io("roll", c.roll), io("timer", c.timer);
  io("speed", c.speed), io("flags", c.flags), io("room", c.room);
}

template <class IO>
void transfer(IO& io, SoundSource& s) {
  io.vec("position", s.x, s.y, s.z), io("sound_id", s.soundId), io("flags", s.flags);
}

template <class IO>
void transfer(IO& io, Box& b) {
  if (io.layout.boxesInWorldUnits) {
    io.vec("z", b.zMin, b.zMax), io.vec("x", b.xMin, b.xMax);
  } else {  // sectors
    io.vec("z", as<std::uint8_t>, b.zMin, b.zMax), io.vec("x", as<std::uint8_t>, b.xMin, b.xMax);
  }
  io("true_floor", b.trueFloor), io("overlap_index", b.overlapIndex);
}

template <class IO>
void transfer(IO& io, ObjectTextureCorner& c) {
  io.fixed("x", c.xFraction, c.xPixel), io.fixed("y", c.yFraction, c.yPixel);
}

template <class IO>
void transfer(IO& io, ObjectTexture& t) {
  io("attribute", t.attribute), io("tile", t.tileAndFlag);  // TR4/5: bit 15 marks a triangle
  if (io.layout.objectTextureMapping) io("new_flags", t.newFlags);
  io("corners", t.corners);
  if (io.layout.objectTextureMapping) {
    io.vec("original_uv", t.originalU, t.originalV), io.vec("size", t.width, t.height);
  }
  if (io.layout.objectTextureFiller) io("filler", t.filler);
}

template <class IO>
void transfer(IO& io, Entity& e) {
  io("type", e.typeId), io("room", e.room), io.vec("position", e.x, e.y, e.z), io("angle", e.angle);
  io("intensity", e.intensity);
  if (io.layout.entityWord == EntityWord::Intensity2) io("intensity2", e.ocb);
  if (io.layout.entityWord == EntityWord::Ocb) io("ocb", e.ocb);
  io("flags", e.flags);
}

template <class IO>
void transfer(IO& io, AIObject& a) {
  io("type", a.typeId), io("room", a.room), io.vec("position", a.x, a.y, a.z), io("ocb", a.ocb);
  io("flags", a.flags), io("angle", a.angle);
}

// tr3_sound_details; TR1/2 store a 16-bit volume and chance in the same bytes.
template <class IO>
void transfer(IO& io, SoundInfo& s) {
  io("sample", s.sample);
  if (io.layout.soundDetailWords) {
    io.halves("volume", s.volume, s.range), io.halves("chance", s.chance, s.pitch);
  } else {
    io("volume", s.volume), io("range", s.range), io("chance", s.chance), io("pitch", s.pitch);
  }
  io("characteristics", s.flags);
}

template <class IO>
void transfer(IO& io, CinematicFrame& f) {
  io.vec("target", f.targetX, f.targetY, f.targetZ);
  io("position_z", f.positionZ), io("position_y", f.positionY), io("position_x", f.positionX);
  io("fov", f.fov), io("roll", f.roll);
}

// ---- rooms (TR1-4; TR5: io/tr5_room_io.h)

template <class IO>
void transfer(IO& io, Portal& p) {
  io("adjoining_room", p.adjoiningRoom), io("normal", p.normal), io("vertices", p.vertices);
}

template <class IO>
void transfer(IO& io, Sector& s) {
  io("floor_data_index", s.floorDataIndex), io("box_index", s.boxIndex), io("room_below", s.roomBelow);
  io("floor", s.floor), io("room_above", s.roomAbove), io("ceiling", s.ceiling);
}

template <class IO>
void transfer(IO& io, RoomStatic& s) {
  io.vec("position", s.x, s.y, s.z), io("rotation", s.rotation);
  switch (io.layout.roomStatics) {
    case RoomStaticWords::Intensity: io("intensity", s.colour); break;
    case RoomStaticWords::TwoIntensities: io("intensity1", s.colour), io("intensity2", s.unused); break;
    case RoomStaticWords::ColourAndUnused: io("colour", s.colour), io("unused", s.unused); break;
  }
  io("mesh_id", s.meshId);
}

template <class IO>
void transfer(IO& io, RoomVertex& v) {
  io("position", v.position), io("lighting", v.lighting);
  if (io.layout.roomVertex == RoomVertexWords::Lit) return;
  io("attributes", v.attributes);
  io(io.layout.roomVertex == RoomVertexWords::Lighting2 ? "lighting2" : "colour", v.colour);
}

// A room face: its first `Corners` vertex indices and its texture (rooms have no effects word).
template <int Corners>
struct RoomFaceOf {
  template <class IO>
  void operator()(IO& io, RoomFace& f) const {
    auto& v = f.vertices;
    if constexpr (Corners == 4) io.vec("vertices", v[0], v[1], v[2], v[3]);
    else io.vec("vertices", v[0], v[1], v[2]);
    io("texture", f.texture);
  }
};

template <class IO>
void transfer(IO& io, RoomSprite& s) {
  io("vertex", s.vertex), io("texture", s.texture);
}

// The room mesh inside the room's data words.
template <class IO>
void transfer(IO& io, RoomGeometry& g) {
  io.list(as<std::uint16_t>, {"vertices", "room vertex"}, g.vertices);
  io.list(as<std::uint16_t>, {"quads", "room quad"}, g.quads, RoomFaceOf<4>{});
  io.list(as<std::uint16_t>, {"triangles", "room triangle"}, g.triangles, RoomFaceOf<3>{});
  io.list(as<std::uint16_t>, {"sprites", "room sprite"}, g.sprites);
}

template <class IO>
void transfer(IO& io, ClassicRoomLight& l) {
  io.vec("position", l.x, l.y, l.z);
  switch (io.layout.roomLights) {
    case RoomLightRecord::Coloured:  // a sun's value words hold its normal, a point light's intensity and fade
      io.vec("colour", l.r, l.g, l.b), io("type", l.type), io("value1", l.value1), io("value2", l.value2);
      break;
    case RoomLightRecord::TwoIntensities:
      io("intensity1", l.intensity1), io("intensity2", l.intensity2), io("fade1", l.fade1), io("fade2", l.fade2);
      break;
    default: io("intensity1", l.intensity1), io("fade1", l.fade1); break;
  }
}

template <class IO>
void transfer(IO& io, RoomLight& l) {
  io.vec("position", l.x, l.y, l.z), io.vec("colour", l.r, l.g, l.b), io("type", l.type), io("unknown", l.unknown);
  io("intensity", l.intensity), io.floats("in_out_length_cutoff_direction", l.floats);
}

template <class IO>
void transfer(IO& io, Room& r) {
  io("x", r.x), io("z", r.z), io("y_bottom", r.yBottom), io("y_top", r.yTop);
  io.block({.what = "room data word", .unit = 2, .key = "geometry"}, [&r](auto& data) {
    data.parseOr({"extra_words"}, r.geometry, r.geometry.parsed, r.geometry.extraWords, TransferRecord{});
  });
  io.list(as<std::uint16_t>, {"portals", "portal"}, r.portals);
  io("num_z", r.numZ), io("num_x", r.numX);
  io.counted({"sectors", "sector", Show::Rows}, r.sectors, std::uint64_t{r.numZ} * r.numX);
  switch (io.layout.roomAmbient) {
    case RoomAmbient::Colour: io("colour", r.colour); break;
    case RoomAmbient::Intensity: io("ambient_intensity", r.ambientIntensity); break;
    case RoomAmbient::TwoIntensitiesAndMode:
      io("ambient_intensity", r.ambientIntensity), io("ambient_intensity2", r.ambientIntensity2);
      io("light_mode", r.lightMode);
      break;
    case RoomAmbient::IntensityAndMode:
      io("ambient_intensity", r.ambientIntensity), io("light_mode", r.lightMode);
      break;
  }
  if (io.layout.roomLights == RoomLightRecord::Tr4) io.list(as<std::uint16_t>, {"lights", "light"}, r.lights);
  else io.list(as<std::uint16_t>, {"lights", "light"}, r.classicLights);
  io.list(as<std::uint16_t>, {"statics", "room static"}, r.statics);
  io("alternate_room", r.alternateRoom), io("flags", r.flags);
  if (io.layout.roomWaterScheme) {
    io("water_scheme", r.waterScheme), io("reverb", r.reverb), io("alternate_group", r.alternateGroup);
  }
}

}  // namespace wadsmith
