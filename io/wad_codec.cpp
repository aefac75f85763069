#include "io/wad_codec.h"

#include <algorithm>

#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "io/layout.h"
#include "io/mesh_package.h"
#include "io/object_records.h"
#include "io/table_io.h"
#include "io/wad_mesh.h"

namespace wadsmith {
namespace {

// Sections are read in file order; each reader sits next to its writer below.

TextureSample readSample(ByteReader& r) {
  TextureSample s;
  s.x = r.u8();
  s.y = r.u8();
  s.page = r.u16();
  s.flipX = r.i8();
  s.addW = r.u8();
  s.flipY = r.i8();
  s.addH = r.u8();
  return s;
}
void writeSample(ByteWriter& w, const TextureSample& s) {
  w.u8(s.x);
  w.u8(s.y);
  w.u16(s.page);
  w.i8(s.flipX);
  w.u8(s.addW);
  w.i8(s.flipY);
  w.u8(s.addH);
}

TexturePages readPixels(ByteReader& r) {
  std::size_t n = r.count(r.u32(), 1, "texture byte");
  TexturePages t;
  auto bytes = r.bytes(n);
  for (std::size_t at = 0; at < n; at += kPageBytes) {
    std::size_t len = std::min(kPageBytes, n - at);
    t.pages.push_back(share<std::vector<std::uint8_t>>(bytes.begin() + at, bytes.begin() + at + len));
  }
  return t;
}
void writePixels(ByteWriter& w, const TexturePages& t) {
  w.u32(static_cast<std::uint32_t>(t.byteCount()));
  for (const auto& p : t.pages) w.bytes(*p);
}

}  // namespace

WadDocument readWad(std::span<const std::uint8_t> bytes, const std::string& fileName) {
  ByteReader r(bytes, fileName);
  WadDocument doc;
  Id nextId = 1;

  r.section("header");
  if (bytes.empty()) r.fail("empty file");
  doc.version = r.u32();
  if (doc.version != 129 && doc.version != 130)
    r.fail("unsupported WAD version " + std::to_string(doc.version) + " (expected 129, or 130 for TRNG)", 0);

  doc.samples = share<std::vector<TextureSample>>(readTable<TextureSample>(r, "texture samples", 8, readSample));
  r.section("texture pixels");
  doc.pixels = share<TexturePages>(readPixels(r));

  const std::size_t pointerTable = r.pos() + 4;
  auto rawPointers = readWords<std::uint32_t>(r, "mesh pointers");
  r.section("mesh package");
  std::size_t meshWords = r.count(r.u32(), 2, "mesh package word");
  std::uint32_t meshBytes = static_cast<std::uint32_t>(meshWords * 2);
  r.section("mesh pointers");
  for (std::size_t i = 0; i < rawPointers.size(); ++i) {
    if (rawPointers[i] > meshBytes)
      r.fail("mesh pointer " + std::to_string(i) + " = " + std::to_string(rawPointers[i]) +
                 " is past the mesh package (" + std::to_string(meshBytes) + " bytes)",
             pointerTable + 4 * i);
  }
  r.section("mesh package");
  const std::uint64_t packageBase = r.absolute();
  ByteReader package(r.bytes(meshBytes), fileName, packageBase);
  package.section("mesh package");
  auto parsed = readMeshPackage(package, rawPointers, readWadMesh, nextId);
  auto pointers = linkMeshPointers(rawPointers, parsed);
  auto meshes = std::move(parsed.entries);
  doc.objects.meshes = share<std::vector<MeshEntry>>(std::move(meshes));

  auto anims = readTable<Animation>(r, "animations", kAnimationSize, readAnimation);
  auto stateChanges = readTable<StateChange>(r, "state changes", kStateChangeSize, readStateChange);
  auto dispatches = readTable<Dispatch>(r, "dispatches", kDispatchSize, readDispatch);
  RawPackages raw;
  raw.commands = readPackageBytes<std::uint16_t>(r, "commands");
  raw.links = readPackageBytes<std::int32_t>(r, "links");
  raw.keyframes = readPackageBytes<std::uint16_t>(r, "keyframes");
  auto movables = readTable<Movable>(r, "movables", kMovableSize, readMovable);
  auto statics = readTable<Static>(r, "statics", kStaticSize, readStatic);
  r.section("trailer");
  auto rest = r.bytes(r.remaining());
  doc.trailer = share<std::vector<std::uint8_t>>(rest.begin(), rest.end());

  linkObjectTables(doc.objects, anims, stateChanges, dispatches, movables, statics, pointers, raw, nextId);
  doc.nextId = nextId;
  return doc;
}

std::vector<std::uint8_t> writeWad(const WadDocument& doc) {
  const ObjectTables& t = doc.objects;
  std::vector<std::uint8_t> out;
  out.reserve(t.keyframes->size() * 2 + doc.pixels->byteCount() + (1u << 20));
  ByteWriter w(out);
  Positions at(doc.nextId);

  TableSizes n = tableSizes(t);  // the mesh package's size is known once it is laid out
  setRecordPositions(at, t);

  w.u32(doc.version);
  writeTable(w, *doc.samples, writeSample);
  writePixels(w, *doc.pixels);

  // Mesh pointers precede the package they point into: write the package to a scratch
  // buffer first to learn the offsets.
  std::vector<std::uint8_t> meshBytes;
  ByteWriter mw(meshBytes);
  n.meshBytes = writeMeshPackage(mw, *t.meshes, writeWadMesh, at);
  if (n.meshBytes % 2) throw WriteError("mesh package has an odd byte count");
  w.u32(n.meshPointers);
  for (const auto& p : *t.meshPointers) w.u32(at.offset(p.target, n.meshBytes, 1, "mesh"));
  w.u32(n.meshBytes / 2);
  w.bytes(meshBytes);

  // Package offsets must be known before the animation records that point into them.
  std::vector<std::uint8_t> packages;
  ByteWriter pw(packages);
  writePackage(pw, *t.commands, at);
  writePackage(pw, *t.links, at);
  writePackage(pw, *t.keyframes, at);

  writeTable(w, *t.animations, [&](ByteWriter& bw, const Animation& a) { writeAnimation(bw, a, at, n); });
  writeTable(w, *t.stateChanges, [&](ByteWriter& bw, const StateChange& s) { writeStateChange(bw, s, at, n); });
  writeTable(w, *t.dispatches, [&](ByteWriter& bw, const Dispatch& d) { writeDispatch(bw, d, at, n); });
  w.bytes(packages);
  writeTable(w, *t.movables, [&](ByteWriter& bw, const Movable& m) { writeMovable(bw, m, at, n); });
  writeTable(w, *t.statics, [&](ByteWriter& bw, const Static& s) { writeStatic(bw, s, at, n); });
  if (doc.trailer) w.bytes(*doc.trailer);
  return out;
}

std::vector<SectionSpan> wadSectionSpans(std::span<const std::uint8_t> bytes) {
  // Walks only the counts, so it works on any file the reader accepts.
  std::vector<SectionSpan> spans;
  ByteReader r(bytes, "");
  auto mark = [&](const char* name, std::uint64_t begin) { spans.push_back({name, begin, r.pos()}); };
  try {
    std::size_t b = r.pos();
    r.u32();
    mark("header", b);
    const std::pair<const char*, std::size_t> sized[] = {{"texture samples", 8}, {"texture pixels", 1},
                                                         {"mesh pointers", 4},   {"mesh package", 2},
                                                         {"animations", 40},     {"state changes", 6},
                                                         {"dispatches", 8},      {"commands", 2},
                                                         {"links", 4},           {"keyframes", 2},
                                                         {"movables", 18},       {"statics", 32}};
    for (const auto& [name, size] : sized) {
      b = r.pos();
      std::size_t n = r.count(r.u32(), size, name);
      r.bytes(n * size);
      mark(name, b);
    }
    spans.push_back({"trailer", r.pos(), bytes.size()});
  } catch (const ParseError&) {
    spans.push_back({"(unreadable)", r.pos(), bytes.size()});
  }
  return spans;
}

}  // namespace wadsmith
