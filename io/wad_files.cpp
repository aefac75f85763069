#include "io/wad_files.h"

#include <algorithm>
#include <cctype>

#include "io/file_io.h"
#include "io/was_codec.h"
#include "io/wad_codec.h"

namespace wadsmith {
namespace {
std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}
bool lowerCaseExtension(const std::filesystem::path& p) {
  std::string ext = p.extension().string();
  return std::any_of(ext.begin(), ext.end(), [](unsigned char c) { return std::islower(c); });
}
const char* kCopiedCompanions[] = {"SWD", "SAM"};
}  // namespace

std::filesystem::path findCompanion(const std::filesystem::path& wad, const std::string& extension) {
  std::error_code ec;
  auto dir = wad.parent_path().empty() ? std::filesystem::path(".") : wad.parent_path();
  std::string stem = upper(wad.stem().string());
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const auto& p = entry.path();
    if (upper(p.stem().string()) == stem && upper(p.extension().string()) == "." + upper(extension) &&
        entry.is_regular_file(ec))
      return p;
  }
  return {};
}

WadDocument loadWad(const std::filesystem::path& path) { return loadWad(path, readFileShared(path)); }

WadDocument loadWad(const std::filesystem::path& path, const SharedBytes& bytes) {
  WadDocument doc = readWad(bytes, path.string());
  if (auto was = findCompanion(path, "WAS"); !was.empty()) doc.was = share<WasFile>(readWas(readFileBytes(was)));
  for (const char* ext : kCopiedCompanions)
    if (auto p = findCompanion(path, ext); !p.empty())
      doc.companions.push_back({ext, share<std::vector<std::uint8_t>>(readFileBytes(p))});
  return doc;
}

void saveWad(const WadDocument& doc, const std::filesystem::path& path) {
  auto bytes = writeWad(doc);
  bool lower = lowerCaseExtension(path);
  auto companionPath = [&](const std::string& ext) {
    auto existing = findCompanion(path, ext);
    if (!existing.empty()) return existing;
    auto p = path;
    std::string e = ext;
    if (lower)
      for (auto& c : e) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return p.replace_extension("." + e);
  };
  writeFileAtomic(path, bytes);
  if (doc.was) writeFileAtomic(companionPath("WAS"), writeWas(*doc.was));
  for (const auto& c : doc.companions) writeFileAtomic(companionPath(c.extension), *c.bytes);
}

}  // namespace wadsmith
