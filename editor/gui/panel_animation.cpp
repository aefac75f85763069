// The animation player and the animation's fields; state changes with their dispatches; the
// command list with typed editors. Every edit is one undo step (a drag included).
#include <imgui.h>

#include "editor/gui/app.h"
#include "editor/gui/widgets.h"
#include "model/catalog.h"
#include "model/ops/animation_ops.h"
#include "model/ops/command_ops.h"

namespace wadsmith::gui {
namespace {

struct AnimContext {
  std::uint32_t slot = 0;
  std::size_t first = 0, end = 0;  // global animation range
};

std::optional<AnimContext> movableContext(App& app) {
  const auto& sel = app.session.selection.object;
  if (!sel || sel->kind != ObjectKind::Movable) return std::nullopt;
  auto m = app.session.view().findMovable(sel->slot);
  if (!m) return std::nullopt;
  auto [a0, a1] = app.session.view().animationRange(*m);
  return AnimContext{sel->slot, a0, a1};
}

std::string animationName(const AnimContext& c, std::size_t local) {
  std::string s = std::to_string(local);
  if (c.slot == 0)
    if (auto n = catalog::laraAnimationName(static_cast<std::uint32_t>(local))) s += " " + *n;
  return s;
}

std::string stateName(const AnimContext& c, int state) {
  std::string s = std::to_string(state);
  if (c.slot == 0)
    if (auto n = catalog::laraStateName(static_cast<std::uint32_t>(state))) s += " " + *n;
  return s;
}

// An integer field that becomes one undo step when the user finishes editing it.
bool intField(const char* label, int& value) {
  ImGui::InputInt(label, &value, 0);
  return ImGui::IsItemDeactivatedAfterEdit();
}

}  // namespace

void drawAnimation(App& app) {
  auto c = movableContext(app);
  if (!c) {
    ImGui::TextDisabled("Select a movable to play its animations.");
    return;
  }
  auto& sel = app.session.selection;
  const auto& anims = app.session.view().animations();
  if (c->end == c->first) {
    ImGui::TextDisabled("This movable has no animations.");
    return;
  }
  const Animation& a = anims[c->first + sel.animation];
  int frames = view::frameCount(a);

  // Player.
  if (button(app.playing ? "Pause" : "Play")) app.playing = !app.playing;
  ImGui::SameLine();
  if (button("<")) app.playing = false, sel.frame = std::max(0.0f, std::floor(sel.frame) - 1);
  ImGui::SameLine();
  if (button(">")) app.playing = false, sel.frame = std::min(float(frames - 1), std::floor(sel.frame) + 1);
  ImGui::SameLine();
  checkbox("Loop", &app.loop);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90 * app.uiScale);
  ImGui::SliderFloat("Speed", &app.speed, 0.1f, 3.0f, "%.1fx");
  ImGui::SetNextItemWidth(-1);
  float f = sel.frame;
  if (ImGui::SliderFloat("##frame", &f, 0, float(std::max(frames - 1, 0)), "frame %.1f")) {
    sel.frame = f;
    app.playing = false;
  }
  const auto& posed = app.posed();
  ImGui::Text("frame %d of %d (absolute %d), keyframe %zu of %zu", int(sel.frame), frames, a.frameStart + int(sel.frame),
              posed.pose.keyframe, posed.keyframes.size());

