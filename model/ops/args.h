// Reading an operation's arguments (model/ops/value.h) into what the edit functions take, with
// messages that name the field. Every number is range-checked before it is converted, so
// nothing is silently truncated; each refusal is an EditError.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/ops/command_ops.h"
#include "model/ops/fields.h"
#include "model/ops/value.h"

namespace wadsmith::ops {

class ArgReader {
 public:
  explicit ArgReader(const Args& args) : args_(args) {}
  // Given and not null; given, perhaps as null.
  bool has(std::string_view key) const { return given(key) && !args_.find(key)->second.isNull(); }
  bool given(std::string_view key) const { return args_.contains(key); }
  const Value& at(std::string_view key) const;  // throws: missing field
  std::int64_t integer(std::string_view key, std::int64_t min, std::int64_t max) const;
  // An index into something users address (objects, meshes, animations, faces, samples).
  std::size_t index(std::string_view key) const { return static_cast<std::size_t>(integer(key, 0, 0x7FFFFFFF)); }
  std::optional<std::size_t> optIndex(std::string_view key) const { return has(key) ? std::optional(index(key)) : std::nullopt; }
  std::uint32_t slot(std::string_view key) const { return static_cast<std::uint32_t>(integer(key, 0, 0xFFFFFFFFll)); }
  std::size_t soundId(std::string_view key) const { return static_cast<std::size_t>(integer(key, 0, 0x7FFF)); }
  double number(std::string_view key) const;
  bool boolean(std::string_view key) const;
  std::string text(std::string_view key, const char* what) const;
  std::vector<std::string> texts(std::string_view key, const char* what) const;
  // "movable" or "static": a slot.
  ObjectRef object() const;

  // The values a table's editable fields are given, set into an operation's change. A Fixed
  // field takes game units under its key or the stored 16.16 value under KEY_raw.
  template <class Record, class Change>
  Change fields(const std::vector<Field<Record, Change>>& table, bool wad = true) const {
    Change c{};
    for (const auto& field : table)
      if (auto value = fieldValue(field, wad)) field.set(c, *value);
    return c;
  }

 private:
  std::optional<double> fieldValue(const FieldInfo& field, bool wad) const;
  const Args& args_;
};

// A command as scripts give it: {"type": "sound", "frame": 3, "sound": 70, "land": true},
// {"type": "flipeffect", ..., "foot": "left"} (the command-type table, model/command.h).
CommandSpec commandSpec(const Value& command);
// The same from a command as stored (its flags on top of the last operand), a frame counted
// from `frameStart`.
Value commandValue(const Command& command, int frameStart);

}  // namespace wadsmith::ops
