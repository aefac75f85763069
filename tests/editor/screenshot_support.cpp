#include "tests/editor/screenshot_support.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

#include <unistd.h>

#include "io/file_io.h"
#include "tests/support/test_support.h"

namespace wadsmith::test::screenshot {

bool haveXvfb() { return std::system("command -v xvfb-run >/dev/null 2>&1") == 0; }
bool builtWithEditor() {
  std::string cmd = wadsmithBinary() + " edit --size 1x1 >/dev/null 2>&1";
  // A GUI build refuses the size; a headless build says it has no editor: both exit non-zero,
  // so ask the binary's usage text instead.
  FILE* p = popen((wadsmithBinary() + " edit --bogus 2>&1").c_str(), "r");
  char buf[512] = {};
  std::size_t n = fread(buf, 1, sizeof buf - 1, p);
  pclose(p);
  (void)cmd;
  return std::string(buf, n).find("without the editor") == std::string::npos;
}

std::string xvfb(const std::filesystem::path& config) {
  static int runs = 0;
  const auto dir = config.empty() ? std::filesystem::path(wadsmithBinary()).parent_path() / "test-scratch" / "editor-config" /
                                        (std::to_string(::getpid()) + "-" + std::to_string(++runs))
                                  : config;
  if (config.empty()) std::filesystem::remove_all(dir);  // a fresh one; a given one is kept
  std::filesystem::create_directories(dir);
  // The X authority file lives in that directory too: left to itself, xvfb-run makes a temporary
  // directory for it and, when removing that fails on a loaded machine, exits 5 instead of with
  // the editor's status (seen as a failed error-status check).
  return "XDG_CONFIG_HOME=" + dir.string() + " ASAN_OPTIONS=detect_leaks=0 xvfb-run -a -f " + (dir / "Xauthority").string() +
         " -s '-screen 0 1280x720x24' ";
}

Shot shotWithReport(const std::string& args, const std::string& name, const std::string& environment) {
  auto out = test::scratchDir() / (name + ".png");
  std::string cmd = environment + xvfb() + wadsmithBinary() + " edit " + args + " --screenshot " + out.string() + " 2>&1";
  Shot shot;
  FILE* p = popen(cmd.c_str(), "r");
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) shot.report.append(buf, n);
  int rc = pclose(p);
  EXPECT_EQ(rc, 0) << cmd << "\n" << shot.report;
  try {
    shot.img = png::decode(readFileBytes(out), out.string());
  } catch (const std::exception& e) {
    ADD_FAILURE() << "no PNG from " << cmd << ": " << e.what();
  }
  return shot;
}

imported::Image shot(const std::string& args, const std::string& name) { return shotWithReport(args, name).img; }

Region viewportOf(const imported::Image& img) {
  return {int(img.width * 0.25), int(img.height * 0.1), int(img.width * 0.65), int(img.height * 0.6)};
}

int differing(const imported::Image& a, const imported::Image& b, Region r) {
  int n = 0;
  for (int y = r.y0; y < r.y1; ++y)
    for (int x = r.x0; x < r.x1; ++x) {
      std::size_t i = (std::size_t(y) * a.width + x) * 4;
      n += a.rgba[i] != b.rgba[i] || a.rgba[i + 1] != b.rgba[i + 1] || a.rgba[i + 2] != b.rgba[i + 2];
    }
  return n;
}

ViewState stateOf(const std::string& report) {
  ViewState v;
  auto at = report.find("selection: ");
  EXPECT_NE(at, std::string::npos) << report;
  if (at == std::string::npos) return v;
  int n = std::sscanf(report.c_str() + at, "selection: %zu faces; camera target %f,%f,%f yaw %f pitch %f distance %f", &v.faces,
                      &v.target[0], &v.target[1], &v.target[2], &v.yaw, &v.pitch, &v.distance);
  EXPECT_EQ(n, 7) << report;
  auto history = report.find("; history at edit ", at);
  char saved[16] = {};
  EXPECT_EQ(history == std::string::npos ? 0 : std::sscanf(report.c_str() + history, "; history at edit %zu of %zu, %15s", &v.edit, &v.edits, saved), 3)
      << report;
  v.unsaved = std::string(saved) == "unsaved";
  if (auto label = report.find("\nlast edit: "); label != std::string::npos) {
    label += 12;
    v.lastEdit = report.substr(label, report.find('\n', label) - label);
  }
  if (auto at = report.find("\nselected: "); at != std::string::npos) {
    at += 11;
    v.selected = report.substr(at, report.find('\n', at) - at);
  }
  auto doc = report.find("\ndocument: ");
  EXPECT_EQ(doc == std::string::npos ? 0 : std::sscanf(report.c_str() + doc, "\ndocument: %zu movables, %zu statics", &v.movables, &v.statics), 2)
      << report;
  return v;
}


}  // namespace wadsmith::test::screenshot
