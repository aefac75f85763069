// The 3D viewport: the selected object posed at the current frame, camera controls, face
// picking (click, shift-click, shift-drag box) and the overlays.
#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <utility>

#include "editor/gui/app.h"
#include "editor/gui/widgets.h"

namespace wadsmith::gui {
namespace {

void circle(Overlay& o, const view::Vec3& c, float r, const view::Vec3& a, const view::Vec3& b, float rr, float g, float bb) {
  const int n = 32;
  for (int i = 0; i < n; ++i) {
    float t0 = 2 * view::kPi * i / n, t1 = 2 * view::kPi * (i + 1) / n;
    o.lines.push_back(c + a * (r * std::cos(t0)) + b * (r * std::sin(t0)));
    o.lines.push_back(c + a * (r * std::cos(t1)) + b * (r * std::sin(t1)));
    o.colors.insert(o.colors.end(), {rr, g, bb});
  }
}

void box(Overlay& o, const view::Mat4& m, const BoundingBox& b, float r, float g, float bl) {
  view::Vec3 p[8];
  for (int i = 0; i < 8; ++i)
    p[i] = m.point({float(i & 1 ? b.maxX : b.minX), float(i & 2 ? b.maxY : b.minY), float(i & 4 ? b.maxZ : b.minZ)});
  const int edges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3}, {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
  for (const auto& e : edges) {
    o.lines.push_back(p[e[0]]);
    o.lines.push_back(p[e[1]]);
    o.colors.insert(o.colors.end(), {r, g, bl});
  }
}

// The display toggles, in a strip above the picture (not over it: the picture takes the mouse).
void drawToggles(App& app) {
  ImGui::SetCursorPos(ImVec2(ImGui::GetCursorPosX() + 6, ImGui::GetCursorPosY() + 3));
  auto& o = app.viewOptions;
  const std::pair<const char*, bool*> toggles[] = {{"Textures", &o.textured}, {"Wire", &o.wireframe},
                                                   {"Normals", &o.normals},   {"Spheres", &o.sphere},
                                                   {"Boxes", &o.boxes},       {"Joints", &o.joints},
                                                   {"Grid", &o.grid}};
  for (const auto& [label, value] : toggles) {
    checkbox(label, value);
    ImGui::SameLine();
  }
  if (smallButton("Frame")) app.frameRequested = true;
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() + 3);
}

// Camera: left-drag orbits, right or middle drag pans, the wheel zooms. A click picks a face
// (shift adds or removes it), shift-drag selects the faces inside a box. Call right after the
// picture's button.
void handleViewportMouse(App& app, ImVec2 origin, int w, int h, const std::vector<const Mesh*>& meshes,
                         const std::vector<view::Mat4>& world, bool picking) {
  auto& s = app.session;
  auto& press = s.panels.viewport;
  ImGuiIO& io = ImGui::GetIO();
  const bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();
  if (hovered && io.MouseWheel != 0) app.camera.zoom(io.MouseWheel);
  if (ImGui::IsItemActivated()) {
    press.leftPressHere = ImGui::IsMouseClicked(0);
    press.boxing = press.leftPressHere && io.KeyShift;
    press.startX = io.MousePos.x, press.startY = io.MousePos.y;
  }
  const ImVec2 boxStart(press.startX, press.startY);
  if (active) {
    const ImVec2 d = io.MouseDelta;
    if (ImGui::IsMouseDragging(0) && !press.boxing) app.camera.orbit(-d.x * 0.01f, d.y * 0.01f);
    if (ImGui::IsMouseDragging(1) || ImGui::IsMouseDragging(2)) app.camera.pan(d.x, d.y, float(h));
  }
  if (!picking) return;  // a preview's faces are not the document's
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
                                     io.MousePos.x - origin.x, io.MousePos.y - origin.y, meshes, world);
      for (const auto& f : faces) s.selection.faces.insert(f);
      return;
    }
    // A shift-press that never moved is a shift-click: handled below.
  }
  if (!press.leftPressHere || !ImGui::IsMouseReleased(0)) return;
  press.leftPressHere = false;
  if (!hovered || dragged) return;  // that was an orbit, not a click
  auto ray = app.camera.ray(io.MousePos.x - origin.x, io.MousePos.y - origin.y, float(w), float(h));
  auto hit = view::pickFace(ray, meshes, world);
  if (!io.KeyShift) s.selection.faces.clear();
  if (!hit) return;
  if (io.KeyShift && s.selection.faces.count(hit->face))
    s.selection.faces.erase(hit->face);
  else
    s.selection.faces.insert(hit->face);
  s.selection.mesh = hit->face.mesh;
}

// What the viewport shows: the selection in the document, or the Merge panel's preview.
struct Shown {
  const ObjectView& view;
  const Document& doc;
  const App::Posed& posed;
  const std::set<view::FaceRef>& faces;
};

// Frame the selection: the posed vertices' bounding sphere.
void frameShown(App& app, const std::vector<const Mesh*>& meshes, const std::vector<view::Mat4>& world, int w, int h) {
  if (!app.frameRequested || meshes.empty()) return;
  view::Vec3 lo{1e9f, 1e9f, 1e9f}, hi{-1e9f, -1e9f, -1e9f};
  for (std::size_t k = 0; k < meshes.size(); ++k)
    if (meshes[k])
      for (const auto& v : meshes[k]->vertices) {
        view::Vec3 q = world[k].point({float(v.x), float(v.y), float(v.z)});
        lo = {std::min(lo.x, q.x), std::min(lo.y, q.y), std::min(lo.z, q.z)};
        hi = {std::max(hi.x, q.x), std::max(hi.y, q.y), std::max(hi.z, q.z)};
      }
  if (lo.x <= hi.x) app.camera.frame((lo + hi) * 0.5f, view::length(hi - lo) * 0.5f, float(w) / float(h));
  app.frameRequested = false;
}

