#include "model/merge/related.h"

#include "model/catalog.h"

namespace wadsmith::merge {

namespace {
constexpr std::uint32_t kLara = 0, kLaraSkin = 8, kLaraSkinJoints = 9;

// Slots drawn on Lara's skeleton: weapon animations (1-7, crowbar 28, torch 29), the skins,
// screams, lasers, holsters, speech heads, the water/petrol/dirt meshes and the hair.
bool onLarasSkeleton(std::uint32_t slot) {
  return (slot >= 1 && slot <= 20) || (slot >= 25 && slot <= 30);
}
}  // namespace

std::vector<std::uint32_t> relatedSlots(std::uint32_t slot) {
  std::vector<std::uint32_t> out;
  if (slot == kLara) out = {kLaraSkin, kLaraSkinJoints};
  if (onLarasSkeleton(slot)) out.push_back(kLara);
  if (slot == kLaraSkin) out.push_back(kLaraSkinJoints);
  if (slot == kLaraSkinJoints) out.push_back(kLaraSkin);
  // BADDY_1 and BADDY_2 swap weapon meshes from MESHSWAP1 / MESHSWAP2.
  if (slot == 41) out.push_back(417);
  if (slot == 43) out.push_back(418);
  // NAME and NAME_MIP.
  auto name = catalog::movableName(slot);
  auto above = catalog::movableName(slot + 1);
  if (name && above && *above == *name + "_MIP") out.push_back(slot + 1);
  if (name && name->size() > 4 && name->ends_with("_MIP") && slot > 0) {
    auto below = catalog::movableName(slot - 1);
    if (below && *below + "_MIP" == *name) out.push_back(slot - 1);
  }
  return out;
}

}  // namespace wadsmith::merge
