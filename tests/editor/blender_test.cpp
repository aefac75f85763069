// A second reader, independent of WadSmith and tinygltf: Blender (Debian's, in background mode)
// imports exported movables as an armature with a bone per mesh and one action per animation,
// named as exported; and what it exports again comes back as the same animations. Skips with a
// message when Blender is not installed.
#include <gtest/gtest.h>

#include <cstdio>
#include <regex>

#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "model/object_view.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

struct BlenderView {
  int armatures = -1, actions = -1, meshes = -1;
  std::string bones;
  std::vector<std::string> actionNames;
  std::string output;
};

bool haveBlender() { return std::system("blender --version >/dev/null 2>&1") == 0; }

BlenderView blenderImport(const std::filesystem::path& file) {
  const auto script = test::sourceDir() / "tests" / "blender" / "armature_check.py";
  const std::string cmd = "blender -b --factory-startup --python " + script.string() + " -- " + file.string() + " 2>&1";
  BlenderView v;
  FILE* p = popen(cmd.c_str(), "r");
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) v.output.append(buf, n);
  pclose(p);
  std::smatch m;
  if (std::regex_search(v.output, m, std::regex("WADSMITH armatures=(\\d+) bones=([0-9,]*) actions=(\\d+) meshes=(\\d+)"))) {
    v.armatures = std::stoi(m[1]);
    v.bones = m[2];
    v.actions = std::stoi(m[3]);
    v.meshes = std::stoi(m[4]);
  }
  const std::regex action("WADSMITH action (.+) -?\\d+ -?\\d+");
  for (auto it = std::sregex_iterator(v.output.begin(), v.output.end(), action); it != std::sregex_iterator(); ++it)
    v.actionNames.push_back((*it)[1]);
  return v;
}

#define REQUIRE_BLENDER() \
  if (!haveBlender()) GTEST_SKIP() << "blender is not installed (apt-get install blender python3-numpy): skipped"

TEST(Blender, SampleMovableIsAnArmatureWithAnActionPerAnimation) {
  REQUIRE_BLENDER();
  const auto out = test::scratchDir() / "sample.glb";
  auto r = test::runWadsmith("export " + (test::fixturesDir() / "sample.wad").string() + " --all -o " + out.string());
  ASSERT_EQ(r.exit, 0) << r.out;
  auto v = blenderImport(out);
  EXPECT_EQ(v.armatures, 1) << v.output.substr(0, 3000);
  EXPECT_EQ(v.bones, "4");      // ANIMATING1's four meshes
  EXPECT_EQ(v.actions, 2);      // idle and swing
  EXPECT_EQ(v.meshes, 2);       // the skinned movable and the static
  ASSERT_EQ(v.actionNames.size(), 2u);
  EXPECT_NE(v.actionNames[0].find("ANIMATING1 0"), std::string::npos) << v.actionNames[0];
}

TEST(Blender, LaraHasHerAnimationsByName) {
  REQUIRE_BLENDER();
  auto karnak = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(karnak);
  const auto out = test::scratchDir() / "lara.glb";
  auto r = test::runWadsmith("export " + karnak.string() + " --movable LARA -o " + out.string());
  ASSERT_EQ(r.exit, 0) << r.out;
  const auto doc = usecases::documentObjects(loadDocument(karnak)).wad;
  ObjectView view(doc.objects);
  auto [a0, a1] = view.animationRange(*view.findMovable(0));
  auto v = blenderImport(out);
  EXPECT_EQ(v.armatures, 1) << v.output.substr(0, 3000);
  EXPECT_EQ(v.bones, "15");
  EXPECT_EQ(v.actions, int(a1 - a0));
  bool run = false;
  for (const auto& n : v.actionNames) run |= n.rfind("LARA 0 RUN", 0) == 0;
  EXPECT_TRUE(run) << "no action named after the catalog's RUN";
}

// Export -> Blender (import, export unchanged) -> import over the movable's own animations: the
// same WAD bytes. Blender keeps none of WadSmith's records: the rotations, offsets and frame
// counts come back from its sampled curves alone (in its own order of actions, by name).
TEST(Blender, LarasAnimationsComeBackThroughBlenderAsTheSameWords) {
  REQUIRE_BLENDER();
#if defined(WADSMITH_UNDER_ASAN)
  GTEST_SKIP() << "Blender takes ~40 s over LARA's 445 animations: the release run checks it; "
                  "AnimSceneImport.AFileWithoutOurRecordsSortedByNameReplacesAsTheSameWords runs the same import here";
#endif
  auto tut = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(tut);
  const auto dir = test::scratchDir();
  const auto glb = dir / "lara.glb", blended = dir / "lara_blender.glb", back = dir / "back.wad";
  auto r = test::runWadsmith("export " + tut.string() + " --movable LARA -o " + glb.string());
  ASSERT_EQ(r.exit, 0) << r.out;
  const auto script = test::sourceDir() / "tests" / "blender" / "round_trip.py";
  const std::string cmd = "blender -b --factory-startup --python " + script.string() + " -- " + glb.string() + " " + blended.string() +
                          " >" + (dir / "blender.log").string() + " 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << "see " << (dir / "blender.log");
  ASSERT_TRUE(std::filesystem::exists(blended)) << "Blender wrote nothing: see " << (dir / "blender.log");
  r = test::runWadsmith("anim import " + tut.string() + " " + blended.string() + " --movable LARA --all --replace 0 -o " + back.string());
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("LARA: bones matched by name"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("replaced animations 0..444 with 445 animations"), std::string::npos) << r.out;
  const auto was = readFileBytes(tut), now = readFileBytes(back);
  EXPECT_EQ(test::firstDifference(was, now), -1) << "the WAD changed (sizes " << was.size() << " and " << now.size() << ")";
}

}  // namespace
}  // namespace wadsmith
