// Merges carry sounds. The written .SFX/.SAM are checked with a reader written here from the
// format's description (not the codec under test): every id the merged movables play has the
// source's info fields and sample names, or the destination's when it kept its own (and the
// report says so); every other id is as the destination had it; the result round-trips; undo
// (keeping the old document) restores all five files' bytes.
#include <gtest/gtest.h>

#include <map>

#include "io/file_io.h"
#include "io/wad_files.h"
#include "model/merge/merge.h"
#include "model/ops/sound_ops.h"
#include "model/sound_use.h"
#include "tests/support/test_support.h"
#include "undo/history.h"

namespace wadsmith {
namespace {

using Bytes = std::vector<std::uint8_t>;

// The oracle: what an id plays, read straight from the bytes.
struct OracleSound {
  int volume, range, chance, pitch, flags;
  std::vector<std::string> samples;
  friend bool operator==(const OracleSound&, const OracleSound&) = default;
};
std::map<int, OracleSound> readSoundFiles(const Bytes& sfx, const Bytes& sam, int mapLength) {
  auto u16 = [&](std::size_t at) { return sfx.at(at) | (sfx.at(at + 1) << 8); };
  auto u32 = [&](std::size_t at) { return static_cast<std::size_t>(u16(at) | (u16(at + 2) << 16)); };
  std::vector<std::string> lines;
  std::string line;
  for (auto c : sam) {
    if (c == '\n') {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      lines.push_back(line);
      line.clear();
    } else {
      line.push_back(static_cast<char>(c));
    }
  }
  if (!line.empty()) lines.push_back(line);
  const std::size_t infos = 2 * static_cast<std::size_t>(mapLength);
  const std::size_t n = u32(infos);
  std::map<int, OracleSound> out;
  for (int id = 0; id < mapLength; ++id) {
    const int index = static_cast<std::int16_t>(u16(2 * static_cast<std::size_t>(id)));
    if (index < 0) continue;
    EXPECT_LT(static_cast<std::size_t>(index), n) << "id " << id;
    const std::size_t at = infos + 4 + 8 * static_cast<std::size_t>(index);
    OracleSound s{sfx.at(at + 2), sfx.at(at + 3), sfx.at(at + 4), static_cast<std::int8_t>(sfx.at(at + 5)), u16(at + 6) & ~0xFC, {}};
    const int first = u16(at), count = (u16(at + 6) >> 2) & 0xF;
    for (int k = 0; k < count; ++k) s.samples.push_back(lines.at(static_cast<std::size_t>(first + k)));
    out[id] = s;
  }
  EXPECT_EQ(u32(infos + 4 + 8 * n), lines.size()) << "the sample block has one index per .SAM line";
  return out;
}
std::map<int, OracleSound> readSet(const std::filesystem::path& wad) {
  return readSoundFiles(readFileBytes(findCompanion(wad, "SFX")), readFileBytes(findCompanion(wad, "SAM")), 370);
}

// Ids a movable's animations play, read from its commands (not from the merge's report).
std::set<int> playedBy(const WadDocument& d, const std::vector<std::uint32_t>& slots) {
  std::set<int> out;
  ObjectView v(d.objects);
  for (auto slot : slots)
    if (auto m = v.findMovable(slot))
      for (const auto& p : movableSounds(v, *m)) out.insert(p.id);
  return out;
}

struct Sets {
  std::filesystem::path tut1, karnak;
  WadDocument dst, src;
};

Sets corpusSets() {
  Sets s{test::corpusFile("wad/tut1.WAD"), test::corpusFile("wad/karnak.WAD"), {}, {}};
  if (!s.tut1.empty() && !s.karnak.empty()) {
    s.dst = loadWad(s.tut1);
    s.src = loadWad(s.karnak);
  }
  return s;
}

std::vector<std::uint32_t> karnakMovablesTut1Lacks(const Sets& s) {
  std::vector<std::uint32_t> out;
  ObjectView dv(s.dst.objects);
  for (const auto& m : *s.src.objects.movables)
    if (!dv.findMovable(m.objectId)) out.push_back(m.objectId);
  return out;
}

void checkSounds(merge::SoundMode mode) {
  auto s = corpusSets();
  if (s.tut1.empty() || s.karnak.empty()) GTEST_SKIP() << "../shared corpus karnak/tut1 not present: skipped";
  merge::Request req;
  req.movables = karnakMovablesTut1Lacks(s);
  req.sounds = mode;
  ASSERT_FALSE(req.movables.empty());
  auto r = merge::mergeObjects(s.dst, s.src, req);
  const auto dir = test::scratchDir();
  saveWad(r.doc, dir / "out.wad");

  const auto before = readSet(s.tut1), source = readSet(s.karnak), after = readSet(dir / "out.wad");
  const auto played = playedBy(s.src, req.movables);
  std::map<int, merge::SoundNote::What> reported;
  for (const auto& n : r.report.soundReport.ids) reported[n.id] = n.what;
  std::size_t carried = 0, kept = 0;
  for (int id : played) {
    ASSERT_TRUE(reported.count(id)) << "id " << id << " played but not reported";
    if (!source.count(id)) {
      EXPECT_EQ(reported[id], merge::SoundNote::What::NotInSource) << id;
      continue;
    }
    ASSERT_TRUE(after.count(id)) << "id " << id << " played by a merged movable has no info";
    const bool destinationKept = before.count(id) && before.at(id) != source.at(id) && mode == merge::SoundMode::Keep;
    if (destinationKept) {
      EXPECT_EQ(reported[id], merge::SoundNote::What::Kept) << id;
      EXPECT_EQ(after.at(id), before.at(id)) << id;
      ++kept;
    } else {
      EXPECT_EQ(after.at(id), source.at(id)) << "id " << id;
      ++carried;
    }
  }
  EXPECT_GT(carried, 0u);
  // Every other id: as the destination had it.
  for (int id = 0; id < 370; ++id) {
    if (played.count(id)) continue;
    EXPECT_EQ(after.count(id), before.count(id)) << id;
    if (before.count(id) && after.count(id)) {
      EXPECT_EQ(after.at(id), before.at(id)) << id;
    }
  }
  if (mode == merge::SoundMode::Keep) {
    EXPECT_EQ(kept, r.report.soundReport.count(merge::SoundNote::What::Kept));
  }

  // The result round-trips, every file.
  const auto back = loadWad(dir / "out.wad");
  for (const auto& [ext, bytes] : companionFiles(back))
    EXPECT_EQ(test::firstDifference(readFileBytes(findCompanion(dir / "out.wad", ext)), bytes), -1) << ext;

  // Undo: the history's previous document writes the five original files again.
  History<Document> h(Document(s.dst), "open");
  h.push(Document(r.doc), "merge");
  ASSERT_TRUE(h.undo());
  saveWad(std::get<WadDocument>(h.current()), dir / "undone.WAD");
  for (const char* ext : {"WAD", "WAS", "SFX", "SAM", "SWD"}) {
    const auto original = ext == std::string("WAD") ? s.tut1 : findCompanion(s.tut1, ext);
    const auto written = ext == std::string("WAD") ? dir / "undone.WAD" : findCompanion(dir / "undone.WAD", ext);
    ASSERT_FALSE(written.empty()) << ext;
    EXPECT_EQ(test::firstDifference(readFileBytes(original), readFileBytes(written)), -1) << ext;
  }
}

TEST(SoundMerge, KarnakIntoTut1KeepsTheDestinationsDifferingInfos) { checkSounds(merge::SoundMode::Keep); }
TEST(SoundMerge, KarnakIntoTut1ReplacesThem) { checkSounds(merge::SoundMode::Replace); }

TEST(SoundMerge, NoneLeavesTheSoundsAsTheyWere) {
  auto s = corpusSets();
  if (s.tut1.empty() || s.karnak.empty()) GTEST_SKIP() << "../shared corpus karnak/tut1 not present: skipped";
  merge::Request req;
  req.movables = karnakMovablesTut1Lacks(s);
  req.sounds = merge::SoundMode::None;
  auto r = merge::mergeObjects(s.dst, s.src, req);
  EXPECT_EQ(r.doc.sounds, s.dst.sounds);  // the same shared part: nothing copied
  EXPECT_TRUE(r.report.soundReport.ids.empty());
}

// The fixtures: ANIMATING1 plays 71 and 126; into a WAD without sounds it brings both (the
// .SFX/.SAM are created); the shared info of 71/72 travels once per id played.
TEST(SoundMerge, IntoAWadWithoutSounds) {
  const auto src = loadWad(test::fixturesDir() / "sample.wad");
  auto dst = loadWad(test::fixturesDir() / "quirks.wad");
  dst.sounds = nullptr;
  merge::Request req;
  req.movables = {427};
  auto r = merge::mergeObjects(dst, src, req);
  ASSERT_TRUE(r.doc.sounds);
  const auto& s = *r.doc.sounds;
  ASSERT_EQ(s.infos.size(), 2u);
  EXPECT_EQ(s.map[71], 0);
  EXPECT_EQ(s.map[126], 1);
  EXPECT_EQ(s.map[72], -1);
  ASSERT_EQ(s.samples.size(), 2u);
  EXPECT_EQ(s.samples[0].name, "swoosh.wav");
  EXPECT_EQ(s.samples[1].name, "gate.wav");
  EXPECT_EQ(*s.samples[0].listIndex, 57u);  // the source's sounds.txt index travels
  EXPECT_EQ(r.report.soundReport.count(merge::SoundNote::What::Added), 2u);
}


// An id the destination defines differently: kept (and reported) or replaced; an info other
// ids share stays theirs when one of them takes the source's.
TEST(SoundMerge, DifferingInfosAreKeptOrReplaced) {
  const auto src = loadWad(test::fixturesDir() / "sample.wad");
  ops::SoundInfoChange quiet;
  quiet.volume = 5;
  const auto dst = std::get<WadDocument>(ops::setSoundInfo(Document(src), 71, quiet).doc);
  merge::Request req;
  req.movables = {427};
  req.as = 429;
  auto kept = merge::mergeObjects(dst, src, req);
  ASSERT_EQ(kept.report.soundReport.ids.size(), 2u);
  EXPECT_EQ(kept.report.soundReport.ids[0].what, merge::SoundNote::What::Kept);
  EXPECT_EQ(kept.report.soundReport.ids[0].difference, "volume 5 / 178");
  EXPECT_EQ(kept.report.soundReport.ids[1].what, merge::SoundNote::What::Same);
  EXPECT_EQ(kept.doc.sounds, dst.sounds);  // nothing to change

  req.sounds = merge::SoundMode::Replace;
  auto replaced = merge::mergeObjects(dst, src, req);
  EXPECT_EQ(replaced.report.soundReport.ids[0].what, merge::SoundNote::What::Replaced);
  const auto& s = *replaced.doc.sounds;
  EXPECT_EQ(s.info(71)->volume, 178);
  EXPECT_EQ(s.info(72)->volume, 5);  // 72 shared the info: it keeps the destination's
  EXPECT_NE(s.map[71], s.map[72]);
  EXPECT_EQ(s.samples[s.info(71)->sample].name, "swoosh.wav");
  EXPECT_EQ(s.samples[s.info(72)->sample].name, "swoosh.wav");
  EXPECT_EQ(s.info(126)->volume, 127);
}

}  // namespace
}  // namespace wadsmith
