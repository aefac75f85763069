// Layout quirks a document carries (things a naive writer would break), for `info` and tests.
#pragma once
#include <string>
#include <vector>

#include "model/tables.h"
#include "model/wad_document.h"

namespace wadsmith {

struct Quirk {
  std::string id;      // stable key, e.g. "nonzero_mesh_padding"
  std::size_t count;   // how many places
  std::string detail;  // first example, human readable
};

std::vector<Quirk> findObjectQuirks(const ObjectTables& t);
std::vector<Quirk> findWadQuirks(const WadDocument& doc);

// Data problems kept as data (vertex indices past the vertex list, texture indices past the
// sample table): reported, never fixed silently.
struct DataWarning {
  std::string where;  // e.g. "mesh 12 polygon 3"
  std::string what;
};
std::vector<DataWarning> meshWarnings(const ObjectTables& t, std::size_t sampleCount, bool wadTextures);

}  // namespace wadsmith
