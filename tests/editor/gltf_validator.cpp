#include "tests/editor/gltf_validator.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <regex>

#include "tests/support/test_support.h"

namespace wadsmith::test {

void expectValidGltf(const std::vector<std::filesystem::path>& files) {
  const std::filesystem::path dir = sourceDir() / "tests" / "gltf-validator";
  if (!std::filesystem::exists(dir / "node_modules" / "gltf-validator" / "package.json") ||
      std::system("node --version >/dev/null 2>&1") != 0) {
    std::printf("glTF validator not installed (node and `npm ci` in tests/gltf-validator): %zu files not validated\n",
                files.size());
    return;
  }
  // The file list goes through a file: thousands of paths would overflow a command line.
  if (files.empty()) return;
  // Beside no input: a list next to a fixture would land in the source tree.
  const auto list = std::filesystem::temp_directory_path() /
                    ("wadsmith-validate-list-" + std::to_string(std::random_device{}()) + ".txt");
  {
    std::ofstream out(list);
    for (const auto& f : files) out << f.string() << "\n";
  }
  const std::string cmd = "node " + (dir / "validate.mjs").string() + " --list " + list.string() + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string report;
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) report.append(buf, n);
  const int rc = pclose(p);
  std::filesystem::remove(list);
  std::size_t checked = 0;
  const std::regex line("errors=(\\d+) warnings=(\\d+)");
  for (auto it = std::sregex_iterator(report.begin(), report.end(), line); it != std::sregex_iterator(); ++it) {
    ++checked;
    EXPECT_EQ((*it)[1].str(), "0");
  }
  EXPECT_EQ(checked, files.size()) << report.substr(0, 4000);
  EXPECT_EQ(rc, 0) << report.substr(0, 4000);
  std::printf("glTF validator: %zu files, 0 errors expected; %s\n", checked, rc == 0 ? "none found" : "errors found");
}

}  // namespace wadsmith::test