  // Fields of the animation.
  if (ImGui::CollapsingHeader("Animation fields", ImGuiTreeNodeFlags_DefaultOpen)) {
    auto apply = [&](const char* label, ops::AnimationChange change) {
      app.edit([&] {
        app.session.apply(label, [&](const Document& d) { return ops::setAnimation(d, c->slot, sel.animation, change); });
      });
    };
    ImGui::PushItemWidth(110 * app.uiScale);
    int state = a.stateId, duration = a.frameDuration;
    if (intField("State id", state)) apply("set state id", {.stateId = state});
    ImGui::SameLine();
    ImGui::TextDisabled("%s", stateName(*c, a.stateId).c_str());
    if (intField("Frame duration", duration)) apply("set frame duration", {.frameDuration = duration});
    float speed = a.speed / 65536.0f, accel = a.accel / 65536.0f, lat = a.lateralSpeed / 65536.0f, latAccel = a.lateralAccel / 65536.0f;
    auto fixed = [](float v) { return static_cast<std::int32_t>(std::lround(v * 65536.0f)); };
    ImGui::InputFloat("Speed##anim", &speed, 0, 0, "%.3f");
    if (ImGui::IsItemDeactivatedAfterEdit()) apply("set speed", {.speed = fixed(speed)});
    ImGui::InputFloat("Acceleration", &accel, 0, 0, "%.3f");
    if (ImGui::IsItemDeactivatedAfterEdit()) apply("set acceleration", {.accel = fixed(accel)});
    ImGui::InputFloat("Lateral speed", &lat, 0, 0, "%.3f");
    if (ImGui::IsItemDeactivatedAfterEdit()) apply("set lateral speed", {.lateralSpeed = fixed(lat)});
    ImGui::InputFloat("Lateral accel.", &latAccel, 0, 0, "%.3f");
    if (ImGui::IsItemDeactivatedAfterEdit()) apply("set lateral acceleration", {.lateralAccel = fixed(latAccel)});
    auto next = app.session.view().indexOf(a.nextAnimation);
    int nextLocal = next && *next >= c->first && *next < c->end ? int(*next - c->first) : -1;
    int nextFrame = next ? int(a.nextFrame) - int(anims[*next].frameStart) : int(a.nextFrame);
    if (intField("Next animation", nextLocal) && nextLocal >= 0) apply("set next animation", {.nextAnimation = std::size_t(nextLocal)});
    if (intField("Next frame", nextFrame)) apply("set next frame", {.nextFrame = nextFrame});
    ImGui::PopItemWidth();
  }

  // The animation list.
  ImGui::TextDisabled("%zu animations", c->end - c->first);
  if (ImGui::BeginTable("anims", 4, ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Animation");
    ImGui::TableSetupColumn("State", ImGuiTableColumnFlags_WidthFixed, 50 * app.uiScale);
    ImGui::TableSetupColumn("Frames", ImGuiTableColumnFlags_WidthFixed, 50 * app.uiScale);
    ImGui::TableSetupColumn("Next", ImGuiTableColumnFlags_WidthFixed, 40 * app.uiScale);
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(c->end - c->first));
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const Animation& an = anims[c->first + i];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushID(i);
        if (selectable(animationName(*c, i).c_str(), sel.animation == std::size_t(i), ImGuiSelectableFlags_SpanAllColumns)) {
          sel.animation = i;
          sel.frame = 0;
          app.playing = true;
        }
        ImGui::PopID();
        ImGui::TableNextColumn();
        ImGui::Text("%d", an.stateId);
        ImGui::TableNextColumn();
        ImGui::Text("%d", view::frameCount(an));
        ImGui::TableNextColumn();
        auto n = app.session.view().indexOf(an.nextAnimation);
        if (n && *n >= c->first && *n < c->end)
          ImGui::Text("%zu", *n - c->first);
        else
          ImGui::TextDisabled("-");
      }
    ImGui::EndTable();
  }
}

