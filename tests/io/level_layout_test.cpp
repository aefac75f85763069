// Each game as a table entry and each record described once (io/level_layout.h,
// io/record_io.h): the entries agree with the games' traits, the descriptions give each game's
// documented record sizes, and the reader's errors and the span report name the same parts.
#include <gtest/gtest.h>

#include "fixtures/generator/raw_classic_level.h"
#include "fixtures/generator/raw_level.h"
#include "io/level_codec.h"
#include "io/object_tables.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

TEST(LevelLayout, EveryGameHasOneEntryThatAgreesWithItsTraits) {
  ASSERT_EQ(levelLayouts().size(), 5u);
  for (const LevelLayout& l : levelLayouts()) {
    const GameTraits& t = traits(l.game);
    SCOPED_TRACE(t.name);
    EXPECT_EQ(&levelLayout(l.game), &l);
    EXPECT_EQ(l.file.front(), FilePart::Version);
    EXPECT_EQ(l.sections.front(), LevelSection::Header);
    EXPECT_EQ(l.sections.back(), LevelSection::Tail);
    EXPECT_EQ(l.has(FilePart::Palettes), t.tiles16);
    EXPECT_EQ(l.has(FilePart::Tiles), t.classic);
    EXPECT_EQ(l.has(FilePart::TextureChunks), !t.classic);
    EXPECT_EQ(l.has(LevelSection::EmbeddedSamples), t.samples == SampleStore::Embedded);
    EXPECT_EQ(l.has(FilePart::Samples), t.samples == SampleStore::Level);
    EXPECT_TRUE(l.has(LevelSection::Rooms));
    EXPECT_EQ(l.has(LevelSection::SpriteMarker), l.markerBytes != 0);
  }
}

// The object tables each game stores (io/object_tables.cpp, by game): TR1-3 animations have no
// lateral speeds, TR1 its own keyframes, TR2/3 10-bit angles, TR5 a filler word in its models.
TEST(LevelLayout, EachGamesObjectTablesAreAsItsTraitsSay) {
  const std::pair<Game, KeyframeFormat> keyframes[] = {{Game::TR1, KeyframeFormat::Tr1}, {Game::TR2, KeyframeFormat::Tr2},
                                                       {Game::TR3, KeyframeFormat::Tr2}, {Game::TR4, KeyframeFormat::Tr4},
                                                       {Game::TR5, KeyframeFormat::Tr4}};
  for (const auto& [game, kf] : keyframes) {
    SCOPED_TRACE(gameName(game));
    const ObjectTableFormat& f = levelObjectFormat(game);
    EXPECT_EQ(f.keyframes, kf);
    EXPECT_EQ(f.lateralSpeeds, !traits(game).classic);
    EXPECT_EQ(f.movablePadding, levelLayout(game).tr5Rooms);
    EXPECT_TRUE(f.meshesFirst);
  }
}

// Slots and sound ids: a WAD's (no game) and TR4's are one numbering; every other game has its own.
TEST(GameTraits, OnlyAWadAndTr4NumberSlotsAndSoundIdsAlike) {
  EXPECT_TRUE(traits(std::optional<Game>{}).wadIds);
  for (const LevelLayout& l : levelLayouts()) EXPECT_EQ(traits(l.game).wadIds, l.game == kWadGame) << gameName(l.game);
}

