// Pose editing: the movable's skeleton (each bone's link record) and the keyframe at the slider
// as property fields (root offset, bounding box, each bone's rotation), and the viewport's
// gizmos (editor/view/gizmo.h): rings about the selected bone, arrows on the root. A drag shows
// the pose as it goes and is one operation on release.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "editor/gui/app.h"
#include "editor/gui/property_fields.h"
#include "editor/gui/widgets.h"
#include "editor/session/actions.h"
#include "model/ops/skeleton_ops.h"

namespace wadsmith::gui {
namespace {

namespace actions = session::actions;

constexpr float kRing = 90, kArrow = 160;  // gizmo sizes in game units

// The keyframe the gizmos edit: the one the frame sits on (none between keyframes).
std::optional<std::size_t> editedKeyframe(const App::Posed& p) {
  if (!p.animated || !p.movable || p.pose.blend != 0 || p.pose.keyframe >= p.keyframes.size()) return std::nullopt;
  return p.pose.keyframe;
}

view::Mat4 boneGizmo(const App::Posed& p, std::size_t bone) { return view::uprightMatrix() * p.pose.meshes[bone]; }
view::Mat4 rootGizmo(const App::Posed& p) {
  return view::uprightMatrix() * view::Mat4::translation(geometry::translationOf(p.pose.meshes[0]));
}

std::size_t selectedBone(const App& app) { return app.session.selection.mesh.value_or(0); }

// The movable's mesh tree as fields (a link record per bone after the root), collapsed.
void drawBones(App& app, std::size_t movable) {
  auto& s = app.session;
  const auto links = ops::boneLinks(s.view(), movable);
  if (links.empty() || !ImGui::CollapsingHeader("Skeleton###skeleton")) return;
  ImGui::PushItemWidth(70 * app.uiScale);
  for (std::size_t b = 1; b <= links.size(); ++b) {
    ImGui::PushID(static_cast<int>(b));
    ImGui::Text("bone %zu", b);
    for (const auto& field : ops::boneFields()) {
      ImGui::SameLine();
      const std::string id = std::string(field.label) + "##bone";
      if (auto value = propertyField(s.panels.field, field, links[b - 1], {}, id.c_str()))
        app.edit([&] { actions::setField(s, "set_bone", field.key, *value, {{"bone", b}}); });
    }
    ImGui::PopID();
  }
  ImGui::PopItemWidth();
}

}  // namespace

void drawKeyframe(App& app, std::size_t movable, std::size_t anim) {
  drawBones(app, movable);
  auto& s = app.session;
  const auto& p = app.posed();
  if (!p.animated || p.pose.keyframe >= p.keyframes.size()) return;
  const std::size_t k = p.pose.keyframe;
  const std::string title = "Keyframe " + std::to_string(k) + (p.pose.blend != 0 ? " (the frame is interpolated)" : "") + "###keyframe";
  if (!ImGui::CollapsingHeader(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) return;
  const Keyframe& key = p.keyframes[k];
  const auto fc = ops::animationContext(s.view(), movable, anim);
  ImGui::PushItemWidth(90 * app.uiScale);
  for (const auto& field : ops::keyframeFields())
    if (auto value = propertyField(s.panels.field, field, key, fc)) {
      const bool offset = std::string_view(field.key).starts_with("offset_");
      app.edit([&] { actions::setField(s, offset ? "set_keyframe_offset" : "set_keyframe_box", field.key, *value, {{"keyframe", k}}); });
    }
  for (std::size_t b = 0; b < key.rotations.size(); ++b) {
    ImGui::PushID(static_cast<int>(b));
    const Rotation& r = key.rotations[b];
    const char* form = r.axes == Rotation::Axes::XYZ ? "xyz" : r.axes == Rotation::Axes::X ? "x" : r.axes == Rotation::Axes::Y ? "y" : "z";
    if (selectable(("bone " + std::to_string(b) + " (" + form + ")").c_str(), s.selection.mesh == b)) s.selection.mesh = b;
    for (const auto& field : ops::rotationFields()) {
      if (!field.editable) continue;
      ImGui::SameLine();
      const std::string id = std::string(field.label) + "##rot";
      if (auto value = propertyField(s.panels.field, field, r, fc, id.c_str()))
        app.edit([&] { actions::setField(s, "set_bone_rotation", field.key, *value, {{"keyframe", k}, {"bone", b}}); });
    }
    ImGui::PopID();
  }
  ImGui::PopItemWidth();
}

void gizmoOverlay(App& app, const App::Posed& p, Overlay& overlay) {
  if (!editedKeyframe(p)) return;
  const std::size_t bone = selectedBone(app);
  const float colours[3][3] = {{1, 0.3f, 0.3f}, {0.3f, 1, 0.3f}, {0.35f, 0.5f, 1}};
  auto line = [&](const view::Vec3& a, const view::Vec3& b, int axis, float bright) {
    overlay.line(a, b, colours[axis][0] * bright, colours[axis][1] * bright, colours[axis][2] * bright);
  };
  if (bone < p.pose.meshes.size()) {
    const view::Mat4 g = boneGizmo(p, bone);
    for (int axis = 0; axis < 3; ++axis) {
      const float bright = app.gizmo.ring == axis ? 1.0f : 0.8f;
      for (int i = 0; i < 48; ++i) {
        auto at = [&](int n) {
          const float t = 2 * view::kPi * float(n) / 48;
          view::Vec3 q{};
          const int u = (axis + 1) % 3, v = (axis + 2) % 3;
          (u == 0 ? q.x : u == 1 ? q.y : q.z) = kRing * std::cos(t);
          (v == 0 ? q.x : v == 1 ? q.y : q.z) = kRing * std::sin(t);
          return g.point(q);
        };
        line(at(i), at(i + 1), axis, bright);
      }
    }
  }
  const view::Mat4 root = rootGizmo(p);
  for (int axis = 0; axis < 3; ++axis) {
    view::Vec3 tip{};
    (axis == 0 ? tip.x : axis == 1 ? tip.y : tip.z) = kArrow;
    line(root.point({0, 0, 0}), root.point(tip), axis, app.gizmo.arrow == axis ? 1.0f : 0.7f);
  }
}

bool gizmoPress(App& app, const App::Posed& p, const view::Ray& ray) {
  auto& gz = app.gizmo;
  gz = {};
  if (!editedKeyframe(p)) return false;
  const std::size_t bone = selectedBone(app);
  if (bone < p.pose.meshes.size())
    if (auto ring = view::pickRing(ray, boneGizmo(p, bone), kRing, 8))
      if (auto angle = view::ringAngle(ray, boneGizmo(p, bone), *ring)) {
        gz.ring = *ring, gz.start = *angle, gz.rotation = p.keyframes[p.pose.keyframe].rotations.at(bone);
        return true;
      }
  if (auto arrow = view::pickArrow(ray, rootGizmo(p), kArrow, 10))
    if (auto at = view::arrowPosition(ray, rootGizmo(p), *arrow)) {
      gz.arrow = *arrow, gz.start = *at, gz.offset = p.keyframes[p.pose.keyframe].offset;
      return true;
    }
  return false;
}

void gizmoDrag(App& app, const App::Posed& p, const view::Ray& ray) {
  auto& gz = app.gizmo;
  const auto k = editedKeyframe(p);
  if (!k) return;
  const std::size_t bone = selectedBone(app);
  if (gz.ring >= 0 && bone < p.pose.meshes.size()) {
    if (auto angle = view::ringAngle(ray, boneGizmo(p, bone), gz.ring))
      gz.rotation = view::turnedRotation(p.keyframes[*k].rotations.at(bone), gz.ring, *angle - gz.start);
  } else if (gz.arrow >= 0) {
    if (auto at = view::arrowPosition(ray, rootGizmo(p), gz.arrow)) {
      Vec3s o = p.keyframes[*k].offset;
      auto& c = gz.arrow == 0 ? o.x : gz.arrow == 1 ? o.y : o.z;
      // The gizmo's space is the model's, moved to the root: a move along an arrow is the offset's.
      c = static_cast<std::int16_t>(std::clamp<long>(c + std::lround(*at - gz.start), -32768, 32767));
      gz.offset = o;
    }
  }
}

void gizmoRelease(App& app, const App::Posed& p) {
  auto& gz = app.gizmo;
  const auto k = editedKeyframe(p);
  if (k && (gz.ring >= 0 || gz.arrow >= 0)) {
    const auto call = gz.ring >= 0 ? view::boneRotationCall(*k, selectedBone(app), gz.rotation)
                                   : view::keyframeOffsetCall(*k, gz.offset);
    app.edit([&] { actions::run(app.session, call.op, call.args); });
  }
  gz = {};
}

App::Posed gizmoPreview(App& app, const App::Posed& p) {
  App::Posed preview = p;
  const auto& gz = app.gizmo;
  const auto k = editedKeyframe(p);
  if (!k || (gz.ring < 0 && gz.arrow < 0)) return preview;
  if (gz.ring >= 0) preview.keyframes[*k].rotations.at(selectedBone(app)) = gz.rotation;
  if (gz.arrow >= 0) preview.keyframes[*k].offset = gz.offset;
  const auto& v = app.session.view();
  const int duration = std::max<int>(v.animations()[p.animation].frameDuration, 1);
  preview.pose = view::animationPose(v.skeleton(*p.movable), preview.keyframes, duration, float(*k) * float(duration));
  preview.placed = view::placeMeshes(p.plan, v.tables(), preview.pose.meshes);
  return preview;
}

}  // namespace wadsmith::gui
