// Each operation on a real WAD and a real level changes only the parts it must, checked by
// re-reading both written files part by part.
#include <gtest/gtest.h>

#include "io/document_io.h"
#include "io/file_io.h"
#include "model/ops/animation_ops.h"
#include "model/ops/command_ops.h"
#include "model/ops/mesh_ops.h"
#include "model/ops/object_ops.h"
#include "tests/support/doc_diff.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using namespace ops;

struct Subject {
  std::vector<std::uint8_t> bytes;
  Document doc;
  std::uint32_t meshSlot = 0;   // a movable whose mesh 0 has normals and faces
  std::size_t meshEntry = 0;
  std::uint32_t animSlot = 0;   // a movable with at least 2 animations, a state change and commands
  std::size_t animWithCommands = 0;
  std::optional<std::uint32_t> staticSlot;
  std::string prefix;           // "" for WADs, "level data: " for levels
  bool exact = true;            // false where an edit may happen to change nothing (clean fixtures)
};

Subject load(const std::filesystem::path& path) {
  Subject s;
  s.bytes = readFileBytes(path);
  s.doc = readDocument(s.bytes, path.string());
  s.prefix = isWad(s.doc) ? "" : "level data: ";
  ObjectView v(objectsOf(s.doc));
  const auto& t = v.tables();
  bool meshFound = false, animFound = false;
  for (std::size_t m = 0; m < t.movables->size(); ++m) {
    auto meshes = v.movableMeshes(m);
    if (!meshFound && !meshes.empty() && meshes[0].mesh && !meshes[0].mesh->normals.empty() &&
        meshes[0].mesh->normals.size() == meshes[0].mesh->vertices.size() && meshes[0].mesh->polygons.size() > 1) {
      s.meshSlot = (*t.movables)[m].objectId;
      s.meshEntry = static_cast<std::size_t>(meshes[0].entryIndex);
      meshFound = true;
    }
    auto [a0, a1] = v.animationRange(m);
    if (animFound || a1 - a0 < 2) continue;
    for (std::size_t a = a0; a < a1; ++a)
      if (v.animations()[a].numCommands && v.commands(a).complete && v.stateChangeRange(a).second > v.stateChangeRange(a).first) {
        s.animSlot = (*t.movables)[m].objectId;
        s.animWithCommands = a - a0;
        animFound = true;
        break;
      }
  }
  if (!t.statics->empty()) s.staticSlot = (*t.statics)[0].objectId;
  EXPECT_TRUE(meshFound && animFound) << path;
  return s;
}

void expectChanged(const Subject& s, const Edited& e, std::set<std::string> sections, std::set<std::size_t> meshes = {}) {
  auto out = encodeDocument(e.doc);
  auto diff = test::diffParts(s.bytes, out);
  std::set<std::string> expected;
  for (const auto& x : sections) expected.insert(s.prefix + x);
  if (!s.prefix.empty()) expected.insert("level data chunk");
  if (s.exact) {
    EXPECT_EQ(diff.sections, expected);
    EXPECT_EQ(diff.meshes, meshes);
  } else {
    for (const auto& x : diff.sections) EXPECT_TRUE(expected.count(x)) << "unexpected change in " << x;
    for (auto x : diff.meshes) EXPECT_TRUE(meshes.count(x)) << "unexpected change in mesh " << x;
  }
  // The file still reads and writes back exactly.
  EXPECT_EQ(encodeDocument(readDocument(out, "edited"), true), out);
}

const Mesh& meshAt(const Document& d, std::size_t entry) { return *(*objectsOf(d).meshes)[entry].mesh; }

// Inside the edited mesh, field by field: the re-read mesh equals the original once the fields
// the operation may change (copied over by `mayChange`) are taken from the edit.
template <class F>
void expectMeshFields(const Subject& s, const Edited& e, F mayChange) {
  const Document after = readDocument(encodeDocument(e.doc), "edited");
  const Mesh& actual = meshAt(after, s.meshEntry);
  Mesh expected = meshAt(s.doc, s.meshEntry);
  mayChange(expected, actual);
  EXPECT_EQ(expected, actual);
}

