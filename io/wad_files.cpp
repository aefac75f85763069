#include "io/wad_files.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "io/file_io.h"
#include "io/file_set.h"
#include "io/parse_error.h"
#include "io/sound_codec.h"
#include "io/swd_codec.h"
#include "io/utf8_path.h"
#include "io/was_codec.h"
#include "io/wad_codec.h"
#include "model/ascii_case.h"

namespace wadsmith {
namespace {
std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}
using Bytes = std::vector<std::uint8_t>;
}  // namespace

std::filesystem::path findCompanion(const std::filesystem::path& wad, const std::string& extension) {
  std::error_code ec;
  // The usual spellings first (the WAD's stem, the extension in either case): a stat each,
  // where listing the folder reads every name in it. Only when exactly one answers: a folder
  // that ignores case answers to both, and then the listing gives the name as it is stored.
  std::vector<std::filesystem::path> spelt;
  for (const auto& ext : {upper(extension), asciiLower(extension)}) {
    auto candidate = wad;
    candidate.replace_extension(ext);
    if (std::filesystem::is_regular_file(candidate, ec)) spelt.push_back(candidate);
  }
  if (spelt.size() == 1) return spelt[0];
  std::string stem = upper(wad.stem().string());
  for (const auto& entry : std::filesystem::directory_iterator(folderOf(wad), ec)) {
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

  // A companion that does not parse stays as bytes (written back unchanged) with its error.
  auto keepRaw = [&](const char* ext, Bytes bytes, const std::string& problem) {
    doc.companions.push_back({ext, share<Bytes>(std::move(bytes)), problem});
  };
  std::optional<Bytes> sfx, sam;
  std::filesystem::path sfxPath;
  if (sfxPath = findCompanion(path, "SFX"); !sfxPath.empty()) sfx = readFileBytes(sfxPath);
  if (auto p = findCompanion(path, "SAM"); !p.empty()) sam = readFileBytes(p);
  if (sfx || sam) {
    try {
      doc.sounds = share<SoundSet>(readWadSounds(sfx ? &*sfx : nullptr, sam ? &*sam : nullptr, doc.version,
                                                 sfx ? utf8Name(sfxPath) : std::string()));
    } catch (const ParseError& e) {
      if (sfx) keepRaw("SFX", std::move(*sfx), e.what());
      if (sam) keepRaw("SAM", std::move(*sam), std::string("kept with the unreadable .SFX: ") + e.what());
    }
  }
  if (auto p = findCompanion(path, "SWD"); !p.empty()) {
    Bytes swd = readFileBytes(p);
    try {
      doc.sprites = share<SpriteFile>(readSwd(swd, utf8Name(p)));
    } catch (const ParseError& e) {
      keepRaw("SWD", std::move(swd), e.what());
    }
  }
  return doc;
}

std::vector<std::pair<std::string, std::vector<std::uint8_t>>> companionFiles(const WadDocument& doc) {
  std::vector<std::pair<std::string, Bytes>> out;
  if (doc.was) out.emplace_back("WAS", writeWas(*doc.was));
  if (doc.sounds && doc.sounds->hasSfx) out.emplace_back("SFX", writeSfx(*doc.sounds));
  if (doc.sounds && doc.sounds->hasSam) out.emplace_back("SAM", writeSam(*doc.sounds));
  if (doc.sprites) out.emplace_back("SWD", writeSwd(*doc.sprites));
  for (const auto& c : doc.companions) out.emplace_back(c.extension, *c.bytes);
  return out;
}

void saveWad(const WadDocument& doc, const std::filesystem::path& path) {
  auto bytes = writeWad(doc);
  const std::string given = path.extension().string();
  const bool lower = std::any_of(given.begin(), given.end(), [](unsigned char c) { return std::islower(c); });
  // A companion takes the output's base name; one already there in another case is replaced.
  auto companionPath = [&](const std::string& ext) {
    auto existing = findCompanion(path, ext);
    if (!existing.empty()) return existing;
    return std::filesystem::path(path).replace_extension("." + (lower ? asciiLower(ext) : ext));
  };
  // One transaction: the old set or the whole new one (io/file_set.h).
  FileSet set;
  set.add(path, std::move(bytes));
  for (auto& [ext, content] : companionFiles(doc)) set.add(companionPath(ext), std::move(content));
  set.commit();
}

}  // namespace wadsmith
