// Which Tomb Raider game a level belongs to. The games share the object tables and most
// records; where a layout differs, the codecs and converters ask the game.
#pragma once
#include <cstdint>
#include <string>

namespace wadsmith {

enum class Game : std::uint8_t { TR1 = 1, TR2, TR3, TR4, TR5 };

// TR1-3: 8/16-bit tiles in the file, 32-byte animations, meshes with coloured faces.
inline bool isClassic(Game g) { return g <= Game::TR3; }
inline std::string gameName(Game g) { return "TR" + std::to_string(static_cast<int>(g)); }

}  // namespace wadsmith
