// wadsmith skeleton export|import: export then import of every movable of a real WAD gives the
// file back; a skeleton of another bone count is refused, naming both.
#include <gtest/gtest.h>

#include "io/document_io.h"
#include "io/file_io.h"
#include "model/object_view.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

TEST(SkeletonCli, ExportThenImportIsTheIdentity) {
  const auto wad = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(wad);
  const auto dir = test::scratchDir();
  const ObjectView v(objectsOf(loadDocument(wad)));
  std::size_t tried = 0;
  for (const auto& m : v.movables()) {
    if (v.meshCount(*v.findMovable(m.objectId)) < 2 || (tried++ % 4) != 0) continue;  // every fourth with a tree
    const std::string id = std::to_string(m.objectId), json = (dir / ("m" + id + ".json")).string();
    auto r = test::runWadsmith("skeleton export " + wad.string() + " --movable " + id + " -o " + json);
    ASSERT_EQ(r.exit, 0) << r.out;
    const auto out = dir / ("m" + id + ".wad");
    r = test::runWadsmith("skeleton import " + wad.string() + " " + json + " --movable " + id + " -o " + out.string());
    ASSERT_EQ(r.exit, 0) << r.out;
    EXPECT_EQ(readFileBytes(out), readFileBytes(wad)) << "movable " << id;
  }
  EXPECT_GT(tried, 8u);
  // LARA's 15 bones onto a movable with another count.
  const std::string lara = (dir / "lara.json").string();
  ASSERT_EQ(test::runWadsmith("skeleton export " + wad.string() + " --movable LARA -o " + lara).exit, 0);
  for (const auto& m : v.movables()) {
    const std::size_t bones = v.meshCount(*v.findMovable(m.objectId));
    if (bones == 15 || bones < 2) continue;
    const auto r = test::runWadsmith("skeleton import " + wad.string() + " " + lara + " --movable " + std::to_string(m.objectId) +
                                     " -o " + (dir / "no.wad").string());
    EXPECT_NE(r.exit, 0);
    EXPECT_NE(r.out.find("the skeleton has 15 bones; movable " + std::to_string(m.objectId) + " has " + std::to_string(bones)),
              std::string::npos)
        << r.out;
    return;
  }
  FAIL() << "no movable with another bone count";
}

}  // namespace
}  // namespace wadsmith
