#include "editor/cli/level_info.h"

#include <algorithm>
#include <cstdio>

#include "io/level_codec.h"
#include "io/zlib_chunk.h"

namespace wadsmith::cli {

using nlohmann::ordered_json;

namespace {

std::string hex32(std::uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08X", v);
  return b;
}

ordered_json chunkInfo(const char* name, const StoredChunk& c, bool detect) {
  ordered_json j{{"name", name}, {"uncompressed", c.uncompressedSize}, {"compressed", c.compressed.size()}};
  if (c.store != ChunkStore::Zlib) {
    j["stored"] = true;
    return j;
  }
  j["zlib_header"] = zlibHeaderText(c.compressed);
  if (detect) {
    if (auto p = storedChunkParams(c))
      j["zlib_params"] = {{"level", p->level}, {"window_bits", p->windowBits}, {"mem_level", p->memLevel},
                          {"strategy", p->strategy}};
    else
      j["zlib_params"] = "not reproducible with this zlib (kept as stored; recompressed at level 6 if changed)";
  }
  return j;
}

}  // namespace

ordered_json levelFileInfo(const LevelDocument& doc, bool searchZlib) {
  const GameTraits& game = traits(doc.game());
  ordered_json j{{"format", game.format}, {"version", game.name}, {"version_word", hex32(doc.version)}};
  for (FilePart part : levelLayout(doc.game()).file) switch (part) {
      case FilePart::Tiles:
        j["tiles"] = {{"count", doc.classic.tileCount}, {"8-bit", !doc.classic.tiles8.empty()},
                      {"16-bit", !doc.classic.tiles16.empty()}};
        j["palettes"] = game.tiles16 ? ordered_json::array({"8-bit", "16-bit"})
                                     : ordered_json::array({"8-bit (in the level data)"});
        break;
      case FilePart::TileCounts:
        j["tiles"] = {{"room", doc.numRoomTiles}, {"object", doc.numObjectTiles}, {"bump", doc.numBumpTiles}};
        break;
      case FilePart::TextureChunks:
        j["chunks"] = ordered_json::array({chunkInfo("32-bit tiles", doc.tiles32, searchZlib),
                                           chunkInfo("16-bit tiles", doc.tiles16, searchZlib),
                                           chunkInfo("misc tiles", doc.miscTiles, searchZlib)});
        break;
      case FilePart::Tr5Header: j["tr5"] = {{"lara_type", doc.laraType}, {"weather_type", doc.weatherType}}; break;
      case FilePart::LevelData:
        if (doc.levelChunk.store != ChunkStore::Rest)
          j["chunks"].push_back(chunkInfo("level data", doc.levelChunk, searchZlib));
        break;
      default: break;
    }
  return j;
}

ordered_json levelRoomsInfo(const LevelData& d) {
  ordered_json rooms = ordered_json::array();
  for (const auto& r : *d.rooms)
    rooms.push_back({{"x", r.x}, {"z", r.z}, {"y_bottom", r.yBottom}, {"y_top", r.yTop},
                     {"vertices", r.geometry.vertices.size()}, {"quads", r.geometry.quads.size()},
                     {"triangles", r.geometry.triangles.size()}, {"sprites", r.geometry.sprites.size()},
                     {"extra_words", r.geometry.extraWords.size()}, {"portals", r.portals.size()},
                     {"sectors", std::to_string(r.numX) + "x" + std::to_string(r.numZ)},
                     {"lights", r.lights.size() + r.classicLights.size()}, {"statics", r.statics.size()},
                     {"alternate_room", r.alternateRoom}});
  for (const auto& r : *d.tr5Rooms) {
    const auto& h = r.header;
    std::size_t quads = 0, triangles = 0;
    for (const auto& l : r.layers) quads += l.numRectangles, triangles += l.numTriangles;
    rooms.push_back({{"x", h.x}, {"z", h.z}, {"y_bottom", h.yBottom}, {"y_top", h.yTop},
                     {"vertices", r.vertices.size()}, {"quads", quads}, {"triangles", triangles}, {"sprites", 0},
                     {"extra_words", r.parsed ? r.tail.size() / 2 : 0}, {"portals", r.portals.size()},
                     {"sectors", std::to_string(h.numX) + "x" + std::to_string(h.numZ)},
                     {"lights", r.lights.size()}, {"statics", r.statics.size()}, {"alternate_room", h.alternateRoom},
                     {"layers", r.layers.size()}, {"fog_bulbs", r.fogBulbs.size()}, {"parsed", r.parsed}});
  }
  return rooms;
}

ordered_json levelSamplesInfo(const LevelDocument& doc) {
  const LevelData& d = *doc.data;
  switch (traits(d.game).samples) {
    case SampleStore::Embedded:
      return {{"count", d.sampleIndices->size()},
              {"bytes", d.embeddedSamples.size()},
              {"where", "embedded WAVE files"}};
    case SampleStore::MainSfx: return {{"count", d.sampleIndices->size()}, {"bytes", 0}, {"where", "MAIN.SFX"}};
    case SampleStore::Level: break;
  }
  std::size_t bytes = 0;
  for (const auto& s : *doc.samples) bytes += s.bytes.size();
  return {{"count", doc.samples->size()}, {"bytes", bytes}, {"where", "after the level data"}};
}

void addLevelDataQuirks(const LevelData& d, std::vector<Quirk>& q) {
  std::size_t extra = 0, unparsed = 0;
  for (const auto& room : *d.rooms) {
    if (!room.geometry.parsed)
      ++unparsed;
    else if (!room.geometry.extraWords.empty())
      ++extra;
  }
  if (extra) q.push_back({"room_data_extra_words", extra, "room data words hold more than the room mesh"});
  if (unparsed) q.push_back({"room_geometry_unparsed", unparsed, "room mesh counts do not fit its data words"});
  std::size_t tr5Unparsed = 0, tr5Extra = 0;
  for (const auto& room : *d.tr5Rooms) {
    tr5Unparsed += !room.parsed;
    tr5Extra += room.parsed && !room.tail.empty();
  }
  if (tr5Unparsed) q.push_back({"tr5_room_unparsed", tr5Unparsed, "room data the header's counts do not describe (kept as bytes)"});
  if (tr5Extra) q.push_back({"tr5_room_extra_bytes", tr5Extra, "bytes after a room's vertices"});
  const std::size_t retail = traits(d.game).soundMapLength;
  if (d.soundMap->size() != retail)
    q.push_back({"extended_sound_map", 1,
                 std::to_string(d.soundMap->size()) + " sound map entries (retail: " + std::to_string(retail) + ")"});
  const auto& tail = *d.tail;
  const LevelLayout& layout = levelLayout(d.game);
  const std::uint8_t closing = layout.closingByte;
  const std::size_t closingSize = layout.closingBytes;
  if (tail.size() != closingSize || std::any_of(tail.begin(), tail.end(), [&](auto b) { return b != closing; }))
    q.push_back({"unusual_tail", 1,
                 std::to_string(tail.size()) + " closing bytes (usually " + std::to_string(closingSize) +
                     (closingSize ? closing ? " 0xCD bytes)" : " zero bytes)" : ")")});
}

}  // namespace wadsmith::cli
