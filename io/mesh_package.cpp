#include "io/mesh_package.h"

#include <algorithm>

namespace wadsmith {

namespace {

// Whether a mesh parses at `at` (the reader is left where it was).
bool meshStartsAt(ByteReader& r, std::size_t at, const MeshReadFn& read) {
  const std::size_t was = r.pos();
  bool parses = true;
  try {
    r.seek(at);
    read(r);
  } catch (const ParseError&) {
    parses = false;
  }
  r.seek(was);
  return parses;
}

}  // namespace

ParsedMeshPackage readMeshPackage(ByteReader& r, std::vector<std::uint32_t> targets, MeshReadFn read, Id& nextId) {
  std::sort(targets.begin(), targets.end());
  targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
  ParsedMeshPackage out;
  out.bytes = static_cast<std::uint32_t>(r.size());
  auto gap = [&](std::size_t from, std::size_t to) {
    out.starts.push_back(static_cast<std::uint32_t>(from));
    r.seek(from);
    out.entries.push_back({nextId++, nullptr, share<std::vector<std::uint8_t>>(r.copy(to - from))});
  };
  while (!r.atEnd()) {
    const std::size_t at = r.pos();
    const bool targeted = std::binary_search(targets.begin(), targets.end(), at);
    auto next = std::upper_bound(targets.begin(), targets.end(), at);
    const std::size_t nextTarget = next == targets.end() ? r.size() : std::min<std::size_t>(*next, r.size());
    try {
      Mesh m = read(r);
      // An unpointed mesh that runs over a pointer's target: the target starts a mesh of its
      // own (this was junk before it), unless nothing parses there: then the pointer lands
      // inside this mesh (a merge can copy such a pointer without the one to the mesh's start).
      if (!targeted && r.pos() > nextTarget && meshStartsAt(r, nextTarget, read)) {
        gap(at, nextTarget);
        continue;
      }
      out.starts.push_back(static_cast<std::uint32_t>(at));
      out.entries.push_back({nextId++, share<Mesh>(std::move(m)), nullptr});
    } catch (const ParseError&) {
      if (targeted) throw;
      gap(at, nextTarget);
    }
  }
  return out;
}

std::uint32_t writeMeshPackage(ByteWriter& w, const std::vector<MeshEntry>& entries, MeshWriteFn write, Positions& at) {
  const std::size_t begin = w.pos();
  for (const auto& e : entries) {
    at.set(e.id, static_cast<std::uint32_t>(w.pos() - begin));
    if (e.mesh)
      write(w, *e.mesh);
    else if (e.gap)
      w.bytes(*e.gap);
  }
  return static_cast<std::uint32_t>(w.pos() - begin);
}

std::vector<MeshPointer> linkMeshPointers(const std::vector<std::uint32_t>& offsets, const ParsedMeshPackage& p) {
  std::vector<MeshPointer> pointers(offsets.size());
  for (std::size_t i = 0; i < offsets.size(); ++i) {
    std::uint32_t off = offsets[i];
    if (off >= p.bytes || p.starts.empty()) {
      pointers[i].target = off == p.bytes ? PackageRef::end() : PackageRef::rawValue(off);
      continue;
    }
    auto it = std::upper_bound(p.starts.begin(), p.starts.end(), off) - 1;
    auto k = static_cast<std::size_t>(it - p.starts.begin());
    pointers[i].target = PackageRef::at(p.entries[k].id, off - *it);
  }
  return pointers;
}

}  // namespace wadsmith
