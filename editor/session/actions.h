// What the editor's controls do, as functions of the session: the panels call these and tests
// call the same. Each edit is one undo step with a label naming what changed; an EditError (or
// a merge's error) leaves everything as it was.
//
// Fields are named by their key in the field tables (model/ops/fields.h) and take the users'
// value: game units for 16.16 fields, frames counted from the animation's first frame (a next
// frame from its target's), animations by index within the movable, 0/1 for flags.
#pragma once
#include <string>

#include "editor/session/session.h"
#include "model/ops/command_ops.h"
#include "model/ops/mesh_ops.h"

namespace wadsmith::session::actions {

// Faces: act on every selected face of the selected object (several meshes make one step).
void setFaceField(Session& s, const std::string& key, double value);
void rotateMapping(Session& s);
// Selects every face of the object that uses the same texture as `face` (no edit).
void selectFacesWithTexture(Session& s, const view::FaceRef& face);

// Meshes: act on the selected mesh, or on every mesh of the object when none is selected.
void recomputeNormals(Session& s);
void flipNormals(Session& s);
void convertLighting(Session& s, bool toShades, const ops::Light& light);
void recomputeSphere(Session& s);
// The selected static's visibility and collision boxes from its mesh.
void recomputeStaticBoxes(Session& s);

// The selected object.
void deleteSelectedObject(Session& s);
void setSelectedSlot(Session& s, std::uint32_t slot);

// The selected animation of the selected movable.
void setAnimationField(Session& s, const std::string& key, double value);
void addStateChange(Session& s, std::uint16_t state = 0);
void removeStateChange(Session& s, std::size_t stateChange);
void setStateChangeField(Session& s, std::size_t stateChange, const std::string& key, double value);
// A dispatch over the whole animation to the start of the animation itself, to edit from there.
void addDispatch(Session& s, std::size_t stateChange);
void removeDispatch(Session& s, std::size_t stateChange, std::size_t dispatch);
void setDispatchField(Session& s, std::size_t stateChange, std::size_t dispatch, const std::string& key, double value);

// Commands of the selected animation as users give them: a frame operand counts from the
// animation's first frame; the flags of the command type (model/command.h) are bits of the
// last operand, at most one of them when they are a choice (a flipeffect's foot).
ops::CommandSpec newCommand(const Session& s, std::uint16_t code);  // zeros; a frame operand at the shown frame
std::vector<ops::CommandSpec> commandSpecs(const Session& s);       // the animation's parsed commands
void addCommand(Session& s, std::uint16_t code);
void removeCommand(Session& s, std::size_t index);
void setCommand(Session& s, std::size_t index, const ops::CommandSpec& command);

// Sounds of a WAD (the Sounds panel): the selected sound id (s.panels.sounds.id) and its info.
// Labels name the id ("sound 71 GENERIC_SWOOSH: set volume").
void selectSound(Session& s, std::size_t id);
void setSoundField(Session& s, const std::string& key, double value);
void addSoundInfo(Session& s, std::size_t id);  // a new info for an unused id (then selected)
void removeSoundInfo(Session& s);
void assignSoundId(Session& s, std::size_t id);  // `id` plays the selected id's info
void addSample(Session& s, const std::string& name);   // one more sample for the selected info
void removeSample(Session& s, std::size_t k);          // its k-th sample
void renameSample(Session& s, std::size_t sample, const std::string& name);  // a .SAM line
// Playback (no edit; the answer also goes to s.panels.sounds.status): a sample of the document,
// or the first sample of a sound id's info (the Commands panel's play buttons).
std::string playSample(Session& s, std::size_t sample);
std::string playSound(Session& s, std::size_t id);
// The sample names of the id's info (empty when it has none).
std::vector<std::string> soundSamples(const Session& s, std::size_t id);

// Brings the objects picked in the merge panel state (s.panels.merge) in from the open source
// (any kind: usecases/sources.h) as one undo step, and keeps the report there (merge_action.cpp).
void mergePicked(Session& s);

// Does what `call` describes (an action as the crash journal recorded it), with its selection.
void replay(Session& s, const ActionCall& call);

}  // namespace wadsmith::session::actions
