// EverQuest models to the common float form (model/imported.h): an actor with a skeleton
// becomes a movable (one mesh per skeleton piece, the piece tree as the mesh tree, every
// animation's tracks as frames), an actor with a plain mesh, or a mesh no actor uses, a static.
// Axes change from EverQuest's (x forward, y left, z up) to TR's; units scale by `scale`.
#pragma once
#include <string>
#include <vector>

#include "model/foreign/eq_wld.h"
#include "model/foreign/texture_source.h"
#include "model/imported.h"

namespace wadsmith::eq {

// EverQuest humanoids stand about 6 units tall; 128 makes them about Lara's height (762).
constexpr float kDefaultScale = 128;

struct ConvertOptions {
  float scale = kDefaultScale;  // TR units per EverQuest unit
  bool floor = true;            // stand the rest pose on y = 0 (EverQuest centres characters)
};

struct ModelSource {
  enum class Kind { SkeletalActor, MeshActor, LooseMesh };
  Kind kind = Kind::MeshActor;
  std::size_t fragment = 0;  // the 0x14 actor or the loose 0x36 mesh
  std::string name;          // the fragment's name, what a user asks for
  bool movable() const { return kind == Kind::SkeletalActor; }
};

// Models in file order: actors (0x14) whose reference is a skeleton (0x11) or a mesh (0x2D),
// then, in files without BSP regions, meshes (0x36) without vertex pieces that nothing uses.
std::vector<ModelSource> findModels(const World& world);

// Throws foreign::ConvertError naming the fragment when references do not fit.
imported::Model convertModel(const World& world, const ModelSource& source, const ConvertOptions& options,
                             const foreign::TextureSource& textures);

}  // namespace wadsmith::eq
