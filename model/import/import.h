// Importing models from other engines or 3D files into a WAD in one call: buildWad (build.h)
// turns them into records at the slots asked for, and mergeObjects (model/merge/merge.h) brings
// those into the destination (texture samples packed into its pages, identical pixels reused),
// as one document operation: the destination is untouched on any error.
//
//   imported::Model golem = ...;                      // a converter's output
//   import::Request req;
//   req.objects.push_back({&golem, 427});             // ANIMATING1
//   req.sourceLabel = "golem.mdl";                    // for the new .WAS line
//   auto result = import::importObjects(dst, req);    // throws BuildError / merge::MergeError
//   // result.merge.doc: the new WAD; result.notes: what the converter and builder chose
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/import/build.h"
#include "model/merge/merge.h"

namespace wadsmith::import {

struct Request {
  std::vector<Placement> objects;  // each model at its TR4 slot
  bool replace = false;            // an occupied slot: the destination's object goes
  std::string sourceLabel;         // the path a new .WAS line names
  BuildOptions build;
};

struct Result {
  merge::Result merge;
  Built built;                     // the intermediate WAD and the builder's measurements
  std::vector<std::string> notes;  // reportLines of every model, in request order
};

Result importObjects(const WadDocument& destination, const Request& request);

// The first slot of `kind` free in `wad` that a builder would pick for an object with no slot
// of its own: movables ANIMATING1..ANIMATING16 (427, 429... 457: the engine's generic
// animated objects), statics 0..49 (PLANT0..DEBRIS9; the SHATTER slots break when shot).
// `also` lists slots already promised to other objects of the same request.
std::optional<std::uint32_t> firstFreeSlot(const WadDocument& wad, bool movable, const std::vector<std::uint32_t>& also = {});

}  // namespace wadsmith::import
