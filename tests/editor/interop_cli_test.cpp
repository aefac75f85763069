// `wadsmith export`, `import` and `pages` as a user runs them: files written, what is printed,
// the outside model built into a playable movable (keyframe words worked out by hand from the
// fixture's scene), a mesh replaced keeping its vertex order, pages to PNG and back, and errors
// that write nothing.
#include <gtest/gtest.h>

#include "io/document_io.h"
#include "io/file_io.h"
#include "io/png_codec.h"
#include "io/wad_files.h"
#include "model/object_view.h"
#include "model/texture_word.h"
#include "tests/support/object_signature.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

std::string fixture(const char* f) { return (test::fixturesDir() / f).string(); }

TEST(InteropCli, ExportThenImportUnderAnotherSlotIsTheSameObject) {
  auto dir = test::scratchDir();
  const auto glb = (dir / "anim.glb").string(), out = (dir / "back.wad").string();
  auto e = test::runWadsmith("export " + fixture("sample.wad") + " --movable 427 -o " + glb);
  ASSERT_EQ(e.exit, 0) << e.out;
  EXPECT_NE(e.out.find("exported 1 object: 1 mesh, 42 triangles, 4 joints, 2 animations at 30 fps"), std::string::npos) << e.out;
  auto i = test::runWadsmith("import " + fixture("sample.wad") + " " + glb + " --movable 428 -o " + out);
  ASSERT_EQ(i.exit, 0) << i.out;
  EXPECT_NE(i.out.find("the exported records, exactly"), std::string::npos) << i.out;
  EXPECT_NE(i.out.find("5 reused"), std::string::npos) << i.out;  // every sample is already there
  auto before = loadWad(fixture("sample.wad"));
  auto after = loadWad(out);
  auto a = test::objectSignature(before, movableRef(427));
  auto b = test::objectSignature(after, movableRef(428));
  // The same object under slot 428: only the slot line differs (its animations' targets stay its own).
  ASSERT_EQ(a.size(), b.size());
  std::size_t differing = 0;
  for (std::size_t k = 0; k < a.size(); ++k) differing += a[k] != b[k];
  EXPECT_LE(differing, 1u) << test::signatureDifference(a, b);
  EXPECT_EQ(test::runWadsmith("roundtrip " + out).exit, 0);
}

// Importing an export into another WAD writes the same bytes as merging the object there
// directly: the file carried everything the merge takes.
TEST(InteropCli, ImportingAnExportEqualsMergingTheObject) {
  auto dir = test::scratchDir();
  struct Case {
    std::string source, object, into;
  } cases[] = {{fixture("sample.wad"), "--movable 427", fixture("quirks.wad")},
               {fixture("sample.wad"), "--static 30", fixture("quirks.wad")},
               {fixture("synthetic.tr4"), "--movable 427", fixture("quirks.wad")}};
  int n = 0;
  for (const auto& c : cases) {
    const auto glb = (dir / ("o" + std::to_string(n) + ".glb")).string();
    const auto a = (dir / ("imported" + std::to_string(n) + ".wad")).string();
    const auto b = (dir / ("merged" + std::to_string(n) + ".wad")).string();
    ++n;
    ASSERT_EQ(test::runWadsmith("export " + c.source + " " + c.object + " -o " + glb).exit, 0) << c.object;
    auto i = test::runWadsmith("import " + c.into + " " + glb + " " + c.object + " -o " + a);
    ASSERT_EQ(i.exit, 0) << i.out;
    auto m = test::runWadsmith("merge --into " + c.into + " --from " + c.source + " " + c.object + " -o " + b);
    ASSERT_EQ(m.exit, 0) << m.out;
    EXPECT_EQ(test::firstDifference(readFileBytes(a), readFileBytes(b)), -1) << c.source << " " << c.object;
    EXPECT_EQ(readFileBytes(dir / ("imported" + std::to_string(n - 1) + ".was")), readFileBytes(dir / ("merged" + std::to_string(n - 1) + ".was")));
  }
}

