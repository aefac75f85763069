// The parts of a level file in its game's order (io/level_layout.h), described once for the
// reader, the writer, the span report and the dump. The texture chunks and the level data are
// chunks (model/level_document.h StoredChunk); each visitor says how it takes one.
#pragma once
#include "io/level_data.h"
#include "io/record_reader.h"
#include "io/record_writer.h"

namespace wadsmith {

constexpr std::size_t kPaletteBytes = 256 * 3, kPalette16Bytes = 256 * 4, kTr5PaddingBytes = 28;
constexpr std::size_t kTile8Bytes = 256 * 256, kTile16Bytes = 256 * 256 * 2;

// Each visitor's way with a chunk and with the level data (io/level_codec.cpp; the dump's in
// editor/cli/dump_level.cpp).
void transferChunk(RecordReader& io, StoredChunk& c, const char* name, ChunkStore store);
void transferChunk(RecordWriter& io, StoredChunk& c, const char* name, ChunkStore store);
void transferLevelDataPart(RecordReader& io, LevelDocument& doc);
void transferLevelDataPart(RecordWriter& io, LevelDocument& doc);

template <class IO>
void transfer(IO& io, LevelSample& s) {
  io("uncompressed", s.uncompressedSize), io.blob(as<std::uint32_t>, {"bytes", "sample byte", Show::Sized}, s.bytes);
}

template <class IO>
void transferFile(IO& io, LevelDocument& doc) {
  const bool tiles16 = traits(io.layout.game).tiles16;
  auto& t = doc.classic;
  for (FilePart part : io.layout.file) switch (part) {
      case FilePart::Version: io.section("header"), io("version", doc.version); break;
      case FilePart::Palettes:
        io.section("palette"), io.slice({"palette"}, t.palette, kPaletteBytes);
        io.section("16-bit palette"), io.slice({"palette16"}, t.palette16, kPalette16Bytes);
        break;
      case FilePart::Tiles:
        io.section("texture tiles");
        io.countField("tile_count", t.tileCount, kTile8Bytes + (tiles16 ? kTile16Bytes : 0), "texture tile");
        io.section("8-bit tiles"), io.slice({"tiles8"}, t.tiles8, t.tileCount * kTile8Bytes);
        if (tiles16) io.section("16-bit tiles"), io.slice({"tiles16"}, t.tiles16, t.tileCount * kTile16Bytes);
        break;
      case FilePart::TileCounts:
        io("room_tiles", doc.numRoomTiles), io("object_tiles", doc.numObjectTiles), io("bump_tiles", doc.numBumpTiles);
        break;
      case FilePart::TextureChunks:
        transferChunk(io, doc.tiles32, "32-bit tiles chunk", ChunkStore::Zlib);
        transferChunk(io, doc.tiles16, "16-bit tiles chunk", ChunkStore::Zlib);
        transferChunk(io, doc.miscTiles, "misc tiles chunk", ChunkStore::Zlib);
        break;
      case FilePart::Tr5Header:
        io.section("TR5 header"), io("lara_type", doc.laraType), io("weather_type", doc.weatherType);
        io.slice({"padding"}, doc.tr5Padding, kTr5PaddingBytes);
        break;
      case FilePart::LevelData: transferLevelDataPart(io, doc); break;
      case FilePart::Samples:
        io.section("samples");
        inShared(io, doc.samples, [&](auto& v) { io.list(as<std::uint32_t>, {"samples", "sample"}, v); });
        break;
      case FilePart::Trailer: io.section("trailer"), io.rest({"trailer"}, doc.trailer); break;
    }
}

}  // namespace wadsmith
