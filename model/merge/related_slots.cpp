#include "model/merge/related_slots.h"

#include "model/catalog.h"

namespace wadsmith::merge {

namespace {

// TR4 slot ids (model/catalog/tr4_movables.csv).
constexpr std::uint32_t kLara = 0, kLaraSkin = 8, kLaraSkinJoints = 9;
constexpr std::uint32_t kMeshswap1 = 417, kMeshswap2 = 418, kMeshswap3 = 419;

ObjectRef movable(std::uint32_t slot) { return {ObjectKind::Movable, slot}; }

bool isWeaponAnimation(std::uint32_t s) { return (s >= 1 && s <= 7) || s == 28 || s == 29; }
// Slots whose meshes the engine swaps into Lara's (scream, lasers, holsters, speech heads,
// wet/dirty meshes): laid out on Lara's 15 meshes.
bool isLaraMeshSwap(std::uint32_t s) { return (s >= 10 && s <= 20) || (s >= 25 && s <= 27); }

// Mesh-swap sources the TR4 engine reads when it sets these objects up (their weapons and
// torches come from MESHSWAP meshes).
struct SwapUse {
  std::uint32_t slot, swap;
};
constexpr SwapUse kSwaps[] = {
    {37, kMeshswap2}, {38, kMeshswap2},                     // GUIDE, GUIDE_MIP
    {39, kMeshswap1}, {40, kMeshswap1},                     // VON_CROY, VON_CROY_MIP
    {41, kMeshswap3}, {42, kMeshswap3},                     // BADDY_1, BADDY_1_MIP
    {43, kMeshswap2}, {44, kMeshswap2}, {44, kMeshswap3},  // BADDY_2, BADDY_2_MIP
};

std::string nameOf(std::uint32_t slot) { return catalog::movableLabel(slot); }

}  // namespace

std::string describe(const ObjectRef& key) {
  if (key.kind == ObjectKind::Static) return "static " + std::to_string(key.slot) + " (" + catalog::staticLabel(key.slot) + ")";
  return "movable " + std::to_string(key.slot) + " (" + catalog::movableLabel(key.slot) + ")";
}

std::vector<SlotRelation> relatedSlots(const ObjectRef& key) {
  std::vector<SlotRelation> out;
  if (key.kind != ObjectKind::Movable) return out;
  const std::uint32_t s = key.slot;
  if (s == kLara) {
    out.push_back({movable(kLaraSkin), "Lara is drawn with the LARA_SKIN meshes"});
    out.push_back({movable(kLaraSkinJoints), "Lara's joints are drawn with the LARA_SKIN_JOINTS meshes"});
  }
  if (s == kLaraSkin || s == kLaraSkinJoints) {
    out.push_back({movable(kLara), nameOf(s) + " is posed by Lara's skeleton and animations"});
    out.push_back({movable(s == kLaraSkin ? kLaraSkinJoints : kLaraSkin), "LARA_SKIN and LARA_SKIN_JOINTS go together"});
  }
  if (isWeaponAnimation(s)) out.push_back({movable(kLara), nameOf(s) + " animates Lara's arms on her skeleton"});
  if (isLaraMeshSwap(s)) out.push_back({movable(kLara), nameOf(s) + " swaps meshes into Lara's"});
  for (const auto& u : kSwaps)
    if (u.slot == s) out.push_back({movable(u.swap), nameOf(s) + " takes meshes from " + nameOf(u.swap)});
  // NAME_MIP, one slot above NAME, is its distant version and uses NAME's animations.
  const std::string name = nameOf(s);
  const std::string mip = "_MIP";
  if (name.size() > mip.size() && name.compare(name.size() - mip.size(), mip.size(), mip) == 0) {
    if (s > 0 && nameOf(s - 1) + mip == name) out.push_back({movable(s - 1), name + " is drawn with " + nameOf(s - 1) + "'s animations"});
  } else if (nameOf(s + 1) == name + mip) {
    out.push_back({movable(s + 1), nameOf(s + 1) + " is " + name + "'s distant version"});
  }
  return out;
}

}  // namespace wadsmith::merge
