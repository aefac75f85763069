// A second reader, independent of WadSmith and tinygltf: Blender (Debian's, in background mode)
// imports exported movables as an armature with a bone per mesh and one action per animation,
// named as exported. Skips with a message when Blender is not installed.
#include <gtest/gtest.h>

#include <cstdio>
#include <regex>

#include "editor/usecases/documents.h"
#include "io/document_io.h"
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
  const auto script = std::filesystem::path(WADSMITH_SOURCE_DIR) / "tests" / "blender" / "armature_check.py";
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

}  // namespace
}  // namespace wadsmith
