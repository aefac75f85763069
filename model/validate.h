// Checks both front ends run: each finding has a location and is reported, never fixed.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/document.h"

namespace wadsmith {

struct Location {
  enum class Kind { Document, Movable, Static, Mesh };
  Kind kind = Kind::Document;
  std::uint32_t slot = 0;                    // Movable / Static
  std::optional<std::size_t> animation;      // index within the movable
  std::optional<std::size_t> stateChange;    // index within the animation
  std::optional<std::size_t> dispatch;       // index within the state change
  std::optional<std::size_t> mesh;           // mesh entry (Kind::Mesh) or mesh within the object
  std::optional<std::size_t> face;
  std::string text() const;
};

struct ValidationWarning {
  Location where;
  std::string what;
};

// Limits TRLE accepts: a triangle's texture word has 12 bits for the sample; 32 texture pages
// is the community-reported limit of TRLE's WAD loader (an assumption: no document states it).
constexpr std::size_t kTrleMaxSamples = 4096;
constexpr std::size_t kTrleMaxPages = 32;

std::vector<ValidationWarning> validate(const Document& doc);
// The mesh checks alone: vertex indices past the mesh, texture indices past `textures` (WAD
// samples or level object textures), shine where the engine crashes.
std::vector<ValidationWarning> validateMeshes(const ObjectTables& t, std::size_t textures, bool wadTextures);

}  // namespace wadsmith
