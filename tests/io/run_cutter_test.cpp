// Cutting a record table into the runs owners name, and laying it out again: first index and
// count of every run come back as stored, whatever the runs do (share, overlap, sit empty in
// the middle of another run, run past the table).
#include <gtest/gtest.h>

#include "io/layout.h"
#include "model/run_cutter.h"

namespace wadsmith {
namespace {

struct Rec {
  Id id = 0;
  int value = 0;
};

std::vector<Rec> records(int n) {
  std::vector<Rec> out(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) out[static_cast<std::size_t>(i)] = {static_cast<Id>(1000 + i), i};
  return out;
}

// The stored (first, count) of each run after laying the table out as the writer does.
std::vector<std::pair<std::uint32_t, std::uint32_t>> layOut(const Package<Rec>& table, const std::vector<RunRef>& runs) {
  Positions at(5000);
  std::uint32_t i = 0;
  for (const auto& s : table.segments) {
    const std::uint32_t first = i;
    i += static_cast<std::uint32_t>(s.size());
    at.set(s.id, first, i);
  }
  std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
  for (const auto& r : runs) out.push_back(at.run(r, "records"));
  return out;
}

TEST(RunCutter, EveryRunLaysOutAsStored) {
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> stored = {
      {0, 3},       // plain
      {3, 0},       // empty, where the next run starts
      {3, 2},       // plain
      {3, 2},       // the same records as the one before (shared)
      {4, 3},       // overlaps the one before
      {5, 0},       // empty in the middle of the one before
      {10, 0},      // empty at the table's end
      {8, 5},       // runs past the table
      {40, 0},      // points past the table
  };
  RunCutter cut(10);
  std::vector<std::size_t> handles;
  for (auto [first, count] : stored) handles.push_back(cut.add(first, count));
  Id nextId = 1;
  auto table = cut.cut(records(10), nextId);
  std::vector<RunRef> runs;
  for (auto h : handles) runs.push_back(cut.ref(h));
  EXPECT_EQ(layOut(table, runs), stored);
  EXPECT_EQ(table.size(), 10u);  // every record kept, in order
  int expect = 0;
  for (const auto& s : table.segments)
    for (const auto& r : s.items) EXPECT_EQ(r.value, expect++);
  EXPECT_EQ(runs[2], runs[3]) << "owners of the same records share segments";
  EXPECT_NE(runs[1], runs[5]) << "every empty run has its own segment";
  EXPECT_EQ(runs[7].kind, RunRef::Kind::Raw);
  EXPECT_EQ(runs[8].kind, RunRef::Kind::Raw);
}

TEST(RunCutter, RunsToTheNextOwnerEndWhereTheNextBegins) {
  RunCutter cut(6);
  auto a = cut.addToNext(0), b = cut.addToNext(4), c = cut.addToNext(4), d = cut.addToNext(6), none = cut.addRaw(0xFFFF, 0);
  Id nextId = 1;
  auto table = cut.cut(records(6), nextId);
  auto stored = layOut(table, {cut.ref(a), cut.ref(b), cut.ref(c), cut.ref(d), cut.ref(none)});
  EXPECT_EQ(stored[0], (std::pair<std::uint32_t, std::uint32_t>{0, 4}));
  EXPECT_EQ(stored[1], (std::pair<std::uint32_t, std::uint32_t>{4, 2}));
  EXPECT_EQ(cut.ref(b), cut.ref(c));
  EXPECT_EQ(stored[3], (std::pair<std::uint32_t, std::uint32_t>{6, 0}));
  EXPECT_EQ(stored[4].first, 0xFFFFu);
}

TEST(RunCutter, AnEmptyTable) {
  RunCutter cut(0);
  auto a = cut.add(0, 0), b = cut.add(0, 1);
  Id nextId = 1;
  auto table = cut.cut(records(0), nextId);
  auto stored = layOut(table, {cut.ref(a), cut.ref(b)});
  EXPECT_EQ(stored[0], (std::pair<std::uint32_t, std::uint32_t>{0, 0}));
  EXPECT_EQ(cut.ref(b).kind, RunRef::Kind::Raw);
}

}  // namespace
}  // namespace wadsmith
