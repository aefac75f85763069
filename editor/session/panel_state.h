// What the editor's panels remember between frames. It belongs to the open file: the session
// starts it afresh when another file opens (a picked source object, a merge report or a slot
// typed for one object mean nothing for the next file). Kept here, without GL or ImGui, so
// panels hold no statics and tests can see it.
#pragma once
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/command.h"
#include "model/merge/merge.h"
#include "model/object_ref.h"
#include "model/ops/mesh_ops.h"

namespace wadsmith::session {

enum class MergeMode { Refuse, Replace, PlaceUnder };

// Bringing objects in from the source opened beside the document (usecases/bring_in.h).
struct MergePanel {
  // Objects of the source: a WAD's or a level's by their slot; another engine's models and a 3D
  // file's objects by their index in the listing of their kind (they have no slot until merged).
  std::set<ObjectRef> picked;
  std::optional<ObjectRef> highlighted;  // shown in the viewport before it is merged (merge_preview.h)
  // Models without TR records: how they convert (0 = the format's default scale).
  float scale = 0;
  std::string textures;  // an .s3d or a directory searched first for bitmaps
  int frame = 0;         // MDL statics
  float framesPerSecond = 10;  // MDL
  bool recomputeNormals = false;
  MergeMode mode = MergeMode::Refuse;
  int asSlot = 0;  // PlaceUnder
  bool oneMesh = false;  // replace one mesh (`mesh`) of the movable under asSlot
  int mesh = 0;
  bool withRelated = false;
  merge::SoundMode sounds = merge::SoundMode::Keep;
  std::string mainSfx;     // a TR2/3 MAIN.SFX: the source level's samples, the destination level's lookups
  std::string mainSfxOut;  // a TR2/3 destination's MAIN.SFX written with the samples it lacks
  std::set<std::int32_t> sprites;  // sprite sequences of a WAD set or level source, by slot
  std::optional<merge::Report> report;  // of the last merge
  std::vector<std::string> notes;       // what the source's conversion lost for the merged objects
  std::vector<std::string> lines;       // the whole report, as `wadsmith merge` prints it
};

struct MeshPanel {
  ops::Light light{0.3, 1.0, 0.2, 0.25};
  // "Move to slot" starts at the object's own slot, so pressing it unchanged does nothing.
  std::optional<ObjectRef> slotFieldFor;
  int slotField = 0;
  int texturePage = 0;  // the Textures view
};

// A press on the viewport's picture: a click, an orbit or a shift-drag box.
struct ViewportPress {
  bool boxing = false, leftPressHere = false;
  float startX = 0, startY = 0;  // window pixels
};

// The property field being dragged or typed into: its value is committed once, on release,
// so a drag is one undo step (one field is active at a time).
struct ActiveField {
  std::uint32_t id = 0;  // the widget's id; 0 = none
  double value = 0;
};

// The Sounds panel (its selected id is the selection's): what is typed, the last playback's
// answer.
struct SoundPanel {
  bool playedOnly = false;  // list the ids the selected movable plays
  int newId = 0;
  int assignFrom = 0;
  std::string sampleName;   // a name typed for a new or renamed sample
  std::string status;
};

// The Sprites view: the .SWD page shown and the sequence whose textures are outlined.
struct SpritePanel {
  int page = 0;
  std::optional<std::int32_t> sequence;
};

struct PanelState {
  std::string objectFilter;
  MergePanel merge;
  MeshPanel mesh;
  std::uint16_t newCommandType = static_cast<std::uint16_t>(CommandCode::Sound);
  ViewportPress viewport;
  ActiveField field;
  SoundPanel sounds;
  SpritePanel sprites;
};

}  // namespace wadsmith::session
