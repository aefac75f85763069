// Work that multiplies: a valid-looking WAD where every animation claims the same 65,535 state
// changes and every state change the same 65,535 dispatches. Validation, the dump and the
// views visit each record once (this used to visit ~2x10^8 dispatches and run out of memory).
#include <gtest/gtest.h>

#include "editor/cli/dump_json.h"
#include "fixtures/generator/raw_wad.h"
#include "io/wad_codec.h"
#include "model/quirks.h"
#include "model/validate.h"

namespace wadsmith {
namespace {

std::vector<std::uint8_t> multiplyingWad() {
  fixtures::RawWad w;
  fixtures::MeshWords m;
  m.sphere({0, 0, 0}, 10).vertex({0, 0, 0}).vertex({1, 0, 0}).vertex({0, 1, 0}).normals({{0, 0, 1}, {0, 0, 1}, {0, 0, 1}});
  w.meshPointers.push_back(w.addMesh(m));
  for (int a = 0; a < 64; ++a) {
    fixtures::RawAnimation an;
    an.numStateChanges = 0xFFFF;
    an.stateChangeIndex = 0;
    w.animations.push_back(an);
  }
  w.stateChanges.assign(0xFFFF, {1, 0xFFFF, 0});
  w.dispatches.assign(0xFFFF, {0, 1, 0, 0});
  fixtures::RawMovable mv;
  mv.objectId = 5;
  mv.numPointers = 1;
  mv.animsIndex = 0;
  w.movables.push_back(mv);
  return w.bytes();
}

TEST(BoundedWork, SharedHugeRunsAreVisitedOnce) {
  const auto bytes = multiplyingWad();
  auto doc = readWad(bytes, "multiplying.wad");
  EXPECT_EQ(writeWad(doc), bytes);
  auto findings = validate(Document(doc));
  // One finding per record at most (plus a handful per animation), not one per visit.
  EXPECT_LT(findings.size(), 2u * 0xFFFF + 64u * 8u);
  findObjectQuirks(doc.objects);
  auto dump = cli::dumpWad(doc);
  const auto& anims = dump["movables"][0]["animations"];
  ASSERT_EQ(anims.size(), 64u);
  EXPECT_EQ(anims[0]["state_changes"].size(), 0xFFFFu);
  EXPECT_EQ(anims[1]["state_changes"]["same_as_animation"], 0);  // the same run, written once
  EXPECT_EQ(anims[0]["state_changes"][1]["dispatches"]["same_as_state_change"], 0);
}

}  // namespace
}  // namespace wadsmith
