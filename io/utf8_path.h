// File names as UTF-8 text. On Windows a path is UTF-16 and libstdc++ reads a narrow string as
// the C locale's bytes (not UTF-8), so every name that arrives as text (the command line, GLFW's
// dropped files, the recent-files list, a typed name) goes through here; on Linux a name is bytes
// and these are plain conversions.
#pragma once
#include <filesystem>
#include <string>
#include <string_view>

namespace wadsmith {

inline std::filesystem::path utf8Path(std::string_view utf8) {
#ifdef _WIN32
  return std::filesystem::path(std::u8string(utf8.begin(), utf8.end()));
#else
  return std::filesystem::path(std::string(utf8));
#endif
}

inline std::string utf8Name(const std::filesystem::path& p) {
#ifdef _WIN32
  auto u = p.u8string();
  return std::string(u.begin(), u.end());
#else
  return p.string();
#endif
}

}  // namespace wadsmith
