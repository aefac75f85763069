// Saving a set of files is one transaction: the old set or the whole new one, never a mix, never a
// truncated file, no temporaries left; temporaries are created exclusively, never through a link.
#include <gtest/gtest.h>

#ifndef _WIN32
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include <chrono>
#include <cstring>
#include <random>
#include <thread>

#include "io/file_io.h"
#include "io/file_set.h"
#include "io/wad_files.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

const char* kExtensions[] = {"WAD", "WAS", "SWD", "SAM"};

// File `i` of generation `gen`: its size and bytes depend on both (a header, then the two numbers
// every 4 KB over fixed noise), so a file of another generation or a truncated one never passes
// for it. Cheap to make: the kill test's child spends its time saving, not computing.
std::vector<std::uint8_t> content(int gen, int i, std::size_t size) {
  static const std::vector<std::uint8_t> noise = [] {
    std::vector<std::uint8_t> n(4 << 20);
    std::uint32_t x = 0x9E3779B9u;
    for (auto& c : n) c = static_cast<std::uint8_t>((x = x * 1664525u + 1013904223u) >> 24);
    return n;
  }();
  std::vector<std::uint8_t> b(noise.begin(), noise.begin() + static_cast<long>(size + static_cast<std::size_t>(gen % 7) * 4099));
  for (std::size_t at = 0; at + 8 <= b.size(); at += 4096) {
    std::uint32_t g = static_cast<std::uint32_t>(gen), f = static_cast<std::uint32_t>(i);
    std::memcpy(&b[at], &g, 4);
    std::memcpy(&b[at + 4], &f, 4);
  }
  std::string head = "gen " + std::to_string(gen) + " file " + std::to_string(i) + ";";
  std::copy(head.begin(), head.end(), b.begin() + 8);
  return b;
}

std::filesystem::path member(const std::filesystem::path& dir, int i) {
  return dir / ("x." + std::string(kExtensions[i]));
}

void writeSet(const std::filesystem::path& dir, int gen, std::size_t size, FileSet::Hooks hooks = {}) {
  FileSet set;
  for (int i = 0; i < 4; ++i) set.add(member(dir, i), content(gen, i, size));
  set.setHooks(std::move(hooks));
  set.commit();
}

// The generation every file of the set holds, or -1 when they differ or one is not whole.
int setGeneration(const std::filesystem::path& dir, std::size_t size) {
  int gen = -1;
  for (int i = 0; i < 4; ++i) {
    auto bytes = readFileBytes(member(dir, i));
    int g = -1;
    if (bytes.size() < 16 || std::sscanf(reinterpret_cast<const char*>(bytes.data()) + 8, "gen %d", &g) != 1 || g < 0)
      return -1;
    if (bytes != content(g, i, size) || (gen >= 0 && g != gen)) return -1;
    gen = g;
  }
  return gen;
}

std::size_t filesIn(const std::filesystem::path& dir) {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++n;
  return n;
}

TEST(FileSet, WritesEveryFileAndLeavesNothingElse) {
  auto dir = test::scratchDir();
  writeSet(dir, 1, 1000);
  writeSet(dir, 2, 1000);
  EXPECT_EQ(setGeneration(dir, 1000), 2);
  EXPECT_EQ(filesIn(dir), 4u);
}

TEST(FileSet, FullDiskInAnyFileKeepsTheOldSetAndNoTemporaries) {
  auto dir = test::scratchDir();
  const std::size_t size = 3 << 20;  // three chunks: the disk fills inside a file too
  writeSet(dir, 1, size);
  for (std::size_t failing = 0; failing < 4; ++failing) {
    for (std::uint64_t at : {std::uint64_t{0}, std::uint64_t{2} << 20}) {
      FileSet::Hooks hooks;
      hooks.beforeWrite = [&](std::size_t file, std::uint64_t offset, std::size_t) {
        return file == failing && offset >= at ? native::diskFullError() : native::OsError{};
      };
      try {
        writeSet(dir, 2, size, hooks);
        ADD_FAILURE() << "a full disk must fail the save";
      } catch (const std::runtime_error& e) {
        std::string what = e.what();
        EXPECT_NE(what.find(member(dir, static_cast<int>(failing)).string()), std::string::npos) << what;
        EXPECT_NE(what.find("at byte " + std::to_string(at)), std::string::npos) << what;
        EXPECT_NE(what.find(native::diskFullError().text()), std::string::npos) << what;
      }
      EXPECT_EQ(setGeneration(dir, size), 1) << "file " << failing << " failing at " << at;
      EXPECT_TRUE(setTemporaries(member(dir, 0)).empty());
      EXPECT_EQ(filesIn(dir), 4u);
    }
  }
}

