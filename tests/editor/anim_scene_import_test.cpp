// Animations of 3D files onto an existing movable (editor/interop/anim_import.h): every
// animation of LARA and of other movables of a real TR4 WAD exported to GLB and imported back
// over itself gives the WAD's bytes back; a file whose skeleton is another movable's is refused.
#include <gtest/gtest.h>

#include <iostream>

#include "editor/interop/import_file.h"

#include <algorithm>
#include <iostream>

#include "editor/interop/anim_import.h"
#include "editor/interop/gltf_export.h"
#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "model/anim/drawn_bones.h"
#include "model/anim/poses.h"
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
  o.all = true, o.replace = 0;
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

// The same keyframes (offsets and rotation words), boxed as recompute_keyframe_boxes boxes the
// originals; each keyframe's largest side distance from the stored box goes to `sides`.
void expectSameKeyframes(const std::vector<Keyframe>& was, const std::vector<Keyframe>& now, const std::vector<BoundingBox>& boxes,
                         std::vector<int>& sides, const std::string& what) {
  ASSERT_EQ(was.size(), now.size()) << what;
  for (std::size_t k = 0; k < was.size(); ++k) {
    ASSERT_TRUE(was[k].offset == now[k].offset) << what << " keyframe " << k;
    for (std::size_t b = 0; b < was[k].rotations.size() && b < now[k].rotations.size(); ++b) {
      const auto &x = was[k].rotations[b], &y = now[k].rotations[b];
      ASSERT_TRUE(x.axes == y.axes && x.x == y.x && x.y == y.y && x.z == y.z)
          << what << " keyframe " << k << " bone " << b << ": " << int(x.axes) << " " << x.x << "," << x.y << "," << x.z << " became "
          << int(y.axes) << " " << y.x << "," << y.y << "," << y.z;
    }
    ASSERT_EQ(was[k].rotations.size(), now[k].rotations.size()) << what;
    EXPECT_TRUE(now[k].box == boxes[k]) << what << " keyframe " << k << ": not the box of its posed meshes";
    const auto &a = was[k].box, &c = now[k].box;
    sides.push_back(std::max({std::abs(a.minX - c.minX), std::abs(a.maxX - c.maxX), std::abs(a.minY - c.minY), std::abs(a.maxY - c.maxY),
                              std::abs(a.minZ - c.minZ), std::abs(a.maxZ - c.maxZ)}));
  }
}

// Every animation of `slot` exported to GLB and appended: new animations after the movable's,
// the same keyframes, looping to themselves; the WAD reads back to the same bytes.
void expectAppended(const std::filesystem::path& wad, std::uint32_t slot, int medianSide) {
  SCOPED_TRACE(wad.filename().string() + " slot " + std::to_string(slot));
  const Document d = loadDocument(wad);
  const auto glb = exported(d, slot, wad.stem().string() + "_append_" + std::to_string(slot) + ".glb");
  interop::SceneAnimationOptions o;
  o.all = true;
  const auto r = interop::importSceneAnimations(d, slot, glb, o);
  const ObjectView v(objectsOf(d)), after(objectsOf(r.edited.doc));
  const std::size_t m = *v.findMovable(slot), meshes = v.meshCount(m);
  const auto [a0, a1] = v.animationRange(m);
  const auto [b0, b1] = after.animationRange(m);
  const std::size_t n = a1 - a0;
  ASSERT_EQ(b1 - b0, 2 * n);
  const auto drawn = anim::drawnBones(v, kWadGame, m).meshes;
  std::vector<int> sides;
  for (std::size_t a = 0; a < n; ++a) {
    const Animation& was = v.animations()[a0 + a];
    const Animation& added = after.animations()[b0 + n + a];
    const std::string what = "animation " + std::to_string(a);
    const auto keyframes = v.keyframes(a0 + a, meshes);
    std::vector<BoundingBox> boxes;
    for (const auto& k : keyframes) boxes.push_back(anim::posedBox(v.skeleton(m), drawn, k, 0));
    expectSameKeyframes(keyframes, after.keyframes(b0 + n + a, meshes), boxes, sides, what);
    if (keyframes.empty()) continue;  // nothing sampled: the new animation stays as add_animation made it
    EXPECT_EQ(added.frameDuration, was.frameDuration) << what;
    EXPECT_EQ(added.frameEnd - added.frameStart, was.frameEnd - was.frameStart) << what;
    EXPECT_EQ(after.indexOf(added.nextAnimation), b0 + n + a) << what << " loops to itself";
  }
  // As close to the boxes the TRLE tools stored as recomputed boxes are (keyframe_boxes_test).
  std::sort(sides.begin(), sides.end());
  ASSERT_FALSE(sides.empty());
  std::cout << wad.filename().string() << " slot " << slot << ": " << sides.size() << " keyframes, largest side from the stored box: median "
            << sides[sides.size() / 2] << ", 90% " << sides[sides.size() * 9 / 10] << ", max " << sides.back() << "\n";
  EXPECT_LE(sides[sides.size() / 2], medianSide) << "median distance from the stored boxes";
  const auto bytes = encodeDocument(r.edited.doc);
  EXPECT_EQ(encodeDocument(readDocument(bytes, "appended.wad")), bytes) << "the WAD round-trips";
}

