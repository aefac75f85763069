// The operation table on a wad2: every operation that edits a WAD runs its example on the
// classic view of the wad2 fixture and of two corpus files (aimed at the file's first movable
// and static, where its records allow it), and the edit saves as a wad2 that reads back, writes
// back byte for byte and opens as a view holding the same objects as the edited one.
#include <gtest/gtest.h>

#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/wad2_codec.h"
#include "model/object_view.h"
#include "model/ops/operations.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

// The example's slots (fixtures/sample.wad's) made the file's first movable and static.
ops::Args aimed(ops::Args args, const ObjectView& v) {
  if (args.count("movable") && !v.movables().empty()) args["movable"] = v.movables()[0].objectId;
  if (args.count("static") && !v.statics().empty()) args["static"] = v.statics()[0].objectId;
  return args;
}

// What a view holds, counted per animation (a WAD's animations may share their state changes:
// a wad2's each hold their own).
std::vector<std::size_t> shapeOf(const WadDocument& w) {
  const ObjectView v(w.objects);
  std::size_t keyframes = 0, commands = 0, stateChanges = 0, dispatches = 0;
  for (std::size_t a = 0; a < v.animations().size(); ++a) {
    keyframes += v.keyframeCount(a), commands += v.commands(a).commands.size();
    const auto [from, to] = v.stateChangeRange(a);
    stateChanges += to - from;
    for (std::size_t s = from; s < to; ++s) dispatches += v.dispatchRange(s).second - v.dispatchRange(s).first;
  }
  return {v.movables().size(), v.statics().size(), v.meshPointers().size(), v.animations().size(), keyframes, stateChanges,
          dispatches, commands};
}

TEST(Wad2Operations, EveryOperationSavesAWad2ThatReadsBackAndRoundTrips) {
  std::vector<std::filesystem::path> files{test::fixturesDir() / "sample.wad2"};
  for (const char* name : {"wad2/Enemies__TR4_Skeleton.wad2", "wad2/Castigavi__lvl2_fix.wad2"})
    if (auto p = test::corpusFile(name); !p.empty()) files.push_back(p);
  std::size_t ran = 0;
  for (const auto& file : files) {
    const Document opened = loadDocument(file);
    const ObjectView v(std::get<WadDocument>(opened).objects);
    for (const auto& op : ops::operations()) {
      SCOPED_TRACE(op.name + " on " + file.filename().string());
      Document edited;
      try {
        edited = ops::bind({op.name, aimed(op.example, v)}).run(opened).doc;
      } catch (const std::exception&) {
        continue;  // the file's records do not allow the example (an index past its lists)
      }
      if (!std::holds_alternative<WadDocument>(edited)) continue;
      const auto path = test::scratchDir() / (op.name + ".wad2");
      try {
        usecases::saveWithCompanions(edited, path);
        const auto bytes = readFileBytes(path);
        EXPECT_EQ(writeWad2(readWad2(bytes, path.string())), bytes);
        const Document back = loadDocument(path);
        EXPECT_EQ(shapeOf(std::get<WadDocument>(back)), shapeOf(std::get<WadDocument>(edited)));
        ++ran;
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
      }
    }
  }
  EXPECT_GT(ran, ops::operations().size());
}

}  // namespace
}  // namespace wadsmith
