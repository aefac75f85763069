// WadTool .anim files: the real ones import onto the movables they were made for and export back
// with their timing, velocities, boxes, offsets and angles (within the rotation words' steps);
// every animation exported and imported over itself gives the WAD's bytes back.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "io/anim_xml.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/parse_error.h"
#include "model/anim/interchange.h"
#include "model/catalog.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

// Export -> XML -> import over the same animation, for animations [first, end) step `step`.
void expectIdentity(const std::filesystem::path& path, std::uint32_t slot, std::size_t step) {
  const auto bytes = readFileBytes(path);
  const Document d = readDocument(bytes, path.string());
  const ObjectView v(objectsOf(d));
  const std::size_t m = *v.findMovable(slot);
  const auto [first, end] = v.animationRange(m);
  for (std::size_t a = first; a < end; a += step) {
    SCOPED_TRACE("slot " + std::to_string(slot) + " animation " + std::to_string(a - first));
    const auto file = readAnimFile(writeAnimFile(anim::exportAnimation(v, m, a)), "x.anim");
    EXPECT_EQ(file, anim::exportAnimation(v, m, a)) << "the XML reads back as written";
    const auto imported = anim::importAnimation(d, slot, a - first, file, anim::Targets::Keep);
    EXPECT_EQ(encodeDocument(imported.edited.doc), bytes);
    for (double e : imported.boneError) EXPECT_LT(e, 1e-3);
  }
}

TEST(AnimInterchange, ExportThenImportIsTheIdentity) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  expectIdentity(test::corpusFile("wad/tut1.WAD"), 0, 5);
  const auto karnak = test::corpusFile("wad/karnak.WAD");
  const Document d = loadDocument(karnak);
  std::size_t done = 0;
  for (const auto& mv : *objectsOf(d).movables)
    if (mv.objectId != 0 && mv.hasAnimations() && done < 4) expectIdentity(karnak, mv.objectId, 1), ++done;
}

// The generated fixture (the fuzz target's seed without the corpus) holds every part of a file.
TEST(AnimInterchange, TheFixtureHasEveryPartAndReadsBack) {
  const auto file = readAnimFile(readFileBytes(test::fixturesDir() / "sample.anim"), "sample.anim");
  EXPECT_FALSE(file.keyframes.empty());
  EXPECT_FALSE(file.stateChanges.empty());
  EXPECT_FALSE(file.commands.empty());
  EXPECT_EQ(readAnimFile(writeAnimFile(file), "again.anim"), file);
}

double turnDifference(double a, double b) {
  const double d = std::fmod(std::abs(a - b), 360.0);
  return std::min(d, 360.0 - d);
}

// Each of the corpus's LARA animations over the Lara animation of its number (the first when
// TombEngine's numbering goes past the WAD's).
TEST(AnimInterchange, RealAnimFilesImportOntoLaraAndExportBack) {
  const auto dir = test::corpusFile("anim/LARA");
  WADSMITH_REQUIRE_CORPUS(dir);
  const auto wad = test::corpusFile("wad/tut1.WAD");
  const Document d = loadDocument(wad);
  const ObjectView v(objectsOf(d));
  const std::size_t m = *v.findMovable(0), count = v.animationRange(m).second - v.animationRange(m).first;
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    SCOPED_TRACE(entry.path().filename().string());
    const auto file = readAnimFile(readFileBytes(entry.path()), entry.path().string());
    const std::size_t n = std::stoul(entry.path().filename().string().substr(0, 4));
    const std::size_t at = n < count ? n : 0;
    const auto imported = anim::importAnimation(d, 0, at, file, anim::Targets::Own);
    const auto bytes = encodeDocument(imported.edited.doc);
    const Document again = readDocument(bytes, "imported");
    EXPECT_EQ(encodeDocument(again), bytes) << "the edited WAD round-trips";
    const ObjectView w(objectsOf(again));
    const auto back = anim::exportAnimation(w, m, v.animationRange(m).first + at);
    EXPECT_EQ(back.frameRate, file.frameRate);
    EXPECT_EQ(back.stateId, file.stateId);
    EXPECT_EQ(back.endFrame, file.endFrame);
    EXPECT_NEAR(back.startVelocity, file.startVelocity, 1e-4);
    EXPECT_NEAR(back.endVelocity, file.endVelocity, 1e-3 * std::max<std::size_t>(file.keyframes.size(), 1));
    EXPECT_NEAR(back.startLateralVelocity, file.startLateralVelocity, 1e-4);
    ASSERT_EQ(back.keyframes.size(), file.keyframes.size());
    for (std::size_t k = 0; k < file.keyframes.size(); ++k) {
      for (int i = 0; i < 3; ++i) {  // WadTool's floats to the file's words
        EXPECT_NEAR(back.keyframes[k].min[i], file.keyframes[k].min[i], 0.5);
        EXPECT_NEAR(back.keyframes[k].max[i], file.keyframes[k].max[i], 0.5);
        EXPECT_NEAR(back.keyframes[k].offset[i], file.keyframes[k].offset[i], 0.5);
      }
      for (std::size_t b = 0; b < file.keyframes[k].angles.size(); ++b)
        for (int i = 0; i < 3; ++i)
          EXPECT_LE(turnDifference(back.keyframes[k].angles[b][i], file.keyframes[k].angles[b][i]), 360.0 / 1024 / 2 + 1e-3);
    }
    ++files;
  }
  EXPECT_GT(files, 40u);
}

TEST(AnimInterchange, EveryCorpusFileReadsAndWritesBack) {
  const auto dir = test::corpusFile("anim");
  WADSMITH_REQUIRE_CORPUS(dir);
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    const auto file = readAnimFile(readFileBytes(entry.path()), entry.path().string());
    EXPECT_FALSE(file.keyframes.empty()) << entry.path();
    EXPECT_EQ(readAnimFile(writeAnimFile(file), "again"), file) << entry.path();
    ++files;
  }
  EXPECT_EQ(files, 72u);
}

TEST(AnimInterchange, BadFilesAreRefusedWithWhereAndWhy) {
  const std::string bad = "<?xml version=\"1.0\"?>\n<WadAnimation>\n  <FrameRate>fast</FrameRate>\n</WadAnimation>\n";
  try {
    readAnimFile(std::vector<std::uint8_t>(bad.begin(), bad.end()), "bad.anim");
    FAIL() << "accepted";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("WadAnimation/FrameRate"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("bad.anim"), std::string::npos) << e.what();
  }
  const std::string notXml = "<WadAnimation><KeyFrames>";
  EXPECT_THROW(readAnimFile(std::vector<std::uint8_t>(notXml.begin(), notXml.end()), "cut.anim"), ParseError);
  const std::string other = "<WadSounds/>";
  EXPECT_THROW(readAnimFile(std::vector<std::uint8_t>(other.begin(), other.end()), "other.anim"), ParseError);
}

}  // namespace
}  // namespace wadsmith
