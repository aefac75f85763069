#include "io/wad_files.h"

#include <algorithm>
#include <cctype>

#include "io/file_io.h"
#include "io/file_set.h"
#include "io/utf8_path.h"
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

WadDocument loadWad(const std::filesystem::path& path) {
  completeInterruptedSave(path);  // a save a crash interrupted: the whole new set, not a mix
  return loadWad(path, readFileShared(path));
}

WadDocument loadWad(const std::filesystem::path& path, const SharedBytes& bytes) {
  WadDocument doc = readWad(bytes, utf8Name(path));
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
  // One transaction: the old set or the whole new one (io/file_set.h).
  FileSet set;
  set.add(path, std::move(bytes));
  if (doc.was) set.add(companionPath("WAS"), writeWas(*doc.was));
  for (const auto& c : doc.companions) set.add(companionPath(c.extension), c.bytes);
  set.commit();
}

}  // namespace wadsmith
