#include "model/wad2/document.h"

namespace wadsmith::wad2 {

const char* gameName(std::int64_t g) {
  switch (g) {
    case game::kTR1: return "TR1";
    case game::kTR2: return "TR2";
    case game::kTR3: return "TR3";
    case game::kTR4: return "TR4";
    case game::kTR5: return "TR5";
    case game::kTR1X: return "TR1X";
    case game::kTR2X: return "TR2X";
    case game::kTRNG: return "TRNG";
    case game::kTombEngine: return "TombEngine";
    default: return "unknown";
  }
}

bool operator==(const Movable& a, const Movable& b) {
  return a.objectId == b.objectId && sameParts(a.meshes, b.meshes) && samePart(a.skin, b.skin) && a.bones == b.bones &&
         sameParts(a.animations, b.animations) && a.lua == b.lua;
}

bool operator==(const Static& a, const Static& b) {
  return a.version == b.version && a.objectId == b.objectId && a.flags == b.flags &&
         a.legacyLighting == b.legacyLighting && samePart(a.mesh, b.mesh) && a.ambientLight == b.ambientLight &&
         a.shatter == b.shatter && a.shatterSound == b.shatterSound && a.lights == b.lights &&
         a.visibilityMin == b.visibilityMin && a.visibilityMax == b.visibilityMax && a.collisionMin == b.collisionMin &&
         a.collisionMax == b.collisionMax && a.lua == b.lua;
}

bool Document::sameStream(const Document& o) const {
  return game == o.game && soundSystem == o.soundSystem && sameParts(textures, o.textures) &&
         sameParts(sprites, o.sprites) && sequences == o.sequences && sameParts(movables, o.movables) &&
         sameParts(statics, o.statics) && metadata == o.metadata && animatedTextures == o.animatedTextures;
}

}  // namespace wadsmith::wad2
