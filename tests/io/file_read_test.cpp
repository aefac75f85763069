// Reading refuses what is not a regular file, at once and in words, and names the OS's reason.
#include <gtest/gtest.h>

#ifndef _WIN32
#include <sys/stat.h>
#endif

#include <chrono>

#include "io/document_io.h"
#include "io/file_io.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

std::string readError(const std::filesystem::path& p) {
  try {
    readFileBytes(p);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  ADD_FAILURE() << p << " was read";
  return {};
}

TEST(FileRead, ADirectorySaysSo) {
  auto dir = test::scratchDir();
  EXPECT_EQ(readError(dir), dir.string() + ": is a directory, not a file");
  EXPECT_THROW(loadDocument(dir), std::runtime_error);
}

TEST(FileRead, AMissingFileGivesTheOsReason) {
  auto p = test::scratchDir() / "missing.wad";
  auto e = readError(p);
  EXPECT_EQ(e.rfind(p.string() + ": cannot open: ", 0), 0u) << e;
  EXPECT_GT(e.size(), p.string().size() + 15) << "the OS's reason follows: " << e;
}

TEST(FileRead, ARegularFileReadsWhole) {
  auto p = test::scratchDir() / "f.bin";
  std::vector<std::uint8_t> bytes(200000);
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<std::uint8_t>(i * 7);
  writeFileAtomic(p, bytes);
  EXPECT_EQ(readFileBytes(p), bytes);
}

#ifndef _WIN32

TEST(FileRead, DevZeroIsRefusedBeforeReading) {
  auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(readError("/dev/zero"), "/dev/zero: not a regular file (a character device)");
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(2));
}

TEST(FileRead, AFifoIsRefusedWithoutWaitingForAWriter) {
  auto p = test::scratchDir() / "pipe.wad";
  ASSERT_EQ(::mkfifo(p.c_str(), 0600), 0);
  auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(readError(p), p.string() + ": not a regular file (a FIFO)");
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(2));
}

TEST(FileRead, ASymlinkToADirectoryIsADirectory) {
  auto dir = test::scratchDir();
  std::filesystem::create_directory(dir / "d");
  std::filesystem::create_directory_symlink(dir / "d", dir / "link.wad");
  EXPECT_EQ(readError(dir / "link.wad"), (dir / "link.wad").string() + ": is a directory, not a file");
}

#endif

}  // namespace
}  // namespace wadsmith
