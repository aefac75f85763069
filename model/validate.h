// Checks both front ends run: each finding has a location and is reported, never fixed.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/document.h"
#include "model/object_ref.h"

namespace wadsmith {

// Where a finding is: an object (with its animation, state change, dispatch, mesh and face
// when they apply), a mesh entry of the package, or the document.
struct Location {
  std::optional<ObjectRef> object;
  std::optional<std::size_t> meshEntry;      // a mesh of the package, whoever uses it
  std::optional<std::size_t> animation;      // index within the movable
  std::optional<std::size_t> stateChange;    // index within the animation
  std::optional<std::size_t> dispatch;       // index within the state change
  std::optional<std::size_t> mesh;           // mesh within the object
  std::optional<std::size_t> face;
  std::optional<std::size_t> soundId, soundInfo, sample;  // the sounds (sample: a .SAM line)
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

// What validation may look up outside the document: whether a sample's WAV exists (in the
// TRLE samples folder), when a folder is known.
struct ValidationOptions {
  std::function<bool(const std::string& wavName)> sampleExists;
};

std::vector<ValidationWarning> validate(const Document& doc, const ValidationOptions& options = {});
// The sound checks alone: played ids without an info, ids past the map (TRLE's 370 ids in a
// version 129 WAD), infos past the table, more samples than TRLE's 4 bits hold, samples past
// the list, WAVs missing from the samples folder, an unreadable .SFX.
std::vector<ValidationWarning> validateSounds(const Document& doc, const ValidationOptions& options = {});
// The mesh checks alone: vertex indices past the mesh, texture indices past `textures` (WAD
// samples or level object textures), shine where the engine crashes.
std::vector<ValidationWarning> validateMeshes(const ObjectTables& t, std::size_t textures, bool wadTextures);

}  // namespace wadsmith