void drawStateChanges(App& app) {
  auto c = movableContext(app);
  if (!c || c->end == c->first) {
    ImGui::TextDisabled("Select a movable with animations.");
    return;
  }
  auto& sel = app.session.selection;
  const ObjectView& v = app.session.view();
  const auto& t = v.tables();
  const std::size_t anim = c->first + sel.animation;
  const Animation& a = v.animations()[anim];
  ImGui::Text("Animation %s: frames 0-%d", animationName(*c, sel.animation).c_str(), view::frameCount(a) - 1);
  ImGui::TextDisabled("Frames count from each animation's first frame; out is exclusive.");
  auto run = [&](const char* label, auto edit) {
    app.edit([&] { app.session.apply(label, edit); });
  };
  if (button("Add state change"))
    run("add state change", [&](const Document& d) { return ops::addStateChange(d, c->slot, sel.animation, 0, {}); });
  auto [s0, s1] = v.stateChangeRange(anim);
  for (std::size_t s = s0; s < s1; ++s) {
    const StateChange& sc = v.stateChanges()[s];
    const std::size_t k = s - s0;
    ImGui::PushID(static_cast<int>(k));
    ImGui::Separator();
    int state = sc.stateId;
    ImGui::SetNextItemWidth(80 * app.uiScale);
    if (intField("to state", state) && state >= 0 && state <= 0xFFFF)
      run("set state change", [&](const Document& d) { return ops::setStateChange(d, c->slot, sel.animation, k, std::uint16_t(state)); });
    ImGui::SameLine();
    ImGui::TextDisabled("%s", stateName(*c, sc.stateId).c_str());
    ImGui::SameLine();
    if (smallButton("Remove"))
      run("remove state change", [&](const Document& d) { return ops::removeStateChange(d, c->slot, sel.animation, k); });
    if (ImGui::BeginTable("dispatches", 5, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
      ImGui::TableSetupColumn("in");
      ImGui::TableSetupColumn("out");
      ImGui::TableSetupColumn("next anim");
      ImGui::TableSetupColumn("next frame");
      ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, 70 * app.uiScale);
      ImGui::TableHeadersRow();
      auto [d0, d1] = v.dispatchRange(s);
      for (std::size_t x = d0; x < d1; ++x) {
        const Dispatch& dp = v.dispatches()[x];
        const std::size_t which = x - d0;
        ImGui::PushID(static_cast<int>(which));
        ImGui::TableNextRow();
        auto target = v.indexOf(dp.nextAnimation);
        int in = dp.inFrame - int(a.frameStart), out = dp.outFrame - int(a.frameStart);
        int next = target && *target >= c->first && *target < c->end ? int(*target - c->first) : -1;
        int nextFrame = target ? dp.nextFrame - int(v.animations()[*target].frameStart) : dp.nextFrame;
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(-1);
        if (intField("##in", in)) run("set dispatch", [&](const Document& d) { return ops::setDispatch(d, c->slot, sel.animation, k, which, {.in = in}); });
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(-1);
        if (intField("##out", out)) run("set dispatch", [&](const Document& d) { return ops::setDispatch(d, c->slot, sel.animation, k, which, {.out = out}); });
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(-1);
        if (intField("##next", next) && next >= 0)
          run("set dispatch", [&](const Document& d) {
            return ops::setDispatch(d, c->slot, sel.animation, k, which, {.nextAnimation = std::size_t(next)});
          });
        if (ImGui::IsItemHovered() && next >= 0) ImGui::SetTooltip("%s", animationName(*c, next).c_str());
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(-1);
        if (intField("##nextframe", nextFrame))
          run("set dispatch", [&](const Document& d) { return ops::setDispatch(d, c->slot, sel.animation, k, which, {.nextFrame = nextFrame}); });
        ImGui::TableNextColumn();
        if (next >= 0 && smallButton("Go")) {
          sel.animation = std::size_t(next);
          sel.frame = float(std::max(0, nextFrame));
        }
        ImGui::SameLine();
        if (smallButton("X"))
          run("remove dispatch", [&](const Document& d) { return ops::removeDispatch(d, c->slot, sel.animation, k, which); });
        ImGui::PopID();
      }
      ImGui::EndTable();
    }
    if (smallButton("Add dispatch"))
      run("add dispatch", [&](const Document& d) {
        return ops::addDispatch(d, c->slot, sel.animation, k, {0, view::frameCount(a), sel.animation, 0});
      });
    ImGui::PopID();
  }
}

