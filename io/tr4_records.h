// Fixed-size records of a TR4 level's data chunk: read and write side by side.
#pragma once
#include "io/byte_reader.h"
#include "io/byte_writer.h"
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
Box readBox8(ByteReader& r);
void writeBox8(ByteWriter& w, const Box& b);
ObjectTexture readObjectTexture(ByteReader& r);
void writeObjectTexture(ByteWriter& w, const ObjectTexture& t);
Entity readEntity(ByteReader& r);
void writeEntity(ByteWriter& w, const Entity& e);
AIObject readAIObject(ByteReader& r);
void writeAIObject(ByteWriter& w, const AIObject& a);
SoundDetail readSoundDetail(ByteReader& r);
void writeSoundDetail(ByteWriter& w, const SoundDetail& s);

}  // namespace wadsmith
