// The 3D viewport: the selected object posed at the current frame, camera controls, face
// picking (click, shift-click, shift-drag box) and the overlays.
#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <utility>

#include "editor/gui/app.h"
#include "editor/gui/widgets.h"

namespace wadsmith::gui {
namespace {

void circle(Overlay& o, const view::Vec3& c, float r, const view::Vec3& a, const view::Vec3& b, float rr, float g, float bb) {
  const int n = 32;
  for (int i = 0; i < n; ++i) {
    float t0 = 2 * view::kPi * i / n, t1 = 2 * view::kPi * (i + 1) / n;
    const view::Vec3 from = c + a * (r * std::cos(t0)) + b * (r * std::sin(t0));
    o.line(from, c + a * (r * std::cos(t1)) + b * (r * std::sin(t1)), rr, g, bb);
  }
}

void box(Overlay& o, const view::Mat4& m, const BoundingBox& b, float r, float g, float bl) {
  view::Vec3 p[8];
  for (int i = 0; i < 8; ++i)
    p[i] = m.point({float(i & 1 ? b.maxX : b.minX), float(i & 2 ? b.maxY : b.minY), float(i & 4 ? b.maxZ : b.minZ)});
  const int edges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3}, {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
  for (const auto& e : edges) o.line(p[e[0]], p[e[1]], r, g, bl);
}

// The display toggles, in a strip above the picture (not over it: the picture takes the mouse);
// first the choice of meshes where the engine draws another slot's.
// Keeps the next item of `width` on this row when it fits, else starts the next row (Lara's
// extra toggle in a viewport narrowed by the tools column at 1280x720).
void besideIfFits(float width) {
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

void drawToggles(App& app, const App::Posed& p) {
  ImGui::SetCursorPos(ImVec2(ImGui::GetCursorPosX() + 6, ImGui::GetCursorPosY() + 3));
  auto& o = app.viewOptions;
  const std::pair<const char*, bool*> toggles[] = {{"Own meshes", &o.ownMeshes}, {"Textures", &o.textured},
                                                   {"Wire", &o.wireframe},       {"Normals", &o.normals},
                                                   {"Spheres", &o.sphere},       {"Boxes", &o.boxes},
                                                   {"Joints", &o.joints},        {"Grid", &o.grid}};
  bool first = true;
  for (const auto& [label, value] : toggles) {
    if (value == &o.ownMeshes && !p.plan.swapAvailable) continue;
    const ImGuiStyle& style = ImGui::GetStyle();
    if (!first) besideIfFits(ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(label).x);
    checkbox(label, value);
    first = false;
  }
  besideIfFits(ImGui::CalcTextSize("Frame").x + ImGui::GetStyle().FramePadding.x * 2);
  if (smallButton("Frame")) app.frameRequested = true;
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() + 3);
}

// What the picture shows: the meshes to draw, each with its bone (what a click on it selects
// when the meshes are not the object's own), and whether faces can be picked.
struct Scene {
  std::vector<DrawItem> items;
  std::vector<const Mesh*> meshes;
  std::vector<view::Mat4> world;
  std::vector<std::size_t> bones;
  bool ownFaces = true;  // every mesh is the object's own, in its order: faces can be picked
  bool preview = false;  // the Merge panel's preview: nothing in it can be picked or edited
};

// `v` is the document's view, or the preview's (whose faces are not the document's).
Scene buildScene(App& app, const App::Posed& p, const ObjectView& v, bool preview) {
  Scene scene{.ownFaces = !preview, .preview = preview};
  const auto& s = app.session;
  const view::Mat4 upright = view::uprightMatrix();
  auto add = [&](Shared<Mesh> mesh, const view::Mat4& m, std::size_t bone, bool transient) {
    DrawItem item{mesh, upright * m, {}, transient};
    if (scene.ownFaces)
      for (const auto& f : s.selection.faces)
        if (f.mesh == scene.items.size()) item.selectedFaces.push_back(f.face);
    scene.meshes.push_back(mesh.get());
    scene.world.push_back(item.world);
    scene.bones.push_back(bone);
    scene.items.push_back(std::move(item));
  };
  if (p.movable) {
    for (const auto& b : p.plan.bones) scene.ownFaces &= b.source == view::MeshSource::Own;
    scene.ownFaces &= p.plan.joints.empty() && p.plan.hair.empty();
    for (const auto& placed : p.placed) add(placed.mesh, placed.world, placed.bone, placed.transient);
    return scene;
  }
  const auto& tables = v.tables();
  for (std::size_t k = 0; k < p.meshes.size(); ++k) {
    const auto& slot = p.meshes[k];
    add(slot.mesh ? (*tables.meshes)[static_cast<std::size_t>(slot.entryIndex)].mesh : nullptr, view::Mat4{}, k, false);
  }
  return scene;
}

// Frame the selection: the posed vertices' bounding sphere.
void frameScene(App& app, const Scene& scene, int w, int h) {
  if (!app.frameRequested || scene.meshes.empty()) return;
  view::Vec3 lo{1e9f, 1e9f, 1e9f}, hi{-1e9f, -1e9f, -1e9f};
  for (std::size_t k = 0; k < scene.meshes.size(); ++k)
    if (scene.meshes[k])
      for (const auto& v : scene.meshes[k]->vertices) {
        view::Vec3 q = scene.world[k].point(view::toVec(v));
        lo = {std::min(lo.x, q.x), std::min(lo.y, q.y), std::min(lo.z, q.z)};
        hi = {std::max(hi.x, q.x), std::max(hi.y, q.y), std::max(hi.z, q.z)};
      }
  if (lo.x <= hi.x) app.camera.frame((lo + hi) * 0.5f, view::length(hi - lo) * 0.5f, float(w) / float(h));
  app.frameRequested = false;
}

// The keyframes before and after the frame, as wireframes (bones' meshes only).
void onionSkin(App& app, const App::Posed& p, Overlay& overlay) {
  if (!app.viewOptions.onionSkin || !p.animated || !p.movable) return;
  const auto& v = app.session.view();
  const auto skeleton = v.skeleton(*p.movable);
  const int duration = std::max<int>(v.animations()[p.animation].frameDuration, 1);
  const std::size_t k = p.pose.keyframe;
  const view::Mat4 upright = view::uprightMatrix();
  auto ghost = [&](std::size_t key, float r, float g, float b) {
    const auto pose = view::animationPose(skeleton, p.keyframes, duration, float(key) * float(duration));
    for (std::size_t bone = 0; bone < p.plan.bones.size() && bone < pose.meshes.size(); ++bone) {
      const Mesh* m = p.plan.bones[bone].slot.mesh;
      if (!m) continue;
      const view::Mat4 world = upright * pose.meshes[bone];
      for (const auto& poly : m->polygons)
        for (int c = 0; c < poly.corners(); ++c) {
          const auto a = poly.vertices[c], e = poly.vertices[(c + 1) % poly.corners()];
          if (a >= m->vertices.size() || e >= m->vertices.size()) continue;
          const view::Vec3 from = world.point(view::toVec(m->vertices[a]));
          overlay.line(from, world.point(view::toVec(m->vertices[e])), r, g, b);
        }
    }
  };
  const bool onKey = p.pose.blend == 0;
  if (k > 0 || !onKey) ghost(onKey ? k - 1 : k, 0.35f, 0.55f, 1.0f);
  if (k + 1 < p.keyframes.size()) ghost(k + 1, 1.0f, 0.55f, 0.35f);
}

void overlays(App& app, const App::Posed& p, const Scene& scene, const ObjectView& v, Overlay& overlay) {
  const view::Mat4 upright = view::uprightMatrix();
  for (std::size_t k = 0; k < scene.meshes.size() && app.viewOptions.sphere; ++k) {
    if (!scene.meshes[k]) continue;
    const Mesh& m = *scene.meshes[k];
    view::Vec3 c = scene.world[k].point(view::toVec(m.center));
    circle(overlay, c, m.radius, {1, 0, 0}, {0, 1, 0}, 0.3f, 0.9f, 0.4f);
    circle(overlay, c, m.radius, {1, 0, 0}, {0, 0, 1}, 0.3f, 0.9f, 0.4f);
    circle(overlay, c, m.radius, {0, 1, 0}, {0, 0, 1}, 0.3f, 0.9f, 0.4f);
  }
  if (app.viewOptions.boxes) {
    if (p.staticIndex) {
      const Static& st = (*v.tables().statics)[*p.staticIndex];
      box(overlay, upright, st.visibility, 0.4f, 0.7f, 1.0f);
      box(overlay, upright, st.collision, 1.0f, 0.4f, 0.4f);
    } else if (p.animated && p.pose.keyframe < p.keyframes.size()) {
      box(overlay, upright, p.keyframes[p.pose.keyframe].box, 0.4f, 0.7f, 1.0f);
    }
  }
  if (app.viewOptions.joints && p.movable) {
    auto sk = v.skeleton(*p.movable);
    for (std::size_t k = 0; k < sk.bones.size() && k < p.pose.meshes.size(); ++k) {
      view::Vec3 o = (upright * p.pose.meshes[k]).point({0, 0, 0});
      for (view::Vec3 d : {view::Vec3{12, 0, 0}, view::Vec3{0, 12, 0}, view::Vec3{0, 0, 12}})
        overlay.line(o - d, o + d, 1.0f, 1.0f, 0.2f);
      int parent = sk.bones[k].parent;
      if (parent >= 0 && static_cast<std::size_t>(parent) < p.pose.meshes.size())
        overlay.line((upright * p.pose.meshes[std::size_t(parent)]).point({0, 0, 0}), o, 1.0f, 0.6f, 0.1f);
    }
  }
  if (!scene.preview) onionSkin(app, p, overlay);
}

// The preview's caption over the picture: what it is and where it would go.
void caption(const session::MergePreview& preview, ImVec2 origin) {
  auto* draw = ImGui::GetWindowDrawList();
  const float line = ImGui::GetTextLineHeightWithSpacing();
  ImVec2 at(origin.x + 8, origin.y + 6);
  draw->AddText(at, IM_COL32(255, 210, 120, 255), ("Preview: " + preview.name + " from " + preview.file).c_str());
  for (const auto& l : preview.lines) {
    at.y += line;
    draw->AddText(at, IM_COL32(220, 220, 220, 255), l.c_str());
  }
}

// Camera: left-drag orbits, right or middle drag pans, the wheel zooms. A click picks a face
// (shift adds or removes it), shift-drag selects the faces inside a box; over meshes that are
// not the object's own (Lara's skin) a click picks the bone. Call right after the picture's
// button.
void handleViewportMouse(App& app, ImVec2 origin, int w, int h, const Scene& scene, const App::Posed& p) {
  auto& s = app.session;
  auto& press = s.panels.viewport;
  ImGuiIO& io = ImGui::GetIO();
  const bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();
  if (hovered && io.MouseWheel != 0) app.camera.zoom(io.MouseWheel);
  auto rayAt = [&] { return app.camera.ray(io.MousePos.x - origin.x, io.MousePos.y - origin.y, float(w), float(h)); };
  if (!scene.preview && ImGui::IsItemActivated() && ImGui::IsMouseClicked(0) && gizmoPress(app, p, rayAt())) return;
  if (app.gizmo.ring >= 0 || app.gizmo.arrow >= 0) {  // a gizmo's drag: no orbit, no pick
    if (active) gizmoDrag(app, p, rayAt());
    if (ImGui::IsItemDeactivated()) gizmoRelease(app, p);
    return;
  }
  if (ImGui::IsItemActivated()) {
    press.leftPressHere = ImGui::IsMouseClicked(0);
    press.boxing = press.leftPressHere && io.KeyShift && scene.ownFaces;
    press.startX = io.MousePos.x, press.startY = io.MousePos.y;
  }
  const ImVec2 boxStart(press.startX, press.startY);
  if (active) {
    const ImVec2 d = io.MouseDelta;
    if (ImGui::IsMouseDragging(0) && !press.boxing) app.camera.orbit(-d.x * 0.01f, d.y * 0.01f);
    if (ImGui::IsMouseDragging(1) || ImGui::IsMouseDragging(2)) app.camera.pan(d.x, d.y, float(h));
  }
  if (scene.preview) return;  // a preview's faces are not the document's
  const float threshold = io.MouseDragThreshold * io.MouseDragThreshold;
  const bool dragged = io.MouseDragMaxDistanceSqr[0] >= threshold;
  if (press.boxing) {
    if (dragged) ImGui::GetWindowDrawList()->AddRect(boxStart, io.MousePos, IM_COL32(255, 160, 40, 255));
    if (!ImGui::IsMouseReleased(0)) return;
    press.boxing = false;
    if (dragged) {
      press.leftPressHere = false;
      const view::Mat4 vp = app.camera.projection(float(w) / float(h)) * app.camera.view();
      auto faces = view::facesInRect(vp, float(w), float(h), boxStart.x - origin.x, boxStart.y - origin.y,
                                     io.MousePos.x - origin.x, io.MousePos.y - origin.y, scene.meshes, scene.world);
      for (const auto& f : faces) s.selection.faces.insert(f);
      return;
    }
    // A shift-press that never moved is a shift-click: handled below.
  }
  if (!press.leftPressHere || !ImGui::IsMouseReleased(0)) return;
  press.leftPressHere = false;
  if (!hovered || dragged) return;  // that was an orbit, not a click
  auto hit = view::pickFace(rayAt(), scene.meshes, scene.world);
  if (!io.KeyShift || !scene.ownFaces) s.selection.faces.clear();
  if (!hit) return;
  s.selection.mesh = scene.bones[hit->face.mesh];
  if (!scene.ownFaces) return;
  if (io.KeyShift && s.selection.faces.count(hit->face))
    s.selection.faces.erase(hit->face);
  else
    s.selection.faces.insert(hit->face);
}

}  // namespace

void drawViewport(App& app) {
  auto& s = app.session;
  const auto* shown = app.preview();  // the Merge panel's preview, drawn instead of the selection
  if (shown != app.shownPreview) app.frameRequested = true, app.shownPreview = shown;
  const App::Posed& posed = shown ? app.previewPosed() : app.posed();
  const bool dragging = !shown && (app.gizmo.ring >= 0 || app.gizmo.arrow >= 0);
  const App::Posed preview = dragging ? gizmoPreview(app, posed) : App::Posed{};
  const App::Posed& p = dragging ? preview : posed;  // the pose as the drag would leave it
  drawToggles(app, p);
  ImVec2 size = ImGui::GetContentRegionAvail();
  const float timelineHeight = shown ? 0 : timelineHeightFor(app, p, size.y);
  int w = std::max(1, int(size.x)), h = std::max(1, int(size.y - timelineHeight));
  const ObjectView& v = shown ? *shown->view : s.view();
  const Scene scene = buildScene(app, p, v, shown);
  frameScene(app, scene, w, h);
  Overlay overlay;
  overlays(app, p, scene, v, overlay);
  if (!shown) gizmoOverlay(app, p, overlay);
  app.renderer->syncTextures(shown ? shown->pages.pages(shown->doc) : s.pageImages());
  app.renderer->draw(scene.items, view::documentTextures(shown ? shown->doc : s.document()), app.camera, app.viewOptions,
                     overlay, w, h);
  // The picture is an invisible button, so it owns the drags that start on it (an image alone
  // is never active, and a drag over it would do nothing).
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##picture", ImVec2(float(w), float(h)), ImGuiButtonFlags_MouseButtonMask_);  // all three
  ImGui::GetWindowDrawList()->AddImage(
      reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(app.renderer->colorTexture())), origin,
      ImVec2(origin.x + float(w), origin.y + float(h)), ImVec2(0, 1), ImVec2(1, 0));
  if (shown)
    caption(*shown, origin);
  else if (p.movable)  // whose meshes are drawn
    ImGui::GetWindowDrawList()->AddText(ImVec2(origin.x + 8, origin.y + 6), IM_COL32(200, 205, 215, 230), p.plan.label.c_str());
  handleViewportMouse(app, origin, w, h, scene, posed);
  if (timelineHeight > 0) drawTimeline(app, p, timelineHeight);
}

}  // namespace wadsmith::gui
