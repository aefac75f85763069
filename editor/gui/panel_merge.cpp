// Merging from a second WAD or TR4 opened beside the document: pick objects, choose how to
// treat occupied slots, merge as one undo step, read the report.
#include <imgui.h>

#include <set>

#include "editor/gui/app.h"
#include "editor/gui/widgets.h"
#include "model/catalog.h"
#include "model/names.h"

namespace wadsmith::gui {

namespace {
FileDialog& sourceDialog() {
  static FileDialog d;
  return d;
}
}  // namespace

void drawMerge(App& app) {
  auto& s = app.session;
  static std::set<std::pair<bool, std::uint32_t>> picked;  // (movable?, slot)
  static int mode = 0, asSlot = 0;
  static bool related = false;
  static std::optional<merge::Report> report;
  if (button("Open source...")) {
    sourceDialog().show(FileDialog::Mode::Open, "Open a source WAD or TR4", s.sourcePath().empty() ? s.path() : s.sourcePath(),
                        [&](const std::filesystem::path& p) {
                          app.edit([&] {
                            s.openSource(p);
                            picked.clear();
                            report.reset();
                          });
                        });
  }
  sourceDialog().draw();
  const WadDocument* src = s.source();
  if (!src) {
    ImGui::TextDisabled("Open a WAD or a TR4 level to merge objects from.");
    return;
  }
  ImGui::SameLine();
  ImGui::TextUnformatted(s.sourcePath().filename().string().c_str());
  for (const auto& n : s.sourceNotes()) ImGui::TextDisabled("%s", n.c_str());
  auto names = objectNames(*src);
  ObjectView dv(objectsOf(s.document()));
  ImGui::BeginChild("sourceobjects", ImVec2(0, ImGui::GetContentRegionAvail().y * 0.5f), true);
  auto row = [&](bool movable, std::uint32_t slot, const std::string& name) {
    bool on = picked.count({movable, slot}) > 0;
    bool taken = movable ? dv.findMovable(slot).has_value() : dv.findStatic(slot).has_value();
    std::string label = std::string(movable ? "M " : "S ") + std::to_string(slot) + "  " + name + (taken ? "  (occupied)" : "");
    if (checkbox(label.c_str(), &on)) {
      if (on)
        picked.insert({movable, slot});
      else
        picked.erase({movable, slot});
    }
  };
  for (std::size_t m = 0; m < src->objects.movables->size(); ++m) row(true, (*src->objects.movables)[m].objectId, names.movables[m]);
  for (std::size_t st = 0; st < src->objects.statics->size(); ++st) row(false, (*src->objects.statics)[st].objectId, names.statics[st]);
  ImGui::EndChild();
  radioButton("Refuse occupied slots", &mode, 0);
  radioButton("Replace", &mode, 1);
  radioButton("Place under slot", &mode, 2);
  if (mode == 2) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(100 * app.uiScale);
    ImGui::InputInt("##as", &asSlot);
  }
  checkbox("Bring related slots (skins, joints, MIPs...)", &related);
  if (button("Merge", ImVec2(120 * app.uiScale, 0)) && !picked.empty()) {
    merge::Request req;
    for (const auto& [movable, slot] : picked) (movable ? req.movables : req.statics).push_back(slot);
    req.replace = mode == 1;
    if (mode == 2) req.as = static_cast<std::uint32_t>(std::max(asSlot, 0));
    req.withRelated = related;
    app.edit([&] {
      report = s.merge(req);
      app.status = "merged " + std::to_string(report->merged.size()) + " objects";
    });
  }
  if (report) {
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
    for (const auto& w : report->warnings) ImGui::TextColored(ImVec4(1, 0.7f, 0.2f, 1), "%s", w.c_str());
  }
}

}  // namespace wadsmith::gui
