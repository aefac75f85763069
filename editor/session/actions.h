// What the editor's controls do, as functions of the session: the panels call these and tests
// call the same. An edit is a call of the table of operations (model/ops/operations.h): one
// undo step labelled as the table says; an EditError (or a merge's error) leaves everything as
// it was.
//
// Fields are named by their key in the field tables (model/ops/fields.h) and take the users'
// value: game units for 16.16 fields, frames counted from the animation's first frame (a next
// frame from its target's), animations by index within the movable, 0/1 for flags.
#pragma once
#include <string>

#include "editor/session/session.h"

namespace wadsmith::session::actions {

// Runs operation `op` with the arguments given and, for the parameters not given, what is
// selected (faces and meshes of the selected object, its animation, the sound id...).
void run(Session& s, const std::string& op, ops::Args given = {});
// `op` setting the field `key` (of its field table) to the users' value.
void setField(Session& s, const std::string& op, const std::string& key, double value, ops::Args given = {});

// Selects every face of the object that uses the same texture as `face` (no edit).
void selectFacesWithTexture(Session& s, const view::FaceRef& face);
// Moves the selected object to another slot; the selection follows it (its own slot: no step).
void setSelectedSlot(Session& s, std::uint32_t slot);

// Commands of the selected animation as scripts give them (model/ops/args.h commandSpec): a
// frame counts from the animation's first frame, flags by name.
ops::Value newCommand(const Session& s, std::uint16_t code);  // zeros; a frame at the shown frame
std::vector<ops::Value> commandValues(const Session& s);       // the animation's parsed commands

// Sounds (the Sounds panel): the selected sound id is s.selection.sound.
void selectSound(Session& s, std::size_t id);
void addSoundInfo(Session& s, std::size_t id);  // a new info for an unused id (then selected)
// Playback (no edit; the answer also goes to s.panels.sounds.status): a sample of the document,
// or the first sample of a sound id's info (the Commands panel's play buttons).
std::string playSample(Session& s, std::size_t sample);
std::string playSound(Session& s, std::size_t id);
// The sample names of the id's info (empty when it has none).
std::vector<std::string> soundSamples(const Session& s, std::size_t id);

// Brings the objects picked in the merge panel state (s.panels.merge) in from the open source
// (any kind: usecases/sources.h) as one undo step, and keeps the report there (merge_action.cpp).
void mergePicked(Session& s, const Progress& progress = {});
// The use case's arguments for `picked` with the Merge panel's options (throws EditError for
// options that do not fit them).
usecases::BringIn mergeArgs(const Session& s, const std::set<ObjectRef>& picked);

}  // namespace wadsmith::session::actions
