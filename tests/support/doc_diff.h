// What changed between two written files, by part: WAD sections or level data sections, and
// which mesh entries. Used by the minimal-diff tests of every operation.
#pragma once
#include <set>
#include <string>
#include <vector>

#include "model/document.h"

namespace wadsmith::test {

struct PartDiff {
  std::set<std::string> sections;  // e.g. "dispatches", "mesh package"
  std::set<std::size_t> meshes;    // mesh entries whose bytes differ (same entry count)
};

// Re-reads both byte strings and compares them part by part.
PartDiff diffParts(const std::vector<std::uint8_t>& before, const std::vector<std::uint8_t>& after);

}  // namespace wadsmith::test
