// Slot and sound names of every game (TR1-5) and Lara's states and animations (public
// facts, from model/catalog/*.csv; model/catalog/README.md says where each comes from).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/game.h"

namespace wadsmith::catalog {

std::optional<std::string> movableName(std::uint32_t slot, Game game = kWadGame);
std::optional<std::string> staticName(std::uint32_t slot, Game game = kWadGame);
// A sound's name in a game's numbering (model/catalog/trN_sounds.csv), and the id of a name.
std::optional<std::string> soundName(std::uint32_t id, Game game = kWadGame);
std::optional<std::uint32_t> soundId(const std::string& name, Game game = kWadGame);
std::optional<std::string> laraStateName(std::uint32_t id);
std::optional<std::string> laraAnimationName(std::uint32_t id);
// Sound ids the TR4 engine plays for a movable slot from its code rather than from animation
// commands (model/catalog/tr4_engine_sounds.csv). Source: the TR4 decompilation
// (github.com/Trxyebeep/TOMB4, TOMB4/game/): croc.cpp UpdateLocusts (LOCUST_EMITTER:
// LOCUSTS_LOOP), sentrygun.cpp AutogunControl (SENTRY_GUN: EXPLOSION1, EXPLOSION2, AUTOGUNS),
// clockworkbeetle.cpp ControlClockworkBeetle (CLOCKWORK_BEETLE: BEETLE_CLK_WHIRR, BEETLE_CLK_EXP).
// The enemies read there (dog, croc, raghead = BADDY_1/2, harpy, sas) play their sounds only
// through animation commands. Slots not listed play none from code as far as was checked.
std::vector<std::uint16_t> engineSounds(std::uint32_t slot);
// Slot id of a movable or static by its catalog name in that game, or nullopt.
std::optional<std::uint32_t> movableSlot(const std::string& name, Game game = kWadGame);
std::optional<std::uint32_t> staticSlot(const std::string& name, Game game = kWadGame);

// TombEngine's movable slots (model/catalog/tombengine_movables.csv): their ids are not TR4's.
std::optional<std::string> tombEngineMovableName(std::uint32_t slot);

// Sprite sequences, whose slots sit among the movables' ids: TR4's and TR5's from
// model/catalog/tr4_sprites.csv and tr5_sprites.csv, TR1-3's from their movable tables (a
// pickup's sprite is a sequence there); TombEngine's from tombengine_sprites.csv.
std::optional<std::string> spriteSequenceName(std::uint32_t slot, Game game = kWadGame);
std::optional<std::uint32_t> spriteSequenceSlot(const std::string& name, Game game = kWadGame);
std::optional<std::string> tombEngineSpriteSequenceName(std::uint32_t slot);
std::optional<std::uint32_t> tombEngineSpriteSequenceSlot(const std::string& name);
// The sequence's name, or "SPRITES_<id>".
std::string spriteSequenceLabel(std::uint32_t slot, Game game = kWadGame);

// A movable the TR4 engine draws with another slot's meshes (model/catalog/tr4_mesh_swaps.csv):
// its skeleton and animations with the meshes of `meshes`, the joint meshes of `joints` welded
// between them and the hair of `hair` (slot names; empty when none), except the bones that keep
// the movable's own mesh.
struct MeshSwap {
  std::string meshes, joints, hair;
  std::vector<std::size_t> ownBones;
  bool ownWhereFilled = false;  // every bone whose own mesh has faces keeps it (MESH_SWAP1-3)
};
std::optional<MeshSwap> meshSwap(const std::string& movable);

// A display name: the catalog's, or "MOVABLE_<id>" / "STATIC_<id>" for unknown slots.
std::string movableLabel(std::uint32_t slot, Game game = kWadGame);
std::string staticLabel(std::uint32_t slot, Game game = kWadGame);

}  // namespace wadsmith::catalog
