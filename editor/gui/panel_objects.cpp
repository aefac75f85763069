// The object browser: movables and statics with slot, name and badges; a text filter.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "editor/gui/app.h"
#include "editor/gui/widgets.h"
#include "model/ascii_case.h"
#include "model/wad2/classic_view.h"

namespace wadsmith::gui {

namespace {

// A wad2 is shown as the TR4 WAD its objects convert to; say so, and what saving does.
void wad2Banner(const WadDocument& wad) {
  const auto& origin = *wad.wad2;
  ImGui::TextColored(ImVec4(0.5f, 0.8f, 1, 1), "Tomb Editor wad2 (%s), shown as a TR4 WAD", wad2::gameName(origin.file->game));
  hint(wad2::unchangedView(wad) ? "Save writes the .wad2 as it was read; Save As .wad writes the classic WAD."
                                : "Edited: Save writes the edits back into the .wad2 (only what changed); Save As .wad keeps them classic.");
  if (!origin.report.empty()) {
    ImGui::TextDisabled("%zu conversion notes (hover)", origin.report.size());
    if (ImGui::IsItemHovered()) {
      std::string all;
      for (const auto& line : origin.report) all += line + "\n";
      ImGui::SetTooltip("%s", all.c_str());
    }
  }
}

}  // namespace

void drawObjects(App& app) {
  if (const auto* w = std::get_if<WadDocument>(&app.session.document()); w && w->wad2) wad2Banner(*w);
  std::string& filter = app.session.panels.objectFilter;
  ImGui::SetNextItemWidth(-1);
  ImGui::InputTextWithHint("##filter", "filter by name or slot", &filter);
  const std::string lower = asciiLower(filter);
  auto entries = app.session.objects();
  hint("A animations, S shades, !N warnings");
  ImGui::BeginChild("list");
  auto section = [&](ObjectKind kind, const char* title) {
    if (!ImGui::CollapsingHeader(title, ImGuiTreeNodeFlags_DefaultOpen)) return;
    if (!ImGui::BeginTable(title, 3, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) return;
    // Slot and badges as wide as their widest text, the rest for the name (a name cut at the
    // column's edge shows whole in a tooltip).
    ImGui::TableSetupColumn("slot", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("0000").x);
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("badges", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("AS !99").x);
    for (const auto& e : entries) {
      if (e.ref.kind != kind) continue;
      const std::string key = asciiLower(std::to_string(e.ref.slot) + " " + e.name);
      if (!lower.empty() && key.find(lower) == std::string::npos) continue;
      const bool selected = app.session.selection.object == e.ref;
      ImGui::PushID(static_cast<int>(e.ref.slot) + (kind == ObjectKind::Static ? 100000 : 0));
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (selectable(std::to_string(e.ref.slot).c_str(), selected, ImGuiSelectableFlags_SpanAllColumns)) app.select(e.ref);
      if (selected && app.frameRequested) ImGui::SetScrollHereY();
      ImGui::TableNextColumn();
      const float room = ImGui::GetContentRegionAvail().x;
      ImGui::TextUnformatted(e.name.c_str());
      if (ImGui::GetItemRectSize().x > room && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", e.name.c_str());
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%s%s", e.animations ? "A" : " ", e.usesShades ? "S" : " ");
      if (e.warnings) {
        ImGui::SameLine();
        ImGui::TextColored(ImVec4(1, 0.7f, 0.2f, 1), "!%zu", e.warnings);
      }
      ImGui::PopID();
    }
    ImGui::EndTable();
  };
  section(ObjectKind::Movable, "Movables");
  section(ObjectKind::Static, "Statics");
  ImGui::EndChild();
}

}  // namespace wadsmith::gui