Overlay overlays(const App& app, const Shown& shown, const std::vector<const Mesh*>& meshes, const std::vector<view::Mat4>& world) {
  Overlay overlay;
  const auto& p = shown.posed;
  const view::Mat4 upright = view::uprightMatrix();
  for (std::size_t k = 0; k < meshes.size(); ++k) {
    if (!meshes[k] || !app.viewOptions.sphere) continue;
    const Mesh& m = *meshes[k];
    view::Vec3 c = world[k].point({float(m.center.x), float(m.center.y), float(m.center.z)});
    circle(overlay, c, m.radius, {1, 0, 0}, {0, 1, 0}, 0.3f, 0.9f, 0.4f);
    circle(overlay, c, m.radius, {1, 0, 0}, {0, 0, 1}, 0.3f, 0.9f, 0.4f);
    circle(overlay, c, m.radius, {0, 1, 0}, {0, 0, 1}, 0.3f, 0.9f, 0.4f);
  }
  if (app.viewOptions.boxes) {
    if (p.staticIndex) {
      const Static& st = (*shown.view.tables().statics)[*p.staticIndex];
      box(overlay, upright, st.visibility, 0.4f, 0.7f, 1.0f);
      box(overlay, upright, st.collision, 1.0f, 0.4f, 0.4f);
    } else if (p.animated && p.pose.keyframe < p.keyframes.size()) {
      box(overlay, upright, p.keyframes[p.pose.keyframe].box, 0.4f, 0.7f, 1.0f);
    }
  }
  if (app.viewOptions.joints && p.movable) {
    auto sk = shown.view.skeleton(*p.movable);
    for (std::size_t k = 0; k < sk.bones.size() && k < world.size(); ++k) {
      view::Vec3 o = world[k].point({0, 0, 0});
      float r = 12;
      for (view::Vec3 d : {view::Vec3{r, 0, 0}, view::Vec3{0, r, 0}, view::Vec3{0, 0, r}}) {
        overlay.lines.push_back(o - d);
        overlay.lines.push_back(o + d);
        overlay.colors.insert(overlay.colors.end(), {1.0f, 1.0f, 0.2f});
      }
      int parent = sk.bones[k].parent;
      if (parent >= 0 && static_cast<std::size_t>(parent) < world.size()) {
        overlay.lines.push_back(world[parent].point({0, 0, 0}));
        overlay.lines.push_back(o);
        overlay.colors.insert(overlay.colors.end(), {1.0f, 0.6f, 0.1f});
      }
    }
  }
  return overlay;
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

}  // namespace

void drawViewport(App& app) {
  drawToggles(app);
  ImVec2 size = ImGui::GetContentRegionAvail();
  int w = std::max(1, int(size.x)), h = std::max(1, int(size.y));
  auto& s = app.session;
  const auto* preview = app.preview();
  if (preview != app.shownPreview) app.frameRequested = true, app.shownPreview = preview;
  static const std::set<view::FaceRef> kNoFaces;
  const Shown shown{preview ? *preview->view : s.view(), preview ? preview->doc : s.document(),
                    preview ? app.previewPosed() : app.posed(), preview ? kNoFaces : s.selection.faces};
  const auto& p = shown.posed;
  const auto& tables = shown.view.tables();
  const view::Mat4 upright = view::uprightMatrix();

  std::vector<DrawItem> items;
  std::vector<const Mesh*> meshes;
  std::vector<view::Mat4> world;
  for (std::size_t k = 0; k < p.meshes.size(); ++k) {
    const auto& slot = p.meshes[k];
    view::Mat4 m = upright * (k < p.pose.meshes.size() ? p.pose.meshes[k] : view::Mat4{});
    meshes.push_back(slot.mesh);
    world.push_back(m);
    DrawItem item;
    if (slot.mesh) item.mesh = (*tables.meshes)[static_cast<std::size_t>(slot.entryIndex)].mesh;
    item.world = m;
    for (const auto& f : shown.faces)
      if (f.mesh == k) item.selectedFaces.push_back(f.face);
    items.push_back(std::move(item));
  }
  frameShown(app, meshes, world, w, h);
  const Overlay overlay = overlays(app, shown, meshes, world);
  app.renderer->syncTextures(preview ? preview->pages.pages(preview->doc) : s.pageImages());
  app.renderer->draw(items, view::documentTextures(shown.doc), app.camera, app.viewOptions, overlay, w, h);
  // The picture is an invisible button, so it owns the drags that start on it (an image alone
  // is never active, and a drag over it would do nothing).
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##picture", ImVec2(float(w), float(h)),
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);
  ImGui::GetWindowDrawList()->AddImage(
      reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(app.renderer->colorTexture())), origin,
      ImVec2(origin.x + float(w), origin.y + float(h)), ImVec2(0, 1), ImVec2(1, 0));
  if (preview) caption(*preview, origin);
  handleViewportMouse(app, origin, w, h, meshes, world, !preview);
}

}  // namespace wadsmith::gui
