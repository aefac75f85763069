// Animation commands: parsed from the command words for display and typed editing. Words
// that do not parse (unknown codes, counts that overrun) stay raw in the package.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace wadsmith {

enum class CommandCode : std::uint16_t {
  SetPosition = 1,  // x, y, z
  Jump = 2,         // vertical, horizontal speed
  EmptyHands = 3,
  Kill = 4,
  Sound = 5,       // frame, sound id | 0x4000 land | 0x8000 water
  FlipEffect = 6,  // frame, effect | 0x4000 / 0x8000 foot
};

struct Command {
  std::uint16_t code = 0;
  std::vector<std::int16_t> operands;
  friend bool operator==(const Command&, const Command&) = default;
};

constexpr std::uint16_t kSoundLand = 0x4000, kSoundWater = 0x8000;
constexpr std::uint16_t kSoundIdMask = 0x3FFF;

// Operand count of a known code, or -1.
int commandOperandCount(std::uint16_t code);
const char* commandName(std::uint16_t code);

struct CommandList {
  std::vector<Command> commands;
  std::size_t wordsUsed = 0;  // words the parsed commands cover
  bool complete = true;       // false when a command could not be parsed
  std::string problem;        // why parsing stopped
};

// Parses up to `count` commands from `words`.
CommandList parseCommands(std::span<const std::uint16_t> words, std::size_t count);
std::vector<std::uint16_t> encodeCommands(const std::vector<Command>& commands);

}  // namespace wadsmith
