// Which Tomb Raider game a level belongs to, and what sets the games apart, as data: one traits
// entry per game (model/game.cpp). Code asks a trait ("are its samples in MAIN.SFX?"), never
// which game it is; how each game lays out its files is its entry in io/level_layout.h.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace wadsmith {

enum class Game : std::uint8_t { TR1 = 1, TR2, TR3, TR4, TR5 };

// WADs hold TR4 objects: their slots are named by TR4's catalog.
constexpr Game kWadGame = Game::TR4;

// Where the samples a level's sound details name are.
enum class SampleStore : std::uint8_t {
  Embedded,  // TR1: WAVE files in the level data; a sample index is a byte offset into them
  MainSfx,   // TR2/3: the game's MAIN.SFX; a sample index is the number of a WAVE file in it
  Level,     // TR4/5: after the level data, one by one
};

struct GameTraits {
  Game game;
  const char* name;    // "TR1"
  const char* format;  // "tr1", as `info` and `dump` name the file's format
  // TR1-3: meshes with coloured faces and no effects word, 32-byte animations, textures as
  // palettes and 8/16-bit tiles in the file (model/level_textures.h).
  bool classic;
  // TR2/3: 16-bit tiles and a 16-bit palette, which coloured faces index by their high byte;
  // TR1 draws its 8-bit tiles through the palette in its level data, indexed by the low byte.
  bool tiles16;
  SampleStore samples;
  std::uint16_t soundMapLength;  // the retail sound map (TRNG levels have more entries)
  // TR4: slots and sound ids numbered as a WAD's; another game's are its own numbering (its
  // sound infos would land on TR4 sounds of the same number).
  bool wadIds;
};

const GameTraits& traits(Game g);

inline bool isClassic(Game g) { return traits(g).classic; }
inline std::string gameName(Game g) { return traits(g).name; }
// A source's game: a WAD (no game) numbers as kWadGame does.
inline const GameTraits& traits(std::optional<Game> g) { return traits(g.value_or(kWadGame)); }
// Whether a source of game `from` numbers its slots, sound ids and samples as a level of `to`:
// the same game (its levels share one numbering and, TR2/3, one MAIN.SFX).
inline bool sameNumbering(std::optional<Game> from, Game to) { return to == traits(from).game; }

}  // namespace wadsmith
