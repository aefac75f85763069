// Where objects built from the common float form go when no slot is asked for (bringing them
// in is one use case: editor/usecases/bring_in.h).
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "model/wad_document.h"

namespace wadsmith::import {

// The slots a builder picks from, in order, for an object with no slot of its own: movables
// ANIMATING1..ANIMATING16 (427, 429... 457: the engine's generic animated objects), statics
// 0..49 (PLANT0..DEBRIS9; the SHATTER slots break when shot).
std::vector<std::uint32_t> genericSlots(bool movable);

// The first of them of `kind` free in `wad`. `also` lists slots already promised to other
// objects of the same request.
std::optional<std::uint32_t> firstFreeSlot(const WadDocument& wad, bool movable, const std::vector<std::uint32_t>& also = {});

}  // namespace wadsmith::import
