// Merging from a second WAD or a level (TR1-5) opened beside the document: pick objects, choose how to
// treat occupied slots, merge as one undo step, read the report and the notes on what the
// source's conversion lost (as `wadsmith merge` prints them).
#include <imgui.h>

#include "editor/gui/app.h"
#include "editor/gui/widgets.h"
#include "editor/session/actions.h"
#include "model/names.h"

namespace wadsmith::gui {

void drawMerge(App& app) {
  auto& s = app.session;
  auto& panel = s.panels.merge;
  if (button("Open source..."))
    app.showFileDialog(FileDialog::Mode::Open, "Open a source WAD or level", s.sourcePath().empty() ? s.path() : s.sourcePath(),
                       [&app](const std::filesystem::path& p) { app.edit([&] { app.session.openSource(p); }); });
  const WadDocument* src = s.source();
  if (!src) {
    ImGui::TextDisabled("Open a WAD or a level (TR1-5) to merge objects from.");
    return;
  }
  ImGui::SameLine();
  ImGui::TextUnformatted(s.sourcePath().filename().string().c_str());
  auto names = objectNames(*src, s.sourceGame());
  const ObjectView& dv = s.view();
  ImGui::BeginChild("sourceobjects", ImVec2(0, ImGui::GetContentRegionAvail().y * 0.5f), true);
  auto row = [&](ObjectRef o, const std::string& name) {
    bool on = panel.picked.count(o) > 0;
    bool taken = o.movable() ? dv.findMovable(o.slot).has_value() : dv.findStatic(o.slot).has_value();
    std::string label = std::string(o.movable() ? "M " : "S ") + std::to_string(o.slot) + "  " + name + (taken ? "  (occupied)" : "");
    if (checkbox(label.c_str(), &on)) {
      if (on)
        panel.picked.insert(o);
      else
        panel.picked.erase(o);
    }
  };
  for (std::size_t m = 0; m < src->objects.movables->size(); ++m) row(movableRef((*src->objects.movables)[m].objectId), names.movables[m]);
  for (std::size_t st = 0; st < src->objects.statics->size(); ++st) row(staticRef((*src->objects.statics)[st].objectId), names.statics[st]);
  ImGui::EndChild();
  int mode = static_cast<int>(panel.mode);
  radioButton("Refuse occupied slots", &mode, static_cast<int>(session::MergeMode::Refuse));
  radioButton("Replace", &mode, static_cast<int>(session::MergeMode::Replace));
  radioButton("Place under slot", &mode, static_cast<int>(session::MergeMode::PlaceUnder));
  panel.mode = static_cast<session::MergeMode>(mode);
  if (panel.mode == session::MergeMode::PlaceUnder) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(100 * app.uiScale);
    ImGui::InputInt("##as", &panel.asSlot);
  }
  checkbox("Bring related slots (skins, joints, MIPs...)", &panel.withRelated);
  if (button("Merge", ImVec2(120 * app.uiScale, 0)))
    app.edit([&] {
      session::actions::mergePicked(s);
      app.status = "merged " + std::to_string(panel.report->merged.size()) + " objects";
    });
  if (const auto& report = panel.report) {
    heading("Report");
    for (const auto& m : report->merged)
      ImGui::Text("%s %u as %u %s%s", m.movable ? "movable" : "static", m.sourceSlot, m.slot, m.name.c_str(),
                  m.replaced ? " (replaced)" : "");
    ImGui::Text("meshes: %zu added, %zu shared", report->meshesAdded, report->meshesShared);
    ImGui::Text("samples: %zu added, %zu reused", report->samplesAdded, report->samplesReused);
    ImGui::Text("pages: %zu -> %zu, packing %.1f%% (whole pages: %zu, %.1f%%)", report->pagesBefore, report->pagesAfter,
                100 * report->efficiency, report->appendPages, 100 * report->appendEfficiency);
    for (const auto& r : report->relatedMissing) ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "missing related: %s", r.c_str());
    if (!report->sounds.empty()) {
      std::string list;
      for (auto id : report->sounds) list += std::to_string(id) + " ";
      ImGui::TextWrapped("sounds played: %s", list.c_str());
    }
    for (const auto& n : panel.notes) ImGui::TextWrapped("note: %s", n.c_str());
    for (const auto& w : report->warnings) ImGui::TextColored(ImVec4(1, 0.7f, 0.2f, 1), "warning: %s", w.c_str());
  }
}

}  // namespace wadsmith::gui
