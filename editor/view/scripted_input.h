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
  bool shift = false, ctrl = false;
  float wheel = 0;
  int key = 0;  // held this frame: 'A'-'Z', ' ' (space) or kEscape; 0 = none
  std::string widget;  // if set, x,y are the centre of this labelled widget, found as the frame plays
  bool fromWidget = false;  // x,y are an offset from that widget's centre (a drag on a slider)
};
inline constexpr int kEscape = 27;

// "click X,Y", "shift-click X,Y", "drag left|right|middle X0,Y0 X1,Y1", "shift-drag X0,Y0 X1,Y1",
// "wheel X,Y STEPS" and "key [ctrl+][shift+]K" (K a letter, space or escape), separated by ';'.
// A click's point may be "@LABEL" or "@LABEL#N": the widget with that label (the N-th one);
// "drag left @LABEL DX,DY" drags from that widget's centre by DX,DY.
// The mouse stays where the last event left it. Throws std::runtime_error naming a bad event.
std::vector<InputFrame> parseInputScript(const std::string& script);

}  // namespace wadsmith::view
