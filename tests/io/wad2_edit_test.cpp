// Edit -> write -> read: an edit changes only the chunks it touches (and the sizes of the
// chunks around them); references follow their records when lists change; unknown chunks stay
// in their place; a compressed file is deflated again when its chunks change.
#include <gtest/gtest.h>

#include "io/file_io.h"
#include "io/parse_error.h"
#include "io/wad2_codec.h"
#include "tests/io/wad2_test_support.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

template <class T, class F>
Shared<T> edited(const Shared<T>& p, F f) {
  T t = *p;
  f(t);
  return share<T>(std::move(t));
}

struct Loaded {
  SharedBytes bytes;
  wad2::Document doc;
  // Where a kept chunk sits in the file.
  std::size_t offsetOf(const SharedBytes& chunk) const { return static_cast<std::size_t>(chunk.data() - bytes.data()); }
};
Loaded load(const std::filesystem::path& p) {
  Loaded l{SharedBytes(readFileBytes(p)), {}};
  l.doc = readWad2(l.bytes, p.string());
  return l;
}

std::vector<std::filesystem::path> editable() {
  auto files = test::corpusFiles("wad2", {".wad2"});
  files.insert(files.begin(), test::fixturesDir() / "sample.wad2");
  return files;
}

class Wad2Edit : public ::testing::TestWithParam<std::filesystem::path> {};

// A keyframe angle changes in place: only that keyframe's chunk differs.
TEST_P(Wad2Edit, KeyframeAngleChangesOnlyItsChunk) {
  Loaded l = load(GetParam());
  ASSERT_FALSE(l.doc.movables.empty());
  auto& mv = l.doc.movables[0];
  ASSERT_FALSE(mv->animations.empty());
  const SharedBytes kf = mv->animations[0]->keyframes.at(0).keep.source;
  mv = edited(mv, [](wad2::Movable& m) {
    m.animations[0] = edited(m.animations[0], [](wad2::Animation& a) { a.keyframes[0].angles.at(0).y += 1; });
  });
  const auto out = writeWad2(l.doc);
  ASSERT_EQ(out.size(), l.bytes.size());
  const std::size_t begin = l.offsetOf(kf), end = begin + kf.size();
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] != l.bytes[i]) {
      ASSERT_TRUE(i >= begin && i < end) << "byte " << i << " changed outside the keyframe";
    }
  }
  EXPECT_EQ(readWad2(out, "edited").movables[0]->animations[0]->keyframes[0].angles[0], mv->animations[0]->keyframes[0].angles[0]);
}

// A polygon more: its chunk is inserted, and only the sizes of the chunks holding it change.
TEST_P(Wad2Edit, AddedPolygonInsertsOneChunk) {
  Loaded l = load(GetParam());
  auto& mv = l.doc.movables.at(0);
  const auto& polys = mv->meshes.at(0)->polygons;
  ASSERT_FALSE(polys.empty());
  const std::size_t at = l.offsetOf(polys.back().keep.source) + polys.back().keep.source.size();
  const std::size_t count = polys.size();  // the edit frees the old mesh
  mv = edited(mv, [](wad2::Movable& m) {
    m.meshes[0] = edited(m.meshes[0], [](wad2::Mesh& x) {
      wad2::Polygon p = x.polygons.back();
      p.keep = {};
      x.polygons.push_back(p);
    });
  });
  const auto out = writeWad2(l.doc);
  const std::size_t added = out.size() - l.bytes.size();
  ASSERT_GT(added, 0u);
  EXPECT_TRUE(std::equal(out.begin() + static_cast<long>(at + added), out.end(), l.bytes.begin() + static_cast<long>(at)));
  std::size_t changed = 0;
  for (std::size_t i = 0; i < at; ++i) changed += out[i] != l.bytes[i];
  EXPECT_LE(changed, 5u * 4u) << "more than the sizes of W2Polys, W2Mesh, W2Moveable, W2Moveables changed";
  EXPECT_EQ(readWad2(out, "edited").movables[0]->meshes[0]->polygons.size(), count + 1);
}

