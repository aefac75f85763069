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

}  // namespace wadsmith
