#include "model/ops/command_ops.h"

#include <functional>
#include <limits>

#include "model/runs.h"

namespace wadsmith::ops {
namespace {

Command toCommand(const Animation& a, const CommandSpec& s) {
  const CommandType* type = commandType(s.code);
  if (!type) throw EditError("unknown command code " + std::to_string(s.code) + " (1-6 are defined)");
  if (s.operands.size() != type->operands.size())
    throw EditError(std::string(type->key) + " takes " + std::to_string(type->operands.size()) + " operands, got " +
                    std::to_string(s.operands.size()));
  Command c;
  c.code = s.code;
  for (std::size_t i = 0; i < s.operands.size(); ++i) {
    long v = s.operands[i];
    if (type->operands[i].frame) v += a.frameStart;
    if (v < std::numeric_limits<std::int16_t>::min() || v > std::numeric_limits<std::uint16_t>::max())
      throw EditError(std::string(type->key) + " " + type->operands[i].key + " = " + std::to_string(v) +
                      " does not fit 16 bits");
    c.operands.push_back(static_cast<std::int16_t>(static_cast<std::uint16_t>(v)));
  }
  return c;
}

// Rewrites an animation's parsed commands in its command run (copied first when another
// animation's commands share its words); words after them that do not parse stay.
Document rewrite(const Document& d, std::size_t anim, const std::function<void(std::vector<Command>&)>& change) {
  ObjectView v(objectsOf(d));
  const Animation& a = v.animations()[anim];
  auto parsed = v.commands(anim);
  std::vector<Command> list = parsed.commands;
  change(list);
  const long count = long(a.numCommands) + static_cast<long>(list.size()) - static_cast<long>(parsed.commands.size());
  if (count > 0xFFFF) throw EditError("too many commands");
  const auto words = encodeCommands(list);
  return editDocument(d, [&](Draft& e) {
    auto& items = e.items(e.commands, ownRunOf(e, e.animations, &Animation::commands, e.commands, a.id));
    items.erase(items.begin(), items.begin() + static_cast<long>(std::min(parsed.wordsUsed, items.size())));
    items.insert(items.begin(), words.begin(), words.end());
    e.record(e.animations, *v.slotOf(a.id)).numCommands = static_cast<std::uint16_t>(count);
  });
}

std::size_t resolveAnim(const Document& d, std::uint32_t slot, std::size_t animation) {
  return animationOf(ObjectView(objectsOf(d)), slot, animation);
}

void checkIndex(const std::vector<Command>& list, std::size_t index) {
  if (index >= list.size())
    throw EditError("animation has " + std::to_string(list.size()) + " parsed commands, no command " + std::to_string(index));
}

}  // namespace

Edited addCommand(const Document& d, std::uint32_t slot, std::size_t animation, const CommandSpec& spec,
                  std::optional<std::size_t> position) {
  std::size_t anim = resolveAnim(d, slot, animation);
  Command c = toCommand(ObjectView(objectsOf(d)).animations()[anim], spec);
  return {rewrite(d, anim, [&](std::vector<Command>& list) {
    std::size_t at = position.value_or(list.size());
    if (at > list.size())
      throw EditError("position " + std::to_string(at) + " is past the " + std::to_string(list.size()) +
                      " parsed commands");
    list.insert(list.begin() + static_cast<long>(at), c);
  })};
}

Edited removeCommand(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t index) {
  return {rewrite(d, resolveAnim(d, slot, animation), [&](std::vector<Command>& list) {
    checkIndex(list, index);
    list.erase(list.begin() + static_cast<long>(index));
  })};
}

Edited setCommand(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t index,
                  const CommandSpec& spec) {
  std::size_t anim = resolveAnim(d, slot, animation);
  Command c = toCommand(ObjectView(objectsOf(d)).animations()[anim], spec);
  return {rewrite(d, anim, [&](std::vector<Command>& list) {
    checkIndex(list, index);
    list[index] = c;
  })};
}

}  // namespace wadsmith::ops
