// Any sequence of operations followed by undo of all of them writes the original bytes.
#include <gtest/gtest.h>

#include <random>

#include "io/document_io.h"
#include "io/file_io.h"
#include "model/ops/animation_ops.h"
#include "model/ops/command_ops.h"
#include "model/ops/mesh_ops.h"
#include "model/ops/object_ops.h"
#include "tests/support/test_support.h"
#include "undo/history.h"

namespace wadsmith {
namespace {

using namespace ops;

// One random, usually valid, operation on the current document.
Edited randomEdit(const Document& d, std::mt19937& rng) {
  ObjectView v(objectsOf(d));
  const auto& t = v.tables();
  auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
  if (t.movables->empty()) throw EditError("no movables");
  std::size_t mi = pick(t.movables->size());
  std::uint32_t slot = (*t.movables)[mi].objectId;
  auto meshes = v.movableMeshes(mi);
  auto [a0, a1] = v.animationRange(mi);
  ObjectRef obj{ObjectKind::Movable, slot};
  switch (pick(12)) {
    case 0: return meshes.empty() ? throw EditError("none") : recomputeNormals(d, obj, pick(meshes.size()));
    case 1: return flipNormals(d, obj, std::nullopt);
    case 2: {
      if (meshes.empty() || !meshes[0].mesh || meshes[0].mesh->polygons.empty()) throw EditError("none");
      FaceChange c;
      c.shine = rng() % 2;
      c.translucent = rng() % 2;
      c.intensity = static_cast<int>(rng() % 32);
      c.rotate = static_cast<int>(rng() % 4);
      return setFaces(d, obj, 0, {pick(meshes[0].mesh->polygons.size())}, c);
    }
    case 3:
      if (a1 - a0 < 2) throw EditError("none");
      return addStateChange(d, slot, pick(a1 - a0), static_cast<std::uint16_t>(rng() % 100), {{0, 1, pick(a1 - a0), 0}});
    case 4:
      if (a1 == a0) throw EditError("none");
      return removeStateChange(d, slot, pick(a1 - a0), 0);
    case 5:
      if (a1 == a0) throw EditError("none");
      return addDispatch(d, slot, pick(a1 - a0), 0, {0, 2, 0, 0});
    case 6:
      if (a1 == a0) throw EditError("none");
      return removeDispatch(d, slot, pick(a1 - a0), 0, 0);
    case 7:
      if (a1 == a0) throw EditError("none");
      return setAnimation(d, slot, pick(a1 - a0), AnimationChange{.frameDuration = static_cast<int>(1 + rng() % 3)});
    case 8:
      if (a1 == a0) throw EditError("none");
      return addCommand(d, slot, pick(a1 - a0), {5, {0, static_cast<int>(rng() % 300)}}, std::nullopt);
    case 9:
      if (a1 == a0) throw EditError("none");
      return removeCommand(d, slot, pick(a1 - a0), 0);
    case 10: return setSlot(d, obj, 600 + static_cast<std::uint32_t>(rng() % 100));
    default:
      if (t.movables->size() < 2) throw EditError("keep the last movable");
      return deleteObject(d, obj);
  }
}

void undoAllRestoresTheFile(const std::filesystem::path& path, int steps, bool checkEachStep) {
  auto bytes = readFileBytes(path);
  History<Document> h(readDocument(bytes, path.string()));
  std::mt19937 rng(12345);
  int applied = 0;
  for (int i = 0; i < steps * 4 && applied < steps; ++i) {
    try {
      auto e = randomEdit(h.current(), rng);
      h.push(std::move(e.doc), "random");
      ++applied;
    } catch (const EditError&) {
      continue;
    }
    if (checkEachStep) {
      // Every intermediate version is a valid file that reads back to the same bytes.
      auto out = encodeDocument(h.current());
      ASSERT_EQ(encodeDocument(readDocument(out, "step"), true), out) << "after step " << applied;
    }
  }
  EXPECT_GE(applied, steps / 2);
  {
    auto out = encodeDocument(h.current());
    EXPECT_EQ(encodeDocument(readDocument(out, "final"), true), out) << "the edited file does not round-trip";
  }
  std::printf("%s: %d edits applied\n", path.filename().c_str(), applied);
  while (h.undo()) {
  }
  EXPECT_EQ(test::firstDifference(encodeDocument(h.current()), bytes), -1);
  // Redo all, then undo all again: still the original.
  while (h.redo()) {
  }
  while (h.undo()) {
  }
  EXPECT_EQ(test::firstDifference(encodeDocument(h.current()), bytes), -1);
}

TEST(UndoProperty, RandomEditsOnTut1) {
  auto path = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(path);
  undoAllRestoresTheFile(path, 60, true);
}

TEST(UndoProperty, RandomEditsOnKarnak) {
  auto path = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(path);
  undoAllRestoresTheFile(path, 40, true);
}

TEST(UndoProperty, RandomEditsOnTest1Level) {
  auto path = test::corpusFile("tr4/TEST1.TR4");
  WADSMITH_REQUIRE_CORPUS(path);
  undoAllRestoresTheFile(path, 25, false);
}

TEST(UndoProperty, RandomEditsOnFixtures) {
  for (const char* f : {"sample.wad", "quirks.wad", "synthetic.tr4"})
    undoAllRestoresTheFile(test::fixturesDir() / f, 30, true);
}

}  // namespace
}  // namespace wadsmith
