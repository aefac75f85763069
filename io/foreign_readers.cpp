#include "io/foreign_readers.h"

#include "io/eq_wld_reader.h"
#include "io/file_io.h"
#include "io/gs_mdl_reader.h"
#include "io/gs_wmp_reader.h"
#include "io/utf8_path.h"
#include "model/ascii_case.h"

namespace wadsmith::foreign {

namespace {

ReadForeign named(const std::filesystem::path& path, const char* format) {
  ReadForeign r;
  r.records.format = format;
  r.records.file = utf8Name(path);
  r.records.name = utf8Name(path.filename());
  r.records.stem = utf8Name(path.stem());
  return r;
}

bool isWldName(const std::string& name) { return asciiLower(name).ends_with(".wld"); }

}  // namespace

bool looksLikePfs(std::span<const std::uint8_t> b) { return b.size() >= 12 && b[4] == 'P' && b[5] == 'F' && b[6] == 'S' && b[7] == ' '; }

bool looksLikeWld(std::span<const std::uint8_t> b) {
  return b.size() >= 4 && u32At(b) == eq::kWldMagic;
}

ReadForeign readEqArchive(const std::filesystem::path& path) {
  auto r = named(path, "eq-s3d");
  const auto& file = r.records.file;
  auto& a = r.archive.emplace(eq::readPfs(std::make_shared<const std::vector<std::uint8_t>>(readFileBytes(path)), file));
  r.records.properties = {{"pfs_version", std::to_string(a.version)},
                          {"names_matching_crc", std::to_string(a.namesByCrc) + " of " + std::to_string(a.entries.size())}};
  for (const auto& e : a.entries) {
    r.records.archive.push_back({e.name, e.size, e.compressedSize, e.blocks, e.offset, e.crc});
    if (isWldName(e.name)) r.records.worlds.emplace_back(e.name, eq::readWld(eq::extractPfs(a, e), file + ":" + e.name));
  }
  return r;
}

ReadForeign readEqWorld(const std::filesystem::path& path) {
  auto r = named(path, "eq-wld");
  r.records.worlds.emplace_back("", eq::readWld(readFileBytes(path), r.records.file));
  return r;
}

ReadForeign readGsModel(const std::filesystem::path& path) {
  auto r = named(path, "3dgs-mdl");
  r.records.mdl = gs::readMdl(readFileBytes(path), r.records.file);
  return r;
}

ReadForeign readGsMap(const std::filesystem::path& path) {
  auto r = named(path, "3dgs-wmp");
  r.records.wmp = gs::readWmp(readFileBytes(path), r.records.file);
  return r;
}

}  // namespace wadsmith::foreign
