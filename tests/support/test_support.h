// Where tests find fixtures and the shared corpus, and helpers for byte comparisons.
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

// WADSMITH_UNDER_ASAN: built with AddressSanitizer (g++ says so with __SANITIZE_ADDRESS__, clang
// with __has_feature): tests that measure memory or run very long sample less there.
#if defined(__SANITIZE_ADDRESS__)
#define WADSMITH_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WADSMITH_UNDER_ASAN 1
#endif
#endif

namespace wadsmith::test {

std::filesystem::path fixturesDir();
// A fixture's path as a command-line word.
inline std::string fixtureArg(const std::string& name) { return (fixturesDir() / name).string(); }
// ../shared beside the checkout; empty when absent.
std::filesystem::path sharedDir();
// The checkout the tests were built from (docs, scripts and sources some tests read).
std::filesystem::path sourceDir();
// The wadsmith executable (build/wadsmith), as a command-line word.
std::string wadsmithBinary();
// Corpus files under ../shared/corpus/<sub> matching any of the extensions (case-insensitive).
std::vector<std::filesystem::path> corpusFiles(const std::string& sub, const std::vector<std::string>& extensions);
std::filesystem::path corpusFile(const std::string& relative);  // empty when missing
// First differing byte, or -1 when equal.
long firstDifference(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b);
// A scratch directory unique to the running test, in the build tree (build/test-scratch/TEST).
std::filesystem::path scratchDir();

// Runs the wadsmith executable with `args` (shell words), capturing stdout and stderr.
struct RunResult {
  int exit = -1;
  std::string out;
};
RunResult runWadsmith(const std::string& args);

// The process's peak resident memory so far, in KiB (getrusage on POSIX, the peak working set
// on Windows).
long peakKilobytes();

}  // namespace wadsmith::test

// Declares `var` as the corpus files under ../shared/corpus/SUB with these extensions, and skips
// the current test with a message when there are none (a loop over nothing passes empty).
#define WADSMITH_CORPUS_FILES(var, sub, ...)                                                    \
  const auto var = ::wadsmith::test::corpusFiles(sub, __VA_ARGS__);                              \
  if (var.empty()) GTEST_SKIP() << "no ../shared corpus files under " << (sub) << ": skipped"

// Skips the current test with a message when a shared corpus file is absent.
#define WADSMITH_REQUIRE_CORPUS(path)                                                  \
  do {                                                                                 \
    if ((path).empty()) GTEST_SKIP() << "../shared corpus file not present: skipped"; \
  } while (0)
