// Merging from a second WAD or a level (TR1-5), or another engine's file (EverQuest .s3d/.wld, 3D
// GameStudio .mdl/.wmp), opened beside the document: pick objects (or models, with how they
// convert: scale, textures, frame, rate), choose how to treat occupied slots, merge as one undo
// step, read the report and the notes on what the source's conversion lost and the builder
// measured (as `wadsmith merge` prints them).
#include <algorithm>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "editor/gui/app.h"
#include "editor/gui/widgets.h"
#include "editor/session/actions.h"
#include "model/names.h"

namespace wadsmith::gui {

void drawMerge(App& app) {
  auto& s = app.session;
  auto& panel = s.panels.merge;
  if (button("Open source..."))
    app.showFileDialog(FileDialog::Mode::Open, "Open a source WAD, level, .s3d, .wld, .mdl or .wmp", s.sourcePath().empty() ? s.path() : s.sourcePath(),
                       [&app](const std::filesystem::path& p) { app.edit([&] { app.session.openSource(p); }); });
  const WadDocument* src = s.source();
  if (!src) {
    ImGui::TextDisabled("Open a WAD, a level (TR1-5) or another engine's models (.s3d, .wld, .mdl, .wmp) to merge from.");
    return;
  }
  ImGui::SameLine();
  ImGui::TextUnformatted(s.sourcePath().filename().string().c_str());
  const auto* listing = s.foreignSource();
  auto names = objectNames(*src, s.sourceGame());
  const ObjectView& dv = s.view();
  ImGui::BeginChild("sourceobjects", ImVec2(0, ImGui::GetContentRegionAvail().y * (listing ? 0.35f : 0.5f)), true);
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
  // Another engine's models go by their index in the listing until they take a slot.
  auto model = [&](ObjectRef o, const foreign::ModelEntry& e) {
    bool on = panel.picked.count(o) > 0;
    std::string label = std::string(o.movable() ? "M " : "S ") + e.name + "  (" + std::to_string(e.meshes) + " meshes, " +
                        std::to_string(e.faces) + " faces" + (o.movable() ? ", " + std::to_string(e.animations) + " animations" : "") + ")";
    if (checkbox(label.c_str(), &on)) {
      if (on)
        panel.picked.insert(o);
      else
        panel.picked.erase(o);
    }
  };
  if (listing) {
    for (std::size_t m = 0; m < listing->movables.size(); ++m) model(movableRef(static_cast<std::uint32_t>(m)), listing->movables[m]);
    for (std::size_t st = 0; st < listing->statics.size(); ++st) model(staticRef(static_cast<std::uint32_t>(st)), listing->statics[st]);
  } else {
    for (std::size_t m = 0; m < src->objects.movables->size(); ++m) row(movableRef((*src->objects.movables)[m].objectId), names.movables[m]);
    for (std::size_t st = 0; st < src->objects.statics->size(); ++st) row(staticRef((*src->objects.statics)[st].objectId), names.statics[st]);
  }
  ImGui::EndChild();
  if (listing) {
    ImGui::SetNextItemWidth(100 * app.uiScale);
    ImGui::InputFloat("Scale (TR units per source unit; 0 = default)", &panel.scale, 0, 0, "%.2f");
    panel.scale = std::max(panel.scale, 0.0f);
    ImGui::SetNextItemWidth(220 * app.uiScale);
    ImGui::InputTextWithHint("Textures", ".s3d or folder searched first", &panel.textures);
    ImGui::SetNextItemWidth(100 * app.uiScale);
    ImGui::InputInt("Frame (MDL static)", &panel.frame);
    panel.frame = std::max(panel.frame, 0);
    ImGui::SetNextItemWidth(100 * app.uiScale);
    ImGui::InputFloat("Frames per second (MDL)", &panel.framesPerSecond, 0, 0, "%.1f");
    panel.framesPerSecond = std::max(panel.framesPerSecond, 0.1f);
    checkbox("Recompute normals", &panel.recomputeNormals);
  }
  int mode = static_cast<int>(panel.mode);
  radioButton(listing ? "First free slot (ANIMATING, statics 0-49)" : "Refuse occupied slots", &mode,
              static_cast<int>(session::MergeMode::Refuse));
  radioButton("Replace", &mode, static_cast<int>(session::MergeMode::Replace));
  radioButton("Place under slot", &mode, static_cast<int>(session::MergeMode::PlaceUnder));
  panel.mode = static_cast<session::MergeMode>(mode);
  if (panel.mode == session::MergeMode::PlaceUnder) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(100 * app.uiScale);
    ImGui::InputInt("##as", &panel.asSlot);
  }
  if (!listing) checkbox("Bring related slots (skins, joints, MIPs...)", &panel.withRelated);
  // What an id the destination already defines gets: its own info, the source's, or no sounds at all.
  int sounds = static_cast<int>(panel.sounds);
  ImGui::TextUnformatted("Sounds:");
  ImGui::SameLine();
  radioButton("keep the destination's", &sounds, static_cast<int>(merge::SoundMode::Keep));
  ImGui::SameLine();
  radioButton("take the source's", &sounds, static_cast<int>(merge::SoundMode::Replace));
  ImGui::SameLine();
  radioButton("none", &sounds, static_cast<int>(merge::SoundMode::None));
  panel.sounds = static_cast<merge::SoundMode>(sounds);
  if (button("Merge", ImVec2(120 * app.uiScale, 0)))
    app.edit([&] {
      session::actions::mergePicked(s);
      app.status = "merged " + std::to_string(panel.report->merged.size()) + " objects";
    });
  if (const auto& report = panel.report) {
    heading("Report");
    for (const auto& m : report->merged)
      if (listing)
        ImGui::Text("%s as %u %s%s", m.movable ? "movable" : "static", m.slot, m.name.c_str(), m.replaced ? " (replaced)" : "");
      else
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
    using W = merge::SoundNote::What;
    const auto& sr = report->soundReport;
    if (!sr.ids.empty())
      ImGui::TextWrapped("sounds (%s): %zu added, %zu the same, %zu kept, %zu replaced, %zu not in the source; %zu samples added",
                         sr.modeName, sr.count(W::Added), sr.count(W::Same), sr.count(W::Kept), sr.count(W::Replaced),
                         sr.count(W::NotInSource), sr.samplesAdded);
    for (const auto& n : sr.ids)
      if (n.what == W::Kept || n.what == W::Replaced)
        ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "sound %u: %s (%s)", n.id, n.what == W::Kept ? "kept the destination's" : "replaced",
                           n.difference.c_str());
    for (const auto& n : panel.notes) ImGui::TextWrapped("note: %s", n.c_str());
    for (const auto& n : panel.samples) ImGui::TextWrapped("%s", n.c_str());
    for (const auto& w : report->warnings) ImGui::TextColored(ImVec4(1, 0.7f, 0.2f, 1), "warning: %s", w.c_str());
  }
}

}  // namespace wadsmith::gui
