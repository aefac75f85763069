// A small file browser (ImGui has none): directories and WAD / TR4 files, a path field.
#pragma once
#include <filesystem>
#include <functional>
#include <string>

namespace wadsmith::gui {

class FileDialog {
 public:
  enum class Mode { Open, Save };
  // Opens the dialog; `done` gets the chosen path.
  void show(Mode mode, const std::string& title, std::filesystem::path start,
            std::function<void(const std::filesystem::path&)> done);
  void draw();

 private:
  Mode mode_ = Mode::Open;
  std::string title_;
  std::filesystem::path dir_;
  std::string name_;
  std::function<void(const std::filesystem::path&)> done_;
  bool visible_ = false, justOpened_ = false;
};

}  // namespace wadsmith::gui
