// The timeline under the viewport (laid out by editor/view/timeline.h): keyframe marks, the
// state changes' dispatch windows and the command marks. A drag of a window's edge or of a
// command is one operation when it lets go; a press elsewhere scrubs. While the animation
// plays, its sound commands play on their frames (the "Sounds" toggle).
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "editor/gui/app.h"
#include "editor/gui/widgets.h"
#include "editor/session/actions.h"

namespace wadsmith::gui {
namespace {

ImU32 colour(const std::array<float, 3>& c, float alpha) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c[0], c[1], c[2], alpha));
}

void label(ImDrawList* dl, const view::Rect& r, const std::string& text, ImU32 col) {
  dl->PushClipRect(ImVec2(r.x0, r.y0), ImVec2(r.x1, r.y1), true);
  dl->AddText(ImVec2(r.x0 + 3, r.y0 + 1), col, text.c_str());
  dl->PopClipRect();
}

// Sounds whose frame the playhead passed since the last frame (across the loop's end too).
void playSounds(App& app, const view::Timeline& t, std::size_t anim) {
  auto& st = app.timeline;
  const float now = app.session.selection.frame;
  const float last = st.lastFrame;
  st.lastFrame = now;
  if (!st.sounds || !app.playing || last < 0 || now == last) return;
  const auto list = app.session.view().commands(anim);
  for (const auto& m : t.commands) {
    const float f = float(m.frame);
    const bool passed = now > last ? (f > last && f <= now) : (f > last || f <= now);
    if (!passed || m.kind != view::CommandKind::Sound) continue;
    if (auto id = soundId(list.commands[m.command])) app.status = session::actions::playSound(app.session, *id);
  }
}

void drawRows(ImDrawList* dl, const view::Timeline& t, const App::Posed& p) {
  const auto& g = t.geometry;
  const float right = g.x + g.width;
  dl->AddRectFilled(ImVec2(g.x, g.y), ImVec2(right, g.y + t.height), IM_COL32(30, 32, 38, 255));
  for (int f = 0; f < t.frames; ++f)  // interpolated frames darker than keyframes
    dl->AddRectFilled(ImVec2(t.xOf(float(f)), g.y), ImVec2(t.xOf(float(f + 1)) - 1, g.y + t.height),
                      t.interpolated(float(f)) ? IM_COL32(38, 40, 47, 255) : IM_COL32(52, 55, 64, 255));
  for (const auto& k : t.keyframes) {
    const float cx = (k.rect.x0 + k.rect.x1) * 0.5f, cy = (k.rect.y0 + k.rect.y1) * 0.5f, r = g.rowHeight * 0.3f;
    const bool current = k.keyframe == p.pose.keyframe && p.pose.blend == 0;
    dl->AddQuadFilled(ImVec2(cx, cy - r), ImVec2(cx + r, cy), ImVec2(cx, cy + r), ImVec2(cx - r, cy),
                      current ? IM_COL32(255, 210, 80, 255) : IM_COL32(200, 200, 210, 255));
  }
  for (const auto& w : t.dispatches) {
    dl->AddRectFilled(ImVec2(w.rect.x0, w.rect.y0 + 1), ImVec2(std::max(w.rect.x1, w.rect.x0 + 2), w.rect.y1 - 1),
                      colour(w.colour, 0.75f), 3);
    label(dl, w.rect, "-> " + w.label, IM_COL32(15, 15, 20, 255));
  }
  for (std::size_t i = 0; i < t.commands.size(); ++i) {
    const auto& c = t.commands[i];
    float next = g.x + g.width;  // a label runs to the next mark on its right
    for (const auto& o : t.commands)
      if (o.rect.x0 >= c.rect.x1) next = std::min(next, o.rect.x0);
    const std::array<float, 3> col = c.kind == view::CommandKind::Sound ? std::array<float, 3>{0.4f, 0.8f, 1.0f}
                                     : c.kind == view::CommandKind::Footstep ? std::array<float, 3>{0.7f, 1.0f, 0.5f}
                                                                             : std::array<float, 3>{1.0f, 0.6f, 0.9f};
    dl->AddRectFilled(ImVec2(c.rect.x0, c.rect.y0 + 2), ImVec2(c.rect.x1 - 1, c.rect.y1 - 2), colour(col, 1.0f), 2);
    label(dl, {c.rect.x1, c.rect.y0, next, c.rect.y1}, c.label, colour(col, 1.0f));
  }
}

