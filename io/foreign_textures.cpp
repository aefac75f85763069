#include "io/foreign_textures.h"

#include <cctype>
#include <stdexcept>

#include "io/file_io.h"
#include "io/parse_error.h"
#include "io/picture_readers.h"

namespace wadsmith::foreign {

namespace {

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A picture that exists but is broken is an answer too: it is reported, its faces go solid.
std::optional<Bitmap> decode(std::span<const std::uint8_t> bytes, const std::string& file, const std::string& name,
                             std::vector<std::string>& problems) {
  try {
    Bitmap b = readPicture(bytes, file);
    b.name = name;
    return b;
  } catch (const ParseError& e) {
    problems.push_back(e.what());
    return std::nullopt;
  }
}

}  // namespace

Bitmap readPicture(std::span<const std::uint8_t> bytes, const std::string& file) {
  if (looksLikeBmp(bytes)) return readBmp(bytes, file);
  if (looksLikePcx(bytes)) return readPcx(bytes, file);
  throw ParseError(file, "header", 0, "neither a BMP nor a PCX picture");
}

std::optional<Bitmap> ArchiveTextures::find(const std::string& name) const {
  const eq::PfsEntry* e = eq::findPfsEntry(archive_, name);
  for (const char* ext : {".bmp", ".pcx"})
    if (!e) e = eq::findPfsEntry(archive_, name + ext);
  if (!e) return std::nullopt;
  try {
    auto bytes = eq::extractPfs(archive_, *e);
    return decode(bytes, archive_.file + ":" + e->name, e->name, problems_);
  } catch (const ParseError& err) {
    problems_.push_back(err.what());
    return std::nullopt;
  }
}

std::string ArchiveTextures::describe() const { return archive_.file; }

std::optional<Bitmap> DirectoryTextures::find(const std::string& name) const {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir_, ec)) return std::nullopt;
  std::string want = lower(name);
  for (const auto& entry : std::filesystem::directory_iterator(dir_, ec)) {
    std::string file = lower(entry.path().filename().string());
    if (file != want && file != want + ".bmp" && file != want + ".pcx") continue;
    if (!entry.is_regular_file(ec)) continue;
    try {
      auto bytes = readFileBytes(entry.path());
      return decode(bytes, entry.path().generic_string(), name, problems_);
    } catch (const std::runtime_error& err) {
      problems_.push_back(err.what());
    }
  }
  return std::nullopt;
}

std::optional<Bitmap> TextureChain::find(const std::string& name) const {
  for (const auto& s : sources_)
    if (auto found = s->find(name)) return found;
  return std::nullopt;
}

std::vector<std::string> TextureChain::problems() const {
  std::vector<std::string> out;
  for (const auto& s : sources_)
    for (auto& p : s->problems()) out.push_back(std::move(p));
  return out;
}

std::string TextureChain::describe() const {
  std::string s;
  for (const auto& x : sources_) s += (s.empty() ? "" : ", ") + x->describe();
  return s.empty() ? "nowhere" : s;
}

std::unique_ptr<TextureSource> openTextureSource(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return std::make_unique<DirectoryTextures>(path);
  auto bytes = std::make_shared<const std::vector<std::uint8_t>>(readFileBytes(path));
  return std::make_unique<ArchiveTextures>(eq::readPfs(bytes, path.generic_string()));
}

}  // namespace wadsmith::foreign