void runAll(const std::filesystem::path& path, bool exact = true) {
  Subject s = load(path);
  s.exact = exact;
  ObjectRef mesh{ObjectKind::Movable, s.meshSlot};
  const std::string meshes = s.prefix.empty() ? "mesh package" : "meshes";

  auto normalsOnly = [](Mesh& m, const Mesh& edited) { m.normals = edited.normals; };
  auto recomputed = recomputeNormals(s.doc, mesh, 0);
  expectChanged(s, recomputed, {meshes}, {s.meshEntry});
  expectMeshFields(s, recomputed, normalsOnly);
  auto flipped = flipNormals(s.doc, mesh, 0);
  expectChanged(s, flipped, {meshes}, {s.meshEntry});
  expectMeshFields(s, flipped, normalsOnly);
  FaceChange shine;
  shine.shine = true;
  shine.intensity = 9;
  auto shone = setFaces(s.doc, mesh, 0, {0, 1}, shine);
  expectChanged(s, shone, {meshes}, {s.meshEntry});
  expectMeshFields(s, shone, [](Mesh& m, const Mesh& edited) {
    for (int f : {0, 1}) m.polygons[f].attributes = edited.polygons[f].attributes;
  });
  FaceChange rotate;
  rotate.rotate = 1;
  auto rotated = setFaces(s.doc, mesh, 0, {1}, rotate);
  expectChanged(s, rotated, {meshes}, {s.meshEntry});
  expectMeshFields(s, rotated, [](Mesh& m, const Mesh& edited) {
    m.polygons[1].vertices = edited.polygons[1].vertices;
    m.polygons[1].texture = edited.polygons[1].texture;  // a triangle's corner bits follow the turn
  });
  auto sphere = recomputeSphere(s.doc, mesh, 0);
  expectChanged(s, sphere, {meshes}, {s.meshEntry});
  expectMeshFields(s, sphere, [](Mesh& m, const Mesh& edited) {
    m.center = edited.center, m.radius = edited.radius, m.sphereUnknown = edited.sphereUnknown;
  });
  // Shades are 2 bytes where normals are 6: the mesh shrinks and later pointers move.
  expectChanged(s, convertToShades(s.doc, mesh, 0, Light{}), {meshes, "mesh pointers"}, {s.meshEntry});
  if (s.staticSlot) {
    auto e = recomputeStaticBoxes(s.doc, *s.staticSlot);
    auto diff = test::diffParts(s.bytes, encodeDocument(e.doc));
    EXPECT_TRUE(diff.sections.empty() || diff.sections.count(s.prefix + (s.prefix.empty() ? "statics" : "static meshes")));
  }

  const std::uint32_t m = s.animSlot;
  const std::size_t a = s.animWithCommands;
  auto faster = setAnimation(s.doc, m, a, AnimationChange{.speed = 12345});
  expectChanged(s, faster, {"animations"});
  {  // record by record: only that animation's speed
    auto expected = objectsOf(s.doc).animations->flatten();
    expected[animationOf(ObjectView(objectsOf(s.doc)), m, a)].speed = 12345;
    EXPECT_EQ(expected, objectsOf(readDocument(encodeDocument(faster.doc), "edited")).animations->flatten());
  }
  expectChanged(s, addStateChange(s.doc, m, a, 77, {{0, 1, 1, 0}}), {"animations", "state changes", "dispatches"});
  expectChanged(s, removeStateChange(s.doc, m, a, 0), {"animations", "state changes", "dispatches"});
  expectChanged(s, setStateChange(s.doc, m, a, 0, 77), {"state changes"});
  expectChanged(s, addDispatch(s.doc, m, a, 0, {0, 1, 1, 0}), {"state changes", "dispatches"});
  expectChanged(s, setDispatch(s.doc, m, a, 0, 0, DispatchChange{.nextFrame = 1}), {"dispatches"});
  expectChanged(s, removeDispatch(s.doc, m, a, 0, 0), {"state changes", "dispatches"});
  expectChanged(s, removeCommand(s.doc, m, a, 0), {"animations", "commands"});
  expectChanged(s, addCommand(s.doc, m, a, {5, {0, 0x4000 | 12}}, std::nullopt), {"animations", "commands"});
  // Replacing a command by one of the same size touches only the command words.
  auto cmds = ObjectView(objectsOf(s.doc)).commands(animationOf(ObjectView(objectsOf(s.doc)), m, a));
  CommandSpec same{cmds.commands[0].code, {}};
  for (auto op : cmds.commands[0].operands) same.operands.push_back(op);
  if (same.code == 5 || same.code == 6) same.operands[0] -= ObjectView(objectsOf(s.doc)).animations()[animationOf(ObjectView(objectsOf(s.doc)), m, a)].frameStart;
  same.operands.back() ^= 1;
  expectChanged(s, setCommand(s.doc, m, a, 0, same), {"commands"});
  expectChanged(s, setSlot(s.doc, mesh, 999), {s.prefix.empty() ? "movables" : "models"});
  auto deleted = deleteObject(s.doc, mesh);
  auto diff = test::diffParts(s.bytes, encodeDocument(deleted.doc));
  EXPECT_FALSE(diff.sections.count(s.prefix.empty() ? "texture pixels" : "32-bit tiles chunk"));
  EXPECT_TRUE(diff.sections.count(s.prefix + (s.prefix.empty() ? "movables" : "models")));
}

TEST(OpsMinimalDiff, Tut1Wad) {
  auto path = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(path);
  runAll(path);
}

TEST(OpsMinimalDiff, Test1Level) {
  auto path = test::corpusFile("tr4/TEST1.TR4");
  WADSMITH_REQUIRE_CORPUS(path);
  runAll(path);
}

// The sample's normals are exact face normals: recomputing them may change nothing.
TEST(OpsMinimalDiff, SampleWad) { runAll(test::fixturesDir() / "sample.wad", false); }

}  // namespace
}  // namespace wadsmith
