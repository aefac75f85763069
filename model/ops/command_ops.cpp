#include "model/ops/command_ops.h"

#include <functional>
#include <limits>


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

// Rewrites an animation's parsed commands. The words it owns are replaced in its segment when
// no other animation's commands start in that segment; otherwise (shared words) they move to a
// new segment at the end of the package and the other owner keeps the original.
Document rewrite(const Document& d, std::size_t anim, const std::function<void(std::vector<Command>&)>& change) {
  ObjectView v(objectsOf(d));
  const auto& anims = v.animations();
  const Animation& a = anims[anim];
  auto parsed = v.commands(anim);
  std::vector<Command> list = parsed.commands;
  change(list);
  const long delta = static_cast<long>(list.size()) - static_cast<long>(parsed.commands.size());
  if (long(a.numCommands) + delta > 0xFFFF) throw EditError("too many commands");
  auto words = encodeCommands(list);
  const WordPackage& pkg = *v.tables().commands;
  bool exclusive = a.numCommands > 0 && a.commands.isSegment() && pkg.find(a.commands.segment) >= 0;
  for (std::size_t i = 0; exclusive && i < anims.size(); ++i)
    if (i != anim && anims[i].numCommands && anims[i].commands.isSegment() && anims[i].commands.segment == a.commands.segment)
      exclusive = false;
  if (!exclusive && !parsed.complete)
    throw EditError("this animation's commands share words with another animation and do not fully parse; "
                    "editing them could corrupt the other animation");

  return editDocument(d, [&](Draft& e) {
    Animation& out = e.record(e.animations, *v.slotOf(a.id));
    if (exclusive) {
      auto& items = e.items(e.commands, a.commands.segment);
      const std::vector<std::uint16_t> old = items;
      items.assign(old.begin(), old.begin() + a.commands.delta);
      items.insert(items.end(), words.begin(), words.end());
      std::size_t after = std::min<std::size_t>(old.size(), a.commands.delta + parsed.wordsUsed);
      items.insert(items.end(), old.begin() + static_cast<long>(after), old.end());
    } else {
      // Shared words stay with the other owner; this list moves to a segment of its own.
      out.commands = PackageRef::at(e.insertSegment(e.commands, e.commands->segments.size(), words), 0);
    }
    out.numCommands = static_cast<std::uint16_t>(long(a.numCommands) + delta);
  });
}

std::size_t resolveAnim(const Document& d, std::uint32_t slot, std::size_t animation) {
  ObjectView v(objectsOf(d));
  return animationOf(v, slot, animation);
}

}  // namespace

Edited addCommand(const Document& d, std::uint32_t slot, std::size_t animation, const CommandSpec& spec,
                  std::optional<std::size_t> position) {
  std::size_t anim = resolveAnim(d, slot, animation);
  Command c = toCommand(ObjectView(objectsOf(d)).animations()[anim], spec);
  return {rewrite(d, anim,
                  [&](std::vector<Command>& list) {
                    std::size_t at = position.value_or(list.size());
                    if (at > list.size())
                      throw EditError("position " + std::to_string(at) + " is past the " + std::to_string(list.size()) +
                                      " parsed commands");
                    list.insert(list.begin() + static_cast<long>(at), c);
                  }),
          {}};
}

Edited removeCommand(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t index) {
  std::size_t anim = resolveAnim(d, slot, animation);
  return {rewrite(d, anim,
                  [&](std::vector<Command>& list) {
                    if (index >= list.size())
                      throw EditError("animation has " + std::to_string(list.size()) + " parsed commands, no command " +
                                      std::to_string(index));
                    list.erase(list.begin() + static_cast<long>(index));
                  }),
          {}};
}

Edited setCommand(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t index,
                  const CommandSpec& spec) {
  std::size_t anim = resolveAnim(d, slot, animation);
  Command c = toCommand(ObjectView(objectsOf(d)).animations()[anim], spec);
  return {rewrite(d, anim,
                  [&](std::vector<Command>& list) {
                    if (index >= list.size())
                      throw EditError("animation has " + std::to_string(list.size()) + " parsed commands, no command " +
                                      std::to_string(index));
                    list[index] = c;
                  }),
          {}};
}

}  // namespace wadsmith::ops
