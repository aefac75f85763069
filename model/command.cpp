#include "model/command.h"

namespace wadsmith {

int commandOperandCount(std::uint16_t code) {
  switch (code) {
    case 1: return 3;
    case 2: return 2;
    case 3:
    case 4: return 0;
    case 5:
    case 6: return 2;
    default: return -1;
  }
}

const char* commandName(std::uint16_t code) {
  switch (code) {
    case 1: return "set_position";
    case 2: return "jump";
    case 3: return "empty_hands";
    case 4: return "kill";
    case 5: return "sound";
    case 6: return "flipeffect";
    default: return "unknown";
  }
}

CommandList parseCommands(std::span<const std::uint16_t> words, std::size_t count) {
  CommandList out;
  std::size_t at = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (at >= words.size()) {
      out.complete = false;
      out.problem = "command " + std::to_string(i) + " runs past the command package";
      break;
    }
    std::uint16_t code = words[at];
    int n = commandOperandCount(code);
    if (n < 0) {
      out.complete = false;
      out.problem = "command " + std::to_string(i) + " has unknown code " + std::to_string(code);
      break;
    }
    if (at + 1 + static_cast<std::size_t>(n) > words.size()) {
      out.complete = false;
      out.problem = "command " + std::to_string(i) + " operands run past the command package";
      break;
    }
    Command c;
    c.code = code;
    for (int k = 0; k < n; ++k) c.operands.push_back(static_cast<std::int16_t>(words[at + 1 + k]));
    out.commands.push_back(std::move(c));
    at += 1 + static_cast<std::size_t>(n);
  }
  out.wordsUsed = at;
  return out;
}

std::vector<std::uint16_t> encodeCommands(const std::vector<Command>& commands) {
  std::vector<std::uint16_t> out;
  for (const auto& c : commands) {
    out.push_back(c.code);
    for (auto v : c.operands) out.push_back(static_cast<std::uint16_t>(v));
  }
  return out;
}

}  // namespace wadsmith