TEST(FileSet, PiecesAreWrittenInOrderAndAFailureNamesTheByteInTheFile) {
  auto dir = test::scratchDir();
  const auto big = content(1, 0, 3 << 20), small = content(2, 1, 1000);
  const auto file = dir / "x.glb";
  writeFileAtomic(file, std::vector<SharedBytes>{SharedBytes(small), SharedBytes(), SharedBytes(big)});
  auto whole = small;
  whole.insert(whole.end(), big.begin(), big.end());
  EXPECT_EQ(readFileBytes(file), whole);

  // The disk fills 1 MB into the second piece: the offset counts the first one too.
  FileSet set;
  set.add(file, std::vector<SharedBytes>{SharedBytes(big), SharedBytes(small)});
  FileSet::Hooks hooks;
  hooks.beforeWrite = [&](std::size_t, std::uint64_t offset, std::size_t) {
    return offset >= big.size() ? native::diskFullError() : native::OsError{};
  };
  set.setHooks(hooks);
  try {
    set.commit();
    ADD_FAILURE() << "a full disk must fail the save";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("at byte " + std::to_string(big.size())), std::string::npos) << e.what();
  }
  EXPECT_EQ(readFileBytes(file), whole);
}

TEST(FileSet, UnwritableCompanionTargetFailsBeforeAnythingIsReplaced) {
  auto dir = test::scratchDir();
  auto doc = loadWad(test::fixturesDir() / "sample.wad");
  doc.sprites = nullptr;  // the .SWD is the companion kept as bytes below
  doc.companions.push_back({"SWD", std::make_shared<const std::vector<std::uint8_t>>(content(1, 2, 500))});
  const auto wad = dir / "x.wad";
  saveWad(doc, wad);
  const auto oldWad = readFileBytes(wad), oldWas = readFileBytes(dir / "x.was");
  // The next save's .swd cannot be written: its name is taken by a directory.
  std::filesystem::remove(dir / "x.swd");
  std::filesystem::create_directory(dir / "x.swd");
  doc.was = nullptr;  // so a .WAS written anyway would show as a change
  auto edited = doc;
  edited.companions[0].bytes = std::make_shared<const std::vector<std::uint8_t>>(content(2, 2, 500));
  try {
    saveWad(edited, wad);
    ADD_FAILURE() << "saving over a directory must fail";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("x.swd: is a directory"), std::string::npos) << e.what();
  }
  EXPECT_EQ(readFileBytes(wad), oldWad);
  EXPECT_EQ(readFileBytes(dir / "x.was"), oldWas);
  EXPECT_TRUE(setTemporaries(wad).empty());
}

TEST(FileSet, CrashAfterTheCommitPointIsCompletedByTheNextLoad) {
  auto dir = test::scratchDir();
  writeSet(dir, 1, 1000);
  FileSet::Hooks hooks;
  hooks.beforeReplace = [](std::size_t file) {
    if (file == 2) throw std::runtime_error("simulated crash");
  };
  EXPECT_THROW(writeSet(dir, 2, 1000, hooks), std::runtime_error);
  // On disk now: two new files beside two old ones, the journal and two temporaries.
  EXPECT_EQ(setGeneration(dir, 1000), -1) << "the crash must leave a mix for this test to mean anything";
  EXPECT_EQ(setTemporaries(member(dir, 0)).size(), 3u);
  completeInterruptedSave(member(dir, 0));
  EXPECT_EQ(setGeneration(dir, 1000), 2);
  EXPECT_EQ(filesIn(dir), 4u);
}

TEST(FileSet, LoadingAWadCompletesAnInterruptedSave) {
  auto dir = test::scratchDir();
  auto doc = loadWad(test::fixturesDir() / "sample.wad");
  const auto wad = dir / "x.wad";
  saveWad(doc, wad);
  FileSet set;
  set.add(wad, readFileBytes(wad));
  set.add(dir / "x.was", std::vector<std::uint8_t>{'N', 'E', 'W', '\n'});
  set.setHooks({{}, [](std::size_t file) {
                  if (file == 1) throw std::runtime_error("simulated crash");
                }});
  EXPECT_THROW(set.commit(), std::runtime_error);
  loadWad(wad);
  EXPECT_EQ(readFileBytes(dir / "x.was"), (std::vector<std::uint8_t>{'N', 'E', 'W', '\n'}));
  EXPECT_TRUE(setTemporaries(wad).empty());
}

TEST(FileSet, StaleTemporariesAndTornJournalsOfDeadProcessesAreRemoved) {
  auto dir = test::scratchDir();
  writeSet(dir, 1, 1000);
  const unsigned long dead = 2147483000ul;  // beyond any pid_max: no such process
  const std::string token = std::to_string(dead) + "-00112233aabbccdd";
  writeFileAtomic(dir / ("x.WAD.tmp-" + token), content(9, 0, 10));
  writeFileAtomic(dir / ("x.WAS.tmp-" + std::to_string(dead)), content(9, 1, 10));  // an older version's name
  writeFileAtomic(dir / ("x.WAD.tmp-" + token + ".journal"), std::vector<std::uint8_t>{'t', 'o', 'r', 'n'});
  writeFileAtomic(dir / "x.WAD.tmp-notes", content(9, 2, 10));  // not ours: kept
  ASSERT_EQ(setTemporaries(member(dir, 0)).size(), 3u);
  writeSet(dir, 2, 1000);  // the next save cleans up first
  EXPECT_TRUE(setTemporaries(member(dir, 0)).empty());
  EXPECT_EQ(setGeneration(dir, 1000), 2) << "a torn journal is no commit: nothing of it was applied";
  EXPECT_EQ(filesIn(dir), 5u);
}

