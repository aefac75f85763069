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

CommandList parseCommands(std::span<const std::uint16_t> words, std::size_t count) {
  CommandList out;
  std::size_t at = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (at >= words.size()) {
      out.complete = false;
      out.problem = "command " + std::to_string(i) + " runs past the command package";
      break;
    }
    const std::uint16_t code = words[at];
    const auto* type = commandType(code);
    if (!type) {
      out.complete = false;
      out.problem = "command " + std::to_string(i) + " has unknown code " + std::to_string(code);
      break;
    }
    const std::size_t n = type->operands.size();
    if (at + 1 + n > words.size()) {
      out.complete = false;
      out.problem = "command " + std::to_string(i) + " operands run past the command package";
      break;
    }
    Command c;
    c.code = code;
    for (std::size_t k = 0; k < n; ++k) c.operands.push_back(static_cast<std::int16_t>(words[at + 1 + k]));
    out.commands.push_back(std::move(c));
    at += 1 + n;
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

Command CommandReach::commandAt(std::size_t at) const {
  Command c;
  c.code = words_[at];
  for (std::size_t i = 1; i <= commandType(words_[at])->operands.size(); ++i) c.operands.push_back(static_cast<std::int16_t>(words_[at + i]));
  return c;
}

std::string CommandReach::problem(std::size_t at, std::size_t count) const {
  if (at > words_.size()) return "command 0 runs past the command package";
  if (count <= parsed_[at]) return {};
  // The same words parseCommands would give.
  const std::string i = "command " + std::to_string(parsed_[at]);
  const std::size_t s = stop_[at];
  if (s >= words_.size()) return i + " runs past the command package";
  if (!commandType(words_[s])) return i + " has unknown code " + std::to_string(words_[s]);
  return i + " operands run past the command package";
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
