// The level data of two versions of a level compared section by section (the writer's span
// report names them): what a merge must not touch keeps its bytes.
#pragma once
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "io/level_data.h"

namespace wadsmith::test {

inline std::map<std::string, std::vector<std::uint8_t>> levelDataSections(const LevelDocument& doc) {
  std::vector<SectionSpan> spans;
  const auto bytes = writeLevelData(*doc.data, doc.nextId, &spans);
  std::map<std::string, std::vector<std::uint8_t>> out;
  for (const auto& s : spans) out[s.name].assign(bytes.begin() + s.begin, bytes.begin() + s.end);
  return out;
}

// Every section outside `mayChange` has the same bytes in both; returns how many were compared.
inline std::size_t expectSectionsKept(const LevelDocument& before, const LevelDocument& after,
                                      const std::set<std::string>& mayChange) {
  auto a = levelDataSections(before), b = levelDataSections(after);
  EXPECT_EQ(a.size(), b.size());
  std::size_t same = 0;
  for (const auto& [name, bytes] : a) {
    if (mayChange.count(name)) continue;
    EXPECT_TRUE(bytes == b[name]) << "section " << name << " changed";
    ++same;
  }
  return same;
}

}  // namespace wadsmith::test