// The sizes docs/formats/*-level.md give, from the descriptions' least sizes.
TEST(LevelLayout, RecordSizesAreEachGamesDocumentedOnes) {
  struct Sizes {
    Game game;
    std::size_t vertex, box, objectTexture, entity, light, roomStatic, room;
  };
  for (const auto& s : {Sizes{Game::TR1, 8, 20, 20, 22, 18, 18, 36}, Sizes{Game::TR2, 12, 8, 20, 24, 24, 20, 40},
                        Sizes{Game::TR3, 12, 8, 20, 24, 24, 20, 41}, Sizes{Game::TR4, 12, 8, 38, 24, 46, 20, 41},
                        Sizes{Game::TR5, 12, 8, 40, 24, 46, 20, 216}}) {
    const LevelLayout& l = levelLayout(s.game);
    SCOPED_TRACE(gameName(s.game));
    EXPECT_EQ(leastSize<RoomVertex>(l), s.vertex);
    EXPECT_EQ(leastSize<Box>(l), s.box);
    EXPECT_EQ(leastSize<ObjectTexture>(l), s.objectTexture);
    EXPECT_EQ(leastSize<Entity>(l), s.entity);
    EXPECT_EQ(l.roomLights == RoomLightRecord::Tr4 ? leastSize<RoomLight>(l) : leastSize<ClassicRoomLight>(l), s.light);
    EXPECT_EQ(leastSize<RoomStatic>(l), s.roomStatic);
    EXPECT_EQ(l.tr5Rooms ? leastSize<Tr5Room>(l) : leastSize<Room>(l), s.room);
    for (std::size_t size : {leastSize<SpriteTexture>(l), leastSize<Camera>(l), leastSize<SoundSource>(l)}) EXPECT_EQ(size, 16u);
    EXPECT_EQ(leastSize<FlybyCamera>(l), 40u);
    EXPECT_EQ(leastSize<SoundInfo>(l), 8u);
    EXPECT_EQ(leastSize<Portal>(l), 32u);
    EXPECT_EQ(leastSize<Sector>(l), 8u);
  }
  EXPECT_EQ(leastSize<Tr5RoomHeader>(levelLayout(Game::TR5)), kTr5RoomHeaderSize);
}

// One description reads and writes: a TR1 box in world units, a TR2 box in sectors.
TEST(LevelLayout, OneDescriptionReadsAndWritesEachGamesBytes) {
  const std::vector<std::uint8_t> tr1 = {0, 4, 0, 0, 0, 8, 0, 0, 0, 2, 0, 0, 0, 6, 0, 0, 0x00, 0xFF, 3, 0};
  ByteReader r1(tr1, "box");
  const Box b1 = readRecord<Box>(r1, levelLayout(Game::TR1));
  EXPECT_EQ(b1.zMin, 1024);
  EXPECT_EQ(b1.xMax, 1536);
  EXPECT_EQ(b1.trueFloor, -256);
  EXPECT_EQ(b1.overlapIndex, 3);
  std::vector<std::uint8_t> out;
  ByteWriter w(out);
  writeRecord(w, b1, levelLayout(Game::TR1));
  EXPECT_EQ(out, tr1);
  const std::vector<std::uint8_t> tr2 = {1, 2, 3, 4, 0x00, 0xFF, 3, 0};
  ByteReader r2(tr2, "box");
  const Box b2 = readRecord<Box>(r2, levelLayout(Game::TR2));
  EXPECT_EQ(b2.zMax, 2);
  EXPECT_EQ(b2.xMax, 4);
  out.clear();
  writeRecord(w, b2, levelLayout(Game::TR2));
  EXPECT_EQ(out, tr2);
}

// A list whose count is stored elsewhere must match it when written.
TEST(LevelLayout, TheWriterRefusesAListItsCountDoesNotDescribe) {
  Room room;
  room.numZ = 2, room.numX = 2;
  room.sectors.resize(3);
  std::vector<std::uint8_t> out;
  ByteWriter w(out);
  EXPECT_THROW(writeRecord(w, room, levelLayout(Game::TR4)), WriteError);
  room.sectors.resize(4);
  EXPECT_NO_THROW(writeRecord(w, room, levelLayout(Game::TR4)));
}

std::vector<std::pair<std::string, std::vector<std::uint8_t>>> levelFixtures() {
  return {{"TR1", fixtures::syntheticClassicLevel(1)}, {"TR2", fixtures::syntheticClassicLevel(2)},
          {"TR3", fixtures::syntheticClassicLevel(3)}, {"TR4", fixtures::syntheticLevel({})},
          {"TR5", fixtures::syntheticTr5Level()}};
}

std::string errorSection(const std::vector<std::uint8_t>& bytes, std::size_t cut) {
  try {
    readLevel(std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + static_cast<long>(cut)), "cut");
  } catch (const ParseError& e) {
    return e.section();
  }
  return "(read)";
}

