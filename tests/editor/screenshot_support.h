// Running the editor headless under Xvfb (Mesa's software OpenGL) and reading what it reports:
// shared by the screenshot tests.
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>

#include "io/png_codec.h"

namespace wadsmith::test::screenshot {

bool haveXvfb();
bool builtWithEditor();

#define REQUIRE_EDITOR()                                                                              \
  do {                                                                                                \
    if (!::wadsmith::test::screenshot::haveXvfb()) GTEST_SKIP() << "xvfb-run not installed: screenshot tests skipped"; \
    if (!::wadsmith::test::screenshot::builtWithEditor()) GTEST_SKIP() << "built without the editor";  \
  } while (0)

// Mesa's GL driver, loaded and unloaded at run time, leaks a few bytes at exit that an
// AddressSanitizer build would report: leak checking is off for the editor process only.
// Each run gets a fresh settings folder (recent files, crash journals) unless `config` names one.
std::string xvfb(const std::filesystem::path& config = {});

struct Shot {
  imported::Image img;
  std::string report;  // what the editor printed: frame time, selection, camera
};
// `wadsmith edit ARGS --screenshot NAME.png` in the test's scratch folder; `environment` is put
// before the command ("SDL_AUDIODRIVER=disk ").
Shot shotWithReport(const std::string& args, const std::string& name, const std::string& environment = "");
imported::Image shot(const std::string& args, const std::string& name);

// The viewport sits between the object list (left 20%) and the tools (right 30%), above the
// history strip: its inner part is safely inside [0.25w, 0.65w] x [0.1h, 0.6h].
struct Region {
  int x0, y0, x1, y1;
};
Region viewportOf(const imported::Image& img);

template <class F>
int count(const imported::Image& img, Region r, F pred) {
  int n = 0;
  for (int y = r.y0; y < r.y1; ++y)
    for (int x = r.x0; x < r.x1; ++x) {
      const std::uint8_t* p = &img.rgba[(std::size_t(y) * img.width + x) * 4];
      n += pred(p[0], p[1], p[2]);
    }
  return n;
}
int differing(const imported::Image& a, const imported::Image& b, Region r);

// What the editor printed after the screenshot.
struct ViewState {
  std::size_t faces = 0;
  float target[3] = {}, yaw = 0, pitch = 0, distance = 0;
  std::size_t edit = 0, edits = 0;
  bool unsaved = false;
  std::string lastEdit, selected;  // "movable 427 animation 0 frame 0"
  std::size_t movables = 0, statics = 0;
};
ViewState stateOf(const std::string& report);

}  // namespace wadsmith::test::screenshot
