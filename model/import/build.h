// The one builder from the common float form (model/imported.h) to WAD records: every foreign
// source (EverQuest, 3D GameStudio, glTF, OBJ, FBX...) converts to imported::Model, and this
// turns models into a WAD document of their own (a merge source) that mergeObjects
// (model/merge/merge.h) then brings into a destination like any WAD's objects (the one use case
// that does both: editor/usecases/bring_in.h).
//
// What it makes, per model:
// - Meshes: vertices rounded to TR's 16-bit units; faces as WAD triangles and quads, each with
//   a texture sample; normals from the model (scaled to the files' 16300) or recomputed
//   (ops::computeNormals) when it has none; shades where the model gives them; the bounding
//   sphere the original files store.
// - Texture samples on pages of the built WAD (the merge packs them into the destination's
//   pages, reusing identical pixels there): a face whose coordinates are the corners of an
//   axis-aligned rectangle of its image takes that rectangle as it is; any other face gets a
//   sample resampled so the WAD's corner mapping shows what its coordinates show (triangles
//   exactly: an affine map; quads bilinearly). Identical samples are one. Alpha 0 becomes
//   magenta (TR's transparent colour); an opaque pixel that is magenta is nudged to (254, 0,
//   254). A face without an image gets a solid sample of its colour. Translucent faces get the
//   additive attribute; double-sided faces a second face back to back.
// - A movable: the mesh tree as link records (meshes put in depth-first order when the model
//   lists them otherwise), each animation's frames as keyframes (rotations as the closest TR
//   rotation word, one-axis or three-axis; the root offset; the frame's bounding box), frames
//   played at 30 per second: frameDuration = 30 / the animation's rate when that is whole,
//   else the frames are resampled (slerp) at the nearest whole duration, the first and last
//   frames kept (the animation's length changes by less than half a keyframe, reported). Each animation loops
//   onto itself (next animation itself, next frame its first), has state id = its index and
//   no state changes: the engine plays animation 0 and a trigger or script that sets another
//   animation finds it looping. A model without animations gets one, "rest", of one keyframe.
// - A static: its first mesh, visibility and collision boxes from the vertices.
//
// Nothing is clamped silently: a value past TR's limits (16-bit vertices, offsets and boxes,
// mesh, face and keyframe sizes, sample indices) throws BuildError naming the model, mesh,
// vertex or frame, before anything is built.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/imported.h"
#include "model/wad_document.h"

namespace wadsmith::import {

class BuildError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One model and the slot it takes in the built WAD (its TR4 movable or static slot).
struct Placement {
  const imported::Model* model = nullptr;
  std::uint32_t slot = 0;
};

struct BuildOptions {
  bool recomputeNormals = false;    // ignore the model's normals
  int maxSampleSize = 256;           // a resampled face's sample is at most this wide and high
  // A model that reaches past TR's 16-bit units (vertices, offsets, posed extents) is scaled
  // down uniformly until it fits, and the report says by how much; off, such a model is a
  // BuildError. For sources whose scale the user did not choose.
  bool fitToRange = false;
};

// What the builder measured, per model (the merge report prints these as notes).
struct ModelReport {
  std::string name;
  bool movable = true;
  std::size_t meshes = 0, vertices = 0, faces = 0;
  std::size_t facesCut = 0;        // a rectangle of their image as it is
  std::size_t facesResampled = 0;  // a sample resampled from their coordinates
  std::size_t facesSolid = 0;      // no image: a solid sample
  std::size_t facesBackAdded = 0;  // back faces for double-sided faces
  std::size_t samples = 0;         // distinct samples after identical ones are merged
  std::size_t magentaNudged = 0, partialAlpha = 0;  // pixels
  std::size_t keyframes = 0, rotations = 0, oneAxisRotations = 0;
  double maxRotationError = 0, meanRotationError = 0;  // degrees, quantized word against the float rotation
  double maxPositionError = 0;  // TR units: a vertex posed from the words against the float pose
  std::string worstPositionAt;  // "animation A frame F mesh M"
  double fittedScale = 1;         // < 1 when fitToRange scaled the model down
  std::vector<std::string> notes;
};

struct Built {
  WadDocument wad;  // the placed models only, at their slots; samples on their own pages
  std::vector<ModelReport> models;
};

// Throws BuildError (limits, bad placements) before anything is built.
Built buildWad(const std::vector<Placement>& placements, const BuildOptions& options = {});

// The report as lines: the model's converter notes first, then what the builder chose and
// measured ("model X: 3 meshes, 120 faces: 80 cut, 30 resampled, ...").
std::vector<std::string> reportLines(const imported::Model& model, const ModelReport& report);

}  // namespace wadsmith::import