// The span report and the reader walk the same list: a file cut inside a part fails naming it,
// or the part before it whose count announced the bytes (a tile count, a chunk's sizes).
TEST(LevelLayout, ErrorsNameThePartsTheSpanReportNames) {
  for (const auto& [game, bytes] : levelFixtures()) {
    SCOPED_TRACE(game);
    const auto spans = levelSectionSpans(bytes);
    ASSERT_FALSE(spans.empty());
    EXPECT_EQ(spans.front().begin, 0u);
    EXPECT_EQ(spans.back().end, bytes.size());
    for (std::size_t i = 0; i < spans.size(); ++i) {
      if (i) {
        EXPECT_EQ(spans[i].begin, spans[i - 1].end) << spans[i].name;
      }
      // A trailer takes any bytes; a TR5 file cut inside its padding reads as TR4.
      if (spans[i].name == "trailer" || spans[i].name == "TR5 header" || spans[i].end == spans[i].begin) continue;
      const std::string section = errorSection(bytes, (spans[i].begin + spans[i].end) / 2);
      bool named = false;
      for (std::size_t j = 0; j <= i; ++j) named |= section.substr(0, spans[j].name.size()) == spans[j].name;
      EXPECT_TRUE(named) << "cut in " << spans[i].name << " failed in " << section;
    }
  }
}

// The same inside the level data: its writer's spans are the sections its reader's errors name.
TEST(LevelLayout, LevelDataErrorsNameTheSectionsTheWriterReports) {
  for (const auto& [game, bytes] : levelFixtures()) {
    SCOPED_TRACE(game);
    const LevelDocument doc = readLevel(bytes, "whole");
    std::vector<SectionSpan> spans;
    const auto data = writeLevelData(*doc.data, doc.nextId, &spans);
    ASSERT_EQ(spans.back().end, data.size());
    std::size_t checked = 0;
    for (const auto& s : spans) {
      if (s.name == "tail" || s.end == s.begin) continue;
      const SharedBytes cut(std::vector<std::uint8_t>(data.begin(), data.begin() + static_cast<long>((s.begin + s.end) / 2)));
      Id nextId = 1;
      try {
        readLevelData(cut, doc.game(), "cut", std::nullopt, nextId);
        ADD_FAILURE() << s.name << " cut in the middle read";
      } catch (const ParseError& e) {
        EXPECT_EQ(e.section(), "level data: " + s.name);
        ++checked;
      }
    }
    EXPECT_GE(checked, 15u);
  }
}

// "Reuse the stored bytes unless changed", once for every way the level data is stored (TR1-3:
// to the end of the file; TR4: a zlib chunk; TR5: two sizes and the bytes): an equal copy of the
// data writes the file as read; a changed entity changes the level data part only.
TEST(LevelLayout, AChangedRecordRewritesOnlyTheLevelData) {
  for (const auto& [game, bytes] : levelFixtures()) {
    SCOPED_TRACE(game);
    const LevelDocument doc = readLevel(bytes, "level");
    ASSERT_FALSE(doc.data->entities->empty());
    LevelDocument same = doc;
    same.data = share<LevelData>(*doc.data);
    EXPECT_EQ(writeLevel(same), bytes);

    LevelDocument edited = doc;
    LevelData data = *doc.data;
    auto entities = *data.entities;
    entities[0].x += 1024;
    data.entities = share<std::vector<Entity>>(std::move(entities));
    edited.data = share<LevelData>(std::move(data));
    const auto out = writeLevel(edited);
    const LevelDocument back = readLevel(out, "edited");
    EXPECT_EQ((*back.data->entities)[0].x, (*doc.data->entities)[0].x + 1024);
    std::uint64_t levelData = 0;
    for (const auto& span : levelSectionSpans(bytes))
      if (span.name.starts_with("level data")) levelData = span.begin;
    ASSERT_GT(levelData, 0u);
    EXPECT_TRUE(std::equal(bytes.begin(), bytes.begin() + static_cast<long>(levelData), out.begin()));
    EXPECT_EQ(back.samples->size(), doc.samples->size());
    EXPECT_EQ(back.trailer, doc.trailer);
  }
}

}  // namespace
}  // namespace wadsmith
