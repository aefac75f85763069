// The Animation panel's animations from other files, each one call of the table of operations
// (one undo step): those of the same slot in the document the Merge panel opened as its source
// (copy_animations), and those of a glTF, GLB, FBX or DAE file (import_scene_animations, as
// `wadsmith anim import X.glb` runs it), over the selected animation or appended.
#include <imgui.h>

#include "editor/gui/app.h"
#include "editor/gui/widgets.h"
#include "editor/interop/anim_import.h"
#include "editor/session/actions.h"
#include "io/utf8_path.h"

namespace wadsmith::gui {
namespace {

namespace actions = session::actions;

// `count` from `first`, appended; targets that leave them point at the copy holding them.
void copyFromSource(App& app, std::uint32_t slot, std::size_t count) {
  auto& s = app.session;
  if (!s.source() || !s.source()->document) return;
  ImGuiStorage* kept = ImGui::GetStateStorage();
  int* first = kept->GetIntRef(ImGui::GetID("copy first"), 0);
  int* copied = kept->GetIntRef(ImGui::GetID("copy count"), 1);
  ImGui::TextDisabled("Copy from %s (its slot %u):", utf8Name(s.sourcePath().filename()).c_str(), slot);
  ImGui::SetNextItemWidth(70 * app.uiScale);
  ImGui::InputInt("from##copy", first, 0);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(50 * app.uiScale);
  ImGui::InputInt("count##copy", copied, 0);
  ImGui::SameLine();
  if (smallButton("Copy"))
    app.edit([&] {
      actions::run(s, "copy_animations",
                   {{"source", utf8Name(s.sourcePath())}, {"source_movable", slot}, {"first", std::max(*first, 0)},
                    {"count", std::max(*copied, 1)}, {"targets", "own"}});
      s.selection.animation = count, s.selection.frame = 0;
    });
}

// The file dialog starts at the Merge panel's source when that is a 3D file. Appended ones are
// selected (the first of them); replaced ones stay selected.
void importFromFile(App& app, std::size_t count) {
  auto& s = app.session;
  ImGuiStorage* kept = ImGui::GetStateStorage();
  bool* replace = kept->GetBoolRef(ImGui::GetID("import replaces"), false);
  bool* all = kept->GetBoolRef(ImGui::GetID("import all"), false);
  // The options first, on their own line: beside the button they were cut at 1280x720.
  checkbox("over the selected", replace);
  ImGui::SameLine();
  checkbox("all of its animations", all);
  if (smallButton("Import from 3D file...")) {
    const auto start = interop::isSceneAnimationFile(s.sourcePath()) ? s.sourcePath() : s.path();
    ops::Args args{{"all", *all}};
    if (*replace) args["replace"] = s.selection.animation;
    app.dialog.show(FileDialog::Mode::Open, "Import animations from a glTF, GLB, FBX or DAE file", start,
                    [&app, args, count](const std::filesystem::path& p) mutable {
                      args["file"] = utf8Name(p);
                      app.edit([&] {
                        actions::run(app.session, "import_scene_animations", args);
                        if (!args.contains("replace")) app.session.selection.animation = count, app.session.selection.frame = 0;
                      });
                    });
  }
}

}  // namespace

void animationsFromFiles(App& app, std::uint32_t slot, std::size_t count) {
  copyFromSource(app, slot, count);
  importFromFile(app, count);
}

}  // namespace wadsmith::gui
