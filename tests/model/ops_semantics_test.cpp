// What each operation does, on the generated fixtures: relative frame numbers, index
// bookkeeping, refusals and warnings, copy on write of shared records.
#include <gtest/gtest.h>

#include <cmath>

#include "io/document_io.h"
#include "io/file_io.h"
#include "model/ops/animation_ops.h"
#include "model/ops/command_ops.h"
#include "model/ops/mesh_ops.h"
#include "model/ops/edit_context.h"
#include "model/ops/object_ops.h"
#include "model/validate.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using namespace ops;

Document fixture(const char* name) { return loadDocument(test::fixturesDir() / name); }
// Encodes and re-reads, so checks see what a saved file holds.
Document saved(const Document& d) { return readDocument(encodeDocument(d), "saved"); }

TEST(OpsSemantics, StateChangeFramesAreRelativeToTheirAnimations) {
  auto d = saved(addStateChange(fixture("sample.wad"), 427, 1, 5, {{0, 4, 0, 2}}).doc);
  ObjectView v(objectsOf(d));
  auto [s0, s1] = v.stateChangeRange(1);
  ASSERT_EQ(s1 - s0, 2u);
  const StateChange& sc = v.stateChanges()[s1 - 1];
  EXPECT_EQ(sc.stateId, 5);
  auto [d0, d1] = v.dispatchRange(s1 - 1);
  ASSERT_EQ(d1 - d0, 1u);
  const Dispatch& dp = v.dispatches()[d0];
  EXPECT_EQ(dp.inFrame, 7);   // animation 1 starts at frame 7
  EXPECT_EQ(dp.outFrame, 11);
  EXPECT_EQ(v.indexOf(dp.nextAnimation), std::optional<std::size_t>(0));
  EXPECT_EQ(dp.nextFrame, 2);  // animation 0 starts at frame 0
  // Animation 0's state change and dispatch are untouched.
  auto [a0, a0end] = v.stateChangeRange(0);
  EXPECT_EQ(v.stateChanges()[a0].stateId, 2);
  EXPECT_EQ(v.dispatches()[v.dispatchRange(a0).first].inFrame, 0);
}

TEST(OpsSemantics, RemovingAStateChangeKeepsLaterIndicesRight) {
  auto d = saved(removeStateChange(fixture("sample.wad"), 427, 0, 0).doc);
  ObjectView v(objectsOf(d));
  EXPECT_EQ(v.stateChangeRange(0).second, v.stateChangeRange(0).first);
  auto [s0, s1] = v.stateChangeRange(1);
  ASSERT_EQ(s1 - s0, 1u);
  EXPECT_EQ(v.stateChanges()[s0].stateId, 1);
  const Dispatch& dp = v.dispatches()[v.dispatchRange(s0).first];
  EXPECT_EQ(dp.inFrame, 19);  // the swing's own dispatch, now the only one
  EXPECT_EQ(v.tables().dispatches->size(), 1u);
}

TEST(OpsSemantics, InvalidAddressesAndValuesAreRefused) {
  auto d = fixture("sample.wad");
  EXPECT_THROW(addDispatch(d, 427, 0, 3, {}), EditError);         // no state change 3
  EXPECT_THROW(addDispatch(d, 427, 5, 0, {}), EditError);         // no animation 5
  EXPECT_THROW(addDispatch(d, 999, 0, 0, {}), EditError);         // no movable 999
  EXPECT_THROW(addDispatch(d, 427, 0, 0, {0, 1, 7, 0}), EditError);  // target outside the movable
  EXPECT_THROW(addDispatch(d, 427, 0, 0, {40000, 1, 0, 0}), EditError);  // does not fit s16
  FaceChange tooBright;
  tooBright.intensity = 32;
  EXPECT_THROW(setFaces(d, {ObjectKind::Movable, 427}, 0, {0}, tooBright), EditError);
  FaceChange badTexture;
  badTexture.texture = 5;  // the sample has 5 texture samples: 0-4
  EXPECT_THROW(setFaces(d, {ObjectKind::Movable, 427}, 0, {0}, badTexture), EditError);
  EXPECT_THROW(setFaces(d, {ObjectKind::Movable, 427}, 0, {6}, FaceChange{}), EditError);
  EXPECT_THROW(recomputeNormals(d, {ObjectKind::Static, 30}, 0), EditError);  // uses shades
  EXPECT_THROW(setAnimation(d, 427, 0, AnimationChange{.frameDuration = 0}), EditError);
  EXPECT_THROW(addCommand(d, 427, 0, {5, {1}}, std::nullopt), EditError);  // sound needs 2 operands
  EXPECT_THROW(addCommand(d, 427, 0, {9, {}}, std::nullopt), EditError);
}

