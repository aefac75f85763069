// An animation's keyframe words and command words are runs it owns (model/runs.h): they grow
// and shrink in place through ownRunOf, every other owner's words stay as they were (only
// their offsets move), shrinking back gives the original file byte for byte, and a run another
// animation shares is copied before the edit.
#include <gtest/gtest.h>

#include "io/document_io.h"
#include "io/file_io.h"
#include "model/object_view.h"
#include "model/runs.h"
#include "tests/support/doc_diff.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using Words = std::vector<std::uint16_t>;

// Inserts `words` at `at` in the animation's run of `run` (keyframes or commands), or erases
// `erase` words there.
template <class Edit>
Document editRun(const Document& d, std::size_t anim, RunRef Animation::*run, Edit edit) {
  const ObjectView v(objectsOf(d));
  const Id id = v.animations()[anim].id;
  return editDocument(d, [&](Draft& e) {
    auto& package = run == &Animation::keyframes ? e.keyframes : e.commands;
    edit(e.items(package, ownRunOf(e, e.animations, run, package, id)), e.record(e.animations, *v.slotOf(id)));
  });
}

Document growKeyframes(const Document& d, std::size_t anim) {
  const ObjectView v(objectsOf(d));
  const std::size_t size = v.animations()[anim].keyframeSize;
  const Words words = v.keyframeWords(anim), first(words.begin(), words.begin() + static_cast<long>(size));
  return editRun(d, anim, &Animation::keyframes, [&](Words& w, Animation&) { w.insert(w.begin(), first.begin(), first.end()); });
}
Document shrinkKeyframes(const Document& d, std::size_t anim) {
  const std::size_t size = ObjectView(objectsOf(d)).animations()[anim].keyframeSize;
  return editRun(d, anim, &Animation::keyframes, [&](Words& w, Animation&) { w.erase(w.begin(), w.begin() + static_cast<long>(size)); });
}

// Every animation's keyframe words, in table order.
std::vector<Words> allKeyframes(const Document& d) {
  const ObjectView v(objectsOf(d));
  std::vector<Words> out;
  for (std::size_t a = 0; a < v.animations().size(); ++a) out.push_back(v.keyframeWords(a));
  return out;
}

void expectKeyframesGrowAndShrink(const std::filesystem::path& path, const std::vector<std::size_t>& anims) {
  const auto bytes = readFileBytes(path);
  const Document d = readDocument(bytes, path.string());
  const auto before = allKeyframes(d);
  for (auto a : anims) {
    SCOPED_TRACE("animation " + std::to_string(a));
    const auto grownBytes = encodeDocument(growKeyframes(d, a));
    const Document grown = readDocument(grownBytes, "grown");
    EXPECT_EQ(encodeDocument(grown), grownBytes) << "the grown file round-trips";
    // Only the keyframe words and the offsets after them changed.
    auto sections = test::diffParts(bytes, grownBytes).sections;
    EXPECT_TRUE(sections.count("keyframes"));
    sections.erase("keyframes"), sections.erase("animations"), sections.erase("movables");
    EXPECT_TRUE(sections.empty()) << *sections.begin();
    auto after = allKeyframes(grown);
    ASSERT_EQ(after.size(), before.size());
    const std::size_t size = ObjectView(objectsOf(d)).animations()[a].keyframeSize;
    for (std::size_t i = 0; i < before.size(); ++i) {
      if (i != a) {
        EXPECT_EQ(after[i], before[i]) << "animation " << i << " keeps its keyframes";
        continue;
      }
      ASSERT_EQ(after[i].size(), before[i].size() + size);
      EXPECT_TRUE(std::equal(before[i].begin(), before[i].end(), after[i].begin() + static_cast<long>(size)));
    }
    EXPECT_EQ(encodeDocument(shrinkKeyframes(grown, a)), bytes) << "shrinking back gives the original file";
  }
}