TEST(InteropCli, OutsideModelBecomesAnAnimatedTexturedMovable) {
  auto dir = test::scratchDir();
  const auto out = (dir / "lamp.wad").string();
  auto r = test::runWadsmith("import " + fixture("sample.wad") + " " + fixture("outside.gltf") + " --movable 429 -o " + out);
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("merged movable lamp as 429 ANIMATING2"), std::string::npos) << r.out;
  auto doc = loadWad(out);
  ObjectView v(doc.objects);
  auto m = v.findMovable(429);
  ASSERT_TRUE(m);
  auto skeleton = v.skeleton(*m);
  ASSERT_EQ(skeleton.bones.size(), 3u);
  EXPECT_EQ(skeleton.bones[1].parent, 0);
  EXPECT_EQ(skeleton.bones[2].parent, 1);
  EXPECT_EQ(skeleton.bones[1].offset, (Vec3s{0, -128, 0}));
  EXPECT_EQ(skeleton.bones[2].offset, (Vec3s{256, 0, 0}));
  auto [a0, a1] = v.animationRange(*m);
  ASSERT_EQ(a1 - a0, 2u);
  const auto keys = v.keyframes(a0, 3);
  ASSERT_GE(keys.size(), 31u);
  // 0.5 s: the arm turned 45 degrees about TR -y (315 about +y: one-axis word), the root .25 m forward.
  const auto& k15 = keys[15 / std::max(1, int(v.animations()[a0].frameDuration))];
  EXPECT_EQ(k15.rotations[1].axes, Rotation::Axes::Y);
  EXPECT_NEAR(k15.rotations[1].y, 315, 0.1);
  EXPECT_EQ(k15.offset.z, 128);
  // 1 s: the hand at 60 degrees about z.
  const auto& k30 = keys[30 / std::max(1, int(v.animations()[a0].frameDuration))];
  EXPECT_EQ(k30.rotations[2].axes, Rotation::Axes::Z);
  EXPECT_NEAR(k30.rotations[2].z, 60, 0.1);
  // Textured: the base's faces name samples whose pixels hold the checker's red.
  const auto meshes = v.movableMeshes(*m);
  bool red = false;
  for (const auto& p : meshes[0].mesh->polygons) {
    const auto& s = (*doc.samples)[WadTextureWord::decode(p.texture, p.quad).sample];
    for (int y = 0; y < s.height() && !red; ++y)
      for (int x = 0; x < s.width() && !red; ++x)
        if (const auto* px = doc.pixels->pixel(s.page, s.x + x, s.y + y)) red = px[0] == 220 && px[1] == 30 && px[2] == 30;
  }
  EXPECT_TRUE(red);
  // The glow is translucent.
  bool translucent = false;
  for (const auto& p : meshes[2].mesh->polygons) translucent |= (p.attributes & attr::kTranslucent) != 0;
  EXPECT_TRUE(translucent);
  EXPECT_EQ(test::runWadsmith("roundtrip " + out).exit, 0);
  auto val = test::runWadsmith("validate " + out);
  EXPECT_EQ(val.out.find("movable 429"), std::string::npos) << val.out;
}

TEST(InteropCli, ObjAsAStaticAndGlbAsAMovable) {
  auto dir = test::scratchDir();
  auto r = test::runWadsmith("import " + fixture("sample.wad") + " " + fixture("outside.obj") + " --static 11 -o " + (dir / "a.wad").string());
  ASSERT_EQ(r.exit, 0) << r.out;
  auto doc = loadWad((dir / "a.wad").string());
  ObjectView v(doc.objects);
  auto s = v.findStatic(11);
  ASSERT_TRUE(s);
  std::size_t quads = 0;
  for (const auto& p : v.staticMesh(*s)->mesh->polygons) quads += p.quad;
  EXPECT_EQ(quads, 5u);
  r = test::runWadsmith("import " + fixture("sample.wad") + " " + fixture("outside.glb") + " --movable 430 -o " + (dir / "b.wad").string());
  ASSERT_EQ(r.exit, 0) << r.out;
}

