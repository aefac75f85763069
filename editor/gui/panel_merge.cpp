// Bringing objects in from a source opened beside the document (usecases/sources.h: a second
// WAD, a level of any game, another engine's models, a 3D file): pick objects (and, for models
// without TR records, how they convert), choose how occupied slots are treated, merge as one
// undo step (usecases/bring_in.h) and read the report as `wadsmith merge` prints it.
#include <algorithm>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "editor/gui/app.h"
#include "editor/gui/widgets.h"
#include "editor/session/actions.h"
#include "editor/words.h"
#include "io/utf8_path.h"
#include "model/catalog.h"
#include "model/level_document.h"
#include "model/sprites.h"

namespace wadsmith::gui {

namespace {

// A document's objects by their slot; models without one by their index in the listing.
std::string pickLabel(const session::Session& s, ObjectRef o, const ListedObject& e) {
  std::string label = o.movable() ? "M " : "S ";
  if (s.source()->document) {
    const ObjectView& dv = s.view();
    const bool taken = o.movable() ? dv.findMovable(o.slot).has_value() : dv.findStatic(o.slot).has_value();
    return label + std::to_string(o.slot) + "  " + e.name + (taken ? "  (occupied)" : "");
  }
  return label + e.name + "  (" + counted(e.meshes, "mesh", "meshes") + ", " + counted(e.faces, "face") +
         (o.movable() ? ", " + counted(e.animations, "animation") : "") + ")";
}

// A tick picks the object for the merge and shows it in the viewport (the highlighted row) until
// another is ticked or it is unticked.
void drawPicks(App& app) {
  auto& s = app.session;
  auto& panel = s.panels.merge;
  for (const auto kind : {ObjectKind::Movable, ObjectKind::Static}) {
    const auto& list = s.sourceListing().of(kind);
    for (std::size_t i = 0; i < list.size(); ++i) {
      const ObjectRef o{kind, s.source()->document ? list[i].slot.value_or(0) : static_cast<std::uint32_t>(i)};
      bool on = panel.picked.count(o) > 0;
      if (checkbox(pickLabel(s, o, list[i]).c_str(), &on)) {
        if (on) {
          panel.picked.insert(o);
          panel.highlighted = o;
        } else {
          panel.picked.erase(o);
          if (panel.highlighted == o) panel.highlighted.reset();
        }
      }
      if (panel.highlighted == o)
        ImGui::GetWindowDrawList()->AddRectFilled(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), IM_COL32(90, 140, 220, 60));
    }
  }
}

// The highlighted object as the viewport shows it: where it would go, its counts, or why the
// merge would refuse it.
void drawPreviewLines(App& app) {
  const auto* preview = app.session.mergePreview();
  if (!preview) {
    hint("A ticked object shows in the viewport (with the Merge tab up) before anything is merged.");
    return;
  }
  textLine("Preview: " + preview->name);
  if (!preview->error.empty()) ImGui::TextColored(ImVec4(1, 0.7f, 0.2f, 1), "%s", preview->error.c_str());
  for (const auto& line : preview->lines) hint(line.c_str());
}

// Models without TR records: how they convert and build, and the mesh a model may replace.
void drawConversion(App& app) {
  auto& panel = app.session.panels.merge;
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
  checkbox("Replace one mesh of the movable under the slot", &panel.oneMesh);
  if (panel.oneMesh) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(80 * app.uiScale);
    ImGui::InputInt("Mesh##mergemesh", &panel.mesh);
  }
}

// A WAD set's or a level's sprite sequences, ticked to come with the objects (or alone).
void drawSpriteSequences(App& app) {
  auto& panel = app.session.panels.merge;
  const Document& doc = *app.session.source()->document;
  const auto* wad = std::get_if<WadDocument>(&doc);
  const auto* level = std::get_if<LevelDocument>(&doc);
  const std::vector<SpriteSequence> none;
  const auto& sequences = wad ? (wad->sprites ? wad->sprites->sequences : none) : *level->data->spriteSequences;
  if (!sequences.empty()) textLine("Sprite sequences:");
  for (const auto& q : sequences) {
    bool on = panel.sprites.count(q.spriteId) > 0;
    const auto label = std::to_string(q.spriteId) + " " + catalog::movableName(static_cast<std::uint32_t>(q.spriteId)).value_or("") +
                       "  (" + counted(static_cast<std::size_t>(sequenceLength(q)), "sprite texture") + ")";
    if (checkbox(label.c_str(), &on)) on ? (void)panel.sprites.insert(q.spriteId) : (void)panel.sprites.erase(q.spriteId);
  }
}

