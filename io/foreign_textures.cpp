#include "io/foreign_textures.h"

#include <stdexcept>

#include "io/file_io.h"
#include "io/parse_error.h"
#include "io/picture_readers.h"
#include "model/ascii_case.h"

namespace wadsmith::foreign {

namespace {

// A picture by content: BMP or PCX. Throws ParseError.
Bitmap readPicture(std::span<const std::uint8_t> bytes, const std::string& file) {
  if (looksLikeBmp(bytes)) return readBmp(bytes, file);
  if (looksLikePcx(bytes)) return readPcx(bytes, file);
  throw ParseError(file, "header", 0, "neither a BMP nor a PCX picture");
}

// A picture that exists but is broken is an answer too: it is noted, its faces go solid.
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

std::optional<Bitmap> findIn(const eq::PfsArchive& archive, const std::string& name, std::vector<std::string>& problems) {
  const eq::PfsEntry* e = eq::findPfsEntry(archive, name);
  for (const char* ext : {".bmp", ".pcx"})
    if (!e) e = eq::findPfsEntry(archive, name + ext);
  if (!e) return std::nullopt;
  try {
    return decode(eq::extractPfs(archive, *e), archive.file + ":" + e->name, e->name, problems);
  } catch (const ParseError& err) {
    problems.push_back(err.what());
    return std::nullopt;
  }
}

// `name` itself, else with .bmp or .pcx added, compared without regard to case.
std::optional<Bitmap> findIn(const std::filesystem::path& dir, const std::string& name, std::vector<std::string>& problems) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return std::nullopt;
  const std::string want = asciiLower(name);
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    std::string file = asciiLower(entry.path().filename().string());
    if (file != want && file != want + ".bmp" && file != want + ".pcx") continue;
    if (!entry.is_regular_file(ec)) continue;
    try {
      return decode(readFileBytes(entry.path()), entry.path().generic_string(), name, problems);
    } catch (const std::runtime_error& err) {
      problems.push_back(err.what());
    }
  }
  return std::nullopt;
}

eq::PfsArchive readArchive(const std::filesystem::path& path) {
  return eq::readPfs(std::make_shared<const std::vector<std::uint8_t>>(readFileBytes(path)), path.generic_string());
}

// EverQuest keeps a .wld's bitmaps in the archive of the same name, and objects and characters
// of a zone often use the zone's own (gfaydark_obj -> gfaydark.s3d).
void addArchivesBeside(const std::filesystem::path& world, std::vector<PicturePlace>& places) {
  const std::string stem = world.stem().string();
  std::vector<std::string> archives{stem + ".s3d"};
  if (auto cut = stem.find('_'); cut != std::string::npos) archives.push_back(stem.substr(0, cut) + ".s3d");
  std::error_code ec;
  for (const auto& a : archives)
    for (const auto& e : std::filesystem::directory_iterator(folderOf(world), ec))
      if (asciiLower(e.path().filename().string()) == asciiLower(a)) {
        const auto bytes = readFileBytes(e.path());
        if (looksLikePfs(bytes)) places.emplace_back(readArchive(e.path()));
      }
}

}  // namespace

std::vector<PicturePlace> picturePlaces(const std::filesystem::path& model, const ReadForeign& read,
                                        const std::vector<std::filesystem::path>& extra) {
  std::vector<PicturePlace> places;
  std::error_code ec;
  for (const auto& p : extra)
    if (std::filesystem::is_directory(p, ec))
      places.emplace_back(p);
    else
      places.emplace_back(readArchive(p));
  if (read.archive) {
    places.emplace_back(*read.archive);  // an archive's pictures are inside it
    return places;
  }
  if (!read.records.worlds.empty()) addArchivesBeside(model, places);
  places.emplace_back(folderOf(model));
  return places;
}

Pictures readPictures(const std::vector<PicturePlace>& places, const std::vector<std::string>& names) {
  Pictures out;
  std::string searched;
  for (const auto& p : places)
    searched += (searched.empty() ? "" : ", ") +
                (std::holds_alternative<eq::PfsArchive>(p) ? std::get<eq::PfsArchive>(p).file : std::get<std::filesystem::path>(p).generic_string());
  if (!searched.empty()) out.searched = searched;
  for (const auto& name : names)
    for (std::size_t i = 0; i < places.size() && !out.found.count(name); ++i)
      if (auto b = std::visit([&](const auto& place) { return findIn(place, name, out.unreadable); }, places[i]))
        out.found.emplace(name, std::move(*b));
  return out;
}

Palette readPalette(const std::filesystem::path& model, const std::filesystem::path& given) {
  std::filesystem::path path = given;
  std::error_code ec;
  if (path.empty())
    for (const auto& e : std::filesystem::directory_iterator(folderOf(model), ec))
      if (asciiLower(e.path().filename().string()) == "palette.pcx") {
        path = e.path();
        break;
      }
  Palette out;
  if (path.empty()) return out;
  // A palette that does not read leaves the skin grey, as no palette does; it is said.
  try {
    Bitmap p = readPicture(readFileBytes(path), path.generic_string());
    out.colours = p.palette;
    out.note = p.palette.empty() ? path.generic_string() + " has no palette" : "8-bit skin coloured with " + path.generic_string();
  } catch (const std::runtime_error& e) {
    out.note = std::string("palette unreadable: ") + e.what();
  }
  return out;
}

}  // namespace wadsmith::foreign