#ifndef _WIN32

TEST(FileSet, TemporariesOfALiveProcessAreLeftAlone) {
  auto dir = test::scratchDir();
  writeSet(dir, 1, 1000);
  // pid 1 (init) always runs: its save may be under way.
  auto temp = member(dir, 0);
  temp += ".tmp-1-00112233aabbccdd";
  writeFileAtomic(temp, content(9, 0, 10));
  writeSet(dir, 2, 1000);
  EXPECT_TRUE(std::filesystem::exists(temp));
  EXPECT_EQ(setGeneration(dir, 1000), 2);
}

TEST(FileSet, CreateNewNeverFollowsAPlantedSymlink) {
  auto dir = test::scratchDir();
  const std::vector<std::uint8_t> secret{'s', 'e', 'c', 'r', 'e', 't'};
  writeFileAtomic(dir / "victim", secret);
  std::filesystem::create_symlink(dir / "victim", dir / "planted");
  std::filesystem::create_symlink(dir / "nowhere", dir / "dangling");
  for (const char* name : {"planted", "dangling"}) {
    native::OsError err;
    auto f = native::File::createNew(dir / name, err);
    EXPECT_FALSE(f.isOpen()) << name;
    EXPECT_EQ(err.code, EEXIST) << name << ": " << err.text();
  }
  EXPECT_EQ(readFileBytes(dir / "victim"), secret);
  EXPECT_FALSE(std::filesystem::exists(dir / "nowhere"));
}

TEST(FileSet, SaveNeverWritesThroughPlantedLinks) {
  auto dir = test::scratchDir();
  const std::vector<std::uint8_t> secret{'s', 'e', 'c', 'r', 'e', 't'};
  writeFileAtomic(dir / "victim", secret);
  // The names earlier versions wrote to (NAME.tmp-PID) and the target itself, all links.
  for (int i = 0; i < 4; ++i) {
    auto legacy = member(dir, i);
    legacy += ".tmp-" + std::to_string(::getpid());
    std::filesystem::create_symlink(dir / "victim", legacy);
  }
  std::filesystem::create_symlink(dir / "victim", member(dir, 0));
  writeSet(dir, 1, 1000);
  EXPECT_EQ(readFileBytes(dir / "victim"), secret);
  EXPECT_EQ(setGeneration(dir, 1000), 1);
  EXPECT_EQ(native::kindOf(member(dir, 0)), native::Kind::Regular) << "the link itself was replaced";
}

// A child saves generation after generation until it is killed with SIGKILL at a random moment;
// after each kill the set is one whole generation (once the next load completed a committed save)
// and no temporary is left.
TEST(FileSet, KillDuringRepeatedSavesLeavesOldOrNewSet) {
  auto dir = test::scratchDir();
  const std::size_t size = 1 << 20;
  writeSet(dir, 0, size);
  std::mt19937 rng(12345);
  int gen = 0, interrupted = 0, mixed = 0;
  const int kills = 40;
  for (int k = 0; k < kills; ++k) {
    pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      for (int g = gen + 1;; ++g) writeSet(dir, g, size);
    }
    // Once the child is inside its first save (a temporary exists), let it go on for a random
    // while: about one save long, so the kill lands in every phase (under ASan and load too).
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (setTemporaries(member(dir, 0)).empty() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    std::this_thread::sleep_for(std::chrono::microseconds(rng() % 40000));
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the child must have been saving when it was killed";
    if (!setTemporaries(member(dir, 0)).empty()) ++interrupted;
    if (setGeneration(dir, size) < 0) ++mixed;
    completeInterruptedSave(member(dir, 0));
    int now = setGeneration(dir, size);
    ASSERT_GE(now, gen) << "kill " << k << ": the set is mixed or truncated";
    EXPECT_TRUE(setTemporaries(member(dir, 0)).empty());
    EXPECT_EQ(filesIn(dir), 4u);
    gen = now;
  }
  std::cout << kills << " kills: " << interrupted << " left temporaries or a journal, " << mixed
            << " left a mix on disk that the next load completed; the set reached generation " << gen << "\n";
  EXPECT_GT(interrupted, kills / 4) << "the kills must land inside saves for this test to mean anything";
}

#endif

}  // namespace
}  // namespace wadsmith