TEST(OpsSemantics, FaceAttributesKeepWhatTheyDoNotSet) {
  auto d = fixture("sample.wad");
  FaceChange c;
  c.shine = true;
  c.intensity = 17;
  c.flip = true;
  auto e = setFaces(d, {ObjectKind::Movable, 427}, 3, {0, 1}, c);
  ObjectView v(objectsOf(e.doc));
  const Mesh& gem = *v.movableMeshes(0)[3].mesh;
  const Mesh& before = *ObjectView(objectsOf(d)).movableMeshes(0)[3].mesh;
  for (int f : {0, 1}) {
    EXPECT_TRUE(gem.polygons[f].attributes & attr::kShine);
    EXPECT_EQ(attr::intensity(gem.polygons[f].attributes), 17);
    EXPECT_EQ(gem.polygons[f].attributes & attr::kTranslucent, before.polygons[f].attributes & attr::kTranslucent);
    EXPECT_EQ(gem.polygons[f].texture & 0x7FFF, before.polygons[f].texture & 0x7FFF);  // sample and corner kept
    EXPECT_TRUE(gem.polygons[f].texture & 0x8000);                                     // flipped
  }
  EXPECT_EQ(gem.polygons[2], before.polygons[2]);
  // Rotating a quad's mapping shifts its vertex order.
  FaceChange rot;
  rot.rotate = 1;
  auto r = setFaces(d, {ObjectKind::Movable, 427}, 0, {0}, rot);
  const auto& q0 = ObjectView(objectsOf(d)).movableMeshes(0)[0].mesh->polygons[0];
  const auto& q1 = ObjectView(objectsOf(r.doc)).movableMeshes(0)[0].mesh->polygons[0];
  EXPECT_EQ(q1.vertices[0], q0.vertices[1]);
  EXPECT_EQ(q1.vertices[3], q0.vertices[0]);
}

TEST(OpsSemantics, EngineCrashRisksAreWarnedNotRefused) {
  auto d = fixture("sample.wad");
  FaceChange shine;
  shine.shine = true;
  auto e = setFaces(d, {ObjectKind::Static, 30}, 0, {0}, shine);
  ASSERT_EQ(e.warnings.size(), 1u);
  EXPECT_NE(e.warnings[0].find("shades"), std::string::npos);
  bool reported = false;
  for (const auto& w : validate(e.doc)) reported |= w.what.find("shades") != std::string::npos;
  EXPECT_TRUE(reported);
}

TEST(OpsSemantics, ConvertingLightingBothWays) {
  auto d = fixture("sample.wad");
  auto shaded = convertToShades(d, {ObjectKind::Movable, 427}, 0, Light{0, 1, 0, 0.2});
  const Mesh& m = *ObjectView(objectsOf(shaded.doc)).movableMeshes(0)[0].mesh;
  ASSERT_TRUE(m.usesShades());
  ASSERT_EQ(m.shades.size(), m.vertices.size());
  // Light travels down (+Y): the top face (normal -Y) is the lightest, the bottom the darkest.
  int top = 0x1FFF, bottom = 0;
  const Mesh& orig = *ObjectView(objectsOf(d)).movableMeshes(0)[0].mesh;
  for (std::size_t i = 0; i < m.shades.size(); ++i) {
    if (orig.normals[i].y < 0) top = std::min<int>(top, m.shades[i]);
    if (orig.normals[i].y > 0) bottom = std::max<int>(bottom, m.shades[i]);
  }
  EXPECT_LT(top, bottom);
  auto back = convertToNormals(saved(shaded.doc), {ObjectKind::Movable, 427}, 0);
  const Mesh& n = *ObjectView(objectsOf(back.doc)).movableMeshes(0)[0].mesh;
  EXPECT_FALSE(n.usesShades());
  EXPECT_EQ(n.normals, orig.normals);  // box faces: the geometric normals are the stored ones
}

