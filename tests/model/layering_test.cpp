// Dependencies point one way: model knows nothing of files or GL, io nothing of GL or UI, the
// undo history only the model; under editor/, each part includes only the parts below it (view
// < interop < usecases < session, cli < gui), only editor/gui includes ImGui, GLFW or OpenGL and
// only editor/interop tinygltf or Assimp.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

struct Rule {
  const char* dir;
  std::vector<const char*> forbidden;
  // Parts of editor/ it may include ("editor/view/"...); empty: none is checked this way.
  std::vector<const char*> editorParts = {};
};

const std::vector<const char*> kUiAnd3d = {"imgui", "GLFW/", "GL/", "tiny_gltf", "assimp/"};

const Rule kRules[] = {
    {"model", {"io/", "undo/", "editor/", "zlib.h", "nlohmann/", "imgui", "GLFW/", "GL/"}},
    {"io", {"editor/", "undo/", "nlohmann/", "imgui", "GLFW/", "GL/"}},
    {"undo", {"io/", "editor/", "imgui", "GLFW/", "GL/"}},
    {"editor/view", {"io/", "undo/", "imgui", "GLFW/", "GL/", "tiny_gltf", "assimp/"}, {"editor/view/"}},
    {"editor/interop", {"undo/", "imgui", "GLFW/", "GL/"}, {"editor/interop/", "editor/view/"}},
    {"editor/usecases", {"undo/", "imgui", "GLFW/", "GL/", "tiny_gltf", "assimp/"}, {"editor/usecases/", "editor/interop/"}},
    {"editor/session", kUiAnd3d, {"editor/session/", "editor/usecases/", "editor/interop/", "editor/view/"}},
    {"editor/cli", kUiAnd3d, {"editor/cli/", "editor/usecases/", "editor/interop/"}},
    {"editor/gui", {"tiny_gltf", "assimp/"},
     {"editor/gui/", "editor/session/", "editor/cli/", "editor/usecases/", "editor/interop/", "editor/view/"}},
};

// `line` includes a part of editor/ that `rule` does not allow. The headers at the top of
// editor/ (words.h, progress.h, the generated version.h) depend on nothing of the editor, so
// every part may include them.
bool outsideItsParts(const Rule& rule, const std::string& line) {
  const auto at = line.find("\"editor/");
  if (rule.editorParts.empty() || at == std::string::npos) return false;
  const auto end = line.find('"', at + 1);
  if (line.substr(at + 1, end - at - 1).find('/', 7) == std::string::npos) return false;
  for (const char* part : rule.editorParts)
    if (line.compare(at + 1, std::string(part).size(), part) == 0) return false;
  return true;
}

TEST(Layering, IncludesPointOneWay) {
  const std::filesystem::path root = test::sourceDir();
  std::size_t checked = 0;
  for (const auto& rule : kRules)
    for (const auto& e : std::filesystem::recursive_directory_iterator(root / rule.dir)) {
      auto ext = e.path().extension();
      if (ext != ".h" && ext != ".cpp") continue;
      std::ifstream in(e.path());
      for (std::string line; std::getline(in, line);) {
        if (line.rfind("#include", 0) != 0) continue;
        ++checked;
        for (const char* f : rule.forbidden) EXPECT_EQ(line.find(f), std::string::npos) << e.path().string() << ": " << line;
        EXPECT_FALSE(outsideItsParts(rule, line)) << e.path().string() << ": " << line;
      }
    }
  EXPECT_GT(checked, 100u);
}

// The headers at the top of editor/ include no part of it (so every part may include them).
TEST(Layering, TheEditorsTopHeadersIncludeNoPartOfIt) {
  const std::filesystem::path root = test::sourceDir();
  std::size_t headers = 0;
  for (const auto& e : std::filesystem::directory_iterator(root / "editor")) {
    if (e.path().extension() != ".h") continue;
    ++headers;
    std::ifstream in(e.path());
    for (std::string line; std::getline(in, line);)
      if (line.rfind("#include", 0) == 0) {
        EXPECT_EQ(line.find("\"editor/"), std::string::npos) << e.path().string() << ": " << line;
        for (const char* f : kUiAnd3d) EXPECT_EQ(line.find(f), std::string::npos) << e.path().string() << ": " << line;
      }
  }
  EXPECT_GT(headers, 0u);
}

// Every folder of editor/ has its rule: a new one says where it sits.
TEST(Layering, EveryPartOfTheEditorHasARule) {
  const std::filesystem::path root = test::sourceDir();
  for (const auto& e : std::filesystem::directory_iterator(root / "editor")) {
    if (!e.is_directory()) continue;
    const std::string dir = "editor/" + e.path().filename().string();
    bool found = false;
    for (const auto& rule : kRules) found |= dir == rule.dir;
    EXPECT_TRUE(found) << dir << " has no rule in layering_test.cpp";
  }
}

// The rule itself: a use case including the session, or the session the command line, is
// refused.
TEST(Layering, TheRuleRefusesAnIncludeOfAPartAbove) {
  const Rule& usecases = kRules[5];
  ASSERT_STREQ(usecases.dir, "editor/usecases");
  EXPECT_TRUE(outsideItsParts(usecases, "#include \"editor/session/session.h\""));
  EXPECT_FALSE(outsideItsParts(usecases, "#include \"editor/interop/import_file.h\""));
  EXPECT_TRUE(outsideItsParts(kRules[6], "#include \"editor/cli/cli.h\""));
}

}  // namespace
}  // namespace wadsmith
