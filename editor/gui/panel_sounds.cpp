// The Sounds panel: the sound ids in use (or those the selected movable plays) with catalog
// names, the selected id's info fields from the field table, its samples with missing WAVs
// flagged and a play button each, and the edits (add / remove an info, assign an id, add /
// remove / rename samples), each a call of the table of operations.
#include <imgui.h>

#include "editor/gui/app.h"
#include "editor/gui/property_fields.h"
#include "editor/gui/widgets.h"
#include "editor/words.h"
#include "editor/session/actions.h"
#include "model/catalog.h"
#include "model/sound_use.h"

namespace wadsmith::gui {

namespace {

const ImVec4 kMissing(1.0f, 0.45f, 0.35f, 1.0f), kDim(0.6f, 0.6f, 0.6f, 1.0f);

std::string soundTitle(std::size_t id) {
  return std::to_string(id) + "  " + catalog::soundName(static_cast<std::uint32_t>(id)).value_or("?");
}

// The ids listed: in use, or played by the selected movable (with or without an info).
std::vector<std::size_t> listedIds(App& app, const SoundSet* sounds) {
  auto& s = app.session;
  std::vector<std::size_t> ids;
  if (s.panels.sounds.playedOnly) {
    const ObjectView& v = s.view();
    if (s.selection.object && s.selection.object->movable())
      if (auto m = v.findMovable(s.selection.object->slot))
        for (const auto& p : movableSounds(v, *m)) ids.push_back(p.id);
    return ids;
  }
  if (sounds)
    for (std::size_t id = 0; id < sounds->map.size(); ++id)
      if (sounds->map[id] >= 0) ids.push_back(id);
  return ids;
}

void drawSamples(App& app, const SoundSet& sounds, const SoundInfo& info) {
  auto& s = app.session;
  for (int k = 0; k < info.sampleCount(); ++k) {
    const std::size_t index = std::size_t{info.sample} + static_cast<std::size_t>(k);
    if (index >= sounds.samples.size()) break;
    const auto& sample = sounds.samples[index];
    ImGui::PushID(static_cast<int>(index));
    if (smallButton("Play")) app.status = session::actions::playSample(s, index);
    ImGui::SameLine();
    const bool embedded = !sample.wav.empty();
    const bool found = embedded || s.samples().has(sample.name);
    const std::string name = sample.name.empty() ? "(embedded WAV, " + counted(sample.wav.size(), "byte") + ")" : sample.name;
    if (found)
      ImGui::Text("%zu  %s", index, name.c_str());
    else
      ImGui::TextColored(kMissing, "%zu  %s  (missing from the samples folder)", index, name.c_str());
    if (std::get_if<WadDocument>(&s.document())) {
      ImGui::SameLine();
      if (smallButton("Rename")) app.edit([&] { session::actions::run(s, "set_sample", {{"sample", index}, {"name", s.panels.sounds.sampleName}}); });
      ImGui::SameLine();
      if (smallButton("Remove")) app.edit([&] { session::actions::run(s, "remove_sample", {{"index", k}}); });
    }
    ImGui::PopID();
  }
}

}  // namespace

void drawSounds(App& app) {
  auto& s = app.session;
  auto& panel = s.panels.sounds;
  const auto sounds = documentSounds(s.document());
  const bool wad = isWad(s.document());
  if (!sounds) {
    hint(wad ? "The WAD has no .SFX/.SAM (or they could not be read: see Validation)." : "No sounds.");
  } else {
    ImGui::TextWrapped("%zu of %s in use, %s, %s", sounds->idsInUse(), counted(sounds->map.size(), "id").c_str(),
                       counted(sounds->infos.size(), "info").c_str(), counted(sounds->samples.size(), "sample").c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, s.samples().exists() ? kDim : kMissing);
    if (s.samples().exists())
      ImGui::TextWrapped("samples folder: %s", shownPath(s.samples().dir(), s.path()).c_str());
    else if (wad)
      ImGui::TextWrapped("no samples folder found (sound/samples near the WAD)");
    ImGui::PopStyleColor();
  }
  checkbox("Played by the selected movable", &panel.playedOnly);
  const auto ids = listedIds(app, sounds.get());
  ImGui::BeginChild("soundids", ImVec2(0, ImGui::GetContentRegionAvail().y * 0.3f), true);
  for (auto id : ids) {
    const SoundInfo* info = sounds ? sounds->info(id) : nullptr;
    std::string label = soundTitle(id) + (info ? "  (" + counted(static_cast<std::size_t>(info->sampleCount()), "sample") + ")" : "  (no info)");
    if (!info) ImGui::PushStyleColor(ImGuiCol_Text, kMissing);
    if (selectable((label + "##sound" + std::to_string(id)).c_str(), s.selection.sound == id)) session::actions::selectSound(s, id);
    if (!info) ImGui::PopStyleColor();
  }
  ImGui::EndChild();

  if (s.selection.sound) {
    const std::size_t id = *s.selection.sound;
    const SoundInfo* info = sounds ? sounds->info(id) : nullptr;
    heading(("Sound " + soundTitle(id)).c_str());
    if (!info) {
      hint("No sound info: the engine plays nothing for this id.");
      if (wad && button("Add info")) app.edit([&] { session::actions::addSoundInfo(s, id); });
    } else {
      auto sharing = sounds->idsOf(static_cast<std::size_t>(sounds->map[id]));
      ImGui::Text("info %d%s", sounds->map[id], sharing.size() > 1 ? "  (shared by other ids)" : "");
      if (wad) {
        if (button("Remove info")) app.edit([&] { session::actions::run(s, "remove_sound_info"); });
        ImGui::SameLine();
        ImGui::SetNextItemWidth(80 * app.uiScale);
        ImGui::InputInt("##assignid", &panel.assignFrom);
        ImGui::SameLine();
        if (button("Give this info to id")) app.edit([&] { session::actions::run(s, "assign_sound_id", {{"id", std::max(panel.assignFrom, 0)}}); });
      }
      heading("Samples");
      drawSamples(app, *sounds, *info);
      if (wad) {
        ImGui::SetNextItemWidth(160 * app.uiScale);
        char name[128];
        std::snprintf(name, sizeof name, "%s", panel.sampleName.c_str());
        if (ImGui::InputText("##samplename", name, sizeof name)) panel.sampleName = name;
        ImGui::SameLine();
        if (button("Add sample")) app.edit([&] { session::actions::run(s, "add_sample", {{"name", panel.sampleName}}); });
      }
      heading("Info");
      const ops::FieldContext context{.wad = wad};
      ImGui::PushItemWidth(120 * app.uiScale);
      for (const auto& f : ops::soundInfoFields())
        if (auto value = propertyField(s.panels.field, f, *info, context))
          app.edit([&] { session::actions::setField(s, "set_sound_info", f.key, *value); });
      ImGui::PopItemWidth();
    }
  }
  if (wad) {
    ImGui::Separator();
    ImGui::SetNextItemWidth(80 * app.uiScale);
    ImGui::InputInt("##newid", &panel.newId);
    ImGui::SameLine();
    if (button("Add info for id")) app.edit([&] { session::actions::addSoundInfo(s, static_cast<std::size_t>(std::max(panel.newId, 0))); });
  }
  if (!panel.status.empty()) ImGui::TextWrapped("%s", panel.status.c_str());
}

}  // namespace wadsmith::gui