// Without a mesh, the lighting and sphere ops cover every mesh of the object (the mesh panel's
// buttons with no mesh selected); a mesh two slots share is changed once.
TEST(OpsSemantics, LightingAndSphereWithoutAMeshCoverTheWholeObject) {
  auto d = fixture("sample.wad");
  const ObjectRef lamp{ObjectKind::Movable, 427};
  const auto before = ObjectView(objectsOf(d)).movableMeshes(0);
  ASSERT_GT(before.size(), 2u);
  auto shaded = convertToShades(d, lamp, std::nullopt, Light{0, 1, 0, 0.2});
  const auto after = ObjectView(objectsOf(shaded.doc)).movableMeshes(0);
  for (const auto& slot : after)
    if (slot.mesh) {
      EXPECT_TRUE(slot.mesh->usesShades()) << "mesh pointer " << slot.pointerIndex;
    }
  auto back = convertToNormals(shaded.doc, lamp, std::nullopt);
  for (const auto& slot : ObjectView(objectsOf(back.doc)).movableMeshes(0))
    if (slot.mesh) {
      EXPECT_FALSE(slot.mesh->usesShades()) << "mesh pointer " << slot.pointerIndex;
    }

  // Spheres: move every mesh's stored sphere away, then recompute them all at once.
  auto moved = editDocument(d, [](Draft& e) {
    for (auto& entry : e.meshes.edit()) {
      auto m = std::make_shared<Mesh>(*entry.mesh);
      m->center = {9999, 9999, 9999};
      entry.mesh = m;
    }
  });
  auto spheres = recomputeSphere(moved, lamp, std::nullopt);
  const auto fixed = ObjectView(objectsOf(spheres.doc)).movableMeshes(0);
  ASSERT_EQ(fixed.size(), before.size());
  for (std::size_t k = 0; k < fixed.size(); ++k)
    if (fixed[k].mesh) {
      EXPECT_NE(fixed[k].mesh->center.x, 9999) << "mesh " << k;
      for (const auto& p : fixed[k].mesh->vertices) {
        const double dx = p.x - fixed[k].mesh->center.x, dy = p.y - fixed[k].mesh->center.y, dz = p.z - fixed[k].mesh->center.z;
        EXPECT_LE(std::sqrt(dx * dx + dy * dy + dz * dz), fixed[k].mesh->radius + 0.5) << "mesh " << k;
      }
    }
}

TEST(OpsSemantics, SlotChangesRefuseDuplicatesAndRenameStandardWasNames) {
  auto d = fixture("quirks.wad");
  EXPECT_THROW(setSlot(d, {ObjectKind::Movable, 100}, 101), EditError);
  auto s = fixture("sample.wad");
  auto e = setSlot(s, {ObjectKind::Movable, 427}, 429);
  const auto& w = std::get<WadDocument>(e.doc);
  EXPECT_EQ((*w.objects.movables)[0].objectId, 429u);
  EXPECT_EQ(w.was->lines[0].name(), "ANIMATING2");
}

