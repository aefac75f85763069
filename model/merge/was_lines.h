// Keeping a destination's .WAS in step with merged objects: a line per new object, in slot
// order among the movable and sprite lines, or among the static lines.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/wad_document.h"

namespace wadsmith::merge {

class WasEditor {
 public:
  explicit WasEditor(const WadDocument& destination);
  // Adds the line for an object and returns the name it got (the source's .WAS name, else the
  // slot catalog's; a standard name follows a change of slot).
  std::string addMovable(const WadDocument& source, long sourceLine, std::uint32_t sourceSlot, std::uint32_t slot);
  std::string addStatic(const WadDocument& source, long sourceLine, std::uint32_t sourceSlot, std::uint32_t slot);
  // The edited .WAS, or null when the destination had none.
  Shared<WasFile> result() const;

 private:
  enum class Kind { Movable, Sprite, Static, Other };
  struct Entry {
    Kind kind;
    std::uint32_t slot;
  };
  std::string lineFor(const WadDocument& source, long sourceLine, std::uint32_t sourceSlot, std::uint32_t slot,
                      bool movable) const;
  void insert(std::size_t at, std::string text, Kind kind, std::uint32_t slot);

  std::optional<WasFile> was_;
  std::vector<Entry> entries_;  // one per line
};

}  // namespace wadsmith::merge
