#include "tests/support/test_support.h"

#include <gtest/gtest.h>

#ifdef _WIN32
#include <windows.h>
// PSAPI_VERSION 2: GetProcessMemoryInfo is K32GetProcessMemoryInfo in kernel32 (no psapi.dll).
#define PSAPI_VERSION 2
#include <psapi.h>
#else
#include <sys/resource.h>
#include <sys/wait.h>
#endif

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <functional>

#include "model/ascii_case.h"

namespace wadsmith::test {

// The checkout's and build's absolute paths are defined for this file alone
// (tests/CMakeLists.txt): in every test's flags they kept a fresh clone from ccache's objects.
std::filesystem::path fixturesDir() { return WADSMITH_FIXTURES_DIR; }
std::filesystem::path sourceDir() { return WADSMITH_SOURCE_DIR; }
std::string wadsmithBinary() { return WADSMITH_BINARY; }

std::filesystem::path sharedDir() {
  std::filesystem::path p = WADSMITH_SHARED_DIR;
  std::error_code ec;
  return std::filesystem::is_directory(p, ec) ? p : std::filesystem::path();
}

std::vector<std::filesystem::path> corpusFiles(const std::string& sub, const std::vector<std::string>& extensions) {
  std::vector<std::filesystem::path> out;
  auto dir = sharedDir();
  if (dir.empty()) return out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir / "corpus" / sub, ec)) {
    const std::string ext = asciiLower(e.path().extension().string());
    for (const auto& want : extensions)
      if (ext == want) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::filesystem::path corpusFile(const std::string& relative) {
  auto dir = sharedDir();
  if (dir.empty()) return {};
  auto p = dir / "corpus" / relative;
  std::error_code ec;
  return std::filesystem::exists(p, ec) ? p : std::filesystem::path();
}

long firstDifference(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
  std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return static_cast<long>(i);
  return a.size() == b.size() ? -1 : static_cast<long>(n);
}

namespace {

// Inside this build tree, not a shared /tmp/wadsmith-tests: test runs of other checkouts on the
// same machine used the same folders and removed each other's files mid-test.
std::filesystem::path scratchOf(const ::testing::TestInfo* info) {
  std::string name = info ? std::string(info->test_suite_name()) + "." + info->name() : "wadsmith";
  for (auto& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.') c = '_';
  return std::filesystem::path(wadsmithBinary()).parent_path() / "test-scratch" / name;
}

// A passed test's folder goes when it ends: the suite left ~650 MB behind in each build tree
// (CI's disk filled). A failed test's stays for a look, as all do with WADSMITH_KEEP_SCRATCH=1.
class ScratchCleaner : public ::testing::EmptyTestEventListener {
  void OnTestEnd(const ::testing::TestInfo& info) override {
    const char* keep = std::getenv("WADSMITH_KEEP_SCRATCH");
    if (info.result()->Failed() || (keep && *keep && std::string(keep) != "0")) return;
    std::error_code ec;
    std::filesystem::remove_all(scratchOf(&info), ec);
  }
};

const bool cleanerAdded = [] {
  ::testing::UnitTest::GetInstance()->listeners().Append(new ScratchCleaner);
  return true;
}();

}  // namespace

std::filesystem::path scratchDir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const auto p = scratchOf(info);
  // Emptied on the test's first call only: a test that asks again must keep what it wrote.
  static std::string emptied;
  if (emptied != p.string()) std::filesystem::remove_all(p), emptied = p.string();
  std::filesystem::create_directories(p);
  return p;
}

// Through the shell (sh, or cmd.exe on Windows) so the tests can write arguments as words.
RunResult runWadsmith(const std::string& args) {
  std::string cmd = wadsmithBinary() + " " + args + " 2>&1";
  RunResult r;
#ifdef _WIN32
  // The wide API: the narrow one would turn non-ASCII file names into the ANSI code page.
  int wn = MultiByteToWideChar(CP_UTF8, 0, cmd.c_str(), -1, nullptr, 0);
  std::wstring wcmd(static_cast<std::size_t>(wn), L'\0');
  MultiByteToWideChar(CP_UTF8, 0, cmd.c_str(), -1, wcmd.data(), wn);
  FILE* p = _wpopen(wcmd.c_str(), L"rb");
#else
  FILE* p = popen(cmd.c_str(), "r");
#endif
  if (!p) return r;
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
#ifdef _WIN32
  r.exit = _pclose(p);  // the exit code itself
  // Text the console would show with CRLF reads the same as on Linux.
  for (std::size_t at; (at = r.out.find("\r\n")) != std::string::npos;) r.out.erase(at, 1);
#else
  int status = pclose(p);
  r.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
#endif
  return r;
}

long peakKilobytes() {
#ifdef _WIN32
  PROCESS_MEMORY_COUNTERS c{};
  c.cb = sizeof c;
  if (!GetProcessMemoryInfo(GetCurrentProcess(), &c, sizeof c)) return 0;
  return static_cast<long>(c.PeakWorkingSetSize / 1024);
#else
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
#endif
}

}  // namespace wadsmith::test
