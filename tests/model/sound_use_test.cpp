// The sound ids a movable's animations play: the walk over the command package that takes each
// word once per movable gives what parsing every animation's list gives, with the same first
// animation for each id, on every fixture and corpus file.
#include <gtest/gtest.h>

#include <map>

#include "io/document_io.h"
#include "model/command.h"
#include "model/object_view.h"
#include "model/sound_use.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

// Every animation's list parsed on its own (what the walk must equal).
std::map<std::uint16_t, std::size_t> parsedOneByOne(const ObjectView& v, std::size_t movable) {
  std::map<std::uint16_t, std::size_t> ids;
  const auto range = v.animationRange(movable);
  for (std::size_t a = range.first; a < range.second; ++a)
    for (const auto& c : v.commands(a).commands)
      if (auto id = soundId(c)) ids.try_emplace(*id, a - range.first);
  return ids;
}

TEST(SoundUse, TheWalkPlaysWhatEveryListParsedOnItsOwnPlays) {
  std::vector<std::filesystem::path> files;
  for (const char* f : {"sample.wad", "quirks.wad", "version130.wad", "synthetic.tr4", "synthetic.phd", "synthetic.tr2"})
    files.push_back(test::fixturesDir() / f);
  for (const auto& f : test::corpusFiles("wad", {".wad"})) files.push_back(f);
  for (const auto& f : test::corpusFiles("tr4", {".tr4"})) files.push_back(f);
  std::size_t played = 0;
  for (const auto& file : files) {
    SCOPED_TRACE(file.string());
    const auto doc = loadDocument(file);
    const ObjectView v(objectsOf(doc));
    for (std::size_t m = 0; m < v.movables().size(); ++m) {
      std::map<std::uint16_t, std::size_t> walked;
      for (const auto& p : animationSounds(v, m)) {
        EXPECT_EQ(p.slot, v.movables()[m].objectId);
        ASSERT_TRUE(p.animation);
        walked[p.id] = *p.animation;
      }
      EXPECT_EQ(walked, parsedOneByOne(v, m)) << "movable " << v.movables()[m].objectId;
      played += walked.size();
    }
  }
  EXPECT_GT(played, 0u) << "the fixtures' sample movable plays sounds";
}

}  // namespace
}  // namespace wadsmith