INSTANTIATE_TEST_SUITE_P(Files, Wad2Edit, ::testing::ValuesIn(editable()),
                         [](const auto& info) { return test::testName(info.param); });

// A texture put before the others: every polygon's stored index moves with its texture.
TEST(Wad2EditRefs, TextureIndicesFollowTheirTextures) {
  Loaded l = load(test::fixturesDir() / "sample.wad2");
  wad2::Texture extra = *l.doc.textures.at(0);
  extra.id = l.doc.nextId++;
  extra.name = "inserted";
  extra.keep = {};
  l.doc.textures.insert(l.doc.textures.begin(), share<wad2::Texture>(extra));
  const auto back = readWad2(writeWad2(l.doc), "edited");
  ASSERT_EQ(back.textures.size(), 2u);
  const auto& p = back.movables.at(0)->meshes.at(0)->polygons.at(0);
  EXPECT_EQ(p.texture, wad2::Ref::to(back.textures[1]->id));
  EXPECT_EQ(back.textures[1]->name, "sample_Page_0");
}

// An animation taken out: next animations after it are renumbered; one naming it cannot be written.
TEST(Wad2EditRefs, AnimationReferencesFollowOrRefuse) {
  Loaded l = load(test::fixturesDir() / "quirks.wad2");
  auto& mv = l.doc.movables.at(0);
  mv = edited(mv, [](wad2::Movable& m) { m.animations.erase(m.animations.begin() + 2); });  // the W2Ani3
  const auto back = readWad2(writeWad2(l.doc), "edited");
  const auto& anims = back.movables[0]->animations;
  ASSERT_EQ(anims.size(), 2u);
  EXPECT_EQ(anims[0]->nextAnimation, wad2::Ref::to(anims[1]->id));
  mv = edited(mv, [](wad2::Movable& m) { m.animations.erase(m.animations.begin() + 1); });  // the walk's next
  EXPECT_THROW(writeWad2(l.doc), WriteError);
}

// Unknown chunks inside an edited record stay where they were.
TEST(Wad2EditRefs, UnknownChunkStaysInAnEditedMesh) {
  Loaded l = load(test::fixturesDir() / "quirks.wad2");
  auto& mv = l.doc.movables.at(0);
  const auto unknown = mv->meshes.at(0)->keep.unknown;
  ASSERT_EQ(unknown.size(), 1u);
  mv = edited(mv, [](wad2::Movable& m) { m.meshes[0] = edited(m.meshes[0], [](wad2::Mesh& x) { x.positions.at(0).x = 7; }); });
  const auto back = readWad2(writeWad2(l.doc), "edited");
  const auto& mesh = *back.movables[0]->meshes[0];
  EXPECT_EQ(mesh.positions[0].x, 7.0f);
  ASSERT_EQ(mesh.keep.unknown.size(), 1u);
  EXPECT_EQ(mesh.keep.unknown[0].position, unknown[0].position);
  EXPECT_EQ(mesh.keep.unknown[0].bytes, unknown[0].bytes);
  EXPECT_EQ(back.keep.unknown.size(), 1u);
  EXPECT_EQ(back.trailer, l.doc.trailer);
}

// A compressed file keeps its stream while unchanged and is deflated again when edited.
TEST(Wad2EditRefs, CompressedBodyDeflatedAgain) {
  Loaded l = load(test::fixturesDir() / "sample_zlib.wad2");
  ASSERT_TRUE(l.doc.compressed());
  l.doc.metadata.notes = "edited";
  const auto out = writeWad2(l.doc);
  const auto back = readWad2(out, "edited");
  EXPECT_TRUE(back.compressed());
  EXPECT_EQ(back.metadata.notes, "edited");
  EXPECT_EQ(back.movables.size(), l.doc.movables.size());
}

}  // namespace
}  // namespace wadsmith
