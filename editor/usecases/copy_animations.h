// Copying animations between movables of a document or from another file, as the
// "copy_animations" entry of the table of operations (model/anim/whole.h copyAnimations): its
// "source" is a file path (none: the document itself), loaded when the call is bound; and
// importing a 3D file's animations onto a movable, as the "import_scene_animations" entry
// (editor/interop/anim_import.h: the CLI's `anim import X.glb` and the Animation panel). Registered
// at start (main, the test programs) before any lookup.
#pragma once
#include "model/ops/value.h"

namespace wadsmith::usecases {

void registerCopyAnimationsOperation();
// `example`: a call for the walk of the table (a 3D file of sample.wad's movable 427).
void registerSceneAnimationOperation(ops::Args example = {});

}  // namespace wadsmith::usecases
