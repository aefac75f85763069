#include "io/anim_xml.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <pugixml.hpp>
#include <sstream>
#include <type_traits>

#include "io/parse_error.h"

namespace wadsmith {
namespace {

using namespace anim;

class Reader {
 public:
  Reader(std::span<const std::uint8_t> bytes, std::string file) : bytes_(bytes), file_(std::move(file)) {}

  [[noreturn]] void fail(const std::string& path, std::ptrdiff_t offset, const std::string& what) const {
    const auto at = static_cast<std::size_t>(std::clamp<std::ptrdiff_t>(offset, 0, std::ptrdiff_t(bytes_.size())));
    throw ParseError(file_, path, at, what);
  }

  static std::string trimmed(pugi::xml_node n) {
    std::string t = n.child_value();
    const auto b = t.find_first_not_of(" \t\r\n"), e = t.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? "" : t.substr(b, e - b + 1);
  }

  // A child's 32-bit integer or finite number (0 when the child is missing, as XmlSerializer
  // leaves it).
  template <class T>
  T value(pugi::xml_node parent, const char* name, const std::string& path) const {
    const auto n = parent.child(name);
    if (!n) return 0;
    const std::string t = trimmed(n);
    constexpr bool whole = std::is_integral_v<T>;
    std::conditional_t<whole, long long, double> v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    const bool fits = whole ? v >= INT32_MIN && v <= INT32_MAX : std::isfinite(v);
    if (t.empty() || ec != std::errc() || end != t.data() + t.size() || !fits)
      fail(path + "/" + name, n.offset_debug(),
           "'" + t.substr(0, 40) + (whole ? "' is not a 32-bit integer" : "' is not a number"));
    return static_cast<T>(v);
  }
  int integer(pugi::xml_node n, const char* k, const std::string& p) const { return value<int>(n, k, p); }
  double number(pugi::xml_node n, const char* k, const std::string& p) const { return value<double>(n, k, p); }

  std::array<double, 3> vec(pugi::xml_node n, const std::string& path) const {
    return {number(n, "X", path), number(n, "Y", path), number(n, "Z", path)};
  }

  AnimKeyframe keyframe(pugi::xml_node k) const {
    const std::string path = "WadAnimation/KeyFrames/WadKeyFrame";
    AnimKeyframe out;
    const auto box = k.child("BoundingBox");
    out.min = vec(box.child("Minimum"), path + "/BoundingBox/Minimum");
    out.max = vec(box.child("Maximum"), path + "/BoundingBox/Maximum");
    out.offset = vec(k.child("Offset"), path + "/Offset");
    const std::string rot = path + "/Angles/WadKeyFrameRotation/Rotations";
    for (auto r : k.child("Angles").children("WadKeyFrameRotation"))
      out.angles.push_back(vec(r.child("Rotations"), rot));
    return out;
  }

  AnimFile read(pugi::xml_node root) const {
    const std::string p = "WadAnimation";
    AnimFile a;
    a.frameRate = integer(root, "FrameRate", p), a.stateId = integer(root, "StateId", p), a.endFrame = integer(root, "EndFrame", p);
    a.nextAnimation = integer(root, "NextAnimation", p), a.nextFrame = integer(root, "NextFrame", p);
    a.name = root.child("Name").child_value();
    a.startVelocity = number(root, "StartVelocity", p), a.endVelocity = number(root, "EndVelocity", p);
    a.startLateralVelocity = number(root, "StartLateralVelocity", p), a.endLateralVelocity = number(root, "EndLateralVelocity", p);
    for (auto k : root.child("KeyFrames").children("WadKeyFrame")) a.keyframes.push_back(keyframe(k));
    const std::string sp = p + "/StateChanges/WadStateChange", dp = sp + "/Dispatches/WadAnimDispatch";
    for (auto s : root.child("StateChanges").children("WadStateChange")) {
      AnimStateChange sc{integer(s, "StateId", sp), {}};
      for (auto d : s.child("Dispatches").children("WadAnimDispatch"))
        sc.dispatches.push_back({integer(d, "InFrame", dp), integer(d, "OutFrame", dp), integer(d, "NextAnimation", dp), integer(d, "NextFrame", dp)});
      a.stateChanges.push_back(std::move(sc));
    }
    const std::string cp = p + "/AnimCommands/WadAnimCommand";
    for (auto c : root.child("AnimCommands").children("WadAnimCommand"))
      a.commands.push_back({trimmed(c.child("Type")), integer(c, "Parameter1", cp), integer(c, "Parameter2", cp), integer(c, "Parameter3", cp)});
    return a;
  }

