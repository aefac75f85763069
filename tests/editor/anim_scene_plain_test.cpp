// A 3D file of animations as Blender writes back a WadSmith export (tests/editor/blender_test.cpp
// runs Blender itself where it is installed), made here without it.
#include <gtest/gtest.h>
#include "editor/interop/tiny_gltf_config.h"

#include <algorithm>
#include <sstream>

#include "editor/interop/anim_import.h"
#include "editor/interop/gltf_export.h"
#include "editor/interop/gltf_file.h"
#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

// What Blender gives back of an export (tests/editor/blender_test.cpp), made here without it:
// none of WadSmith's records, the animations sorted by name (0, 1, 10, 11, ..., 2). Imported over
// the movable's own, they go back in their names' order, each with its own frame duration.
TEST(AnimSceneImport, AFileWithoutOurRecordsSortedByNameReplacesAsTheSameWords) {
  const auto karnak = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(karnak);
  const Document d = loadDocument(karnak);
  const auto glb = test::scratchDir() / "crocodile.glb", plain = test::scratchDir() / "crocodile_plain.glb";
  interop::writeGltfFile(usecases::documentObjects(d).wad, {movableRef(51)}, glb);
  tinygltf::Model m;
  interop::readGltf(readFileBytes(glb), glb, m);
  m.asset.extras = {};
  for (auto& n : m.nodes) n.extras = {};
  for (auto& x : m.meshes) x.extras = {};
  for (auto& a : m.animations) a.extras = {};
  std::stable_sort(m.animations.begin(), m.animations.end(), [](const auto& x, const auto& y) { return x.name < y.name; });
  ASSERT_EQ(m.animations[2].name, "CROCODILE 10");
  std::ostringstream out;
  ASSERT_TRUE(tinygltf::TinyGLTF().WriteGltfSceneToStream(&m, out, false, true));
  const std::string bytes = out.str();
  writeFileAtomic(plain, std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
  interop::SceneAnimationOptions o;
  o.all = true, o.replace = 0;
  const auto r = interop::importSceneAnimations(d, 51, plain, o);
  EXPECT_EQ(r.animations.at(2), "CROCODILE 2");
  EXPECT_EQ(encodeDocument(r.edited.doc), readFileBytes(karnak)) << "the WAD changed";
}

}  // namespace
}  // namespace wadsmith
