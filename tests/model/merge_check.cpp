#include "tests/model/merge_check.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "io/wad_codec.h"
#include "model/quirks.h"
#include "model/validate.h"
#include "tests/support/object_signature.h"
#include "tests/support/test_support.h"

namespace wadsmith::test {

WadDocument checkMerge(const WadDocument& dst, const WadDocument& src, const merge::Result& r) {
  using merge::describe;
  auto bytes = writeWad(r.doc);
  WadDocument back = readWad(bytes, "merged.wad");
  EXPECT_EQ(test::firstDifference(writeWad(back), bytes), -1) << "the merged WAD does not round-trip";
  std::vector<ObjectRef> targets;
  for (const auto& m : r.report.merged) {
    targets.push_back(m.target());
    auto diff = signatureDifference(objectSignature(src, m.source()), objectSignature(back, m.target()));
    EXPECT_EQ(diff, "") << describe(m.source()) << " -> " << describe(m.target());
  }
  for (const auto& k : objectKeys(dst)) {
    if (std::find(targets.begin(), targets.end(), k) != targets.end()) continue;
    EXPECT_EQ(signatureDifference(objectSignature(dst, k), objectSignature(back, k)), "") << describe(k) << " changed";
  }
  EXPECT_LE(validateMeshes(back.objects, back.samples->size(), true).size(),
            validateMeshes(dst.objects, dst.samples->size(), true).size() +
                validateMeshes(src.objects, src.samples->size(), true).size());
  EXPECT_EQ(back.objects.movables->size() + back.objects.statics->size(),
            dst.objects.movables->size() + dst.objects.statics->size() + r.report.merged.size() - r.report.removed.size());
  return back;
}

}  // namespace wadsmith::test
