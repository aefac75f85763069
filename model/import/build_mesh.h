// One imported mesh as a WAD mesh (build.h says what it makes), with TR's limits checked.
#pragma once
#include <string>

#include "model/import/build.h"
#include "model/import/face_samples.h"
#include "model/mesh.h"

namespace wadsmith::import {

// The sample indices in the faces' texture words are the book's plus one (the built WAD keeps
// sample 0 as a dummy: a flipped quad cannot name it). Throws BuildError naming `where`
// ("model X: mesh 2 (arm)") and the vertex or face.
Mesh buildMesh(const imported::Model& model, const imported::Mesh& in, const std::string& where, SampleBook& book,
               const BuildOptions& options, ModelReport& report);

// A value rounded to TR's 16-bit units, or BuildError "`where`: `what` = V is outside ...".
std::int16_t toUnits(double v, const std::string& where, const std::string& what);
// A value for a report line, at `precision` significant digits.
std::string number(double v, int precision = 3);

}  // namespace wadsmith::import
