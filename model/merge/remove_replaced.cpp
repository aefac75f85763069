#include "model/merge/remove_replaced.h"

#include <set>

#include "model/ops/remove_objects.h"
#include "model/texture_word.h"

namespace wadsmith::merge {

Removal removeReplaced(Draft& d, const std::vector<ObjectRef>& keys) {
  Removal out;
  const auto removed = ops::removeObjects(d, keys);
  if (removed.sharedAnimationBlocks)
    out.warnings.push_back(std::to_string(removed.sharedAnimationBlocks) +
                           " removed movables share their animations with another movable: those stay");

  // Texture samples only the removed meshes named.
  const std::size_t sampleCount = d.samples->size();
  auto samplesOf = [&](const MeshEntry& entry, std::set<std::size_t>& into) {
    if (!entry.mesh) return;
    for (const auto& p : entry.mesh->polygons)
      if (auto s = WadTextureWord::decode(p.texture, p.quad).sample; s < sampleCount) into.insert(s);
  };
  std::set<std::size_t> usedByRemoved, usedByKept;
  for (const auto& entry : removed.meshes) samplesOf(entry, usedByRemoved);
  for (const auto& entry : *d.meshes) samplesOf(entry, usedByKept);
  std::vector<long> sampleMap(sampleCount);
  std::vector<TextureSample> keptSamples;
  for (std::size_t s = 0; s < sampleCount; ++s) {
    if (usedByRemoved.count(s) && !usedByKept.count(s)) {
      sampleMap[s] = -1;
      out.freedSamples.push_back((*d.samples)[s]);
    } else {
      sampleMap[s] = static_cast<long>(keptSamples.size());
      keptSamples.push_back((*d.samples)[s]);
    }
  }
  if (out.freedSamples.empty()) return out;
  d.samples.edit() = std::move(keptSamples);
  for (auto& entry : d.meshes.edit()) {
    if (!entry.mesh) continue;
    Mesh m = *entry.mesh;
    bool changed = false;
    for (auto& p : m.polygons) {
      auto w = WadTextureWord::decode(p.texture, p.quad);
      if (w.sample >= sampleCount || sampleMap[w.sample] < 0 || sampleMap[w.sample] == w.sample) continue;
      w.sample = static_cast<std::uint16_t>(sampleMap[w.sample]);
      p.texture = w.encode(p.quad);
      changed = true;
    }
    if (changed) entry.mesh = share<Mesh>(std::move(m));
  }
  return out;
}

WadDocument removeReplaced(const WadDocument& doc, const std::vector<ObjectRef>& keys) {
  Draft d(doc);
  removeReplaced(d, keys);
  return d.wadResult();
}

}  // namespace wadsmith::merge
