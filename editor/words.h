// How the editor and the command line word what they show: counts with the right plural, paths
// as short and clean as they can be. Header-only and free of UI, so every door can use it.
#pragma once
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

#include "io/utf8_path.h"

namespace wadsmith {

// "1 sample", "2 samples", "0 meshes" (a plural that is not singular + "s" is given).
inline std::string counted(std::size_t n, std::string_view one, std::string_view many = {}) {
  std::string out = std::to_string(n) + " ";
  if (n == 1) return out.append(one);
  if (!many.empty()) return out.append(many);
  return out.append(one).append("s");
}

// `path` without "." and ".." steps, and relative to the folder of `file` when that is shorter
// ("../sound/samples" rather than "/home/me/trle/wad/../sound/samples"). UTF-8, '/' separated.
inline std::string shownPath(const std::filesystem::path& path, const std::filesystem::path& file = {}) {
  const auto normal = path.lexically_normal();
  std::string shown = utf8Name(normal);
  if (!file.empty() && file.has_parent_path()) {
    const auto relative = normal.lexically_relative(file.parent_path().lexically_normal());
    const std::string near = utf8Name(relative);
    if (!relative.empty() && near.size() < shown.size()) shown = near;
  }
#ifdef _WIN32
  for (auto& c : shown)
    if (c == '\\') c = '/';
#endif
  if (shown.size() > 1 && shown.back() == '/') shown.pop_back();
  return shown;
}

}  // namespace wadsmith
