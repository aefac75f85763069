// A semantic description of one object, independent of where its records sit in the file:
// meshes (vertices, normals/shades, faces with flips, corners, attributes and the pixels of
// their texture samples), the skeleton, animations (fields, keyframe words, state changes,
// dispatches and next animations as "own animation N" / "animation N of slot S", command
// words) and static boxes. Two objects match when their signatures are equal.
#pragma once
#include <string>
#include <vector>

#include "model/merge/related_slots.h"
#include "model/wad_document.h"

namespace wadsmith::test {

std::vector<std::string> objectSignature(const WadDocument& doc, const ObjectRef& key);

// The first line where two signatures differ, or "" when they are equal.
std::string signatureDifference(const std::vector<std::string>& a, const std::vector<std::string>& b);

// Every object of a document.
std::vector<ObjectRef> objectKeys(const WadDocument& doc);

}  // namespace wadsmith::test
