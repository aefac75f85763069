// wad2 -> classic WAD: every corpus wad2's objects built through the common form keep their
// counts (movables, statics, meshes, animations, keyframes, state changes, dispatches,
// commands, sprite sequences, less what the report says a WAD cannot hold), a few known values land where
// TombLib's compiler puts them, and the classic WAD writes and reads back to the same bytes.
#include <gtest/gtest.h>

#include <limits>

#include "io/file_io.h"
#include "io/wad2_codec.h"
#include "io/wad_codec.h"
#include "model/object_view.h"
#include "model/validate.h"
#include "model/wad2/commands.h"
#include "model/wad2/slots.h"
#include "model/wad2/to_classic.h"
#include "model/wad2/to_imported.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

struct Counts {
  std::size_t movables = 0, statics = 0, meshes = 0, animations = 0, keyframes = 0, stateChanges = 0, dispatches = 0,
              commands = 0, spriteSequences = 0;
  friend bool operator==(const Counts&, const Counts&) = default;
};
std::ostream& operator<<(std::ostream& o, const Counts& c) {
  return o << c.movables << " movables, " << c.statics << " statics, " << c.meshes << " meshes, " << c.animations
           << " animations, " << c.keyframes << " keyframes, " << c.stateChanges << " state changes, " << c.dispatches
           << " dispatches, " << c.commands << " commands, " << c.spriteSequences << " sprite sequences";
}

// What the wad2 holds that a WAD can: TombEngine's command 7 has no TR4 counterpart, nor do the
// commands playing a sound TR4 has not (model/wad2/slots.h tr4SoundId).
Counts wad2Counts(const wad2::Document& d) {
  Counts c;
  c.movables = d.movables.size(), c.statics = d.statics.size();
  for (const auto& m : d.movables) {
    c.meshes += m->meshes.size();
    c.animations += std::max<std::size_t>(m->animations.size(), 1);  // the builder gives a movable one
    for (const auto& a : m->animations) {
      c.keyframes += std::max<std::size_t>(a->keyframes.size(), 1);
      c.stateChanges += a->stateChanges.size();
      for (const auto& s : a->stateChanges) c.dispatches += s.dispatches.size();
      for (const auto& k : a->commands)
        c.commands += k.type >= 1 && k.type <= 6 && (k.type != wad2::command::kSound || wad2::tr4SoundId(d, wad2::conditionsInP3(k).p2));
    }
  }
  c.meshes += d.statics.size();
  for (const auto& q : d.sequences) c.spriteSequences += wad2::tr4SpriteSlot(d, q.objectId).has_value();  // TR4 has the rest not
  return c;
}

Counts classicCounts(const WadDocument& w) {
  const ObjectView v(w.objects);
  Counts c;
  c.movables = v.movables().size(), c.statics = v.statics().size(), c.meshes = v.meshPointers().size();
  c.animations = v.animations().size(), c.stateChanges = v.stateChanges().size(), c.dispatches = v.dispatches().size();
  for (std::size_t a = 0; a < v.animations().size(); ++a) {
    c.keyframes += v.keyframeCount(a);
    c.commands += v.commands(a).commands.size();
  }
  c.spriteSequences = w.sprites ? w.sprites->sequences.size() : 0;
  return c;
}

class Wad2ToClassic : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(Wad2ToClassic, KeepsCountsAndRoundTrips) {
  const auto doc = readWad2(readFileBytes(GetParam()), GetParam().string());
  const auto classic = wad2::toClassic(doc);
  // Less the objects the slot plan left out (no free ANIMATING slot: reported).
  wad2::Document placed = doc;
  placed.movables.clear();
  for (std::size_t i = 0; i < doc.movables.size(); ++i)
    if (classic.slots.movables[i].to) placed.movables.push_back(doc.movables[i]);
  EXPECT_EQ(classicCounts(classic.wad), wad2Counts(placed));
  const auto bytes = writeWad(classic.wad);
  EXPECT_EQ(writeWad(readWad(bytes, "converted.wad")), bytes);
  for (const auto& w : validateMeshes(classic.wad.objects, classic.wad.samples->size(), true))
    ADD_FAILURE() << w.where.text() << ": " << w.what;
}

