// A wad2's sprite sequences into a classic WAD's .SWD: TR4's sequences by number, other games'
// by name (TombEngine's DEFAULT_SPRITES 1354 is TR4's 463), the rest reported; transparent
// texels magenta, opaque magenta nudged, sprites larger than a page scaled down; and written
// back into a wad2 whose view a merge changed.
#include <gtest/gtest.h>

#include <algorithm>

#include "io/file_io.h"
#include "io/wad2_codec.h"
#include "model/wad2/classic_view.h"
#include "model/wad2/to_classic.h"
#include "model/wad2/write_back.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

// A w x h BGRA sprite of one colour, its first texel `first`.
Shared<wad2::Sprite> sprite(Id id, int w, int h, std::array<std::uint8_t, 4> bgra, std::array<std::uint8_t, 4> first) {
  wad2::Sprite s;
  s.id = id;
  s.width = w, s.height = h;
  std::vector<std::uint8_t> px;
  for (int i = 0; i < w * h; ++i) px.insert(px.end(), bgra.begin(), bgra.end());
  std::copy(first.begin(), first.end(), px.begin());
  s.pixels = SharedBytes(std::move(px));
  return share<wad2::Sprite>(std::move(s));
}

wad2::SpriteSequence sequence(std::int64_t id, std::vector<Id> sprites) {
  wad2::SpriteSequence q;
  q.objectId = id;
  for (auto s : sprites) q.sprites.push_back(wad2::Ref::to(s));
  return q;
}

// TombEngine: DEFAULT_SPRITES (1354) with a 2x2 sprite (a transparent and an opaque magenta
// texel) and a 300x10 one; SKIDOO_SNOW_TRAIL_SPRITES (1367), which TR4 has not.
wad2::Document tombEngineSprites() {
  wad2::Document d;
  d.game = wad2::game::kTombEngine;
  d.sprites = {sprite(1, 2, 2, {10, 20, 30, 255}, {0, 0, 0, 0}), sprite(2, 300, 10, {1, 2, 3, 255}, {255, 0, 255, 255}),
               sprite(3, 4, 4, {9, 9, 9, 255}, {9, 9, 9, 255})};
  d.sprites[0] = [&] {  // its last texel opaque magenta
    wad2::Sprite s = *d.sprites[0];
    auto px = s.pixels.copy();
    px[12] = 255, px[13] = 0, px[14] = 255, px[15] = 255;
    s.pixels = SharedBytes(std::move(px));
    return share<wad2::Sprite>(std::move(s));
  }();
  d.sequences = {sequence(1354, {1, 2}), sequence(1367, {3})};
  return d;
}

