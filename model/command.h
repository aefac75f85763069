// Animation commands: parsed from the command words for display and typed editing. Words that
// do not parse (unknown codes, counts that overrun) stay raw in the package. The table of
// command types is the one description of each type: its name, operands, which operand is a
// frame, and the flag bits packed into the last operand; the JSON script and dump, the
// editor's command panel and the merge read it.
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace wadsmith {

enum class CommandCode : std::uint16_t {
  SetPosition = 1,  // x, y, z
  Kill = 4,
  Sound = 5,       // frame, sound id | 0x4000 land | 0x8000 water
  FlipEffect = 6,  // frame, effect | 0x4000 left foot / 0x8000 right foot
};

struct CommandOperand {
  const char* key;    // JSON key and editor label
  bool frame = false; // an absolute frame in the file; users give it from the animation's first
  int min = -32768, max = 32767;  // users' range (frames: relative)
};

// A bit of the last operand. Flags of an exclusive set are one choice (`choice` names it).
struct CommandFlag {
  const char* key;  // "land"; for a choice, the chosen value ("left")
  std::uint16_t bit;
};

struct CommandType {
  std::uint16_t code;
  const char* key;    // "sound"
  const char* label;  // "sound"
  std::vector<CommandOperand> operands;
  std::vector<CommandFlag> flags;
  const char* choice = nullptr;  // the flags are one choice under this key ("foot"), not booleans
  // The last operand without its flag bits.
  std::uint16_t valueMask() const;
};

const std::vector<CommandType>& commandTypes();
const CommandType* commandType(std::uint16_t code);
const CommandType* commandType(const std::string& key);
// "unknown" for codes outside the table.
const char* commandName(std::uint16_t code);

struct Command {
  std::uint16_t code = 0;
  std::vector<std::int16_t> operands;
  friend bool operator==(const Command&, const Command&) = default;
};

// The id a sound command plays (its flags masked), if it is one.
std::optional<std::uint16_t> soundId(const Command& c);

struct CommandList {
  std::vector<Command> commands;
  std::size_t wordsUsed = 0;  // words the parsed commands cover
  bool complete = true;       // false when a command could not be parsed
  std::string problem;        // why parsing stopped
};

// Parses up to `count` commands from `words`.
CommandList parseCommands(std::span<const std::uint16_t> words, std::size_t count);

// How far commands parse from every word of a package, found in one pass from its end: whether
// a list of `count` commands from word `at` parses, and why not, in O(1). parseCommands walks
// the list, and a file can make 65,535 animations each claim 65,535 commands over the same
// words; checks over every animation (validation, quirks) ask this instead.
class CommandReach {
 public:
  explicit CommandReach(std::span<const std::uint16_t> words);
  // What parseCommands(words from `at`, count).problem says; empty when the list parses.
  std::string problem(std::size_t at, std::size_t count) const;
  // How many of `count` commands from word `at` parse (what parseCommands would walk).
  std::size_t parsable(std::size_t at, std::size_t count) const {
    return at < parsed_.size() ? std::min<std::size_t>(count, parsed_[at]) : 0;
  }
  // Commands that parse from word `at` before one fails: one less at each next command.
  std::uint32_t depth(std::size_t at) const { return at < parsed_.size() ? parsed_[at] : 0; }
  // The word after the command at `at` (which must parse: depth(at) > 0), and that command.
  std::size_t next(std::size_t at) const;
  Command commandAt(std::size_t at) const;
  // The word after `count` commands from `at` (count <= depth(at)), in O(log words): each
  // word's chain of next commands carries jump pointers (Myers' skew-binary ancestors).
  std::size_t end(std::size_t at, std::size_t count) const;

 private:
  std::vector<std::uint16_t> words_;
  std::vector<std::uint32_t> parsed_;  // commands that parse from each word before one fails
  std::vector<std::uint32_t> stop_;    // the word where that one starts (the size: the end)
  std::vector<std::uint32_t> jump_;    // a word further down the chain of next commands
};
std::vector<std::uint16_t> encodeCommands(const std::vector<Command>& commands);

}  // namespace wadsmith
