// Mesh tools (face attributes, texture, normals, lighting, object slot) and the texture view.
#include <imgui.h>

#include <optional>

#include "editor/gui/app.h"
#include "editor/gui/property_fields.h"
#include "editor/gui/widgets.h"
#include "editor/words.h"
#include "editor/session/actions.h"
#include "model/ops/mesh_ops.h"

namespace wadsmith::gui {

namespace {

// Normals, lighting, spheres and boxes of the selected mesh (or of every mesh), the object's slot.
void meshTools(App& app) {
  auto& s = app.session;
  auto& sel = s.selection;
  heading("Normals and lighting");
  hint(sel.mesh ? "applies to the selected mesh" : "applies to every mesh of the object");
  if (button("Recompute normals")) app.edit([&] { session::actions::run(s, "recompute_normals"); });
  ImGui::SameLine();
  if (button("Flip normals")) app.edit([&] { session::actions::run(s, "flip_normals"); });
  auto& tools = s.panels.mesh;
  const double lightMin = -1, lightMax = 1, ambientMin = 0, ambientMax = 1;
  ImGui::SetNextItemWidth(200 * app.uiScale);
  double direction[3] = {tools.light.x, tools.light.y, tools.light.z};
  if (ImGui::DragScalarN("Light direction", ImGuiDataType_Double, direction, 3, 0.01f, &lightMin, &lightMax, "%.2f"))
    tools.light.x = direction[0], tools.light.y = direction[1], tools.light.z = direction[2];
  ImGui::SetNextItemWidth(200 * app.uiScale);
  ImGui::SliderScalar("Ambient", ImGuiDataType_Double, &tools.light.ambient, &ambientMin, &ambientMax, "%.2f");
  if (button("Convert to shades")) app.edit([&] { session::actions::run(s, "convert_lighting", {{"to", "shades"}, {"light", ops::Value::List{tools.light.x, tools.light.y, tools.light.z}}, {"ambient", tools.light.ambient}}); });
  ImGui::SameLine();
  if (button("Convert to normals")) app.edit([&] { session::actions::run(s, "convert_lighting", {{"to", "normals"}}); });
  if (button("Recompute bounding sphere")) app.edit([&] { session::actions::run(s, "recompute_sphere"); });
  if (sel.object->kind == ObjectKind::Static) {
    ImGui::SameLine();
    if (button("Recompute static boxes")) app.edit([&] { session::actions::run(s, "recompute_static_boxes"); });
  }

  heading("Object");
  // The field starts at the object's own slot, so pressing the button unchanged does nothing.
  if (tools.slotFieldFor != sel.object) tools.slotFieldFor = sel.object, tools.slotField = int(sel.object->slot);
  ImGui::SetNextItemWidth(120 * app.uiScale);
  ImGui::InputInt("##slot", &tools.slotField);
  ImGui::SameLine();
  if (button("Move to slot") && tools.slotField >= 0)
    app.edit([&] { session::actions::setSelectedSlot(s, std::uint32_t(tools.slotField)); });
  ImGui::SameLine();
  if (button("Delete object")) app.edit([&] { session::actions::run(s, "delete_object"); });
}

}  // namespace

void drawMesh(App& app) {
  auto& s = app.session;
  auto& sel = s.selection;
  if (!sel.object) {
    ImGui::TextDisabled("Select an object.");
    return;
  }
  const auto& posed = app.posed();
  const ObjectView& v = s.view();
  ImGui::Text("%s: %s", sel.object->text().c_str(), counted(posed.meshes.size(), "mesh", "meshes").c_str());
  // Mesh selector and what it is.
  int mesh = sel.mesh ? int(*sel.mesh) : -1;
  ImGui::SetNextItemWidth(140 * app.uiScale);
  if (ImGui::InputInt("Mesh (-1 = all)", &mesh)) sel.mesh = mesh < 0 ? std::nullopt : std::optional<std::size_t>(std::min<std::size_t>(mesh, posed.meshes.size() - 1));
  if (sel.mesh && *sel.mesh < posed.meshes.size() && posed.meshes[*sel.mesh].mesh) {
    const auto& slot = posed.meshes[*sel.mesh];
    const Mesh& m = *slot.mesh;
    ImGui::TextWrapped("entry %ld: %s, %s, %s, sphere r=%d", slot.entryIndex, counted(m.vertices.size(), "vertex", "vertices").c_str(),
                       counted(m.polygons.size(), "face").c_str(), m.usesShades() ? "shades" : "normals", m.radius);
    auto users = ops::meshUsers(v, static_cast<std::size_t>(slot.entryIndex));
    if (users.size() > 1) {
      std::string list;
      for (const auto& u : users) list += (list.empty() ? "" : ", ") + u;
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.8f, 0.3f, 1));
      ImGui::TextWrapped("Shared by %zu objects (edits change all): %s", users.size(), list.c_str());
      ImGui::PopStyleColor();
    }
  }

  heading("Faces");
  ImGui::TextWrapped("%zu selected (click, shift-click, shift-drag in the viewport)", sel.faces.size());
  if (!sel.faces.empty()) {
    const auto& first = *sel.faces.begin();
    const Mesh* m = first.mesh < posed.meshes.size() ? posed.meshes[first.mesh].mesh : nullptr;
    if (m && first.face < m->polygons.size()) {
      // The first selected face's values; an edit sets every selected face.
      const Polygon& p = m->polygons[first.face];
      const ops::FieldContext fc{.wad = isWad(s.document())};
      ImGui::PushItemWidth(160 * app.uiScale);
      for (const auto& field : ops::faceFields()) {
        if (field.wadOnly && !fc.wad) continue;
        if (auto value = propertyField(s.panels.field, field, p, fc))
          app.edit([&] { session::actions::setField(s, "set_face", field.key, *value); });
      }
      ImGui::PopItemWidth();
      if (button("Rotate mapping")) app.edit([&] { session::actions::run(s, "set_face", {{"rotate", 1}}); });
      ImGui::SameLine();
      if (button("Select faces with this texture")) session::actions::selectFacesWithTexture(s, first);
      ImGui::SameLine();
      if (button("Show texture")) app.rightTab = panel::kTextures, app.forceTabs = true;
    }
  }

  meshTools(app);
}