// A press on an edge or a command drags it (a ghost line follows); elsewhere it scrubs.
void handleTimelineMouse(App& app, const view::Timeline& t, std::size_t anim) {
  auto& st = app.timeline;
  ImGuiIO& io = ImGui::GetIO();
  auto& sel = app.session.selection;
  using P = view::TimelinePart;
  if (ImGui::IsItemActivated()) st.drag = view::hitTimeline(t, io.MousePos.x, io.MousePos.y);
  const bool dragsPart = st.drag.part == P::DispatchIn || st.drag.part == P::DispatchOut || st.drag.part == P::Command;
  if (ImGui::IsItemActive()) {
    if (dragsPart) {
      const bool edge = st.drag.part != P::Command;
      const float x = edge ? t.xOf(float(t.boundaryAt(io.MousePos.x))) : t.xOf(float(t.frameAt(io.MousePos.x)) + 0.5f);
      ImGui::GetWindowDrawList()->AddLine(ImVec2(x, t.geometry.y), ImVec2(x, t.geometry.y + t.height),
                                          IM_COL32(255, 255, 255, 220), 2);
    } else {
      sel.frame = float(t.frameAt(io.MousePos.x));
      app.playing = false;
    }
  }
  if (ImGui::IsItemDeactivated() && dragsPart) {
    const int frame = st.drag.part == P::Command ? t.frameAt(io.MousePos.x) : t.boundaryAt(io.MousePos.x);
    if (auto call = view::timelineDrop(app.session.view(), anim, t, st.drag, frame))
      app.edit([&] { session::actions::run(app.session, call->op, call->args); });
    st.drag = {};
  }
}

}  // namespace

float timelineHeightFor(App& app, const App::Posed& p, float available) {
  if (!p.animated || !p.movable) return 0;
  const auto [s0, s1] = app.session.view().stateChangeRange(p.animation);
  const float row = ImGui::GetTextLineHeight() + 4;
  return std::min(available * 0.45f, row * float(3 + std::min<std::size_t>(s1 - s0, 12)) + 8);
}

void drawTimeline(App& app, const App::Posed& p, float height) {
  const auto& sel = app.session.selection;
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + 6);
  checkbox("Sounds", &app.timeline.sounds);
  ImGui::SameLine();
  checkbox("Onion", &app.viewOptions.onionSkin);  // the keyframes before and after, ghosted
  ImGui::SameLine();
  const int duration = std::max<int>(app.session.view().animations()[p.animation].frameDuration, 1);
  const float position = sel.frame / float(duration);
  const auto k = static_cast<std::size_t>(position);
  if (position == std::floor(position) && k < p.keyframes.size())
    ImGui::TextDisabled("frame %d: keyframe %zu", int(sel.frame), k);
  else
    ImGui::TextDisabled("frame %.1f: interpolated between keyframes %zu and %zu", sel.frame, std::min(k, p.keyframes.size() - 1),
                        std::min(k + 1, p.keyframes.size() - 1));
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float width = std::max(ImGui::GetContentRegionAvail().x - 8, 50.0f);
  const float rest = std::max(height - (ImGui::GetTextLineHeight() + 10), 20.0f);
  const auto [s0, s1] = app.session.view().stateChangeRange(p.animation);
  const float row = std::min(ImGui::GetTextLineHeight() + 4, rest / float(2 + (s1 - s0)));
  const view::Timeline t = view::layoutTimeline(app.session.view(), *p.movable, p.animation, {at.x + 4, at.y, width, row});
  ImGui::SetCursorScreenPos(ImVec2(at.x + 4, at.y));
  ImGui::InvisibleButton("##timeline", ImVec2(width, std::max(t.height, 1.0f)));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  drawRows(dl, t, p);
  const float head = t.xOf(sel.frame + 0.5f);
  dl->AddLine(ImVec2(head, t.geometry.y), ImVec2(head, t.geometry.y + t.height), IM_COL32(255, 200, 60, 255), 2);
  handleTimelineMouse(app, t, p.animation);
  playSounds(app, t, p.animation);
}

}  // namespace wadsmith::gui
