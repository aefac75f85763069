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
  const std::uint32_t first = movable ? 427 : 0, last = movable ? 457 : 49, step = movable ? 2 : 1;
  for (std::uint32_t slot = first; slot <= last; slot += step)
    if (free(slot)) return slot;
  return std::nullopt;
}

}  // namespace wadsmith::import
