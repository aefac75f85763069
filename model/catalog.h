// Slot names of every game (TR1-5), TR4's sounds and Lara's states and animations (public
// facts, from model/catalog/*.csv; model/catalog/README.md says where each comes from).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "model/game.h"

namespace wadsmith::catalog {

std::optional<std::string> movableName(std::uint32_t slot, Game game = Game::TR4);
std::optional<std::string> staticName(std::uint32_t slot, Game game = Game::TR4);
std::optional<std::string> soundName(std::uint32_t id);
std::optional<std::string> laraStateName(std::uint32_t id);
std::optional<std::string> laraAnimationName(std::uint32_t id);
// Slot id of a movable or static by its catalog name in that game, or nullopt.
std::optional<std::uint32_t> movableSlot(const std::string& name, Game game = Game::TR4);
std::optional<std::uint32_t> staticSlot(const std::string& name, Game game = Game::TR4);

// A display name: the catalog's, or "MOVABLE_<id>" / "STATIC_<id>" for unknown slots.
std::string movableLabel(std::uint32_t slot, Game game = Game::TR4);
std::string staticLabel(std::uint32_t slot, Game game = Game::TR4);

}  // namespace wadsmith::catalog
