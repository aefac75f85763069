#include "tests/support/doc_diff.h"

#include "io/document_io.h"
#include "io/level_codec.h"
#include "io/level_mesh.h"
#include "io/wad_mesh.h"

namespace wadsmith::test {
namespace {

std::vector<std::uint8_t> meshBytes(const MeshEntry& e, bool wad) {
  std::vector<std::uint8_t> out;
  ByteWriter w(out);
  if (e.mesh)
    wad ? writeWadMesh(w, *e.mesh) : writeLevelMesh(w, *e.mesh);
  else
    w.bytes(*e.gap);
  return out;
}

void compareSpans(const std::vector<SectionSpan>& a, std::span<const std::uint8_t> ab, const std::vector<SectionSpan>& b,
                  std::span<const std::uint8_t> bb, PartDiff& out) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    auto x = ab.subspan(a[i].begin, a[i].end - a[i].begin);
    auto y = bb.subspan(b[i].begin, b[i].end - b[i].begin);
    if (a[i].name != b[i].name || x.size() != y.size() || !std::equal(x.begin(), x.end(), y.begin()))
      out.sections.insert(a[i].name);
  }
}

}  // namespace

PartDiff diffParts(const std::vector<std::uint8_t>& before, const std::vector<std::uint8_t>& after) {
  PartDiff out;
  Document a = readDocument(before, "before"), b = readDocument(after, "after");
  const bool wad = isWad(a);
  if (wad) {
    compareSpans(wadSectionSpans(before), before, wadSectionSpans(after), after, out);
  } else {
    const auto& la = std::get<LevelDocument>(a);
    const auto& lb = std::get<LevelDocument>(b);
    compareSpans(levelSectionSpans(before), before, levelSectionSpans(after), after, out);
    std::vector<SectionSpan> sa, sb;
    auto pa = writeLevelData(*la.data, la.nextId, &sa);
    auto pb = writeLevelData(*lb.data, lb.nextId, &sb);
    PartDiff inner;
    compareSpans(sa, pa, sb, pb, inner);
    for (const auto& s : inner.sections) out.sections.insert("level data: " + s);
  }
  const auto& ma = *objectsOf(a).meshes;
  const auto& mb = *objectsOf(b).meshes;
  if (ma.size() == mb.size())
    for (std::size_t i = 0; i < ma.size(); ++i)
      if (meshBytes(ma[i], wad) != meshBytes(mb[i], wad)) out.meshes.insert(i);
  return out;
}

}  // namespace wadsmith::test
