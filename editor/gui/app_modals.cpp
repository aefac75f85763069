// The editor's modal boxes: errors, unsaved changes (before opening or quitting), work an editor
// that stopped left unsaved, a file changed on disk, the About box and the progress of long work.
#include "editor/gui/app.h"

#include "editor/gui/gl.h"  // before GLFW
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "editor/gui/widgets.h"
#include "editor/words.h"
#include "io/utf8_path.h"

namespace wadsmith::gui {

void App::modals() {
  dialog.draw();
  if (errorMessage) ImGui::OpenPopup("Error");
  if (ImGui::BeginPopupModal("Error", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36);
    ImGui::TextUnformatted(errorMessage ? errorMessage->c_str() : "");
    ImGui::PopTextWrapPos();
    if (closeButton("OK", ImVec2(100, 0))) errorMessage.reset();
    ImGui::EndPopup();
  }
  auto ask = [&](const char* id, bool& flag, const std::string& text, auto yes, auto no) {
    if (flag) ImGui::OpenPopup(id);
    if (ImGui::BeginPopupModal(id, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
      ImGui::TextUnformatted(text.c_str());
      if (closeButton("Save", ImVec2(90, 0))) {
        flag = false;
        yes();
      }
      ImGui::SameLine();
      if (closeButton("Discard", ImVec2(90, 0))) {
        flag = false;
        no();
      }
      ImGui::SameLine();
      if (closeButton("Cancel", ImVec2(90, 0))) {
        flag = false;
        pendingOpen_.reset();
        quitting_ = false;
        glfwSetWindowShouldClose(window_, 0);
      }
      ImGui::EndPopup();
    }
  };
  auto proceedOpen = [&] {
    if (pendingOpen_) {
      auto p = *pendingOpen_;
      pendingOpen_.reset();
      askSaveBeforeOpen_ = true;  // answered: open without asking again
      openFile(p);
      askSaveBeforeOpen_ = false;
    }
  };
  ask("Unsaved changes##open", askSaveBeforeOpen_, "The document has unsaved changes. Save them before opening another file?",
      [&] { edit([&] { session.save(); }); proceedOpen(); }, proceedOpen);
  ask("Unsaved changes##quit", askSaveBeforeQuit_, "The document has unsaved changes. Save them before quitting?",
      [&] { edit([&] { session.save(); }); quitting_ = true; }, [&] { quitting_ = true; });
  unsavedWork();
  reloadBox();
  aboutBox();
  progressBox();
}

void App::unsavedWork() {
  if (!unsaved_.empty() && !ImGui::IsPopupOpen("Unsaved work found")) ImGui::OpenPopup("Unsaved work found");
  if (ImGui::BeginPopupModal("Unsaved work found", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    const auto& u = unsaved_.front();
    ImGui::TextUnformatted("WadSmith stopped before these changes were saved:");
    ImGui::TextUnformatted(u.summary().c_str());
    ImGui::TextDisabled("%s", utf8Name(u.file).c_str());
    auto next = [&] {
      unsaved_.erase(unsaved_.begin());
      ImGui::CloseCurrentPopup();
    };
    if (button("Restore", ImVec2(90, 0))) {
      auto found = u;
      next();
      edit([&] {
        session::recovery::restore(session, found, session::recovery::defaultRoot());
        frameRequested = true;
        status = "restored " + counted(found.edits, "unsaved edit") + " of " + utf8Name(found.file.filename());
      });
    } else {
      ImGui::SameLine();
      if (button("Discard", ImVec2(90, 0))) {
        session::recovery::discard(u);
        next();
      } else {
        ImGui::SameLine();
        if (closeButton("Later", ImVec2(90, 0))) unsaved_.clear();  // offered again next start
      }
    }
    ImGui::EndPopup();
  }
}

void App::reloadBox() {
  if (askReload_) ImGui::OpenPopup("File changed on disk");
  if (ImGui::BeginPopupModal("File changed on disk", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::Text("%s was changed by another program.", utf8Name(session.path().filename()).c_str());
    ImGui::TextUnformatted(session.dirty() ? "Reloading discards your unsaved changes." : "Reload it?");
    if (closeButton("Reload", ImVec2(90, 0))) {
      askReload_ = false;
      edit([&] { session.reload(); });
    }
    ImGui::SameLine();
    if (closeButton("Keep mine", ImVec2(90, 0))) askReload_ = false;
    ImGui::EndPopup();
  }
}

}  // namespace wadsmith::gui
