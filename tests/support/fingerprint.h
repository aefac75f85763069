// A text fingerprint of an object that does not depend on where its records sit: textures as
// the pixels each face samples, animation targets as indices within the movable. Two objects
// with the same fingerprint look and animate the same.
#pragma once
#include <string>

#include "model/wad_document.h"

namespace wadsmith::test {

std::string movableFingerprint(const WadDocument& doc, std::uint32_t slot);
std::string staticFingerprint(const WadDocument& doc, std::uint32_t slot);

}  // namespace wadsmith::test
