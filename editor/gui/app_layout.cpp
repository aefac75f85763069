// The window's layout: objects on the left, the viewport in the middle with history and
// validation under it, the object's tools on the right (grouped tabs); the status bar below.
#include <imgui.h>
#include <imgui_internal.h>  // TabItemCalcSize: the width a tab needs to show its whole label

#include <algorithm>
#include <cmath>

#include "editor/gui/app.h"
#include "editor/gui/widgets.h"
#include "editor/words.h"

namespace wadsmith::gui {

namespace {

constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

// A window with a title bar, its title recorded for the label check.
bool beginTitled(const char* title, ImGuiWindowFlags flags) {
  const bool open = ImGui::Begin(title, nullptr, flags);
  noteLabel("title", title, ImGui::GetWindowWidth(), ImGui::CalcTextSize(title).x + ImGui::GetStyle().FramePadding.x * 2);
  return open;
}

// A tab; `force` selects it (until it shows). Its label is recorded with the width ImGui gave it.
bool tab(const char* name, bool force) {
  const bool open = ImGui::BeginTabItem(name, nullptr, force ? ImGuiTabItemFlags_SetSelected : 0);
  noteLabel("tab", name, ImGui::GetItemRectSize().x, ImGui::TabItemCalcSize(name, false).x);
  return open;
}

bool contains(const panel::Group& g, const std::string& name) {
  return std::any_of(std::begin(g.panels), std::end(g.panels), [&](const char* p) { return p && name == p; });
}

// The tabbed panels and what draws each.
const std::pair<const char*, void (*)(App&)> kPanels[] = {
    {panel::kAnimation, drawAnimation}, {panel::kStateChanges, drawStateChanges}, {panel::kCommands, drawCommands},
    {panel::kMesh, drawMesh},           {panel::kTextures, drawTextures},         {panel::kSounds, drawSounds},
    {panel::kSprites, drawSprites},     {panel::kMerge, drawMerge},               {panel::kHistory, drawHistory},
    {panel::kValidation, drawValidation}};

// A panel's tab, or a panel alone (`tabbed` false); `current` follows the tab the user picks
// while tabs are not forced. Returns whether the panel was drawn.
bool panelTab(App& app, const char* name, std::string& current, bool tabbed) {
  if (tabbed && !tab(name, app.forceTabs && current == name)) return false;
  if (!app.forceTabs) current = name;
  const bool shown = current == name;
  if (shown)
    for (const auto& [title, draw] : kPanels)
      if (std::string_view(name) == title) draw(app);
  if (tabbed) ImGui::EndTabItem();
  return shown;
}

}  // namespace

// The tools column: a tab per group, and under a group of several a second row of its panels.
// Returns whether rightTab is the panel drawn (a tab asked for shows a frame or two later).
bool App::tools(float x, float y, float w, float h) {
  bool shown = false;
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  if (ImGui::Begin("##tools", nullptr, kFixed | ImGuiWindowFlags_NoTitleBar) && ImGui::BeginTabBar("groups")) {
    for (const auto& group : panel::kRightGroups) {
      if (!tab(group.name, forceTabs && contains(group, rightTab))) continue;
      const bool several = group.panels[1] != nullptr;
      if (!several || ImGui::BeginTabBar(group.name)) {
        for (const char* name : group.panels)
          if (name && panelTab(*this, name, rightTab, several)) shown = true;
        if (several) ImGui::EndTabBar();
      }
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::End();
  return shown;
}

void App::layout() {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float statusH = ImGui::GetFrameHeight();
  const float x = vp->WorkPos.x, y = vp->WorkPos.y, w = vp->WorkSize.x, h = vp->WorkSize.y - statusH;
  const float left = std::round(std::clamp(w * 0.21f, 200.0f * uiScale, 300.0f * uiScale));
  const float right = std::round(std::clamp(w * 0.34f, 320.0f * uiScale, 480.0f * uiScale));
  const float bottom = std::round(std::clamp(h * 0.26f, 130.0f * uiScale, 260.0f * uiScale));
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(left, h));
  if (beginTitled(panel::kObjects, kFixed)) drawObjects(*this);
  ImGui::End();

  ImGui::SetNextWindowPos(ImVec2(x + left, y));
  ImGui::SetNextWindowSize(ImVec2(w - left - right, h - bottom));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  if (beginTitled(panel::kViewport, kFixed | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse))
    drawViewport(*this);
  ImGui::End();
  ImGui::PopStyleVar();

  ImGui::SetNextWindowPos(ImVec2(x + left, y + h - bottom));
  ImGui::SetNextWindowSize(ImVec2(w - left - right, bottom));
  bool shownBottom = false;
  if (ImGui::Begin("##bottom", nullptr, kFixed | ImGuiWindowFlags_NoTitleBar) && ImGui::BeginTabBar("bottomtabs")) {
    for (const char* name : panel::kBottomTabs)
      if (panelTab(*this, name, bottomTab, true)) shownBottom = true;
    ImGui::EndTabBar();
  }
  ImGui::End();

  const bool shownRight = tools(x + w - right, y, right, h);
  // An asked-for tab shows a frame after SetSelected, a second-row one a frame after its group:
  // keep asking until both are the ones drawn.
  if (forceTabs && ((shownRight && shownBottom) || ++forcedFrames_ > 5)) forceTabs = false, forcedFrames_ = 0;
}

void App::statusBar() {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  float h = ImGui::GetFrameHeight();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x, vp->WorkPos.y + vp->WorkSize.y - h));
  ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x, h));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6, 2));
  ImGui::Begin("##status", nullptr, kFixed | ImGuiWindowFlags_NoDecoration);
  const auto& t = objectsOf(session.document());
  std::string line = session.path().empty() ? "(no file)" : utf8Name(session.path().filename());
  char ms[64];
  std::snprintf(ms, sizeof ms, "%.1f ms (%.0f FPS)", frameMs, frameMs > 0 ? 1000.0 / frameMs : 0.0);
  line += (session.dirty() ? " * | " : " | ") + counted(t.movables->size(), "movable") + ", " + counted(t.statics->size(), "static") +
          ", " + counted(t.meshes->size(), "mesh", "meshes") + " | " + counted(session.selection.faces.size(), "face") +
          " selected | " + ms;
  textLine(line);
  if (!status.empty() || !session.lastWarnings().empty()) {
    ImGui::SameLine();
    ImGui::TextColored(session.lastWarnings().empty() ? ImVec4(0.6f, 0.9f, 0.6f, 1) : ImVec4(1, 0.75f, 0.3f, 1), "| %s",
                       session.lastWarnings().empty() ? status.c_str() : session.lastWarnings().front().c_str());
  }
  ImGui::End();
  ImGui::PopStyleVar();
}

}  // namespace wadsmith::gui
