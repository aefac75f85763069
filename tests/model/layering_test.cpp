// Dependencies point one way: model knows nothing of files or GL, io nothing of GL or UI, the
// undo history only the model; only editor/gui includes ImGui, GLFW or OpenGL.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace wadsmith {
namespace {

struct Rule {
  const char* dir;
  std::vector<const char*> forbidden;
};

TEST(Layering, IncludesPointOneWay) {
  const std::filesystem::path root = WADSMITH_SOURCE_DIR;
  const std::vector<const char*> ui = {"imgui", "GLFW/", "GL/", "editor/gui/"};
  const Rule rules[] = {
      {"model", {"io/", "undo/", "editor/", "zlib.h", "nlohmann/", "imgui", "GLFW/", "GL/"}},
      {"io", {"editor/", "undo/", "nlohmann/", "imgui", "GLFW/", "GL/"}},
      {"undo", {"io/", "editor/", "imgui", "GLFW/", "GL/"}},
      {"editor/view", ui},
      {"editor/session", ui},
      {"editor/cli", ui},
  };
  std::size_t checked = 0;
  for (const auto& rule : rules)
    for (const auto& e : std::filesystem::recursive_directory_iterator(root / rule.dir)) {
      auto ext = e.path().extension();
      if (ext != ".h" && ext != ".cpp") continue;
      std::ifstream in(e.path());
      for (std::string line; std::getline(in, line);) {
        if (line.rfind("#include", 0) != 0) continue;
        ++checked;
        for (const char* f : rule.forbidden)
          EXPECT_EQ(line.find(f), std::string::npos) << e.path().string() << ": " << line;
      }
    }
  EXPECT_GT(checked, 100u);
}

}  // namespace
}  // namespace wadsmith
