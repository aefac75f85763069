#include "model/game.h"

namespace wadsmith {
namespace {

constexpr GameTraits kGames[] = {
    {Game::TR1, "TR1", "tr1", true, false, SampleStore::Embedded, 256, false},
    {Game::TR2, "TR2", "tr2", true, true, SampleStore::MainSfx, 370, false},
    {Game::TR3, "TR3", "tr3", true, true, SampleStore::MainSfx, 370, false},
    {Game::TR4, "TR4", "tr4", false, false, SampleStore::Level, 370, true},
    {Game::TR5, "TR5", "tr5", false, false, SampleStore::Level, 450, false},
};

}  // namespace

const GameTraits& traits(Game g) {
  const auto i = static_cast<std::size_t>(g) - 1;
  return kGames[i < std::size(kGames) ? i : 3];
}

}  // namespace wadsmith