TEST(AnimSceneImport, AppendedAnimationsAreTheSameKeyframesBoxedByTheirMeshes) {
  const auto tut = test::corpusFile("wad/tut1.WAD"), karnak = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(tut);
  WADSMITH_REQUIRE_CORPUS(karnak);
  expectAppended(tut, 0, 12);
  expectAppended(karnak, 1, 32);  // PISTOLS_ANIM, drawn with LARA_SKIN's meshes and its own hands
}

TEST(AnimSceneImport, TheCommandLineAppendsAndSaysWhere) {
  const auto karnak = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(karnak);
  const auto glb = exported(loadDocument(karnak), 1, "pistols.glb"), out = test::scratchDir() / "appended.wad";
  const auto r = test::runWadsmith("anim import " + karnak.string() + " " + glb.string() + " --movable 1 --animation 2 -o " + out.string());
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("added animation 4 from \"PISTOLS_ANIM 2\" of "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(state 0, looping to itself; boxes from the posed meshes)"), std::string::npos) << r.out;
  const Document d = loadDocument(out);
  const ObjectView v(objectsOf(d));
  const auto [a0, a1] = v.animationRange(*v.findMovable(1));
  ASSERT_EQ(a1 - a0, 5u);
  EXPECT_EQ(v.indexOf(v.animations()[a0 + 4].nextAnimation), a0 + 4);
}

#ifdef WADSMITH_TEST_ASSIMP_EXPORT
void withoutMetadata(aiNode* n) {
  delete n->mMetaData;  // our extras: Assimp 5.2's scene copy for export asserts on nested metadata
  n->mMetaData = nullptr;
  for (unsigned i = 0; i < n->mNumChildren; ++i) withoutMetadata(n->mChildren[i]);
}

// The GLB as ASCII FBX written by Assimp (5.2 writes binary FBX it cannot read back, and no
// Collada of this scene), key times in seconds: its FBX writer ignores the ticks per second.
std::filesystem::path assimpFbx(const std::filesystem::path& glb, bool keepPictures = false) {
  const aiScene* read = aiImportFile(glb.string().c_str(), 0);
  if (!read) throw std::runtime_error(std::string("Assimp: ") + aiGetErrorString());
  auto* s = const_cast<aiScene*>(read);
  withoutMetadata(s->mRootNode);
  // Without the embedded page: Assimp 5.2 reads some embedded pictures of its own ASCII FBX with
  // a double free (it depends on the picture's size), and the test is about the animations.
  if (!keepPictures) {
    for (unsigned t = 0; t < s->mNumTextures; ++t) delete s->mTextures[t];
    delete[] s->mTextures;
    s->mTextures = nullptr, s->mNumTextures = 0;
  }
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

// Assimp 5.2's Collada writer: animation `keep` of the GLB alone as DAE. The writer names an
// animation's sources by node only (two animations' clash: each reads back as the last) and
// skips a channel unless it has as many position, rotation and scaling keys; names with spaces
// it escapes in ids but not in the references to them. So: one animation, keys filled from the
// node's rest transform, spaces as underscores (the bones still end in "mesh N"), times in seconds.
std::filesystem::path assimpDae(const std::filesystem::path& glb, unsigned keep) {
  const aiScene* read = aiImportFile(glb.string().c_str(), 0);
  if (!read) throw std::runtime_error(std::string("Assimp: ") + aiGetErrorString());
  auto* s = const_cast<aiScene*>(read);
  withoutMetadata(s->mRootNode);
  std::swap(s->mAnimations[0], s->mAnimations[keep]);
  for (unsigned a = 1; a < s->mNumAnimations; ++a) delete s->mAnimations[a];
  s->mNumAnimations = 1;
  auto underscored = [](aiString& name) {
    std::string t = name.C_Str();
    std::replace(t.begin(), t.end(), ' ', '_');
    name.Set(t);
  };
  aiAnimation* an = s->mAnimations[0];
  const double ticks = an->mTicksPerSecond > 0 ? an->mTicksPerSecond : 1;
  an->mDuration /= ticks, an->mTicksPerSecond = 1;
  for (unsigned c = 0; c < an->mNumChannels; ++c) {
    aiNodeAnim* n = an->mChannels[c];
    aiVector3D scale, position;
    aiQuaternion turn;
    s->mRootNode->FindNode(n->mNodeName)->mTransformation.Decompose(scale, turn, position);
    for (unsigned k = 0; k < n->mNumRotationKeys; ++k) n->mRotationKeys[k].mTime /= ticks;
    auto filled = [&](aiVectorKey*& keys, unsigned& count, aiVector3D rest) {
      auto* out = new aiVectorKey[n->mNumRotationKeys];
      for (unsigned k = 0; k < n->mNumRotationKeys; ++k)
        out[k] = aiVectorKey(n->mRotationKeys[k].mTime, count == n->mNumRotationKeys ? keys[k].mValue : count ? keys[0].mValue : rest);
      delete[] keys;
      keys = out, count = n->mNumRotationKeys;
    };
    filled(n->mPositionKeys, n->mNumPositionKeys, position);
    filled(n->mScalingKeys, n->mNumScalingKeys, scale);
    underscored(n->mNodeName);
  }
  std::vector<aiNode*> nodes{s->mRootNode};
  while (!nodes.empty()) {
    aiNode* n = nodes.back();
    nodes.pop_back();
    underscored(n->mName);
    nodes.insert(nodes.end(), n->mChildren, n->mChildren + n->mNumChildren);
  }
  for (unsigned m = 0; m < s->mNumMeshes; ++m)
    for (unsigned b = 0; b < s->mMeshes[m]->mNumBones; ++b) underscored(s->mMeshes[m]->mBones[b]->mName);
  auto dae = glb;
  dae.replace_extension("." + std::to_string(keep) + ".dae");
  const auto written = aiExportScene(s, "collada", std::filesystem::absolute(dae).string().c_str(), 0);
  aiReleaseImport(read);
  if (written != AI_SUCCESS) throw std::runtime_error("Assimp's Collada export failed");
  return dae;
}
#endif

TEST(AnimSceneImport, ThroughAssimpDaeOneByOneTheyComeBackTheSame) {
#ifndef WADSMITH_TEST_ASSIMP_EXPORT
  GTEST_SKIP() << "the test writes DAE with Assimp's aiExportScene, which only the editor links here";
#else
  const auto karnak = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(karnak);
  const auto bytes = readFileBytes(karnak);
  Document d = readDocument(bytes, karnak.string());
  const auto glb = exported(d, 1, "karnak_1.glb");
  const ObjectView v(objectsOf(d));
  const auto [a0, a1] = v.animationRange(*v.findMovable(1));
  ASSERT_GT(a1 - a0, 1u);
  for (unsigned a = 0; a < a1 - a0; ++a) {
    interop::SceneAnimationOptions o;
    o.replace = a, o.frameDuration = v.animations()[a0 + a].frameDuration;  // a DAE has no records to say it
    const auto r = interop::importSceneAnimations(d, 1, assimpDae(glb, a), o);
    EXPECT_EQ(r.notes.front().substr(r.notes.front().size() - 4), "name");
    d = r.edited.doc;
  }
  EXPECT_EQ(encodeDocument(d), bytes) << "the WAD changed";
#endif
}

TEST(AnimSceneImport, ThroughAssimpFbxTheyComeBackTheSame) {
#ifndef WADSMITH_TEST_ASSIMP_EXPORT
  GTEST_SKIP() << "the test writes FBX with Assimp's aiExportScene, which only the editor links here";
#else
  const auto karnak = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(karnak);
  std::vector<std::filesystem::path> files;
  expectIdentity(karnak, 1, files, [](const std::filesystem::path& glb) { return assimpFbx(glb); });
#endif
}

// Regression: Assimp 5.2 double-frees reading the page embedded in its own ASCII FBX of karnak's
// PISTOLS_ANIM (it depends on the picture's size). Its importers run in a process of their own
// (editor/interop/assimp_isolated.h): this one goes on, and the import fails in words naming the
// file (or succeeds, with an Assimp that reads it).
TEST(AnimSceneImport, AnAssimpCrashOnAnEmbeddedPictureIsAnError) {
#ifndef WADSMITH_TEST_ASSIMP_EXPORT
  GTEST_SKIP() << "the test writes FBX with Assimp's aiExportScene, which only the editor links here";
#else
  const auto karnak = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(karnak);
  const auto fbx = assimpFbx(exported(loadDocument(karnak), 1, "pistols_page.glb"), true);
  try {
    EXPECT_FALSE(interop::loadAssimpObjects(fbx).empty());
    std::cout << "[ note ] this Assimp reads the embedded page\n";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("pistols_page.fbx: Assimp's importer crashed reading it"), std::string::npos) << e.what();
  }
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
