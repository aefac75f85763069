// The mesh tree as fields: set_bone writes only the dwords it changes, reads back through the
// field table, gives the file back when set to what it was; the whole tree set at once refuses
// another bone count, naming both.
#include <gtest/gtest.h>

#include "io/document_io.h"
#include "io/file_io.h"
#include "model/ops/skeleton_ops.h"
#include "tests/support/doc_diff.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using namespace ops;

TEST(SkeletonOps, SetBoneWritesOnlyItsLinkDwords) {
  const auto path = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(path);
  const auto bytes = readFileBytes(path);
  const auto doc = readDocument(bytes, path.string());
  const ObjectView v(objectsOf(doc));
  const auto was = boneLinks(v, *v.findMovable(0));
  ASSERT_EQ(was.size(), 14u);
  BoneChange c;
  c.y = was[2].y + 5;
  c.push = !(was[2].flags & 2);
  const auto out = encodeDocument(setBone(doc, 0, 3, c).doc);
  EXPECT_EQ(test::diffParts(bytes, out).sections, (std::set<std::string>{"links"}));
  std::size_t differing = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i) differing += bytes[i] != out[i];
  EXPECT_LE(differing, 2u);
  const auto edited = readDocument(out, "edited");
  const ObjectView e(objectsOf(edited));
  const auto now = boneLinks(e, *e.findMovable(0));
  EXPECT_EQ(now[2].y, was[2].y + 5);
  EXPECT_EQ(*userValue(boneFields()[4], now[2], {}), (was[2].flags & 2) ? 0 : 1) << "the push field reads the new flag";
  EXPECT_EQ(e.skeleton(*e.findMovable(0)).bones[3].offset.y, was[2].y + 5);
  // Back to what it was: the file's bytes.
  c.y = was[2].y, c.push = (was[2].flags & 2) != 0;
  EXPECT_EQ(encodeDocument(setBone(edited, 0, 3, c).doc), bytes);
  EXPECT_THROW(setBone(doc, 0, 0, c), EditError);
  EXPECT_THROW(setBone(doc, 0, 15, c), EditError);
}

TEST(SkeletonOps, SettingTheTreeRefusesAnotherBoneCount) {
  const auto path = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(path);
  const auto doc = readDocument(readFileBytes(path), path.string());
  const ObjectView v(objectsOf(doc));
  auto links = boneLinks(v, *v.findMovable(0));
  EXPECT_EQ(encodeDocument(setBones(doc, 0, links).doc), encodeDocument(doc));
  links.pop_back();
  try {
    setBones(doc, 0, links);
    FAIL() << "14 bones accepted for LARA's 15";
  } catch (const EditError& e) {
    EXPECT_NE(std::string(e.what()).find("has 14 bones; movable 0 has 15"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace wadsmith
