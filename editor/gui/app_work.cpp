// Long work with a progress bar. ImGui draws nothing while the work runs on this thread, so the
// work runs between frames and its reports draw whole frames (the editor under a modal bar, at
// most 30 a second); the modal keeps clicks and keys from the panels meanwhile.
#include "editor/gui/app.h"

#include "editor/gui/gl.h"  // before GLFW
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "editor/gui/widgets.h"
#include "io/utf8_path.h"

namespace wadsmith::gui {

namespace {
constexpr const char* kWorking = "Working";
constexpr double kFrameSeconds = 1.0 / 30;
}  // namespace

void App::runLong(std::string label, std::function<void(const Progress&)> work) {
  pending_ = Work{std::move(label), std::move(work)};
}

void App::saveTo(const std::filesystem::path& path) {
  runLong("Saving " + utf8Name(path.filename()), [this, path](const Progress&) {
    if (path == session.path())
      session.save();
    else
      session.saveAs(path);
    status = "saved " + utf8Name(path);
  });
}

void App::runPendingWork() {
  if (!pending_ || busy_) return;
  Work work = std::move(*pending_);
  pending_.reset();
  busy_ = Busy{work.label};
  progress_.push_back(work.label);
  drawBusyFrame();  // the bar shows before the work starts: opening a file reports nothing else
  const Progress progress([this](std::size_t done, std::size_t total, std::string_view label) {
    busy_->done = done, busy_->total = total;
    if (!label.empty()) busy_->label = label;
    if (glfwGetTime() - busy_->drawnAt >= kFrameSeconds) drawBusyFrame();
  });
  edit([&] { work.run(progress); });
  busy_.reset();
}

void App::drawBusyFrame() {
  glfwPollEvents();  // a window that answers: the system does not call it hung
  frame(true);
  glfwSwapBuffers(window_);
  busy_->drawnAt = glfwGetTime();
}

void App::progressBox() {
  if (busy_ && !ImGui::IsPopupOpen(kWorking)) ImGui::OpenPopup(kWorking);
  ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 28, 0));
  if (!ImGui::BeginPopupModal(kWorking, nullptr, ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove)) return;
  if (!busy_) {
    ImGui::CloseCurrentPopup();
  } else {
    ImGui::TextWrapped("%s", busy_->label.c_str());
    const float fraction = busy_->total ? float(busy_->done) / float(busy_->total) : 0.0f;
    const std::string counts = busy_->total ? std::to_string(busy_->done) + " of " + std::to_string(busy_->total) : "";
    ImGui::ProgressBar(fraction, ImVec2(-1, 0), counts.c_str());
  }
  ImGui::EndPopup();
}

}  // namespace wadsmith::gui