TEST(OwnedRuns, KeyframeRunsGrowAndShrinkInPlace) {
  expectKeyframesGrowAndShrink(test::fixturesDir() / "sample.wad", {0, 1});
}

TEST(OwnedRuns, KeyframeRunsGrowAndShrinkInPlaceInRealFiles) {
  auto path = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(path);
  // The first animation, one in the middle of the table and the last that has keyframes.
  const ObjectView v(objectsOf(loadDocument(path)));
  std::size_t last = v.animations().size(), middle = last / 2;
  while (last > 0 && v.keyframeCount(last - 1) == 0) --last;
  while (middle < last && v.keyframeCount(middle) == 0) ++middle;
  ASSERT_LT(middle, last);
  expectKeyframesGrowAndShrink(path, {0, middle, last - 1});
}

// The first animation with commands.
std::size_t withCommands(const ObjectView& v) {
  for (std::size_t a = 0; a < v.animations().size(); ++a)
    if (v.animations()[a].numCommands && v.commands(a).complete) return a;
  ADD_FAILURE() << "no animation with commands";
  return 0;
}

TEST(OwnedRuns, CommandRunsGrowAndShrinkInPlace) {
  const auto bytes = readFileBytes(test::fixturesDir() / "sample.wad");
  const Document d = readDocument(bytes, "sample.wad");
  const std::size_t a = withCommands(ObjectView(objectsOf(d)));
  const auto list = ObjectView(objectsOf(d)).commands(a).commands;
  auto grown = editRun(d, a, &Animation::commands, [](Words& w, Animation& an) {
    w.push_back(4);  // kill
    ++an.numCommands;
  });
  const auto grownBytes = encodeDocument(grown);
  EXPECT_EQ(test::diffParts(bytes, grownBytes).sections, (std::set<std::string>{"animations", "commands"}));
  const Document back = readDocument(grownBytes, "grown");
  auto commands = ObjectView(objectsOf(back)).commands(a).commands;
  ASSERT_EQ(commands.size(), list.size() + 1);
  EXPECT_EQ(commands.back().code, 4);
  EXPECT_TRUE(std::equal(list.begin(), list.end(), commands.begin()));
  auto shrunk = editRun(back, a, &Animation::commands, [](Words& w, Animation& an) {
    w.pop_back();
    --an.numCommands;
  });
  EXPECT_EQ(encodeDocument(shrunk), bytes);
}

TEST(OwnedRuns, ASharedCommandRunIsCopiedBeforeItGrows) {
  const Document sample = readDocument(readFileBytes(test::fixturesDir() / "sample.wad"), "sample.wad");
  const ObjectView v(objectsOf(sample));
  const std::size_t owner = withCommands(v), other = owner == 0 ? 1 : 0;
  // The other animation names the same words.
  const Document shared = editDocument(sample, [&](Draft& e) {
    Animation& an = e.record(e.animations, *v.slotOf(v.animations()[other].id));
    an.commands = v.animations()[owner].commands;
    an.numCommands = v.animations()[owner].numCommands;
  });
  const auto list = ObjectView(objectsOf(shared)).commands(owner).commands;
  auto grown = editRun(shared, other, &Animation::commands, [](Words& w, Animation& an) {
    w.push_back(3);  // empty hands
    ++an.numCommands;
  });
  const auto grownBytes = encodeDocument(grown);
  const Document back = readDocument(grownBytes, "grown");
  EXPECT_EQ(encodeDocument(back), grownBytes);
  const ObjectView after(objectsOf(back));
  EXPECT_EQ(after.commands(owner).commands, list) << "the owner's words are untouched";
  ASSERT_EQ(after.commands(other).commands.size(), list.size() + 1);
  EXPECT_EQ(after.commands(other).commands.back().code, 3);
  EXPECT_NE(after.runStart(after.animations()[owner].commands), after.runStart(after.animations()[other].commands));
}

}  // namespace
}  // namespace wadsmith
