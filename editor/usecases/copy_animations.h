// Copying animations between movables of a document or from another file, as the
// "copy_animations" entry of the table of operations (model/anim/whole.h copyAnimations): its
// "source" is a file path (none: the document itself), loaded when the call is bound. Registered
// at start (main, the test programs) before any lookup.
#pragma once

namespace wadsmith::usecases {

void registerCopyAnimationsOperation();

}  // namespace wadsmith::usecases
