// The mesh tree of a movable as records users edit: each bone after the first is one link record
// (flags, x, y, z dwords; model/geometry/poser.h reads them). An edit writes only the dwords it
// changes, in the movable's own run of the link package (copied first when another shares it).
#pragma once
#include <optional>
#include <vector>

#include "model/ops/fields.h"

namespace wadsmith::ops {

// Bit 0 of the flags pops the parent from the stack, bit 1 pushes it; other bits are kept.
struct BoneLink {
  std::int32_t flags = 0, x = 0, y = 0, z = 0;
  friend bool operator==(const BoneLink&, const BoneLink&) = default;
};
struct BoneChange {
  std::optional<std::int32_t> x, y, z;
  std::optional<bool> pop, push;
};

// Its fields (model/ops/fields.h): offset x, y, z from the parent; pop and push.
const std::vector<Field<BoneLink, BoneChange>>& boneFields();

// Bone b (1..meshes - 1) is element b - 1.
std::vector<BoneLink> boneLinks(const ObjectView& v, std::size_t movable);
BoneLink changedLink(BoneLink l, const BoneChange& c);
// Bone `bone` of the movable in `slot` changed.
Edited setBone(const Document& d, std::uint32_t slot, std::size_t bone, const BoneChange& c);
// Every bone at once (a skeleton import): refuses another bone count, naming both.
Edited setBones(const Document& d, std::uint32_t slot, const std::vector<BoneLink>& bones);

}  // namespace wadsmith::ops
