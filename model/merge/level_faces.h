// The faces of meshes a merge brings into a TR4 level, in the level's terms: a WAD face names a
// texture sample and how it lies on it (flip, triangle corner); a level face names an object
// texture that stores each corner's coordinates on a tile. Each distinct (tile, corners,
// triangle) becomes one object texture, the level's identical one reused where it has it; a new
// one takes a freed slot (level_replace.h) first, then goes after the table.
#pragma once
#include <functional>
#include <map>
#include <set>
#include <vector>

#include "model/level_document.h"
#include "model/texture.h"

namespace wadsmith::merge {

class LevelFaces {
 public:
  // `existing`: the level's object textures (tiles already renumbered); `tileOf`: the tile a
  // page of the merge's pages became; `freed`: slots of `existing` no face names any more.
  // `classicPixels` (TR1-3: the merge's pages) asks for TR1-3 records: no triangle flag or
  // sizes, the attribute 2 for additive faces, 1 where the sample has transparent texels (the
  // engines test them only then), else 0; faces without effects.
  LevelFaces(const std::vector<ObjectTexture>& existing, const std::vector<TextureSample>& samples,
             std::function<int(int)> tileOf, const TexturePages* classicPixels = nullptr, std::set<std::uint16_t> freed = {});

  // The merged mesh package in level terms: entries the level had (same id) as they were,
  // new ones with level faces.
  Shared<std::vector<MeshEntry>> levelMeshes(const std::vector<MeshEntry>& level, const std::vector<MeshEntry>& merged);
  // The object texture table with the new records in freed slots, then appended.
  std::vector<ObjectTexture> textures() const;

  // refilled: of the added, those in freed slots; drawnAgain: freed records a new face names.
  std::size_t added = 0, reused = 0, refilled = 0, drawnAgain = 0;

 private:
  Mesh levelMesh(const Mesh& wad);
  std::uint16_t objectTexture(const Polygon& p);
  std::uint16_t classicAttribute(const Polygon& p, std::size_t sample);

  const std::vector<ObjectTexture>& existing_;
  const std::vector<TextureSample>& samples_;
  std::function<int(int)> tileOf_;
  const TexturePages* classicPixels_;
  std::map<std::size_t, bool> transparent_;  // by sample (TR1-3)
  std::map<std::vector<std::uint8_t>, std::uint16_t> index_;  // a record's fields -> its index
  std::vector<ObjectTexture> new_;
  std::set<std::uint16_t> free_;
  std::map<std::uint16_t, ObjectTexture> placed_;  // new records in freed slots
};

}  // namespace wadsmith::merge
