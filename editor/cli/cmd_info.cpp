#include <iomanip>
#include <iostream>
#include <set>

#include <nlohmann/json.hpp>

#include "editor/cli/cli.h"
#include "io/wad_files.h"
#include "model/names.h"
#include "model/object_view.h"
#include "model/quirks.h"

namespace wadsmith::cli {
namespace {

using nlohmann::ordered_json;

ordered_json wadInfo(const WadDocument& doc) {
  const ObjectTables& t = doc.objects;
  ObjectView view(t);
  std::set<long> used;
  for (std::size_t i = 0; i < t.meshPointers->size(); ++i)
    if (auto s = view.pointerMesh(i); s.mesh) used.insert(s.entryIndex);
  std::size_t parsed = 0;
  for (const auto& e : *t.meshes) parsed += e.mesh != nullptr;

  ordered_json j;
  j["format"] = "wad";
  j["version"] = doc.version;
  ordered_json c;
  c["texture_samples"] = doc.samples->size();
  c["texture_bytes"] = doc.pixels->byteCount();
  c["texture_pages"] = doc.pixels->byteCount() / kPageBytes;
  c["mesh_pointers"] = t.meshPointers->size();
  c["meshes"] = used.size();
  c["mesh_entries"] = parsed;
  c["animations"] = t.animations->size();
  c["state_changes"] = t.stateChanges->size();
  c["dispatches"] = t.dispatches->size();
  c["command_words"] = t.commands->size();
  c["link_dwords"] = t.links->size();
  c["keyframe_words"] = t.keyframes->size();
  c["movables"] = t.movables->size();
  c["statics"] = t.statics->size();
  j["counts"] = c;
  j["names_from"] = doc.was ? "was" : "catalog";

  auto names = objectNames(doc);
  ordered_json movables = ordered_json::array();
  for (std::size_t m = 0; m < t.movables->size(); ++m) {
    auto [a, b] = view.animationRange(m);
    movables.push_back({{"slot", (*t.movables)[m].objectId},
                        {"name", names.movables[m]},
                        {"meshes", (*t.movables)[m].numPointers},
                        {"animations", b - a}});
  }
  j["movables"] = movables;
  ordered_json statics = ordered_json::array();
  for (std::size_t s = 0; s < t.statics->size(); ++s)
    statics.push_back({{"slot", (*t.statics)[s].objectId}, {"name", names.statics[s]}});
  j["statics"] = statics;
  ordered_json quirks = ordered_json::array();
  for (const auto& q : findWadQuirks(doc)) quirks.push_back({{"quirk", q.id}, {"count", q.count}, {"example", q.detail}});
  j["quirks"] = quirks;
  ordered_json warnings = ordered_json::array();
  for (const auto& w : meshWarnings(t, doc.samples->size(), true)) warnings.push_back({{"where", w.where}, {"what", w.what}});
  j["warnings"] = warnings;
  return j;
}

void printText(const std::string& file, const ordered_json& j) {
  std::cout << file << ": TR4 WAD version " << j["version"].get<int>() << "\n";
  for (const auto& [k, v] : j["counts"].items()) std::cout << "  " << std::left << std::setw(18) << k << v << "\n";
  std::cout << "movables (" << j["movables"].size() << ", names from " << j["names_from"].get<std::string>() << "):\n";
  for (const auto& m : j["movables"])
    std::cout << "  " << std::right << std::setw(4) << m["slot"].get<int>() << "  " << std::left << std::setw(28)
              << m["name"].get<std::string>() << m["meshes"] << " meshes, " << m["animations"] << " animations\n";
  std::cout << "statics (" << j["statics"].size() << "):\n";
  for (const auto& s : j["statics"])
    std::cout << "  " << std::right << std::setw(4) << s["slot"].get<int>() << "  " << s["name"].get<std::string>() << "\n";
  std::cout << "quirks:" << (j["quirks"].empty() ? " none" : "") << "\n";
  for (const auto& q : j["quirks"])
    std::cout << "  " << q["quirk"].get<std::string>() << " x" << q["count"] << " (e.g. " << q["example"].get<std::string>() << ")\n";
  std::cout << "warnings: " << j["warnings"].size() << "\n";
  std::size_t shown = 0;
  for (const auto& w : j["warnings"]) {
    if (++shown > 20) {
      std::cout << "  ...\n";
      break;
    }
    std::cout << "  " << w["where"].get<std::string>() << ": " << w["what"].get<std::string>() << "\n";
  }
}

}  // namespace

int infoCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {});
  if (args.positional.size() != 1) throw std::runtime_error("usage: wadsmith info FILE [--json]");
  const std::string& file = args.positional[0];
  auto j = wadInfo(loadWad(file));
  if (args.has("json"))
    std::cout << j.dump(2) << "\n";
  else
    printText(file, j);
  return 0;
}

}  // namespace wadsmith::cli