bool saysSomething(const std::vector<std::string>& report, const std::string& part) {
  return std::any_of(report.begin(), report.end(), [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

TEST(Wad2Sprites, TombEngineSequencesGoToTr4SequencesOfTheirName) {
  const auto out = wad2::toClassic(tombEngineSprites());
  ASSERT_TRUE(out.wad.sprites);
  const SpriteFile& swd = *out.wad.sprites;
  ASSERT_EQ(swd.sequences.size(), 1u);
  EXPECT_EQ(swd.sequences[0].spriteId, 463);  // DEFAULT_SPRITES
  ASSERT_EQ(sequenceLength(swd.sequences[0]), 2);
  const auto& small = swd.textures[static_cast<std::size_t>(swd.sequences[0].offset)];
  const auto& big = swd.textures[static_cast<std::size_t>(swd.sequences[0].offset) + 1];
  EXPECT_EQ(spriteWidth(small), 2);
  EXPECT_EQ(spriteHeight(small), 2);
  auto texel = [&](const SpriteTexture& t, int x, int y) {
    const auto* p = swd.pages.pixel(t.tile, t.x + x, t.y + y);
    return p ? std::array<int, 3>{p[0], p[1], p[2]} : std::array<int, 3>{-1, -1, -1};
  };
  EXPECT_EQ(texel(small, 0, 0), (std::array<int, 3>{255, 0, 255})) << "transparent: magenta";
  EXPECT_EQ(texel(small, 1, 0), (std::array<int, 3>{30, 20, 10})) << "BGRA to RGB";
  EXPECT_EQ(texel(small, 1, 1), (std::array<int, 3>{254, 0, 254})) << "opaque magenta nudged";
  EXPECT_EQ(spriteWidth(big), 256) << "300 wide: scaled to the page";
  EXPECT_EQ(spriteHeight(big), 8);
  EXPECT_EQ(texel(big, 0, 0), (std::array<int, 3>{254, 0, 254}));
  EXPECT_EQ(texel(big, 255, 7), (std::array<int, 3>{3, 2, 1}));
  EXPECT_TRUE(saysSomething(out.report, "SKIDOO_SNOW_TRAIL_SPRITES: no TR4 sprite sequence of that name"));
  EXPECT_TRUE(saysSomething(out.report, "(300x10) scaled down to 256x8"));
  EXPECT_TRUE(saysSomething(out.report, "1354 -> 463"));
}

TEST(Wad2Sprites, Tr4FilesKeepTheirNumbersAndIdenticalSpritesAreDrawnOnce) {
  wad2::Document d = tombEngineSprites();
  d.game = wad2::game::kTR4;
  d.sequences = {sequence(463, {1, 3}), sequence(460, {3})};
  const auto out = wad2::toClassic(d);
  ASSERT_TRUE(out.wad.sprites);
  const SpriteFile& swd = *out.wad.sprites;
  ASSERT_EQ(swd.sequences.size(), 2u);
  EXPECT_EQ(swd.sequences[0].spriteId, 460) << "in slot order";
  EXPECT_EQ(swd.sequences[1].spriteId, 463);
  const auto& a = swd.textures[static_cast<std::size_t>(swd.sequences[0].offset)];
  const auto& b = swd.textures[static_cast<std::size_t>(swd.sequences[1].offset) + 1];
  EXPECT_EQ(std::tie(a.tile, a.x, a.y), std::tie(b.tile, b.x, b.y)) << "sprite 3 twice: its pixels once";
  EXPECT_EQ(swd.pages.pages.size(), 1u);
}

TEST(Wad2Sprites, AMergedSequenceIsWrittenBackUnderTheFilesNumberForItsName) {
  const wad2::Document file = tombEngineSprites();
  const auto view = wad2::toClassic(file);
  wad2::Origin origin;
  origin.file = share<wad2::Document>(file);
  origin.converted = view.wad;
  origin.slots = view.slots;
  // The view after a merge: SKY_GRAPHICS (460) added, DEFAULT_SPRITES as it was.
  WadDocument edited = view.wad;
  SpriteFile swd = *view.wad.sprites;
  SpriteFile sky;
  sky.pages.pages.push_back(SharedBytes(std::vector<std::uint8_t>(kPageBytes, 7)));
  sky.textures.push_back({0, 0, 0, 3 << 8, 1 << 8, 0, 0, 0, 0});
  sky.sequences.push_back({460, -1, 0});
  swd.pages.pages.push_back(sky.pages.pages[0]);
  swd.textures.push_back({static_cast<std::uint16_t>(swd.pages.pages.size() - 1), 0, 0, 3 << 8, 1 << 8, 0, 0, 0, 0});
  swd.sequences.insert(swd.sequences.begin(), {460, -1, static_cast<std::int16_t>(swd.textures.size() - 1)});
  edited.sprites = share<SpriteFile>(std::move(swd));
  std::vector<std::string> notes;
  const wad2::Document back = wad2::writeBack(origin, edited, &notes);
  ASSERT_EQ(back.sequences.size(), 3u);
  EXPECT_EQ(back.sequences[0].objectId, 1353) << "TombEngine's SKY_GRAPHICS, before its DEFAULT_SPRITES";
  EXPECT_EQ(back.sequences[1], file.sequences[0]) << "the file's own sequences as they were";
  EXPECT_EQ(back.sequences[2], file.sequences[1]) << "one the view never held stays";
  ASSERT_EQ(back.sequences[0].sprites.size(), 1u);
  const auto added = std::find_if(back.sprites.begin(), back.sprites.end(),
                                  [&](const Shared<wad2::Sprite>& s) { return s->id == back.sequences[0].sprites[0].id; });
  ASSERT_NE(added, back.sprites.end());
  EXPECT_EQ((*added)->width, 4);
  EXPECT_EQ((*added)->height, 2);
  EXPECT_EQ((*added)->pixels[0], 7);
  EXPECT_TRUE(saysSomething(notes, "sprite sequence 460 added as TombEngine sequence 1353"));
  // Written and read back, the file's sprites keep their records.
  const auto again = readWad2(writeWad2(back), "back.wad2");
  EXPECT_EQ(again.sequences.size(), 3u);
  EXPECT_EQ(again.sprites.size(), file.sprites.size() + 1);
  // Unedited, the view writes the sprites back as they were.
  EXPECT_EQ(wad2::writeBack(origin, view.wad).sequences, file.sequences);
}

TEST(Wad2Sprites, CorpusVehiclesReportTheirTombEngineOnlySequences) {
  const auto path = test::corpusFile("wad2/Vehicles__TEN_Speedboat.wad2");
  WADSMITH_REQUIRE_CORPUS(path);
  const auto out = wad2::toClassic(readWad2(readFileShared(path), path.string()));
  EXPECT_FALSE(out.wad.sprites) << "MOTORBOAT_FOAM_SPRITES and SPEEDOMETER_GRAPHICS have no TR4 counterpart";
  EXPECT_TRUE(saysSomething(out.report, "1365 (MOTORBOAT_FOAM_SPRITES: no TR4 sprite sequence of that name): not carried"));
  EXPECT_TRUE(saysSomething(out.report, "1381 (SPEEDOMETER_GRAPHICS: no TR4 sprite sequence of that name): not carried"));
}

}  // namespace
}  // namespace wadsmith
