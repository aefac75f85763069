#include "model/import/import.h"

#include <algorithm>

#include "model/object_view.h"

namespace wadsmith::import {

std::vector<std::uint32_t> genericSlots(bool movable) {
  std::vector<std::uint32_t> out;
  const std::uint32_t first = movable ? 427 : 0, last = movable ? 457 : 49, step = movable ? 2 : 1;
  for (std::uint32_t slot = first; slot <= last; slot += step) out.push_back(slot);
  return out;
}

std::optional<std::uint32_t> firstFreeSlot(const WadDocument& wad, bool movable, const std::vector<std::uint32_t>& also) {
  const ObjectView v(wad.objects);
  for (std::uint32_t slot : genericSlots(movable)) {
    if (std::find(also.begin(), also.end(), slot) != also.end()) continue;
    if (movable ? !v.findMovable(slot) : !v.findStatic(slot)) return slot;
  }
  return std::nullopt;
}

}  // namespace wadsmith::import
