// The animation player and the animation's fields; state changes with their dispatches; the
// command list. Fields come from the field tables and commands from the command-type table;
// every edit is a call of the table of operations (one undo step, a drag included).
#include <imgui.h>

#include "editor/gui/app.h"
#include "editor/gui/property_fields.h"
#include "editor/gui/widgets.h"
#include "editor/view/timeline.h"
#include "editor/words.h"
#include "editor/session/actions.h"
#include "model/catalog.h"
#include "model/sound_use.h"

namespace wadsmith::gui {
namespace {

namespace actions = session::actions;

struct AnimContext {
  std::uint32_t slot = 0;
  std::size_t movable = 0;
  std::size_t first = 0, end = 0;  // global animation range
};

std::optional<AnimContext> movableContext(App& app) {
  const auto& sel = app.session.selection.object;
  if (!sel || sel->kind != ObjectKind::Movable) return std::nullopt;
  auto m = app.session.view().findMovable(sel->slot);
  if (!m) return std::nullopt;
  auto [a0, a1] = app.session.view().animationRange(*m);
  return AnimContext{sel->slot, *m, a0, a1};
}

std::string animationName(const AnimContext& c, std::size_t local) { return view::animationLabel(c.slot, local); }

// Lara's states have catalog names; other movables' are numbers only.
std::optional<std::string> stateCatalogName(const AnimContext& c, int state) {
  if (c.slot != 0) return std::nullopt;
  return catalog::laraStateName(static_cast<std::uint32_t>(state));
}

// The animation a field naming one points at, as a tooltip (Lara's have catalog names).
template <class Record, class Change>
void targetTooltip(const AnimContext& c, const ops::Field<Record, Change>& f, const Record& r, const ops::FieldContext& fc) {
  if (f.unit != ops::FieldUnit::Animation || !ImGui::IsItemHovered()) return;
  if (auto i = ops::userValue(f, r, fc)) ImGui::SetTooltip("%s", animationName(c, std::size_t(*i)).c_str());
}

// The movable's animations: a row each (state, frames, next), a click plays one.
void animationList(App& app, const AnimContext& c) {
  auto& sel = app.session.selection;
  const ObjectView& v = app.session.view();
  ImGui::TextDisabled("%s", counted(c.end - c.first, "animation").c_str());
  if (ImGui::BeginTable("anims", 4, ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Animation");
    ImGui::TableSetupColumn("State", ImGuiTableColumnFlags_WidthFixed, 50 * app.uiScale);
    ImGui::TableSetupColumn("Frames", ImGuiTableColumnFlags_WidthFixed, 50 * app.uiScale);
    ImGui::TableSetupColumn("Next", ImGuiTableColumnFlags_WidthFixed, 40 * app.uiScale);
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(c.end - c.first));
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const Animation& an = v.animations()[c.first + i];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushID(i);
        if (selectable(animationName(c, i).c_str(), sel.animation == std::size_t(i), ImGuiSelectableFlags_SpanAllColumns)) {
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
        auto n = v.indexOf(an.nextAnimation);
        if (n && *n >= c.first && *n < c.end)
          ImGui::Text("%zu", *n - c.first);
        else
          ImGui::TextDisabled("-");
      }
    ImGui::EndTable();
  }
}

// Whole animations of the movable: each button one operation (one undo step); the selection
// follows the animation the button made or moved.
void animationButtons(App& app, const AnimContext& c) {
  auto& s = app.session;
  auto& sel = s.selection;
  const std::size_t n = sel.animation, count = c.end - c.first;
  struct Action {
    const char* label;
    const char* op;
    ops::Args args;
    std::size_t select;
    bool enabled;
  };
  const Action row[] = {
      {"Add", "add_animation", {{"at", n + 1}}, n + 1, true},
      {"Duplicate", "duplicate_animation", {}, n + 1, true},
      {"Delete", "delete_animation", {}, n > 0 ? n - 1 : 0, count > 1},
      {"Up", "move_animation", {{"to", n > 0 ? n - 1 : 0}}, n > 0 ? n - 1 : 0, n > 0},
      {"Down", "move_animation", {{"to", n + 1}}, n + 1, n + 1 < count},
  };
  const ImGuiStyle& style = ImGui::GetStyle();
  for (const auto& b : row) {
    // On the row while it fits, so no label is cut at 1280x720.
    const float w = ImGui::CalcTextSize(b.label).x + 2 * style.FramePadding.x;
    if (&b != row && ImGui::GetItemRectMax().x + style.ItemSpacing.x + w <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
      ImGui::SameLine();
    ImGui::BeginDisabled(!b.enabled);
    if (smallButton(b.label)) app.edit([&] {
        actions::run(s, b.op, b.args);
        sel.animation = b.select, sel.frame = 0;
      });
    ImGui::EndDisabled();
  }
}

}  // namespace

void drawAnimation(App& app) {
  auto c = movableContext(app);
  if (!c) {
    hint("Select a movable to play its animations.");
    return;
  }
  auto& s = app.session;
  auto& sel = s.selection;
  const ObjectView& v = s.view();
  if (c->end == c->first) {
    ImGui::TextDisabled("This movable has no animations.");
    return;
  }
  const std::size_t anim = c->first + sel.animation;
  const Animation& a = v.animations()[anim];
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
  ImGui::SliderFloat("Speed##player", &app.speed, 0.1f, 3.0f, "%.1fx");
  ImGui::SetNextItemWidth(-1);
  float f = sel.frame;
  if (ImGui::SliderFloat("##frame", &f, 0, float(std::max(frames - 1, 0)), "frame %.1f")) {
    sel.frame = f;
    app.playing = false;
  }
  const auto& posed = app.posed();
  ImGui::TextWrapped("frame %d of %d (absolute %d), keyframe %zu of %zu", int(sel.frame), frames, a.frameStart + int(sel.frame),
              posed.pose.keyframe, posed.keyframes.size());

  if (ImGui::CollapsingHeader("Animation fields", ImGuiTreeNodeFlags_DefaultOpen)) {
    const auto state = stateCatalogName(*c, a.stateId);
    ImGui::TextDisabled("animation %s, state %d%s", animationName(*c, sel.animation).c_str(), a.stateId,
                        state ? (" " + *state).c_str() : "");
    const auto fc = ops::animationContext(v, c->movable, anim);
    ImGui::PushItemWidth(110 * app.uiScale);
    for (const auto& field : ops::animationFields()) {
      if (field.wadOnly && !fc.wad) continue;
      if (auto value = propertyField(s.panels.field, field, a, fc))
        app.edit([&] { actions::setField(s, "set_animation", field.key, *value); });
      targetTooltip(*c, field, a, fc);
    }
    ImGui::PopItemWidth();
  }
  drawKeyframe(app, c->movable, anim);
  animationButtons(app, *c);
  animationsFromFiles(app, c->slot, c->end - c->first);
  animationList(app, *c);
}

void drawStateChanges(App& app) {
  auto c = movableContext(app);
  if (!c || c->end == c->first) {
    ImGui::TextDisabled("Select a movable with animations.");
    return;
  }
  auto& s = app.session;
  auto& sel = s.selection;
  const ObjectView& v = s.view();
  const std::size_t anim = c->first + sel.animation;
  const Animation& a = v.animations()[anim];
  const auto fc = ops::animationContext(v, c->movable, anim);
  ImGui::Text("Animation %s: frames 0-%d", animationName(*c, sel.animation).c_str(), view::frameCount(a) - 1);
  hint("Frames count from each animation's first frame; out is exclusive.");
  if (button("Add state change")) app.edit([&] { actions::run(s, "add_state_change"); });
  const auto& dispatchFields = ops::dispatchFields();
  // A file can claim tens of thousands of records for one animation: list a bounded number.
  constexpr std::size_t kListed = 256;
  auto more = [](std::size_t hidden) {
    if (hidden) ImGui::TextDisabled("... %zu more not listed", hidden);
  };
  auto [s0, s1] = v.stateChangeRange(anim);
  for (std::size_t x = s0; x < std::min(s1, s0 + kListed); ++x) {
    const StateChange& sc = v.stateChanges()[x];
    const std::size_t k = x - s0;
    ImGui::PushID(static_cast<int>(k));
    ImGui::Separator();
    for (const auto& field : ops::stateChangeFields()) {
      ImGui::SetNextItemWidth(80 * app.uiScale);
      if (auto value = propertyField(s.panels.field, field, sc, fc))
        app.edit([&] { actions::setField(s, "set_state_change", field.key, *value, {{"state_change", k}}); });
      ImGui::SameLine();
    }
    if (auto name = stateCatalogName(*c, sc.stateId)) {
      ImGui::TextDisabled("%s", name->c_str());
      ImGui::SameLine();
    }
    if (smallButton("Remove")) app.edit([&] { actions::run(s, "remove_state_change", {{"state_change", k}}); });
    if (ImGui::BeginTable("dispatches", int(dispatchFields.size()) + 1, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
      for (const auto& field : dispatchFields) ImGui::TableSetupColumn(field.label);
      ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, 70 * app.uiScale);
      ImGui::TableHeadersRow();
      auto [d0, d1] = v.dispatchRange(x);
      for (std::size_t y = d0; y < std::min(d1, d0 + kListed); ++y) {
        const Dispatch& dp = v.dispatches()[y];
        const std::size_t which = y - d0;
        ImGui::PushID(static_cast<int>(which));
        ImGui::TableNextRow();
        for (const auto& field : dispatchFields) {
          ImGui::TableNextColumn();
          ImGui::SetNextItemWidth(-1);
          const std::string id = std::string("##") + field.key;
          if (auto value = propertyField(s.panels.field, field, dp, fc, id.c_str()))
            app.edit([&] { actions::setField(s, "set_dispatch", field.key, *value, {{"state_change", k}, {"dispatch", which}}); });
          targetTooltip(*c, field, dp, fc);
        }
        ImGui::TableNextColumn();
        auto target = v.indexOf(dp.nextAnimation);
        if (target && *target >= c->first && *target < c->end && smallButton("Go")) {
          sel.animation = *target - c->first;
          sel.frame = float(std::max(0, int(dp.nextFrame) - int(v.animations()[*target].frameStart)));
        }
        ImGui::SameLine();
        if (smallButton("X")) app.edit([&] { actions::run(s, "remove_dispatch", {{"state_change", k}, {"dispatch", which}}); });
        ImGui::PopID();
      }
      ImGui::EndTable();
      more(d1 - std::min(d1, d0 + kListed));
    }
    if (smallButton("Add dispatch")) app.edit([&] { actions::run(s, "add_dispatch", {{"state_change", k}}); });
    ImGui::PopID();
  }
  more(s1 - std::min(s1, s0 + kListed));
}

namespace {

// A combo of the command types (the table's labels); returns the picked code.
std::optional<std::uint16_t> commandTypeCombo(const char* label, std::uint16_t current) {
  std::optional<std::uint16_t> picked;
  const CommandType* type = commandType(current);
  if (beginCombo(label, type ? type->label : "unknown")) {
    for (const auto& t : commandTypes())
      if (selectable(t.label, t.code == current)) picked = t.code;
    ImGui::EndCombo();
  }
  return picked;
}

// One command's operands and flags, drawn from its type (the script's form: model/ops/args.h);
// returns the command to set.
std::optional<ops::Value> commandEditor(App& app, const CommandType& t, const ops::Args& command) {
  std::optional<ops::Args> out;
  const auto set = [&](const std::string& key, ops::Value value) {
    if (!out) out = command;
    (*out)[key] = std::move(value);
  };
  ImGui::PushItemWidth(90 * app.uiScale);
  for (std::size_t k = 0; k < t.operands.size(); ++k) {
    const CommandOperand& op = t.operands[k];
    if (auto value = numberField(app.session.panels.field, op.key, command.at(op.key).number(), op.min, op.max, false)) set(op.key, *value);
    if (k + 1 < t.operands.size()) ImGui::SameLine();
  }
  ImGui::PopItemWidth();
  if (t.choice) {
    // One of the flags or none: radio buttons, so a flipeffect never gets both feet.
    ImGui::TextUnformatted(t.choice);
    const auto chosen = command.find(t.choice);
    int picked = 0;
    for (std::size_t i = 0; i < t.flags.size(); ++i)
      if (chosen != command.end() && chosen->second == ops::Value(t.flags[i].key)) picked = static_cast<int>(i) + 1;
    ImGui::SameLine();
    if (radioButton("none", &picked, 0)) set(t.choice, ops::Value());
    for (std::size_t i = 0; i < t.flags.size(); ++i) {
      ImGui::SameLine();
      if (radioButton(t.flags[i].key, &picked, static_cast<int>(i) + 1)) set(t.choice, t.flags[i].key);
    }
  } else {
    for (std::size_t i = 0; i < t.flags.size(); ++i) {
      bool on = command.at(t.flags[i].key).boolean();
      if (i) ImGui::SameLine();
      if (checkbox(t.flags[i].key, &on)) set(t.flags[i].key, on);
    }
  }
  return out;
}

}  // namespace

void drawCommands(App& app) {
  auto c = movableContext(app);
  if (!c || c->end == c->first) {
    ImGui::TextDisabled("Select a movable with animations.");
    return;
  }
  auto& s = app.session;
  const std::size_t anim = c->first + s.selection.animation;
  const auto list = s.view().commands(anim);
  const auto commands = actions::commandValues(s);
  for (std::size_t i = 0; i < commands.size(); ++i) {
    const CommandType& t = *commandType(list.commands[i].code);
    ImGui::PushID(static_cast<int>(i));
    ImGui::Separator();
    ImGui::SetNextItemWidth(120 * app.uiScale);
    if (auto code = commandTypeCombo("##type", t.code); code && *code != t.code)
      app.edit([&] { actions::run(s, "set_command", {{"index", i}, {"command", actions::newCommand(s, *code)}}); });
    ImGui::SameLine();
    if (smallButton("Remove")) app.edit([&] { actions::run(s, "remove_command", {{"index", i}}); });
    if (auto sound = soundId(list.commands[i])) {
      // The sound's name and a play button (its info's first sample).
      ImGui::SameLine();
      if (smallButton("Play")) app.status = actions::playSound(s, *sound);
      ImGui::SameLine();
      const auto sounds = documentSounds(s.document());
      const bool defined = sounds && sounds->info(*sound);
      const std::string name = catalog::soundName(*sound).value_or("sound " + std::to_string(*sound));
      if (defined)
        ImGui::TextDisabled("%s", name.c_str());
      else
        ImGui::TextColored(ImVec4(1, 0.45f, 0.35f, 1), "%s (no sound info)", name.c_str());
    }
    if (auto next = commandEditor(app, t, commands[i].named())) app.edit([&] { actions::run(s, "set_command", {{"index", i}, {"command", *next}}); });
    ImGui::PopID();
  }
  if (!list.complete) ImGui::TextColored(ImVec4(1, 0.7f, 0.2f, 1), "Words that do not parse (kept as stored): %s", list.problem.c_str());
  ImGui::Separator();
  ImGui::SetNextItemWidth(120 * app.uiScale);
  if (auto code = commandTypeCombo("##newtype", s.panels.newCommandType)) s.panels.newCommandType = *code;
  ImGui::SameLine();
  if (button("Add command"))
    app.edit([&] { actions::run(s, "add_command", {{"command", actions::newCommand(s, s.panels.newCommandType)}}); });
}

}  // namespace wadsmith::gui