void drawCommands(App& app) {
  auto c = movableContext(app);
  if (!c || c->end == c->first) {
    ImGui::TextDisabled("Select a movable with animations.");
    return;
  }
  auto& sel = app.session.selection;
  const ObjectView& v = app.session.view();
  const std::size_t anim = c->first + sel.animation;
  const Animation& a = v.animations()[anim];
  auto list = v.commands(anim);
  auto run = [&](const char* label, auto edit) {
    app.edit([&] { app.session.apply(label, edit); });
  };
  static const char* kTypes[] = {"set position", "jump", "empty hands", "kill", "sound", "flipeffect"};
  for (std::size_t i = 0; i < list.commands.size(); ++i) {
    const Command& cmd = list.commands[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::Separator();
    int type = cmd.code - 1;
    ImGui::SetNextItemWidth(120 * app.uiScale);
    ops::CommandSpec spec{cmd.code, {}};
    for (auto o : cmd.operands) spec.operands.push_back(o);
    if (cmd.code == 5 || cmd.code == 6) spec.operands[0] -= a.frameStart;
    auto commit = [&] { run("set command", [&](const Document& d) { return ops::setCommand(d, c->slot, sel.animation, i, spec); }); };
    if (ImGui::Combo("##type", &type, kTypes, 6)) {
      spec.code = static_cast<std::uint16_t>(type + 1);
      spec.operands.assign(commandType(spec.code)->operands.size(), 0);
      commit();
    }
    ImGui::SameLine();
    if (smallButton("Remove")) run("remove command", [&](const Document& d) { return ops::removeCommand(d, c->slot, sel.animation, i); });
    ImGui::PushItemWidth(90 * app.uiScale);
    if (cmd.code == 5 || cmd.code == 6) {
      int frame = spec.operands[0];
      int value = static_cast<std::uint16_t>(spec.operands[1]) & 0x3FFF;
      bool f1 = spec.operands[1] & 0x4000, f2 = static_cast<std::uint16_t>(spec.operands[1]) & 0x8000;
      bool changed = intField("frame", frame);
      ImGui::SameLine();
      changed |= intField(cmd.code == 5 ? "sound" : "effect", value);
      if (cmd.code == 5)
        if (auto n = catalog::soundName(static_cast<std::uint32_t>(value))) {
          ImGui::SameLine();
          ImGui::TextDisabled("%s", n->c_str());
        }
      changed |= checkbox(cmd.code == 5 ? "land" : "left foot", &f1);
      ImGui::SameLine();
      changed |= checkbox(cmd.code == 5 ? "water" : "right foot", &f2);
      if (changed) {
        spec.operands = {frame, (value & 0x3FFF) | (f1 ? 0x4000 : 0) | (f2 ? 0x8000 : 0)};
        commit();
      }
    } else {
      for (std::size_t k = 0; k < spec.operands.size(); ++k) {
        int value = spec.operands[k];
        ImGui::PushID(static_cast<int>(k));
        if (intField(cmd.code == 1 ? (k == 0 ? "x" : k == 1 ? "y" : "z") : (k == 0 ? "vertical" : "horizontal"), value)) {
          spec.operands[k] = value;
          commit();
        }
        ImGui::PopID();
        if (k + 1 < spec.operands.size()) ImGui::SameLine();
      }
    }
    ImGui::PopItemWidth();
    ImGui::PopID();
  }
  if (!list.complete) ImGui::TextColored(ImVec4(1, 0.7f, 0.2f, 1), "Words that do not parse (kept as stored): %s", list.problem.c_str());
  ImGui::Separator();
  int newType = app.session.panels.newCommandType - 1;
  ImGui::SetNextItemWidth(120 * app.uiScale);
  if (ImGui::Combo("##newtype", &newType, kTypes, 6)) app.session.panels.newCommandType = static_cast<std::uint16_t>(newType + 1);
  ImGui::SameLine();
  if (button("Add command")) {
    ops::CommandSpec spec{static_cast<std::uint16_t>(newType + 1), {}};
    spec.operands.assign(commandType(spec.code)->operands.size(), 0);
    if (spec.code == 5 || spec.code == 6) spec.operands[0] = int(sel.frame);
    run("add command", [&](const Document& d) { return ops::addCommand(d, c->slot, sel.animation, spec, std::nullopt); });
  }
}

}  // namespace wadsmith::gui
