#include "model/import/import.h"

#include <algorithm>

#include "model/object_view.h"

namespace wadsmith::import {

std::optional<std::uint32_t> firstFreeSlot(const WadDocument& wad, bool movable, const std::vector<std::uint32_t>& also) {
  const ObjectView v(wad.objects);
  auto free = [&](std::uint32_t slot) {
    if (std::find(also.begin(), also.end(), slot) != also.end()) return false;
    return movable ? !v.findMovable(slot).has_value() : !v.findStatic(slot).has_value();
  };
  if (movable) {
    for (std::uint32_t slot = 427; slot <= 457; slot += 2)
      if (free(slot)) return slot;
  } else {
    for (std::uint32_t slot = 0; slot < 50; ++slot)
      if (free(slot)) return slot;
  }
  return std::nullopt;
}

}  // namespace wadsmith::import
