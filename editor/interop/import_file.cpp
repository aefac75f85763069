#include "editor/interop/import_file.h"

#include "editor/interop/tiny_gltf_config.h"

#include <algorithm>
#include <cctype>

#include "editor/interop/assimp_isolated.h"
#include "editor/interop/gltf_file.h"
#include "io/file_io.h"
#include "io/utf8_path.h"

namespace wadsmith::interop {
namespace {

std::vector<GltfObject> someMesh(std::vector<GltfObject> out, const std::filesystem::path& path) {
  if (out.empty()) throw std::runtime_error(utf8Name(path) + ": holds no mesh to import");
  return out;
}

}  // namespace

bool looksLikeGltf(std::span<const std::uint8_t> b) {
  if (looksLikeGlb(b)) return true;
  std::size_t i = 0;
  if (b.size() >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF) i = 3;  // UTF-8 byte order mark
  while (i < b.size() && std::isspace(b[i])) ++i;
  if (i >= b.size() || b[i] != '{') return false;
  const std::string head(b.begin() + i, b.begin() + std::min(b.size(), i + 4096));
  return head.find("\"asset\"") != std::string::npos || head.find("\"scenes\"") != std::string::npos ||
         head.find("\"accessors\"") != std::string::npos || head.find("\"buffers\"") != std::string::npos;
}

std::vector<GltfObject> loadGltfObjects(const std::filesystem::path& path, float unitsPerMeter) {
  tinygltf::Model gltf;
  readGltf(readFileBytes(path), path, gltf);
  return someMesh(gltfObjects(gltf, utf8Name(path), unitsPerMeter), path);
}

std::vector<GltfObject> loadAssimpObjects(const std::filesystem::path& path, float unitsPerMeter) {
  std::vector<GltfObject> out;
  for (auto& m : assimpObjectsIsolated(path, unitsPerMeter)) {
    out.push_back({m.name, m.movable, std::nullopt, {}, m.notes});
    out.back().model = std::move(m);
  }
  return someMesh(std::move(out), path);
}

}  // namespace wadsmith::interop
