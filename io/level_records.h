// Fixed-size records of a level's data (TR1-5): read and write side by side. Where a record's
// layout differs between games, the functions take the game and `...Size` gives its size.
#pragma once
#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "model/game.h"
#include "model/level_records.h"

namespace wadsmith {

SpriteTexture readSpriteTexture(ByteReader& r);
void writeSpriteTexture(ByteWriter& w, const SpriteTexture& s);
SpriteSequence readSpriteSequence(ByteReader& r);
void writeSpriteSequence(ByteWriter& w, const SpriteSequence& s);
Camera readCamera(ByteReader& r);
void writeCamera(ByteWriter& w, const Camera& c);
FlybyCamera readFlybyCamera(ByteReader& r);
void writeFlybyCamera(ByteWriter& w, const FlybyCamera& c);
SoundSource readSoundSource(ByteReader& r);
void writeSoundSource(ByteWriter& w, const SoundSource& s);
std::size_t boxSize(Game g);
Box readBox(ByteReader& r, Game g);
void writeBox(ByteWriter& w, const Box& b, Game g);
std::size_t objectTextureSize(Game g);
ObjectTexture readObjectTexture(ByteReader& r, Game g);
void writeObjectTexture(ByteWriter& w, const ObjectTexture& t, Game g);
std::size_t entitySize(Game g);
Entity readEntity(ByteReader& r, Game g);
void writeEntity(ByteWriter& w, const Entity& e, Game g);
AIObject readAIObject(ByteReader& r);
void writeAIObject(ByteWriter& w, const AIObject& a);
SoundDetail readSoundDetail(ByteReader& r);
void writeSoundDetail(ByteWriter& w, const SoundDetail& s);
CinematicFrame readCinematicFrame(ByteReader& r);
void writeCinematicFrame(ByteWriter& w, const CinematicFrame& c);

}  // namespace wadsmith