// A document's objects: related slots, sprite sequences, and what becomes of their sounds.
void drawDocumentOptions(App& app) {
  auto& panel = app.session.panels.merge;
  const auto& game = traits(app.session.source()->game);
  drawSpriteSequences(app);
  checkbox("Bring related slots (skins, joints, MIPs...)", &panel.withRelated);
  // TR2/3 play their samples from MAIN.SFX: the source level's (written as WAVs), the
  // destination level's (where merged sounds are looked up), and a copy with what it lacks.
  const auto* level = std::get_if<LevelDocument>(&app.session.document());
  const bool into = level && traits(level->game()).samples == SampleStore::MainSfx;
  if (game.samples == SampleStore::MainSfx || into) {
    ImGui::SetNextItemWidth(220 * app.uiScale);
    ImGui::InputTextWithHint("MAIN.SFX", into ? "default: the one beside the level" : "writes the samples of the merged sounds",
                             &panel.mainSfx);
  }
  if (into) {
    ImGui::SetNextItemWidth(220 * app.uiScale);
    ImGui::InputTextWithHint("MAIN.SFX out", "appends the samples MAIN.SFX lacks", &panel.mainSfxOut);
  }
  if (!game.wadIds) return;  // another game's sound ids are its own numbering
  // What an id the destination already defines gets: its own info, the source's, or no sounds.
  // One line each: three side by side overflow the column at 1280x720.
  int sounds = static_cast<int>(panel.sounds);
  textLine("Sounds the destination already has:");
  radioButton("keep the destination's", &sounds, static_cast<int>(merge::SoundMode::Keep));
  radioButton("take the source's", &sounds, static_cast<int>(merge::SoundMode::Replace));
  radioButton("no sounds", &sounds, static_cast<int>(merge::SoundMode::None));
  panel.sounds = static_cast<merge::SoundMode>(sounds);
}

void drawSlots(App& app) {
  auto& panel = app.session.panels.merge;
  int mode = static_cast<int>(panel.mode);
  radioButton(app.session.source()->document ? "Refuse occupied slots" : "First free slot (ANIMATING, statics 0-49)", &mode,
              static_cast<int>(session::MergeMode::Refuse));
  radioButton("Replace", &mode, static_cast<int>(session::MergeMode::Replace));
  radioButton("Place under slot", &mode, static_cast<int>(session::MergeMode::PlaceUnder));
  panel.mode = static_cast<session::MergeMode>(mode);
  if (panel.mode == session::MergeMode::PlaceUnder || panel.oneMesh) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(100 * app.uiScale);
    ImGui::InputInt("##as", &panel.asSlot);
  }
}

}  // namespace

void drawMerge(App& app) {
  auto& s = app.session;
  if (button("Open source..."))
    app.dialog.show(FileDialog::Mode::Open, "Open a WAD, level, .s3d, .wld, .mdl, .wmp, glTF, GLB, OBJ, FBX or DAE",
                    s.sourcePath().empty() ? s.path() : s.sourcePath(),
                    [&app](const std::filesystem::path& p) { app.edit([&] { app.session.openSource(p); }); });
  if (!s.source()) {
    ImGui::TextDisabled("Open a WAD, a level (TR1-5), another engine's models (.s3d, .wld, .mdl, .wmp) or a 3D file to merge from.");
    return;
  }
  ImGui::SameLine();
  ImGui::TextUnformatted(s.sourcePath().filename().string().c_str());
  const bool document = s.source()->document != nullptr;
  ImGui::BeginChild("sourceobjects", ImVec2(0, ImGui::GetContentRegionAvail().y * (document ? 0.5f : 0.35f)), true);
  drawPicks(app);
  ImGui::EndChild();
  drawPreviewLines(app);
  if (document)
    drawDocumentOptions(app);
  else
    drawConversion(app);
  drawSlots(app);
  if (button("Merge", ImVec2(120 * app.uiScale, 0)))
    app.runLong("Merging " + counted(s.panels.merge.picked.size(), "object") + " from " + utf8Name(s.sourcePath().filename()),
                [&app](const Progress& progress) {
                  session::actions::mergePicked(app.session, progress);
                  app.status = "merged " + counted(app.session.panels.merge.report->merged.size(), "object");
                });
  if (s.panels.merge.lines.empty()) return;
  heading("Report");
  for (const auto& line : s.panels.merge.lines)
    if (line.starts_with("warning: "))
      ImGui::TextColored(ImVec4(1, 0.7f, 0.2f, 1), "%s", line.c_str());
    else
      ImGui::TextWrapped("%s", line.c_str());
}

}  // namespace wadsmith::gui
