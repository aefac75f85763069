// Typed animation command edits. A sound or flipeffect frame is given relative to the
// animation's first frame (stored absolute). Command words that do not parse stay untouched
// after the parsed ones.
#pragma once
#include <optional>

#include "model/command.h"
#include "model/ops/edit_context.h"

namespace wadsmith::ops {

// A command as users give it; for sound / flipeffect operands[0] is the relative frame.
struct CommandSpec {
  std::uint16_t code = 0;
  std::vector<int> operands;
};

Edited addCommand(const Document& d, std::uint32_t slot, std::size_t animation, const CommandSpec& command,
                  std::optional<std::size_t> position);
Edited removeCommand(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t index);
Edited setCommand(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t index,
                  const CommandSpec& command);

}  // namespace wadsmith::ops