TEST(OpsSemantics, DeletingAnObjectKeepsWhatOthersUse) {
  auto d = fixture("quirks.wad");
  const auto& before = objectsOf(d);
  auto e = deleteObject(d, {ObjectKind::Movable, 100});
  auto after = saved(e.doc);
  const auto& t = objectsOf(after);
  EXPECT_EQ(t.movables->size(), before.movables->size() - 1);
  // Movable 102 shares mesh entry 1 with movable 100: the entry stays.
  ObjectView v(t);
  auto m102 = v.movableMeshes(*v.findMovable(102));
  for (const auto& slot : m102) EXPECT_TRUE(slot.mesh || slot.entryIndex < 0);
  EXPECT_EQ(v.animationRange(*v.findMovable(102)).second - v.animationRange(*v.findMovable(102)).first, 2u);
  // Its .WAS line went with it.
  EXPECT_EQ(std::get<WadDocument>(e.doc).was->lines.size(), std::get<WadDocument>(d).was->lines.size() - 1);
  // Deleting the sample's only movable removes its meshes, animations and keyframes.
  auto s = fixture("sample.wad");
  auto gone = saved(deleteObject(s, {ObjectKind::Movable, 427}).doc);
  const auto& g = objectsOf(gone);
  EXPECT_TRUE(g.movables->empty());
  EXPECT_TRUE(g.animations->empty());
  EXPECT_TRUE(g.stateChanges->empty());
  EXPECT_TRUE(g.dispatches->empty());
  EXPECT_EQ(g.keyframes->size(), 0u);
  EXPECT_EQ(g.meshes->size(), 1u);  // the static's pillar
  EXPECT_EQ(g.meshPointers->size(), 1u);
}

// Deleting a movable whose animations another movable's dispatch targets: the target goes past
// the table (validation flags it) instead of quietly naming whatever animation follows.
TEST(OpsSemantics, DeletingAnimationsLeavesOutsideTargetsPastTheTable) {
  auto d = fixture("quirks.wad");
  ObjectView v(objectsOf(d));
  // The kept movable: one of 100 / 102 with a dispatch; the other one is deleted.
  std::uint32_t kept = 0, gone = 0;
  std::size_t keptAnim = 0, dispatch = 0;
  for (auto [k, g] : {std::pair{100u, 102u}, std::pair{102u, 100u}}) {
    auto [a0, a1] = v.animationRange(*v.findMovable(k));
    for (std::size_t a = a0; a < a1 && !kept; ++a)
      for (auto sc = v.stateChangeRange(a).first; sc < v.stateChangeRange(a).second && !kept; ++sc)
        if (auto [d0, d1] = v.dispatchRange(sc); d0 < d1) kept = k, gone = g, keptAnim = a, dispatch = d0;
  }
  ASSERT_NE(kept, 0u) << "quirks.wad has a dispatch";
  const auto goneRange = v.animationRange(*v.findMovable(gone));
  const Id target = v.animations()[goneRange.first].id;
  const Id keptAnimId = v.animations()[keptAnim].id, dispatchId = v.dispatches()[dispatch].id;
  Document crossed = editDocument(d, [&](Draft& e) {
    e.record(e.dispatches, *v.slotOf(dispatchId)).nextAnimation = RecordRef::record(target);
    e.record(e.animations, *v.slotOf(keptAnimId)).nextAnimation = RecordRef::record(target);
  });
  auto e = deleteObject(crossed, {ObjectKind::Movable, gone});
  bool warned = false;
  for (const auto& w : e.warnings) warned = warned || w.find("2 references") != std::string::npos;
  EXPECT_TRUE(warned) << "the warning counts the dispatch and the animation";
  // In the edited tables both references are End; saved, they name an index past the table.
  const ObjectView t(objectsOf(e.doc));
  for (const auto& a : t.animations())
    if (a.id == keptAnimId) {
      EXPECT_EQ(a.nextAnimation.kind, RecordRef::Kind::End);
    }
  for (const auto& x : t.dispatches())
    if (x.id == dispatchId) {
      EXPECT_EQ(x.nextAnimation.kind, RecordRef::Kind::End);
    }
  auto after = saved(e.doc);
  EXPECT_EQ(objectsOf(after).animations->size(), objectsOf(d).animations->size() - (goneRange.second - goneRange.first));
  bool flagged = false;
  for (const auto& w : validate(after)) flagged = flagged || (w.where.object && w.where.object->slot == kept && w.where.animation);
  EXPECT_TRUE(flagged) << "validation names the kept movable's animation";
}

