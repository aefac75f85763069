#include "editor/interop/import_file.h"

#include <tiny_gltf.h>

#include <algorithm>

#include "editor/interop/assimp_import.h"
#include "editor/interop/gltf_file.h"
#include "editor/interop/gltf_import.h"
#include "editor/interop/gltf_scene.h"
#include "io/file_io.h"
#include "io/utf8_path.h"
#include "model/catalog.h"
#include "model/import/build.h"

namespace wadsmith::interop {
namespace {

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool looksLikeGltfJson(std::span<const std::uint8_t> b) {
  std::size_t i = 0;
  if (b.size() >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF) i = 3;  // UTF-8 byte order mark
  while (i < b.size() && std::isspace(b[i])) ++i;
  if (i >= b.size() || b[i] != '{') return false;
  const std::string head(b.begin() + i, b.begin() + std::min(b.size(), i + 4096));
  return head.find("\"asset\"") != std::string::npos || head.find("\"scenes\"") != std::string::npos ||
         head.find("\"accessors\"") != std::string::npos || head.find("\"buffers\"") != std::string::npos;
}

}  // namespace

std::vector<ImportedObject> loadImportFile(const std::filesystem::path& path, const ImportFileOptions& options) {
  const auto bytes = readFileBytes(path);
  const std::string name = utf8Name(path);
  std::vector<ImportedObject> out;
  const std::string ext = lower(path.extension().string());
  if (looksLikeGlb(bytes) || looksLikeGltfJson(bytes) || ext == ".gltf" || ext == ".glb") {
    tinygltf::Model gltf;
    readGltf(bytes, path, gltf);
    GltfImportOptions o;
    o.unitsPerMeter = options.unitsPerMeter;
    for (auto& g : gltfObjects(gltf, name, o))
      out.push_back({std::move(g.name), g.movable, std::move(g.records), std::move(g.model), std::move(g.notes)});
  } else {
    AssimpOptions o;
    o.unitsPerMeter = options.unitsPerMeter;
    for (auto& m : assimpObjects(bytes, path, o)) {
      ImportedObject io;
      io.name = m.name;
      io.movable = m.movable;
      io.notes = m.notes;
      io.model = std::move(m);
      out.push_back(std::move(io));
    }
  }
  if (out.empty()) throw std::runtime_error(name + ": holds no mesh to import");
  return out;
}

const ImportedObject& chooseObject(const std::vector<ImportedObject>& objects, const std::optional<std::string>& name,
                                   const ObjectRef& target, const std::string& file) {
  if (name) {
    for (const auto& o : objects)
      if (lower(o.name) == lower(*name)) return o;
  } else if (objects.size() == 1) {
    return objects.front();
  } else {
    for (const auto& o : objects)
      if (o.records && o.records->ref == target) return o;
  }
  std::string list;
  for (const auto& o : objects) list += (list.empty() ? "" : ", ") + ("'" + o.name + "'");
  throw std::runtime_error(file + ": " + (name ? "no object named '" + *name + "'" : std::string("several objects, none exported from ") + target.text()) +
                           "; it holds " + list + " (choose one with --object NAME)");
}

WadDocument objectWad(const ImportedObject& object, const ObjectRef& target, std::vector<std::string>& notes) {
  notes.insert(notes.end(), object.notes.begin(), object.notes.end());
  if (object.records) {
    auto r = *object.records;
    r.ref = {r.ref.kind, target.slot};
    notes.push_back("'" + object.name + "': the exported records, exactly");
    return exchange::objectDocument(r);
  }
  // The float form through the one builder (model/import/build.h): TR's limits are located
  // BuildErrors before anything changes.
  imported::Model model = object.model;
  if (model.movable && !target.movable()) model = asStatic(model);
  if (!model.movable && target.movable()) {
    model.movable = true;
    model.bones.assign(model.meshes.size(), {});
    for (std::size_t b = 1; b < model.bones.size(); ++b) model.bones[b].parent = 0;
  }
  import::BuildOptions options;
  auto built = import::buildWad({{&model, target.slot}}, options);
  for (const auto& r : built.models)
    for (auto& line : import::reportLines(model, r)) notes.push_back(std::move(line));
  return std::move(built.wad);
}

exchange::ImportResult importFile(const WadDocument& destination, const std::filesystem::path& file,
                                  const std::optional<std::string>& objectName, const exchange::ImportRequest& request,
                                  const ImportFileOptions& options) {
  const auto objects = loadImportFile(file, options);
  const auto& object = chooseObject(objects, objectName, request.target, utf8Name(file));
  std::vector<std::string> notes;
  ObjectRef as = request.target;
  if (request.mesh) as = {object.movable ? ObjectKind::Movable : ObjectKind::Static, request.target.slot};
  const WadDocument one = objectWad(object, as, notes);
  exchange::ImportRequest req = request;
  if (object.records) req.records = &*object.records;
  auto result = exchange::importObject(destination, one, req);
  result.lines.insert(result.lines.begin(), notes.begin(), notes.end());
  return result;
}

}  // namespace wadsmith::interop
