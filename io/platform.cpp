#include "io/platform.h"

#include <cstdint>
#include <cstdlib>


#ifdef _WIN32
#include <windows.h>
#include <shellapi.h>
#else
#include <sys/mman.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#endif

namespace wadsmith::platform {

#ifdef _WIN32

namespace {
std::string toUtf8(const wchar_t* w) {
  int len = WideCharToMultiByte(CP_UTF8, 0, w, -1, nullptr, 0, nullptr, nullptr);
  std::string s(static_cast<std::size_t>(len > 0 ? len : 1), '\0');
  if (len > 0) WideCharToMultiByte(CP_UTF8, 0, w, -1, s.data(), len, nullptr, nullptr);
  s.pop_back();  // the terminating zero
  return s;
}
std::filesystem::path envPath(const wchar_t* name) {
  const wchar_t* v = _wgetenv(name);
  return v && *v ? std::filesystem::path(v) : std::filesystem::path();
}
}  // namespace

std::vector<std::string> commandLine(int, char**) {
  int n = 0;
  wchar_t** wargv = CommandLineToArgvW(GetCommandLineW(), &n);
  std::vector<std::string> out;
  for (int i = 1; wargv && i < n; ++i) out.push_back(toUtf8(wargv[i]));
  if (wargv) LocalFree(wargv);
  return out;
}

void tuneHeapForLargeBuffers() {}

void useUtf8Console() { SetConsoleOutputCP(CP_UTF8); }

void closeOwnConsole() {
  DWORD ids[2];
  if (GetConsoleProcessList(ids, 2) == 1) FreeConsole();
}

std::filesystem::path executablePath() {
  std::wstring buf(MAX_PATH, L'\0');
  while (true) {
    DWORD n = GetModuleFileNameW(nullptr, buf.data(), static_cast<DWORD>(buf.size()));
    if (n == 0) return {};
    if (n < buf.size()) return std::filesystem::path(buf.substr(0, n));
    buf.resize(buf.size() * 2);  // a long path was cut: try a larger buffer
  }
}

std::filesystem::path homeDirectory() { return envPath(L"USERPROFILE"); }

std::filesystem::path configDirectory() {
  auto appData = envPath(L"APPDATA");
  return (appData.empty() ? homeDirectory() : appData) / "WadSmith";
}

std::vector<std::filesystem::path> driveRoots() {
  std::vector<std::filesystem::path> out;
  DWORD mask = GetLogicalDrives();
  for (int i = 0; i < 26; ++i)
    if (mask & (1u << i)) out.push_back(std::filesystem::path(std::wstring{wchar_t(L'A' + i), L':', L'\\'}));
  return out;
}

#else

std::vector<std::string> commandLine(int argc, char** argv) { return {argv + (argc > 0 ? 1 : 0), argv + argc}; }
void tuneHeapForLargeBuffers() {
#if defined(__GLIBC__)
  constexpr std::size_t kMiB = 1 << 20;
  mallopt(M_MMAP_THRESHOLD, 32 * kMiB);   // buffers up to this size (glibc's maximum) come from the heap...
  mallopt(M_TRIM_THRESHOLD, 512 * kMiB);  // ...and stay there when freed, for the next file
  mallopt(M_TOP_PAD, 64 * kMiB);          // the heap grows in steps of this much
  // Grow the heap once now and ask for huge pages over that step: a 2 MiB page costs one fault
  // where 512 small ones cost 512 (ignored where transparent huge pages are off).
  auto* before = static_cast<char*>(sbrk(0));
  void* volatile grow = std::malloc(kMiB);  // volatile: the compiler may not drop the pair
  std::free(grow);
  auto* after = static_cast<char*>(sbrk(0));
  const std::uintptr_t huge = 2 * kMiB;
  const auto from = (reinterpret_cast<std::uintptr_t>(before) + huge - 1) & ~(huge - 1);
  const auto to = reinterpret_cast<std::uintptr_t>(after) & ~(huge - 1);
  if (before != reinterpret_cast<char*>(-1) && to > from)
    madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);
#endif
}

void useUtf8Console() {}
void closeOwnConsole() {}

std::filesystem::path executablePath() {
  std::error_code ec;
  auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path() : p;
}

std::filesystem::path homeDirectory() {
  const char* home = std::getenv("HOME");
  return home && *home ? std::filesystem::path(home) : std::filesystem::path();
}

std::filesystem::path configDirectory() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  // The XDG spec: a relative value is invalid and is ignored.
  if (xdg && *xdg == '/') return std::filesystem::path(xdg) / "wadsmith";
  auto home = homeDirectory();
  return (home.empty() ? std::filesystem::path(".") : home) / ".config" / "wadsmith";
}

std::vector<std::filesystem::path> driveRoots() { return {}; }

#endif

}  // namespace wadsmith::platform
