#include "editor/view/scripted_input.h"

#include <cctype>
#include <cstring>
#include <utility>
#include <sstream>
#include <stdexcept>

namespace wadsmith::view {
namespace {

struct Point {
  float x, y;
};

Point point(const std::string& text, const std::string& event) {
  Point p{};
  char comma = 0;
  std::istringstream in(text);
  if (!(in >> p.x >> comma >> p.y) || comma != ',' || !in.eof()) throw std::runtime_error("input \"" + event + "\": " + text + " is not X,Y");
  return p;
}

InputFrame at(Point p, bool shift, int button = -1) {
  InputFrame f;
  f.x = p.x, f.y = p.y, f.shift = shift;
  if (button >= 0) f.down[button] = true;
  return f;
}

// Press, move in steps (each frame a little further, as a hand would), release.
void drag(std::vector<InputFrame>& out, Point a, Point b, int button, bool shift) {
  out.insert(out.end(), {at(a, shift), at(a, shift, button)});
  const int steps = 6;
  for (int i = 1; i <= steps; ++i) {
    float t = float(i) / steps;
    out.push_back(at({a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t}, shift, button));
  }
  out.push_back(at(b, shift));
}

// "ctrl+shift+z", "n", "space", "escape": modifiers in any order, then one key.
InputFrame key(const std::string& spec, const std::string& event) {
  InputFrame f;
  std::string name = spec;
  for (bool more = true; more;) {
    more = false;
    for (auto [prefix, flag] : {std::pair{"ctrl+", &f.ctrl}, std::pair{"shift+", &f.shift}})
      if (name.rfind(prefix, 0) == 0) name.erase(0, std::strlen(prefix)), *flag = more = true;
  }
  if (name.size() == 1 && std::isalpha(static_cast<unsigned char>(name[0])))
    f.key = std::toupper(static_cast<unsigned char>(name[0]));
  else if (name == "space")
    f.key = ' ';
  else if (name == "escape")
    f.key = kEscape;
  else
    throw std::runtime_error("input \"" + event + "\": the key is [ctrl+][shift+] and a letter, space or escape");
  return f;
}

}  // namespace

std::vector<InputFrame> parseInputScript(const std::string& script) {
  std::vector<InputFrame> out;
  std::istringstream events(script);
  std::string event;
  while (std::getline(events, event, ';')) {
    std::istringstream words(event);
    std::vector<std::string> w;
    for (std::string s; words >> s;) w.push_back(s);
    if (w.empty()) continue;
    const bool shift = w[0].rfind("shift-", 0) == 0;
    const std::string verb = shift ? w[0].substr(6) : w[0];
    if (verb == "click" && w.size() >= 2 && w[1][0] == '@') {
      // The label runs to the end of the event and may hold spaces.
      std::string label = event.substr(event.find('@') + 1);
      label.erase(label.find_last_not_of(" \t\r\n") + 1);
      if (label.empty()) throw std::runtime_error("input \"" + event + "\": @ needs a widget label");
      InputFrame f = at({}, shift), pressed = at({}, shift, 0);
      f.widget = pressed.widget = label;
      out.insert(out.end(), {f, pressed, f});
    } else if (verb == "click" && w.size() == 2) {
      Point p = point(w[1], event);
      out.insert(out.end(), {at(p, shift), at(p, shift, 0), at(p, shift)});
    } else if (verb == "drag" && !shift && w.size() >= 4 && w[2][0] == '@') {
      // The label runs from '@' to the last word, the offset.
      int button = w[1] == "left" ? 0 : w[1] == "right" ? 1 : w[1] == "middle" ? 2 : -1;
      if (button < 0) throw std::runtime_error("input \"" + event + "\": the button is left, right or middle");
      const Point by = point(w.back(), event);
      std::string label = event.substr(event.find('@') + 1);
      label.erase(label.rfind(w.back()));
      label.erase(label.find_last_not_of(" \t\r\n") + 1);
      if (label.empty()) throw std::runtime_error("input \"" + event + "\": @ needs a widget label");
      const std::size_t first = out.size();
      drag(out, {0, 0}, by, button, false);
      for (std::size_t i = first; i < out.size(); ++i) out[i].fromWidget = true;
      out[first].widget = label;  // found once; the drag follows from where it was
    } else if (verb == "drag" && !shift && w.size() == 4) {
      int button = w[1] == "left" ? 0 : w[1] == "right" ? 1 : w[1] == "middle" ? 2 : -1;
      if (button < 0) throw std::runtime_error("input \"" + event + "\": the button is left, right or middle");
      drag(out, point(w[2], event), point(w[3], event), button, false);
    } else if (verb == "drag" && shift && w.size() == 3) {
      drag(out, point(w[1], event), point(w[2], event), 0, true);
    } else if (verb == "wheel" && !shift && w.size() == 3) {
      InputFrame f = at(point(w[1], event), false);
      try {
        f.wheel = std::stof(w[2]);
      } catch (const std::exception&) {
        throw std::runtime_error("input \"" + event + "\": " + w[2] + " is not a number of steps");
      }
      out.insert(out.end(), {f, at(point(w[1], event), false)});
    } else if (verb == "key" && !shift && w.size() == 2) {
      InputFrame f = key(w[1], event);
      if (!out.empty()) f.x = out.back().x, f.y = out.back().y;  // the mouse stays put
      out.push_back(f);  // held for one frame, then released
      f.key = 0;
      out.push_back(f);
    } else {
      throw std::runtime_error("input \"" + event + "\": expected click, shift-click, drag BUTTON, shift-drag, wheel or key");
    }
  }
  return out;
}

}  // namespace wadsmith::view
