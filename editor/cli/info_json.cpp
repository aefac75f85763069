// `wadsmith info` as JSON: counts, objects, sounds, quirks and warnings of a WAD or a level, and
// for a level the parts that differ per game: how the file stores its textures (TR1-3 palettes
// and tiles, TR4/5 chunks), its rooms (TR5: XELA rooms) and its samples.
#include "editor/cli/info_json.h"

#include <algorithm>
#include <cstdio>
#include <set>

#include "editor/cli/cli.h"
#include "editor/usecases/documents.h"
#include "io/level_codec.h"
#include "io/zlib_chunk.h"
#include "model/names.h"
#include "model/object_view.h"
#include "model/quirks.h"
#include "model/validate.h"

namespace wadsmith::cli {

using nlohmann::ordered_json;

namespace {

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


// A level's format, version, textures (tiles, palettes / chunks) and TR5's header fields.
ordered_json levelFileInfo(const LevelDocument& doc, bool searchZlib) {
  const GameTraits& game = traits(doc.game());
  ordered_json j{{"format", game.format}, {"version", game.name}, {"version_word", hexText(doc.version, 8)}};
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

// TR4/5: the samples after the level data; TR1: the embedded WAVE files; TR2/3: MAIN.SFX.
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

// Room layouts kept as bytes, sound map lengths other than the game's, unusual closing bytes.
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


std::size_t distinctMeshes(const ObjectTables& t) {
  const ObjectView view(t);
  std::set<long> used;
  for (std::size_t i = 0; i < t.meshPointers->size(); ++i)
    if (auto s = view.pointerMesh(i); s.mesh) used.insert(s.entryIndex);
  return used.size();
}

ordered_json quirkJson(const Quirk& q) { return {{"quirk", q.id}, {"count", q.count}, {"example", q.detail}}; }
ordered_json warningJson(const ValidationWarning& w) { return {{"where", w.where.text()}, {"what", w.what}}; }

// Movables and statics of object tables with their names, under j["movables"], j["statics"].
void listObjects(ordered_json& j, const ObjectTables& t, const ObjectNames& names) {
  ObjectView view(t);
  j["movables"] = ordered_json::array();
  for (std::size_t m = 0; m < t.movables->size(); ++m) {
    auto [a, b] = view.animationRange(m);
    j["movables"].push_back({{"slot", (*t.movables)[m].objectId},
                             {"name", names.movables[m]},
                             {"meshes", view.meshCount(m)},
                             {"animations", b - a}});
  }
  j["statics"] = ordered_json::array();
  for (std::size_t s = 0; s < t.statics->size(); ++s)
    j["statics"].push_back({{"slot", (*t.statics)[s].objectId}, {"name", names.statics[s]}});
}

ordered_json wadInfo(const WadDocument& doc, const SampleFolder* samples) {
  const ObjectTables& t = doc.objects;
  std::size_t parsed = 0;
  for (const auto& e : *t.meshes) parsed += e.mesh != nullptr;

  ordered_json j = {{"format", doc.wad2 ? "wad2" : "wad"}, {"version", doc.version}};
  if (doc.wad2) j["wad2"] = wad2Info(*doc.wad2);
  j["counts"] = {{"texture_samples", doc.samples->size()}, {"texture_bytes", doc.pixels->byteCount()},
                 {"texture_pages", doc.pixels->byteCount() / kPageBytes}, {"mesh_pointers", t.meshPointers->size()},
                 {"meshes", distinctMeshes(t)}, {"mesh_entries", parsed}, {"animations", t.animations->size()},
                 {"state_changes", t.stateChanges->size()}, {"dispatches", t.dispatches->size()},
                 {"command_words", t.commands->size()}, {"link_dwords", t.links->size()},
                 {"keyframe_words", t.keyframes->size()}, {"movables", t.movables->size()},
                 {"statics", t.statics->size()}};
  j["names_from"] = doc.was ? "was" : "catalog";
  listObjects(j, t, objectNames(doc));
  j["quirks"] = jsonArray(findWadQuirks(doc), quirkJson);
  j["sounds"] = soundsInfo(Document(doc), samples);
  j["sprites"] = doc.sprites ? spritesInfo(*doc.sprites) : nullptr;
  if (!doc.companions.empty()) {
    j["unreadable"] = ordered_json::array();
    for (const auto& c : doc.companions) j["unreadable"].push_back({{"file", c.extension}, {"problem", c.problem}});
  }
  const auto warnings = validate(Document(doc), samples ? validationOptions(*samples) : ValidationOptions{});
  j["warnings"] = jsonArray(warnings, warningJson);
  return j;
}

// TRNG's block after the samples: "NG", chunks of (u16 size in words, u16 id, data) until a
// zero word, then "NGLE" and the block's total size.
ordered_json trailerInfo(const SharedBytes& t) {
  ordered_json j{{"bytes", t.size()}};
  if (t.size() < 10 || t[0] != 'N' || t[1] != 'G') return j;
  j["kind"] = "TRNG NG block";
  const std::size_t n = t.size();
  const bool ngle = std::equal(t.end() - 8, t.end() - 4, "NGLE");
  j["ngle_footer"] = ngle && u32At(t, n - 4) == n ? "ok" : "missing or size mismatch";
  auto& chunks = j["chunks"] = ordered_json::array();
  for (std::size_t p = 2; p + 4 <= n - 8;) {
    std::uint16_t words = static_cast<std::uint16_t>(t[p] | (t[p + 1] << 8));
    std::uint16_t id = static_cast<std::uint16_t>(t[p + 2] | (t[p + 3] << 8));
    if (words < 2) break;
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%04x", id);
    chunks.push_back({{"id", hex}, {"bytes", words * 2}});
    p += std::size_t{words} * 2;
  }
  return j;
}

std::vector<Quirk> levelQuirks(const LevelDocument& doc) {
  auto q = findObjectQuirks(doc.data->objects);
  addLevelDataQuirks(*doc.data, q);
  std::size_t compressed = 0;
  for (const auto& s : *doc.samples) compressed += s.uncompressedSize != s.bytes.size();
  if (compressed) q.push_back({"compressed_samples", compressed, "samples stored compressed"});
  if (!doc.trailer.empty()) q.push_back({"trailer", 1, std::to_string(doc.trailer.size()) + " bytes after the samples"});
  return q;
}

ordered_json levelInfo(const LevelDocument& doc, bool searchZlib) {
  const LevelData& d = *doc.data;
  const ObjectTables& t = d.objects;
  ordered_json j = levelFileInfo(doc, searchZlib);
  const Game game = d.game;
  const LevelLayout& layout = levelLayout(game);
  auto& c = j["counts"] = {
      {"rooms", d.rooms->size() + d.tr5Rooms->size()}, {"floor_data_words", d.floorData->size()},
      {"mesh_pointers", t.meshPointers->size()}, {"meshes", distinctMeshes(t)},
      {"animations", t.animations->size()}, {"state_changes", t.stateChanges->size()},
      {"dispatches", t.dispatches->size()}, {"command_words", t.commands->size()},
      {"mesh_tree_dwords", t.links->size()}, {"frame_words", t.keyframes->size()},
      {"models", t.movables->size()}, {"static_meshes", t.statics->size()},
      {"sprite_textures", d.spriteTextures->size()}, {"sprite_sequences", d.spriteSequences->size()},
      {"cameras", d.cameras->size()}, {"flyby_cameras", d.flybyCameras->size()},
      {"sound_sources", d.soundSources->size()}, {"boxes", d.boxes->size()}, {"overlaps", d.overlaps->size()},
      {"animated_texture_words", d.animatedTextures->size()}, {"object_textures", d.objectTextures->size()},
      {"entities", d.entities->size()}, {"ai_objects", d.aiObjects->size()},
      {"cinematic_frames", d.cinematicFrames->size()}, {"demo_bytes", d.demoData->size()},
      {"sound_map_entries", d.soundMap->size()}, {"sound_details", d.soundDetails->size()},
      {"sample_indices", d.sampleIndices->size()}, {"samples", doc.samples->size()}};
  // Only the sections and parts the game's files have.
  if (!layout.has(LevelSection::FlybyCameras)) c.erase("flyby_cameras");
  if (!layout.has(LevelSection::AIObjects)) c.erase("ai_objects");
  if (!layout.has(LevelSection::CinematicFrames)) c.erase("cinematic_frames");
  if (!layout.has(FilePart::Samples)) c.erase("samples");

  j["rooms"] = levelRoomsInfo(d);
  j["names_from"] = "catalog";
  listObjects(j, t, usecases::catalogNames(t, game));
  j["samples"] = levelSamplesInfo(doc);
  if (layout.has(FilePart::Trailer)) j["trailer"] = trailerInfo(doc.trailer);
  j["quirks"] = jsonArray(levelQuirks(doc), quirkJson);
  j["sounds"] = soundsInfo(Document(doc), nullptr);
  j["warnings"] = jsonArray(validate(Document(doc)), warningJson);
  return j;
}

}  // namespace

ordered_json documentInfo(const Document& doc, bool searchZlib, const SampleFolder* samples) {
  if (const auto* w = std::get_if<WadDocument>(&doc)) return wadInfo(*w, samples);
  return levelInfo(std::get<LevelDocument>(doc), searchZlib);
}

}  // namespace wadsmith::cli
