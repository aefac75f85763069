// TR4 slot, sound and Lara state/animation names (public facts, from model/catalog/*.csv).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace wadsmith::catalog {

std::optional<std::string> movableName(std::uint32_t slot);
std::optional<std::string> staticName(std::uint32_t slot);
std::optional<std::string> soundName(std::uint32_t id);
std::optional<std::string> laraStateName(std::uint32_t id);
std::optional<std::string> laraAnimationName(std::uint32_t id);
// Slot id of a movable by catalog name (for WAS pairing), or nullopt.
std::optional<std::uint32_t> movableSlot(const std::string& name);

// A display name: the catalog's, or "MOVABLE_<id>" / "STATIC_<id>" for unknown slots.
std::string movableLabel(std::uint32_t slot);
std::string staticLabel(std::uint32_t slot);

}  // namespace wadsmith::catalog
