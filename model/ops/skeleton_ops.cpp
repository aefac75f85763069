#include "model/ops/skeleton_ops.h"

#include "model/runs.h"

namespace wadsmith::ops {

std::vector<BoneLink> boneLinks(const ObjectView& v, std::size_t movable) {
  const auto dwords = v.linkDwords(movable);
  std::vector<BoneLink> out;
  for (std::size_t i = 0; i + 3 < dwords.size(); i += 4) out.push_back({dwords[i], dwords[i + 1], dwords[i + 2], dwords[i + 3]});
  return out;
}

BoneLink changedLink(BoneLink l, const BoneChange& c) {
  l.x = c.x.value_or(l.x), l.y = c.y.value_or(l.y), l.z = c.z.value_or(l.z);
  if (c.pop) l.flags = *c.pop ? l.flags | 1 : l.flags & ~1;
  if (c.push) l.flags = *c.push ? l.flags | 2 : l.flags & ~2;
  return l;
}

Edited setBones(const Document& d, std::uint32_t slot, const std::vector<BoneLink>& bones) {
  const ObjectView v(objectsOf(d));
  const std::size_t movable = movableIndex(v, slot);
  const auto was = boneLinks(v, movable);
  if (was.size() + 1 != v.meshCount(movable))
    throw EditError("movable " + std::to_string(slot) + "'s link records run past the link package: its tree cannot be edited");
  if (bones.size() != was.size())
    throw EditError("the skeleton has " + std::to_string(bones.size() + 1) + " bones; movable " + std::to_string(slot) + " has " +
                    std::to_string(was.size() + 1));
  if (bones == was) return {d, {}};
  return {editDocument(d, [&](Draft& e) {
    const auto runs = ownerRuns<Movable>(*e.movables, &Movable::links);
    const Id seg = ownRun(e, e.links, runs, movable, [&](RunRef r) { e.movables.edit()[movable].links = r; });
    auto& dwords = e.items(e.links, seg);
    for (std::size_t b = 0; b < bones.size(); ++b) {
      const std::int32_t now[] = {bones[b].flags, bones[b].x, bones[b].y, bones[b].z};
      for (std::size_t i = 0; i < 4; ++i)
        if (dwords[4 * b + i] != now[i]) dwords[4 * b + i] = now[i];
    }
  })};
}

Edited setBone(const Document& d, std::uint32_t slot, std::size_t bone, const BoneChange& c) {
  const ObjectView v(objectsOf(d));
  auto bones = boneLinks(v, movableIndex(v, slot));
  if (bone == 0 || bone > bones.size())
    throw EditError("bone " + std::to_string(bone) + " has no link record (bones 1.." + std::to_string(bones.size()) +
                    " have; the root has none)");
  bones[bone - 1] = changedLink(bones[bone - 1], c);
  return setBones(d, slot, bones);
}

}  // namespace wadsmith::ops