TEST(InteropCli, ReplacingAMeshKeepsTheVertexOrder) {
  auto dir = test::scratchDir();
  const auto glb = (dir / "anim.glb").string(), out = (dir / "mesh.wad").string();
  ASSERT_EQ(test::runWadsmith("export " + fixture("sample.wad") + " --movable 427 -o " + glb).exit, 0);
  auto r = test::runWadsmith("import " + fixture("sample.wad") + " " + glb + " --movable 427 --mesh 1 -o " + out);
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("replaced movable 427 mesh 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("0 old vertices unmatched"), std::string::npos) << r.out;
  auto before = loadWad(fixture("sample.wad"));
  auto after = loadWad(out);
  ObjectView vb(before.objects), va(after.objects);
  const auto* mb = vb.movableMeshes(*vb.findMovable(427))[1].mesh;
  const auto* ma = va.movableMeshes(*va.findMovable(427))[1].mesh;
  ASSERT_TRUE(mb && ma);
  EXPECT_EQ(mb->vertices, ma->vertices);
}

TEST(InteropCli, ErrorsWriteNothing) {
  auto dir = test::scratchDir();
  const auto out = dir / "x.wad";
  const auto glb = (dir / "s.glb").string();
  ASSERT_EQ(test::runWadsmith("export " + fixture("sample.wad") + " --all -o " + glb).exit, 0);
  struct Case {
    std::string args, expect;
  } cases[] = {
      {"import " + fixture("sample.wad") + " " + glb + " --movable 427 -o " + out.string(), "occupied"},
      {"import " + fixture("sample.wad") + " " + glb + " --static 5 -o " + out.string(), "several objects"},
      {"import " + fixture("sample.wad") + " " + glb + " --movable 427 --mesh 9 -o " + out.string(), "no mesh 9"},
      {"import " + fixture("sample.wad") + " " + glb + " --object ANIMATING1 --static 3 -o " + out.string(), "import it with --movable"},
      {"import " + fixture("sample.wad") + " " + fixture("sample.wad") + " --movable 3 -o " + out.string(), "sample.wad"},
      // A level is a destination too (model/merge/level_merge.h): the source's ambiguity is the error.
      {"import " + fixture("synthetic.tr4") + " " + glb + " --movable 3 -o " + out.string(), "several objects"},
      {"import " + fixture("sample.wad") + " " + fixture("outside.gltf") + " --movable 3 --scale 1e9 -o " + out.string(), "outside"},
      {"export " + fixture("sample.wad") + " --movable 5 -o " + (dir / "y.glb").string(), "5"},
      {"export " + fixture("sample.wad") + " --all -o " + (dir / "y.obj").string(), ".glb or a .gltf"},
      {"pages " + fixture("sample.wad") + " --import 7 " + fixture("outside.png") + " -o " + out.string(), "256x256"},
  };
  for (const auto& c : cases) {
    auto r = test::runWadsmith(c.args);
    EXPECT_NE(r.exit, 0) << c.args << "\n" << r.out;
    EXPECT_NE(r.out.find(c.expect), std::string::npos) << c.args << "\n" << r.out;
    EXPECT_FALSE(std::filesystem::exists(out)) << c.args;
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "y.glb"));
}

TEST(InteropCli, PagesToPngAndBack) {
  auto dir = test::scratchDir();
  auto r = test::runWadsmith("pages " + fixture("sample.wad") + " --export " + (dir / "pages").string());
  ASSERT_EQ(r.exit, 0) << r.out;
  const auto page = dir / "pages" / "page_000.png";
  auto img = png::decode(readFileBytes(page), page.string());
  EXPECT_EQ(img.width, 256);
  // Magenta became alpha 0, and back: importing the page unchanged gives the same file.
  std::size_t clear = 0;
  for (std::size_t i = 3; i < img.rgba.size(); i += 4) clear += img.rgba[i] == 0;
  EXPECT_GT(clear, 0u);
  const auto out = dir / "same.wad";
  r = test::runWadsmith("pages " + fixture("sample.wad") + " --import 0 " + page.string() + " -o " + out.string());
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_EQ(test::firstDifference(readFileBytes(out), readFileBytes(test::fixturesDir() / "sample.wad")), -1);
  // An edited page changes only its pixels; a new page is appended.
  img.rgba[0] = 1, img.rgba[1] = 2, img.rgba[2] = 3, img.rgba[3] = 255;
  writeFileAtomic(dir / "edited.png", png::encode(img));
  r = test::runWadsmith("pages " + fixture("sample.wad") + " --import 1 " + (dir / "edited.png").string() + " -o " + out.string());
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("appended page 1"), std::string::npos) << r.out;
  auto doc = loadWad(out.string());
  ASSERT_EQ(doc.pixels->pages.size(), 2u);
  EXPECT_EQ(doc.pixels->pages[1][0], 1);
  // A level's tiles: exported, and one imported back leaves the level as it was.
  r = test::runWadsmith("pages " + fixture("synthetic.tr4") + " --export " + (dir / "tiles").string());
  ASSERT_EQ(r.exit, 0) << r.out;
  const auto tile = dir / "tiles" / "tile_000.png";
  ASSERT_TRUE(std::filesystem::exists(tile)) << r.out;
  r = test::runWadsmith("pages " + fixture("synthetic.tr4") + " --import 0 " + tile.string() + " -o " + (dir / "same.tr4").string());
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_EQ(test::runWadsmith("roundtrip " + (dir / "same.tr4").string()).exit, 0);
}

}  // namespace
}  // namespace wadsmith
