// The wad2 chunk stream described once (io/wad2_records.cpp): read into a document, written
// from one. The file around the stream (magic, flags, zlib body) is io/wad2_codec.h's.
#pragma once
#include "model/wad2/document.h"

namespace wadsmith::wad2io {

class In;
class Out;

// The top-level chunks (game, sound system, textures, sprites, sequences, movables, statics,
// metadata, animated texture sets), their end marker, and the unknown ones in doc.keep.
void readStream(In& root, wad2::Document& doc);
void writeStream(Out& root, const wad2::Document& doc);

}  // namespace wadsmith::wad2io
