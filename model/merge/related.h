// Slots that go together: Lara is drawn with LARA_SKIN and LARA_SKIN_JOINTS, weapon and other
// Lara animation/mesh-swap slots follow Lara's skeleton, the baddies swap meshes from
// MESHSWAP1/2, and a MIP version sits one slot above its object (NAME_MIP).
#pragma once
#include <cstdint>
#include <vector>

namespace wadsmith::merge {

// Slots an object in `slot` needs in the same WAD.
std::vector<std::uint32_t> relatedSlots(std::uint32_t slot);

}  // namespace wadsmith::merge
