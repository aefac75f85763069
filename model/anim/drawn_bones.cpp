#include "model/anim/drawn_bones.h"

#include <algorithm>

namespace wadsmith::anim {

std::optional<std::size_t> movableNamed(const ObjectView& v, Game game, const std::string& name) {
  if (name.empty()) return std::nullopt;
  auto slot = catalog::movableSlot(name, game);
  return slot ? v.findMovable(*slot) : std::nullopt;
}

DrawnBones drawnBones(const ObjectView& v, Game game, std::size_t movable, bool ownMeshes) {
  DrawnBones out;
  out.meshes = v.movableMeshes(movable);
  out.swapped.assign(out.meshes.size(), false);
  const auto name = catalog::movableName(v.movables()[movable].objectId, game);
  auto swap = name && game == Game::TR4 ? catalog::meshSwap(*name) : std::nullopt;
  const auto skin = swap ? movableNamed(v, game, swap->meshes) : std::nullopt;
  if (!skin || *skin == movable) return out;
  out.swap = std::move(swap);
  out.skin = *skin;
  if (ownMeshes) return out;
  const auto skinMeshes = v.movableMeshes(*skin);
  const auto& own = out.swap->ownBones;
  for (std::size_t b = 0; b < out.meshes.size() && b < skinMeshes.size(); ++b) {
    const bool filled = out.meshes[b].mesh && !out.meshes[b].mesh->polygons.empty();
    if (std::find(own.begin(), own.end(), b) != own.end() || (out.swap->ownWhereFilled && filled)) continue;
    out.meshes[b] = skinMeshes[b];
    out.swapped[b] = true;
  }
  return out;
}

}  // namespace wadsmith::anim
