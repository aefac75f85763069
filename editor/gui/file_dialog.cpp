#include "editor/gui/file_dialog.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <vector>

#include "editor/gui/widgets.h"
#include "io/platform.h"
#include "io/utf8_path.h"
#include "model/ascii_case.h"

namespace wadsmith::gui {

void FileDialog::show(Mode mode, const std::string& title, std::filesystem::path start,
                      std::function<void(const std::filesystem::path&)> done) {
  mode_ = mode;
  title_ = title;
  std::error_code ec;
  const bool file = !start.empty() && !std::filesystem::is_directory(start, ec);  // its name goes in the field
  name_ = file ? utf8Name(start.filename()) : "";
  if (file) start = start.parent_path();
  dir_ = start.empty() ? std::filesystem::current_path(ec) : std::filesystem::absolute(start, ec);
  done_ = std::move(done);
  visible_ = justOpened_ = true;
}

void FileDialog::draw() {
  if (!visible_) return;
  const std::string id = title_ + "###filedialog";
  if (justOpened_) {
    ImGui::OpenPopup(id.c_str());
    justOpened_ = false;
  }
  ImGui::SetNextWindowSize(ImVec2(640, 460), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal(id.c_str(), &visible_)) return;
  auto choose = [&] {
    visible_ = false;
    ImGui::CloseCurrentPopup();
    // A typed name may be a whole path, with drive letter and backslashes on Windows.
    std::filesystem::path p = utf8Path(name_);
    done_(p.is_absolute() ? p : dir_ / p);
  };
  ImGui::TextUnformatted(utf8Name(dir_).c_str());
  if (button("Up")) dir_ = dir_.parent_path();
  ImGui::SameLine();
  if (button("Home") && !platform::homeDirectory().empty()) dir_ = platform::homeDirectory();
  // Windows: one button per drive (C:\, D:\ ...); "Up" stops at a drive's root.
  for (const auto& root : platform::driveRoots()) {
    ImGui::SameLine();
    if (button(utf8Name(root).c_str())) dir_ = root;
  }
  std::vector<std::filesystem::directory_entry> entries;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir_, ec)) {
    const std::string ext = asciiLower(e.path().extension().string());
    if (e.is_directory(ec) || ext == ".wad" || ext == ".wad2" || ext == ".tr4") entries.push_back(e);
  }
  std::sort(entries.begin(), entries.end(), [&](const auto& a, const auto& b) {
    bool da = a.is_directory(ec), db = b.is_directory(ec);
    return da != db ? da : a.path().filename() < b.path().filename();
  });
  ImGui::BeginChild("entries", ImVec2(0, -ImGui::GetFrameHeightWithSpacing() * 2), true);
  for (const auto& e : entries) {
    bool dir = e.is_directory(ec);
    const std::string name = utf8Name(e.path().filename());
    std::string label = (dir ? "[dir] " : "") + name;
    if (selectable(label.c_str(), !dir && name_ == name, ImGuiSelectableFlags_AllowDoubleClick)) {
      if (dir) {
        dir_ = e.path();
      } else {
        name_ = name;
        if (ImGui::IsMouseDoubleClicked(0)) choose();
      }
    }
  }
  ImGui::EndChild();
  ImGui::SetNextItemWidth(-160);
  ImGui::InputText("##name", &name_);
  ImGui::SameLine();
  if (button(mode_ == Mode::Open ? "Open" : "Save", ImVec2(70, 0)) && !name_.empty()) choose();
  ImGui::SameLine();
  if (closeButton("Cancel", ImVec2(70, 0))) visible_ = false;
  ImGui::EndPopup();
}

}  // namespace wadsmith::gui
