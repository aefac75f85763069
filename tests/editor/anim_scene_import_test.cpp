// Animations of 3D files onto an existing movable (editor/interop/anim_import.h): every
// animation of LARA and of other movables of a real TR4 WAD exported to GLB and imported back
// over itself gives the WAD's bytes back; a file whose skeleton is another movable's is refused.
#include <gtest/gtest.h>

#include "editor/interop/anim_import.h"
#include "editor/interop/gltf_export.h"
#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "tests/editor/gltf_validator.h"
#include "tests/support/test_support.h"

#ifdef WADSMITH_TEST_ASSIMP_EXPORT
#include <assimp/cexport.h>
#include <assimp/cimport.h>
#include <assimp/scene.h>
#endif

namespace wadsmith {
namespace {

std::filesystem::path exported(const Document& d, std::uint32_t slot, const std::string& name) {
  const auto path = test::scratchDir() / name;
  interop::writeGltfFile(usecases::documentObjects(d).wad, {movableRef(slot)}, path);
  return path;
}

// Export every animation of `slot` -> (`convert` the file) -> import them all over themselves.
void expectIdentity(const std::filesystem::path& wad, std::uint32_t slot, std::vector<std::filesystem::path>& files,
                    std::filesystem::path (*convert)(const std::filesystem::path&) = nullptr) {
  SCOPED_TRACE(wad.filename().string() + " slot " + std::to_string(slot));
  const auto bytes = readFileBytes(wad);
  const Document d = readDocument(bytes, wad.string());
  auto glb = exported(d, slot, wad.stem().string() + "_" + std::to_string(slot) + ".glb");
  files.push_back(glb);
  if (convert) glb = convert(glb);
  interop::SceneAnimationOptions o;
  o.all = true;
  const auto r = interop::importSceneAnimations(d, slot, glb, o);
  const ObjectView v(objectsOf(d));
  const auto range = v.animationRange(*v.findMovable(slot));
  EXPECT_EQ(r.animations.size(), range.second - range.first);
  EXPECT_EQ(r.notes.front().substr(r.notes.front().size() - 4), "name");
  double worst = 0;
  for (double e : r.boneError) worst = std::max(worst, e);
  EXPECT_LT(worst, 1e-3) << "angles read back off the words' steps";
  EXPECT_EQ(encodeDocument(r.edited.doc), bytes) << "the WAD changed";
  // Where: the first animations whose keyframes differ.
  const ObjectView after(objectsOf(r.edited.doc));
  const std::size_t meshes = v.meshCount(*v.findMovable(slot));
  std::size_t shown = 0;
  for (auto a = range.first; a < range.second && shown < 5; ++a) {
    const auto k0 = v.keyframes(a, meshes), k1 = after.keyframes(a, meshes);
    std::size_t k = 0;
    while (k < k0.size() && k < k1.size() && k0[k].offset == k1[k].offset && k0[k].box == k1[k].box &&
           std::equal(k0[k].rotations.begin(), k0[k].rotations.end(), k1[k].rotations.begin(), k1[k].rotations.end(),
                      [](const auto& x, const auto& y) { return x.axes == y.axes && x.x == y.x && x.y == y.y && x.z == y.z; }))
      ++k;
    const Animation& an = v.animations()[a];
    if (k < std::max(k0.size(), k1.size()))
      ++shown, ADD_FAILURE() << "animation " << a - range.first << " (" << an.frameEnd - an.frameStart + 1 << " frames, duration "
                             << int(an.frameDuration) << "): " << k0.size() << " keyframes, " << k1.size() << " after, keyframe " << k << " differs";
  }
}

TEST(AnimSceneImport, ExportedAnimationsComeBackAsTheSameWords) {
  const auto wad = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(wad);
  std::vector<std::filesystem::path> files;
  expectIdentity(wad, 0, files);
  const auto karnak = test::corpusFile("wad/karnak.WAD");
  const Document d = loadDocument(karnak);
  std::size_t done = 0;
  for (const auto& mv : *objectsOf(d).movables)
    if (mv.objectId != 0 && mv.hasAnimations() && done < 2) expectIdentity(karnak, mv.objectId, files), ++done;
  test::expectValidGltf(files);
}

#ifdef WADSMITH_TEST_ASSIMP_EXPORT
void withoutMetadata(aiNode* n) {
  delete n->mMetaData;  // our extras: Assimp 5.2's scene copy for export asserts on nested metadata
  n->mMetaData = nullptr;
  for (unsigned i = 0; i < n->mNumChildren; ++i) withoutMetadata(n->mChildren[i]);
}

// The GLB as ASCII FBX written by Assimp (5.2 writes binary FBX it cannot read back, and no
// Collada of this scene), key times in seconds: its FBX writer ignores the ticks per second.
std::filesystem::path assimpFbx(const std::filesystem::path& glb) {
  const aiScene* read = aiImportFile(glb.string().c_str(), 0);
  if (!read) throw std::runtime_error(std::string("Assimp: ") + aiGetErrorString());
  auto* s = const_cast<aiScene*>(read);
  withoutMetadata(s->mRootNode);
  for (unsigned a = 0; a < s->mNumAnimations; ++a) {
    aiAnimation* an = s->mAnimations[a];
    const double ticks = an->mTicksPerSecond > 0 ? an->mTicksPerSecond : 1;
    an->mDuration /= ticks, an->mTicksPerSecond = 1;
    for (unsigned c = 0; c < an->mNumChannels; ++c) {
      aiNodeAnim* n = an->mChannels[c];
      for (unsigned k = 0; k < n->mNumPositionKeys; ++k) n->mPositionKeys[k].mTime /= ticks;
      for (unsigned k = 0; k < n->mNumRotationKeys; ++k) n->mRotationKeys[k].mTime /= ticks;
      for (unsigned k = 0; k < n->mNumScalingKeys; ++k) n->mScalingKeys[k].mTime /= ticks;
    }
  }
  auto fbx = glb;
  fbx.replace_extension(".fbx");
  const auto written = aiExportScene(s, "fbxa", fbx.string().c_str(), 0);
  aiReleaseImport(read);
  if (written != AI_SUCCESS) throw std::runtime_error(std::string("Assimp's FBX export: ") + aiGetErrorString());
  return fbx;
}
#endif

TEST(AnimSceneImport, ThroughAssimpFbxTheyComeBackTheSame) {
#ifndef WADSMITH_TEST_ASSIMP_EXPORT
  GTEST_SKIP() << "the test writes FBX with Assimp's aiExportScene, which only the editor links here";
#else
  const auto karnak = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(karnak);
  std::vector<std::filesystem::path> files;
  expectIdentity(karnak, 1, files, assimpFbx);
#endif
}

TEST(AnimSceneImport, AnotherSkeletonIsRefused) {
  const auto wad = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(wad);
  const Document d = loadDocument(wad);
  const ObjectView v(objectsOf(d));
  std::uint32_t other = 0;
  for (const auto& mv : *objectsOf(d).movables)
    if (mv.hasAnimations() && v.meshCount(*v.findMovable(mv.objectId)) != v.meshCount(*v.findMovable(0))) other = mv.objectId;
  ASSERT_NE(other, 0u);
  const auto glb = exported(d, other, "other.glb");
  try {
    interop::importSceneAnimations(d, 0, glb, {});
    FAIL() << "imported another movable's animation onto LARA";
  } catch (const ops::EditError& e) {
    EXPECT_NE(std::string(e.what()).find("is not this movable's skeleton"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("other.glb"), std::string::npos) << e.what();
  }
  interop::SceneAnimationOptions o;
  o.animation = "no such animation";
  EXPECT_THROW(interop::importSceneAnimations(d, other, glb, o), ops::EditError);
}

}  // namespace
}  // namespace wadsmith