void drawTextures(App& app) {
  auto& s = app.session;
  int& page = s.panels.mesh.texturePage;
  const int pages = static_cast<int>(s.pageImages().size());
  if (pages == 0) {
    ImGui::TextDisabled("No texture pages.");
    return;
  }
  // The selected face's texture: its page and rectangle.
  std::optional<std::pair<int, std::array<Texel, 4>>> selected;
  int corners = 4;
  if (!s.selection.faces.empty()) {
    const auto& f = *s.selection.faces.begin();
    const auto& posed = app.posed();
    if (f.mesh < posed.meshes.size() && posed.meshes[f.mesh].mesh && f.face < posed.meshes[f.mesh].mesh->polygons.size()) {
      const Polygon& p = posed.meshes[f.mesh].mesh->polygons[f.face];
      auto t = view::documentTextures(s.document())(p);
      corners = p.corners();
      if (t.page >= 0) selected = std::make_pair(t.page, t.uv);
    }
  }
  if (selected && button("Go to the selected face's page")) page = selected->first;
  const auto [origin, k] = pageView("Page", page, pages, 120 * app.uiScale,
                                    [&](int p) { return app.renderer->imageTexture(s.pageImages()[std::size_t(p)]); });
  auto* draw = ImGui::GetWindowDrawList();
  // Sample rectangles on this page (WAD) and the selected face's corners.
  if (const auto* w = std::get_if<WadDocument>(&s.document())) {
    for (const auto& smp : *w->samples)
      if (smp.page == page)
        draw->AddRect(ImVec2(origin.x + smp.x * k, origin.y + smp.y * k),
                      ImVec2(origin.x + (smp.x + smp.width()) * k, origin.y + (smp.y + smp.height()) * k),
                      IM_COL32(80, 200, 255, 110));
  }
  if (selected && selected->first == page) {
    ImVec2 pts[4];
    for (int i = 0; i < corners; ++i) pts[i] = ImVec2(origin.x + selected->second[i].u * k, origin.y + selected->second[i].v * k);
    draw->AddPolyline(pts, corners, IM_COL32(255, 140, 30, 255), ImDrawFlags_Closed, 2.0f);
    draw->AddCircleFilled(pts[0], 4, IM_COL32(255, 60, 30, 255));  // vertex 0's corner
  }
}

}  // namespace wadsmith::gui