INSTANTIATE_TEST_SUITE_P(Corpus, Wad2ToClassic, ::testing::ValuesIn(test::corpusFiles("wad2", {".wad2"})),
                         [](const auto& info) {
                           std::string n = info.param.stem().string();
                           for (auto& ch : n)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return n;
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Wad2ToClassic);

// Castigavi's first movable (slot 47): its first keyframe and its walk's sound commands, as
// TombLib's compiler writes them (y negated, boxes as stored, frames made absolute).
TEST(Wad2ToClassicKnown, CastigaviAnimationRecords) {
  const auto file = test::corpusFile("wad2/Castigavi__lvl2_fix.wad2");
  WADSMITH_REQUIRE_CORPUS(file);
  const auto classic = wad2::toClassic(readWad2(readFileBytes(file), file.string()));
  const ObjectView v(classic.wad.objects);
  const auto mv = v.findMovable(47);
  ASSERT_TRUE(mv);
  const auto [first, end] = v.animationRange(*mv);
  ASSERT_EQ(end - first, 21u);
  const auto& stand = v.animations()[first];
  EXPECT_EQ(stand.stateId, 1);
  EXPECT_EQ(stand.frameDuration, 4);
  const auto k = v.keyframes(first, v.meshCount(*mv)).at(0);
  EXPECT_EQ(k.box, (BoundingBox{-131, 152, -824, -4, -128, 168}));
  EXPECT_EQ(k.offset, (Vec3s{-2, -521, 2}));
  // WALK (animation 1): W2Cmd sounds at frames 29, 1, 20 of id 230 on land (0x4000 | 230).
  const auto& walk = v.animations()[first + 1];
  const auto commands = v.commands(first + 1).commands;
  ASSERT_EQ(commands.size(), 3u);
  EXPECT_EQ(commands[0].code, 5);
  EXPECT_EQ(commands[0].operands, (std::vector<std::int16_t>{static_cast<std::int16_t>(walk.frameStart + 29), 0x40E6}));
  EXPECT_EQ(commands[1].operands[0], walk.frameStart + 1);
}

// What a hostile file could make large is bounded: images past the document's budget are
// drawn grey, a movable with more meshes than a keyframe holds gets no animations.
TEST(Wad2ToClassicBounds, ImageBudgetAndMeshCount) {
  wad2::Document doc;
  wad2::Texture t;
  t.id = doc.nextId++;
  t.width = t.height = 2;
  t.pixels = SharedBytes(std::vector<std::uint8_t>(16, 255));
  doc.textures.push_back(share<wad2::Texture>(t));
  wad2::Mesh mesh;
  mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  wad2::Polygon p;
  p.texture = wad2::Ref::to(t.id);
  p.vertices = {0, 1, 2, 0};
  mesh.polygons.push_back(p);
  wad2::Movable m;
  m.meshes.assign(300, share<wad2::Mesh>(mesh));
  auto a = share<wad2::Animation>();
  m.animations.push_back(a);
  std::size_t used = wad2::kImageBudget - 8;  // 16 bytes more do not fit
  const auto model = wad2::movableModel(doc, m, &used).model;
  EXPECT_TRUE(model.images.empty());
  EXPECT_EQ(model.meshes[0].faces.at(0).image, -1);
  EXPECT_TRUE(model.animations.at(0).frames.empty());
  std::string notes;
  for (const auto& n : model.notes) notes += n + "\n";
  EXPECT_NE(notes.find("passed 256 MiB"), std::string::npos) << notes;
  EXPECT_NE(notes.find("300 meshes"), std::string::npos) << notes;
  std::size_t fresh = 0;
  EXPECT_EQ(wad2::movableModel(doc, m, &fresh).model.images.size(), 1u);
  EXPECT_EQ(fresh, 16u);
}

// A velocity that is not a number (W2AniV holds raw floats) gives 0, not an undefined cast:
// found by the wad2 fuzz target (UBSan: -nan outside the range of int).
TEST(Wad2ToClassicBounds, VelocitiesThatAreNotNumbersGiveZero) {
  auto doc = readWad2(readFileBytes(test::fixturesDir() / "sample.wad2"), "sample.wad2");
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::size_t changed = 0;
  for (auto& shared : doc.movables) {
    wad2::Movable m = *shared;
    for (auto& a : m.animations) {
      wad2::Animation copy = *a;
      copy.velocities = wad2::Vec4{nan, nan, nan, nan};
      a = share<wad2::Animation>(copy);
      ++changed;
    }
    shared = share<wad2::Movable>(m);
  }
  ASSERT_GT(changed, 0u);
  const auto classic = wad2::toClassic(doc);
  const ObjectView v(classic.wad.objects);
  ASSERT_FALSE(v.animations().empty());
  for (const auto& a : v.animations()) {
    EXPECT_EQ(a.speed, 0);
    EXPECT_EQ(a.accel, 0);
    EXPECT_EQ(a.lateralSpeed, 0);
    EXPECT_EQ(a.lateralAccel, 0);
  }
}

}  // namespace
}  // namespace wadsmith
