#include "io/level_records.h"

namespace wadsmith {

SpriteTexture readSpriteTexture(ByteReader& r) {
  SpriteTexture s;
  s.tile = r.u16();
  s.x = r.u8();
  s.y = r.u8();
  s.width = r.u16();
  s.height = r.u16();
  s.left = r.i16();
  s.top = r.i16();
  s.right = r.i16();
  s.bottom = r.i16();
  return s;
}
void writeSpriteTexture(ByteWriter& w, const SpriteTexture& s) {
  w.u16(s.tile);
  w.u8(s.x);
  w.u8(s.y);
  w.u16(s.width);
  w.u16(s.height);
  w.i16(s.left);
  w.i16(s.top);
  w.i16(s.right);
  w.i16(s.bottom);
}

SpriteSequence readSpriteSequence(ByteReader& r) {
  SpriteSequence s;
  s.spriteId = r.i32();
  s.negativeLength = r.i16();
  s.offset = r.i16();
  return s;
}
void writeSpriteSequence(ByteWriter& w, const SpriteSequence& s) {
  w.i32(s.spriteId);
  w.i16(s.negativeLength);
  w.i16(s.offset);
}

Camera readCamera(ByteReader& r) {
  Camera c;
  c.x = r.i32();
  c.y = r.i32();
  c.z = r.i32();
  c.room = r.i16();
  c.flags = r.u16();
  return c;
}
void writeCamera(ByteWriter& w, const Camera& c) {
  w.i32(c.x);
  w.i32(c.y);
  w.i32(c.z);
  w.i16(c.room);
  w.u16(c.flags);
}

FlybyCamera readFlybyCamera(ByteReader& r) {
  FlybyCamera c;
  c.x = r.i32();
  c.y = r.i32();
  c.z = r.i32();
  c.dx = r.i32();
  c.dy = r.i32();
  c.dz = r.i32();
  c.sequence = r.u8();
  c.index = r.u8();
  c.fov = r.u16();
  c.roll = r.i16();
  c.timer = r.u16();
  c.speed = r.u16();
  c.flags = r.u16();
  c.room = r.u32();
  return c;
}
void writeFlybyCamera(ByteWriter& w, const FlybyCamera& c) {
  w.i32(c.x);
  w.i32(c.y);
  w.i32(c.z);
  w.i32(c.dx);
  w.i32(c.dy);
  w.i32(c.dz);
  w.u8(c.sequence);
  w.u8(c.index);
  w.u16(c.fov);
  w.i16(c.roll);
  w.u16(c.timer);
  w.u16(c.speed);
  w.u16(c.flags);
  w.u32(c.room);
}

SoundSource readSoundSource(ByteReader& r) {
  SoundSource s;
  s.x = r.i32();
  s.y = r.i32();
  s.z = r.i32();
  s.soundId = r.u16();
  s.flags = r.u16();
  return s;
}
void writeSoundSource(ByteWriter& w, const SoundSource& s) {
  w.i32(s.x);
  w.i32(s.y);
  w.i32(s.z);
  w.u16(s.soundId);
  w.u16(s.flags);
}

std::size_t boxSize(Game g) { return g == Game::TR1 ? 20 : 8; }
Box readBox(ByteReader& r, Game g) {
  Box b;
  if (g == Game::TR1) {  // world units
    b.zMin = r.i32();
    b.zMax = r.i32();
    b.xMin = r.i32();
    b.xMax = r.i32();
  } else {  // sectors
    b.zMin = r.u8();
    b.zMax = r.u8();
    b.xMin = r.u8();
    b.xMax = r.u8();
  }
  b.trueFloor = r.i16();
  b.overlapIndex = r.i16();
  return b;
}
void writeBox(ByteWriter& w, const Box& b, Game g) {
  if (g == Game::TR1) {
    w.i32(b.zMin);
    w.i32(b.zMax);
    w.i32(b.xMin);
    w.i32(b.xMax);
  } else {
    w.u8(static_cast<std::uint8_t>(b.zMin));
    w.u8(static_cast<std::uint8_t>(b.zMax));
    w.u8(static_cast<std::uint8_t>(b.xMin));
    w.u8(static_cast<std::uint8_t>(b.xMax));
  }
  w.i16(b.trueFloor);
  w.i16(b.overlapIndex);
}

std::size_t objectTextureSize(Game g) { return isClassic(g) ? 20 : g == Game::TR5 ? 40 : 38; }
ObjectTexture readObjectTexture(ByteReader& r, Game g) {
  ObjectTexture t;
  t.attribute = r.u16();
  t.tileAndFlag = r.u16();
  if (!isClassic(g)) t.newFlags = r.u16();
  for (auto& c : t.corners) {
    c.xFraction = r.u8();
    c.xPixel = r.u8();
    c.yFraction = r.u8();
    c.yPixel = r.u8();
  }
  if (isClassic(g)) return t;
  t.originalU = r.u32();
  t.originalV = r.u32();
  t.width = r.u32();
  t.height = r.u32();
  if (g == Game::TR5) t.filler = r.u16();
  return t;
}
void writeObjectTexture(ByteWriter& w, const ObjectTexture& t, Game g) {
  w.u16(t.attribute);
  w.u16(t.tileAndFlag);
  if (!isClassic(g)) w.u16(t.newFlags);
  for (const auto& c : t.corners) {
    w.u8(c.xFraction);
    w.u8(c.xPixel);
    w.u8(c.yFraction);
    w.u8(c.yPixel);
  }
  if (isClassic(g)) return;
  w.u32(t.originalU);
  w.u32(t.originalV);
  w.u32(t.width);
  w.u32(t.height);
  if (g == Game::TR5) w.u16(t.filler);
}

std::size_t entitySize(Game g) { return g == Game::TR1 ? 22 : 24; }
Entity readEntity(ByteReader& r, Game g) {
  Entity e;
  e.typeId = r.i16();
  e.room = r.i16();
  e.x = r.i32();
  e.y = r.i32();
  e.z = r.i32();
  e.angle = r.i16();
  e.intensity = r.i16();
  if (g != Game::TR1) e.ocb = r.i16();
  e.flags = r.u16();
  return e;
}
void writeEntity(ByteWriter& w, const Entity& e, Game g) {
  w.i16(e.typeId);
  w.i16(e.room);
  w.i32(e.x);
  w.i32(e.y);
  w.i32(e.z);
  w.i16(e.angle);
  w.i16(e.intensity);
  if (g != Game::TR1) w.i16(e.ocb);
  w.u16(e.flags);
}

AIObject readAIObject(ByteReader& r) {
  AIObject a;
  a.typeId = r.u16();
  a.room = r.u16();
  a.x = r.i32();
  a.y = r.i32();
  a.z = r.i32();
  a.ocb = r.i16();
  a.flags = r.u16();
  a.angle = r.i32();
  return a;
}
void writeAIObject(ByteWriter& w, const AIObject& a) {
  w.u16(a.typeId);
  w.u16(a.room);
  w.i32(a.x);
  w.i32(a.y);
  w.i32(a.z);
  w.i16(a.ocb);
  w.u16(a.flags);
  w.i32(a.angle);
}

SoundDetail readSoundDetail(ByteReader& r) {
  SoundDetail s;
  s.sample = r.u16();
  s.volume = r.u8();
  s.range = r.u8();
  s.chance = r.u8();
  s.pitch = r.i8();
  s.flags = r.u16();
  return s;
}
void writeSoundDetail(ByteWriter& w, const SoundDetail& s) {
  w.u16(s.sample);
  w.u8(s.volume);
  w.u8(s.range);
  w.u8(s.chance);
  w.i8(s.pitch);
  w.u16(s.flags);
}

CinematicFrame readCinematicFrame(ByteReader& r) {
  CinematicFrame c;
  for (auto* v : {&c.targetX, &c.targetY, &c.targetZ, &c.positionZ, &c.positionY, &c.positionX, &c.fov, &c.roll}) *v = r.i16();
  return c;
}
void writeCinematicFrame(ByteWriter& w, const CinematicFrame& c) {
  for (auto v : {c.targetX, c.targetY, c.targetZ, c.positionZ, c.positionY, c.positionX, c.fov, c.roll}) w.i16(v);
}

}  // namespace wadsmith