// A movable listed earlier whose animation index is the deleted movable's own start uses those
// animations too (its range in the table is empty): they stay.
TEST(OpsSemantics, DeletingKeepsAnimationsAnotherMovableStartsIn) {
  auto d = fixture("quirks.wad");
  ObjectView v(objectsOf(d));
  const std::size_t i101 = *v.findMovable(101), i102 = *v.findMovable(102);
  const auto before = objectsOf(d).animations->size();
  Document sharing = editDocument(d, [&](Draft& e) { e.movables.edit()[i101].animations = v.movables()[i102].animations; });
  auto e = deleteObject(sharing, {ObjectKind::Movable, 102});
  EXPECT_EQ(objectsOf(saved(e.doc)).animations->size(), before);
  EXPECT_FALSE(e.warnings.empty());
  // Without the sharer the animations go.
  EXPECT_EQ(objectsOf(saved(deleteObject(d, {ObjectKind::Movable, 102}).doc)).animations->size(), before - 2);
}

TEST(OpsSemantics, CommandsKeepUnparsedWordsAndCopySharedOnes) {
  auto d = fixture("quirks.wad");
  // Animation 0 of movable 102 (global 2) starts with an unknown code: a new command goes before
  // the raw words, which stay as they were.
  auto e = addCommand(d, 102, 0, {4, {}}, 0);
  ObjectView v(objectsOf(e.doc));
  auto c = v.commands(2);
  EXPECT_FALSE(c.complete);
  ASSERT_EQ(c.commands.size(), 1u);
  EXPECT_EQ(c.commands[0].code, 4);
  EXPECT_EQ(v.animations()[2].numCommands, 2);
  // Sound frames are relative to the animation.
  auto s = addCommand(fixture("sample.wad"), 427, 1, {5, {3, 71}}, std::nullopt);
  auto cmds = ObjectView(objectsOf(s.doc)).commands(1);
  ASSERT_EQ(cmds.commands.size(), 3u);
  EXPECT_EQ(cmds.commands[2].operands[0], 10);  // 7 + 3
}

TEST(OpsSemantics, FrameDurationKeepsTheFrameRangeConsistent) {
  auto d = fixture("sample.wad");
  auto e = setAnimation(d, 427, 1, AnimationChange{.frameDuration = 3});
  const ObjectView v(objectsOf(e.doc));
  const Animation& a = v.animations()[1];
  EXPECT_EQ(a.frameDuration, 3);
  EXPECT_EQ(a.frameStart, 7);
  EXPECT_EQ(a.frameEnd, 7 + 8 * 3);  // 9 keyframes
}

TEST(OpsSemantics, UntouchedPartsAreShared) {
  auto d = fixture("sample.wad");
  auto e = setAnimation(d, 427, 1, AnimationChange{.stateId = 9});
  const auto& a = std::get<WadDocument>(d);
  const auto& b = std::get<WadDocument>(e.doc);
  EXPECT_NE(a.objects.animations.get(), b.objects.animations.get());
  EXPECT_EQ(a.objects.meshes.get(), b.objects.meshes.get());
  EXPECT_EQ(a.objects.keyframes.get(), b.objects.keyframes.get());
  EXPECT_EQ(a.pixels.get(), b.pixels.get());
  EXPECT_EQ(a.objects.stateChanges.get(), b.objects.stateChanges.get());
}

TEST(OpsSemantics, SharedStateChangesAreCopiedBeforeAnEdit) {
  // Make both sample animations use animation 0's state change.
  auto sample = fixture("sample.wad");
  const ObjectView before(objectsOf(sample));
  Document d = editDocument(sample, [&](Draft& e) {
    e.record(e.animations, *before.slotOf(before.animations()[1].id)).stateChanges = before.animations()[0].stateChanges;
  });
  auto e = ops::addDispatch(d, 427, 1, 0, {0, 1, 0, 0});
  ObjectView v(objectsOf(e.doc));
  auto [a0, a0end] = v.stateChangeRange(0);
  auto [a1, a1end] = v.stateChangeRange(1);
  EXPECT_NE(a0, a1);  // animation 1 got its own copy
  EXPECT_EQ(v.dispatchRange(a0).second - v.dispatchRange(a0).first, 1u);
  EXPECT_EQ(v.dispatchRange(a1).second - v.dispatchRange(a1).first, 2u);
  // The file still writes and reads back to the same document.
  auto bytes = encodeDocument(e.doc);
  EXPECT_EQ(encodeDocument(readDocument(bytes, "x")), bytes);
}

}  // namespace
}  // namespace wadsmith
