#include "model/command.h"

namespace wadsmith {

std::uint16_t CommandType::valueMask() const {
  std::uint16_t mask = 0xFFFF;
  for (const auto& f : flags) mask = static_cast<std::uint16_t>(mask & ~f.bit);
  return mask;
}

const std::vector<CommandType>& commandTypes() {
  // Sound and flipeffect values are 14 bits: the top two are the flags.
  static const std::vector<CommandType> table = {
      {1, "set_position", "set position", {{"x"}, {"y"}, {"z"}}, {}},
      {2, "jump", "jump", {{"vertical"}, {"horizontal"}}, {}},
      {3, "empty_hands", "empty hands", {}, {}},
      {4, "kill", "kill", {}, {}},
      {5, "sound", "sound", {{"frame", true}, {"sound", false, 0, 0x3FFF}}, {{"land", 0x4000}, {"water", 0x8000}}},
      {6, "flipeffect", "flipeffect", {{"frame", true}, {"effect", false, 0, 0x3FFF}}, {{"left", 0x4000}, {"right", 0x8000}}, "foot"},
  };
  return table;
}

const CommandType* commandType(std::uint16_t code) {
  for (const auto& t : commandTypes())
    if (t.code == code) return &t;
  return nullptr;
}

const CommandType* commandType(const std::string& key) {
  for (const auto& t : commandTypes())
    if (key == t.key) return &t;
  return nullptr;
}

const char* commandName(std::uint16_t code) {
  const auto* t = commandType(code);
  return t ? t->key : "unknown";
}

std::optional<std::uint16_t> soundId(const Command& c) {
  const auto* t = commandType(c.code);
  if (c.code != static_cast<std::uint16_t>(CommandCode::Sound) || c.operands.size() < 2) return std::nullopt;
  return static_cast<std::uint16_t>(static_cast<std::uint16_t>(c.operands[1]) & t->valueMask());
}

namespace {

// Why command `i`, at word `at`, does not parse; none when it does.
std::optional<std::string> unparsable(std::span<const std::uint16_t> words, std::size_t at, std::size_t i) {
  const auto* type = at < words.size() ? commandType(words[at]) : nullptr;
  if (type && at + 1 + type->operands.size() <= words.size()) return std::nullopt;
  const std::string c = "command " + std::to_string(i);
  if (at >= words.size()) return c + " runs past the command package";
  if (!type) return c + " has unknown code " + std::to_string(words[at]);
  return c + " operands run past the command package";
}

// The command at word `at`, which parses.
Command commandIn(std::span<const std::uint16_t> words, std::size_t at) {
  Command c{.code = words[at]};
  for (std::size_t i = 1; i <= commandType(words[at])->operands.size(); ++i)
    c.operands.push_back(static_cast<std::int16_t>(words[at + i]));
  return c;
}

}  // namespace

CommandList parseCommands(std::span<const std::uint16_t> words, std::size_t count) {
  CommandList out;
  std::size_t at = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (auto problem = unparsable(words, at, i)) {
      out.complete = false;
      out.problem = std::move(*problem);
      break;
    }
    out.commands.push_back(commandIn(words, at));
    at += 1 + out.commands.back().operands.size();
  }
  out.wordsUsed = at;
  return out;
}

CommandReach::CommandReach(std::span<const std::uint16_t> words)
    : words_(words.begin(), words.end()), parsed_(words.size() + 1, 0), stop_(words.size() + 1), jump_(words.size() + 1) {
  const std::size_t n = words.size();
  stop_[n] = jump_[n] = static_cast<std::uint32_t>(n);
  for (std::size_t p = n; p-- > 0;) {
    stop_[p] = jump_[p] = static_cast<std::uint32_t>(p);
    const auto* type = commandType(words[p]);
    if (!type || p + 1 + type->operands.size() > n) continue;
    const std::size_t next = p + 1 + type->operands.size();
    parsed_[p] = parsed_[next] + 1;
    stop_[p] = stop_[next];
    // Jump as far as the next command's jump goes again when its two jumps are equally long.
    const std::uint32_t j = jump_[next], jj = jump_[j];
    jump_[p] = parsed_[next] - parsed_[j] == parsed_[j] - parsed_[jj] ? jj : static_cast<std::uint32_t>(next);
  }
}

std::size_t CommandReach::end(std::size_t at, std::size_t count) const {
  const std::size_t depth = parsed_[at] - count;  // the depth of the word after the last command
  while (parsed_[at] > depth) at = parsed_[jump_[at]] >= depth ? jump_[at] : next(at);
  return at;
}

std::size_t CommandReach::next(std::size_t at) const {
  return at + 1 + commandType(words_[at])->operands.size();
}

Command CommandReach::commandAt(std::size_t at) const { return commandIn(words_, at); }

std::string CommandReach::problem(std::size_t at, std::size_t count) const {
  if (at > words_.size()) return "command 0 runs past the command package";
  if (count <= parsed_[at]) return {};
  return unparsable(words_, stop_[at], parsed_[at]).value_or("");  // the same words parseCommands gives
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