 private:
  std::span<const std::uint8_t> bytes_;
  std::string file_;
};

std::string numberText(double v) {
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc() ? std::string(buf, end) : "0";
}

void addVec(pugi::xml_node parent, const char* name, const std::array<double, 3>& v) {
  auto n = parent.append_child(name);
  n.append_child("X").text() = numberText(v[0]).c_str();
  n.append_child("Y").text() = numberText(v[1]).c_str();
  n.append_child("Z").text() = numberText(v[2]).c_str();
}

}  // namespace

AnimFile readAnimFile(std::span<const std::uint8_t> bytes, const std::string& file) {
  const Reader r(bytes, file);
  if (bytes.size() > kMaxAnimFile) r.fail("WadAnimation", 0, std::to_string(bytes.size()) + " bytes: larger than an animation file may be");
  pugi::xml_document doc;
  const auto result = doc.load_buffer(bytes.data(), bytes.size(), pugi::parse_default, pugi::encoding_auto);
  if (!result) r.fail("WadAnimation", result.offset, std::string("not well-formed XML: ") + result.description());
  const auto root = doc.child("WadAnimation");
  if (!root) r.fail("WadAnimation", 0, "no <WadAnimation> element: not a WadTool animation");
  return r.read(root);
}

std::vector<std::uint8_t> writeAnimFile(const AnimFile& a) {
  pugi::xml_document doc;
  auto root = doc.append_child("WadAnimation");
  root.append_attribute("xmlns:xsi") = "http://www.w3.org/2001/XMLSchema-instance";
  root.append_attribute("xmlns:xsd") = "http://www.w3.org/2001/XMLSchema";
  for (auto [name, v] : {std::pair{"FrameRate", a.frameRate}, {"StateId", a.stateId}, {"EndFrame", a.endFrame},
                         {"NextAnimation", a.nextAnimation}, {"NextFrame", a.nextFrame}})
    root.append_child(name).text() = v;
  root.append_child("Name").text() = a.name.c_str();
  for (auto [name, v] : {std::pair{"StartVelocity", a.startVelocity}, {"EndVelocity", a.endVelocity},
                         {"StartLateralVelocity", a.startLateralVelocity}, {"EndLateralVelocity", a.endLateralVelocity}})
    root.append_child(name).text() = numberText(v).c_str();
  auto keys = root.append_child("KeyFrames");
  for (const auto& k : a.keyframes) {
    auto kn = keys.append_child("WadKeyFrame");
    auto box = kn.append_child("BoundingBox");
    addVec(box, "Minimum", k.min);
    addVec(box, "Maximum", k.max);
    addVec(kn, "Offset", k.offset);
    auto angles = kn.append_child("Angles");
    for (const auto& r : k.angles) addVec(angles.append_child("WadKeyFrameRotation"), "Rotations", r);
  }
  auto scs = root.append_child("StateChanges");
  for (const auto& s : a.stateChanges) {
    auto sn = scs.append_child("WadStateChange");
    sn.append_child("StateId").text() = s.stateId;
    auto ds = sn.append_child("Dispatches");
    for (const auto& d : s.dispatches) {
      auto dn = ds.append_child("WadAnimDispatch");
      for (auto [name, v] : {std::pair{"InFrame", d.in}, {"OutFrame", d.out},
                             {"NextAnimation", d.nextAnimation}, {"NextFrame", d.nextFrame}})
        dn.append_child(name).text() = v;
    }
  }
  auto cmds = root.append_child("AnimCommands");
  for (const auto& c : a.commands) {
    auto cn = cmds.append_child("WadAnimCommand");
    cn.append_child("Type").text() = c.type.c_str();
    for (auto [name, v] : {std::pair{"Parameter1", c.p1}, {"Parameter2", c.p2}, {"Parameter3", c.p3}})
      cn.append_child(name).text() = v;
  }
  std::ostringstream out;
  doc.save(out, "    ", pugi::format_default | pugi::format_no_declaration, pugi::encoding_utf8);
  const std::string text = "<?xml version=\"1.0\" encoding=\"utf-16\"?>\n" + out.str();
  return {text.begin(), text.end()};
}

}  // namespace wadsmith
