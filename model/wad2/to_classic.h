// A wad2 document as a classic TR4 WAD: every movable and static through the common float
// form (model/wad2/to_imported.h) and import::buildWad, then what the common form has no field
// for put into the built records as TombLib's level compiler writes them (Compilers/Wad.cs):
// state ids, velocities as 16.16 speed and acceleration, frame ranges (end frame clamped to
// the keyframes), next animations and frames, state changes and dispatches (those naming no
// animation dropped), commands (frames made absolute, conditions packed into the id; types TR4
// lacks dropped), keyframe boxes (clamped, truncated) and offsets (clamped, rounded half to
// even), mesh spheres, shine (clamped to the WAD's 31; none on shaded meshes), static boxes
// and flags. Objects take the TR4 slots model/wad2/slots.h chooses (by name for other games).
// The report says, per object, what the conversion changed and what a classic WAD cannot hold.
#pragma once
#include <string>
#include <vector>

#include "model/import/build.h"
#include "model/wad2/document.h"
#include "model/wad2/slots.h"
#include "model/wad2/sound_catalog.h"
#include "model/wad2/to_imported.h"
#include "model/wad_document.h"

namespace wadsmith::wad2 {

struct ClassicOptions {
  import::BuildOptions build;
  SlotOptions slots;  // the destination's slots, which objects placed freely avoid
  // The sound catalog beside the file (io/wad2_sounds_xml.h): the sounds the animation commands
  // (and the engine, for the slots taken) play become the WAD's .sfx/.sam. Null: no sounds.
  const SoundCatalog* sounds = nullptr;
};

struct ClassicWad {
  WadDocument wad;
  SlotPlan slots;                   // where each object went, and why
  std::vector<std::string> report;  // per object: converter notes, the builder's lines, losses
};

// Objects the builder refuses (BuildError) are left out and reported.
ClassicWad toClassic(const Document& doc, const ClassicOptions& options = {});

namespace detail {
// One object being converted: its wad2 record, its common form and its report lines.
struct Placed {
  const Movable* movable = nullptr;
  const Static* stat = nullptr;
  std::int64_t slot = 0;
  ObjectModel model;
  std::vector<std::string> lines;
};
// Puts into the built WAD what the common form has no field for (model/wad2/to_classic_records.cpp).
void applyRecords(WadDocument& wad, std::vector<Placed>& placed);
}  // namespace detail

}  // namespace wadsmith::wad2
