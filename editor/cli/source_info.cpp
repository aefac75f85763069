// `wadsmith info` for the sources that are not documents (another engine's files, 3D files):
// archive contents, worlds, and the movables and statics a merge takes from them, by name.
#include <iomanip>
#include <iostream>

#include "editor/words.h"
#include "editor/cli/cli.h"
#include "editor/usecases/sources.h"

namespace wadsmith::cli {

namespace {

using nlohmann::ordered_json;

ordered_json models(const std::vector<ListedObject>& list) {
  ordered_json out = ordered_json::array();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto& m = list[i];
    ordered_json& j = out.emplace_back(ordered_json{{"name", m.name}, {"index", i}});
    if (m.slot) j["slot"] = *m.slot;
    if (!m.container.empty()) j["container"] = m.container;
    j.update({{"meshes", m.meshes}, {"animations", m.animations}, {"frames", m.frames}, {"vertices", m.vertices},
              {"faces", m.faces}, {"notes", m.notes}});
  }
  return out;
}

ordered_json sourceInfo(const SourceListing& l) {
  ordered_json j = {{"format", l.format}, {"file", l.file}};
  auto& props = j["properties"] = ordered_json::object();
  for (const auto& [k, v] : l.properties) props[k] = v;
  if (l.format == "eq-s3d")
    j["archive"] = jsonArray(l.archive, [](const ArchiveFile& f) -> ordered_json {
      return {{"name", f.name}, {"size", f.size}, {"compressed", f.compressedSize}, {"blocks", f.blocks},
              {"offset", f.offset}, {"crc", hexText(f.crc, 8)}};
    });
  if (!l.worlds.empty())
    j["worlds"] = jsonArray(l.worlds, [](const WorldSummary& w) -> ordered_json {
      ordered_json types = ordered_json::object();
      for (const auto& [t, n] : w.fragmentTypes) types[hexText(t, 2)] = n;
      return {{"name", w.name}, {"version", hexText(w.version, 8)}, {"fragments", w.fragments}, {"fragment_types", types},
              {"models", w.models}};
    });
  j["movables"] = models(l.movables);
  j["statics"] = models(l.statics);
  j["notes"] = l.notes;
  return j;
}

}  // namespace

int sourceInfoCommand(const std::filesystem::path& file, bool json) {
  const auto listing = usecases::openSource(file)->list();
  auto j = sourceInfo(listing);
  if (json) {
    std::cout << jsonText(j, 2) << "\n";
    return 0;
  }
  std::cout << file.string() << ": " << j["format"].get<std::string>() << "\n";
  for (const auto& [k, v] : listing.properties) std::cout << "  " << std::left << std::setw(20) << k << v << "\n";
  if (!listing.archive.empty()) {
    std::cout << "archive (" << listing.archive.size() << " files):\n";
    for (const auto& f : listing.archive)
      std::cout << "  " << std::left << std::setw(24) << f.name << std::right << std::setw(10) << f.size << " bytes, "
                << std::setw(9) << f.compressedSize << " stored in " << f.blocks << " blocks\n";
  }
  for (const auto& w : listing.worlds) {
    std::cout << "world " << w.name << ": " << w.fragments << " fragments, " << w.models << " models\n";
    std::cout << "  fragment types:";
    for (const auto& [t, n] : w.fragmentTypes) std::cout << " " << hexText(t, 2) << " x" << n;
    std::cout << "\n";
  }
  auto print = [](const char* title, const std::vector<ListedObject>& list) {
    std::cout << title << " (" << list.size() << "):\n";
    for (std::size_t i = 0; i < list.size(); ++i) {
      const auto& m = list[i];
      std::cout << "  " << std::right << std::setw(4) << i << "  " << std::left << std::setw(28) << m.name
                << counted(m.meshes, "mesh", "meshes") << ", " << counted(m.animations, "animation") << " ("
                << counted(m.frames, "frame") << "), " << counted(m.vertices, "vertex", "vertices") << ", "
                << counted(m.faces, "face") << (m.container.empty() ? "" : "  [" + m.container + "]") << "\n";
    }
  };
  print("movables", listing.movables);
  print("statics", listing.statics);
  for (const auto& n : listing.notes) std::cout << "note: " << n << "\n";
  return 0;
}

}  // namespace wadsmith::cli
