#include "model/foreign/pose.h"

namespace wadsmith::foreign {

std::vector<Rigid> poseFrame(const imported::Model& m, const imported::Frame& frame) {
  std::vector<Rigid> world(m.bones.size());
  for (std::size_t i = 0; i < m.bones.size(); ++i) {
    Quat q = i < frame.rotations.size() ? frame.rotations[i] : Quat{};
    if (i == 0) {
      world[i] = {q, frame.offset};
      continue;
    }
    int parent = m.bones[i].parent;
    const Rigid& p = parent >= 0 && static_cast<std::size_t>(parent) < i ? world[parent] : world[0];
    world[i] = p.then(Rigid{q, m.bones[i].offset});
  }
  return world;
}

}  // namespace wadsmith::foreign
