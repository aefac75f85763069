// Scripted mouse input for screenshot runs: tests (and bug reports) drive the editor's real
// input paths with it, frame by frame, under Xvfb where no one can move a mouse.
#pragma once
#include <string>
#include <vector>

namespace wadsmith::view {

// The mouse as one frame sees it, in window pixels.
struct InputFrame {
  float x = 0, y = 0;
  bool down[3] = {};  // left, right, middle
  bool shift = false;
  float wheel = 0;
};

// "click X,Y", "shift-click X,Y", "drag left|right|middle X0,Y0 X1,Y1", "shift-drag X0,Y0 X1,Y1"
// and "wheel X,Y STEPS", separated by ';'. Throws std::runtime_error naming the bad event.
std::vector<InputFrame> parseInputScript(const std::string& script);

}  // namespace wadsmith::view
