#include "io/object_tables.h"

#include "io/layout.h"
#include "io/level_mesh.h"
#include "io/table_io.h"
#include "io/wad_mesh.h"
#include "model/stored_tables.h"

namespace wadsmith {

using S = ObjectSection;

namespace {

// A u16 field; fails clearly when a position no longer fits.
std::uint16_t fitU16(std::uint32_t v, const char* what) {
  if (v > 0xFFFF) throw WriteError(std::string(what) + " " + std::to_string(v) + " does not fit 16 bits");
  return static_cast<std::uint16_t>(v);
}

constexpr std::size_t kStateChangeSize = 6, kDispatchSize = 8, kMovableSize = 18, kStaticSize = 32;
std::size_t animationSize(bool lateral) { return lateral ? 40 : 32; }
std::size_t movableSize(bool padded) { return padded ? kMovableSize + 2 : kMovableSize; }

// Bytes per element each section's count counts.
std::size_t elementSize(const ObjectTableFormat& f, ObjectSection s) {
  switch (s) {
    case S::MeshPackage: return 2;  // counted in words
    case S::MeshPointers: return 4;
    case S::Animations: return animationSize(f.lateralSpeeds);
    case S::StateChanges: return kStateChangeSize;
    case S::Dispatches: return kDispatchSize;
    case S::Commands: return 2;
    case S::Links: return 4;
    case S::Keyframes: return 2;
    case S::Movables: return movableSize(f.movablePadding);
    case S::Statics: return kStaticSize;
  }
  return 1;
}

}  // namespace

const ObjectTableFormat& wadObjectFormat() {
  static const ObjectTableFormat f{"", false, true, false, KeyframeFormat::Tr4, readWadMesh, writeWadMesh,
                                   {"mesh package", "mesh pointers", "animations", "state changes", "dispatches",
                                    "commands", "links", "keyframes", "movables", "statics"}};
  return f;
}

const ObjectTableFormat& levelObjectFormat(Game g) {
  static constexpr std::array<const char*, kObjectSections> names{
      "meshes", "mesh pointers", "animations", "state changes", "dispatches",
      "commands", "mesh trees", "frames", "models", "static meshes"};
  static const ObjectTableFormat byGame[] = {  // one entry per game, TR1 first
      {"level data: ", true, false, false, KeyframeFormat::Tr1, readClassicMesh, writeClassicMesh, names},
      {"level data: ", true, false, false, KeyframeFormat::Tr2, readClassicMesh, writeClassicMesh, names},
      {"level data: ", true, false, false, KeyframeFormat::Tr2, readClassicMesh, writeClassicMesh, names},
      {"level data: ", true, true, false, KeyframeFormat::Tr4, readLevelMesh, writeLevelMesh, names},
      {"level data: ", true, true, true, KeyframeFormat::Tr4, readLevelMesh, writeLevelMesh, names}};
  return byGame[static_cast<std::size_t>(g) - 1];
}

namespace {

// ---- records: each reader next to its writer. Readers keep references as stored numbers;
// linking turns them into references once every table is read.

BoundingBox readBox(ByteReader& r) {
  BoundingBox b;
  b.minX = r.i16(), b.maxX = r.i16(), b.minY = r.i16(), b.maxY = r.i16(), b.minZ = r.i16(), b.maxZ = r.i16();
  return b;
}
void writeBox(ByteWriter& w, const BoundingBox& b) {
  for (auto v : {b.minX, b.maxX, b.minY, b.maxY, b.minZ, b.maxZ}) w.i16(v);
}

Animation readAnimation(ByteReader& r, bool lateral) {
  Animation a;
  a.keyframes = RunRef::rawValue(r.u32(), 0);
  a.frameDuration = r.u8();
  a.keyframeSize = r.u8();
  a.stateId = r.u16();
  a.speed = r.i32();
  a.accel = r.i32();
  if (lateral) {
    a.lateralSpeed = r.i32();
    a.lateralAccel = r.i32();
  }
  a.frameStart = r.u16();
  a.frameEnd = r.u16();
  a.nextAnimation = RecordRef::rawValue(r.u16());
  a.nextFrame = r.u16();
  const std::uint16_t numStateChanges = r.u16();
  a.stateChanges = RunRef::rawValue(r.u16(), numStateChanges);
  a.numCommands = r.u16();
  a.commands = RunRef::rawValue(r.u16(), 0);
  return a;
}
void writeAnimation(ByteWriter& w, const Animation& a, bool lateral, const Positions& at, std::uint32_t animations) {
  w.u32(at.offset(a.keyframes, 2, "keyframes"));
  w.u8(a.frameDuration);
  w.u8(a.keyframeSize);
  w.u16(a.stateId);
  w.i32(a.speed);
  w.i32(a.accel);
  if (lateral) {
    w.i32(a.lateralSpeed);
    w.i32(a.lateralAccel);
  }
  w.u16(a.frameStart);
  w.u16(a.frameEnd);
  w.u16(fitU16(at.index(a.nextAnimation, animations, "animation"), "next animation index"));
  w.u16(a.nextFrame);
  auto [first, count] = at.run(a.stateChanges, "state changes");
  w.u16(fitU16(count, "state change count"));
  w.u16(fitU16(first, "state change index"));
  w.u16(a.numCommands);
  w.u16(fitU16(at.offset(a.commands, 1, "commands"), "command offset"));
}

StateChange readStateChange(ByteReader& r) {
  StateChange s;
  s.stateId = r.u16();
  const std::uint16_t numDispatches = r.u16();
  s.dispatches = RunRef::rawValue(r.u16(), numDispatches);
  return s;
}
void writeStateChange(ByteWriter& w, const StateChange& s, const Positions& at) {
  w.u16(s.stateId);
  auto [first, count] = at.run(s.dispatches, "dispatches");
  w.u16(fitU16(count, "dispatch count"));
  w.u16(fitU16(first, "dispatch index"));
}

Dispatch readDispatch(ByteReader& r) {
  Dispatch d;
  d.inFrame = r.i16();
  d.outFrame = r.i16();
  d.nextAnimation = RecordRef::rawValue(r.u16());
  d.nextFrame = r.i16();
  return d;
}
void writeDispatch(ByteWriter& w, const Dispatch& d, const Positions& at, std::uint32_t animations) {
  w.i16(d.inFrame);
  w.i16(d.outFrame);
  w.u16(fitU16(at.index(d.nextAnimation, animations, "animation"), "dispatch target"));
  w.i16(d.nextFrame);
}

Movable readMovable(ByteReader& r, bool padded) {
  Movable m;
  m.objectId = r.u32();
  const std::uint16_t numPointers = r.u16();
  m.pointers = RunRef::rawValue(r.u16(), numPointers);
  m.links = RunRef::rawValue(r.u32(), 0);
  m.keyframes = RunRef::rawValue(r.u32(), 0);
  m.animations = RunRef::rawValue(r.u16(), 0);
  if (padded) m.padding = r.u16();
  return m;
}
void writeMovable(ByteWriter& w, const Movable& m, bool padded, const Positions& at) {
  w.u32(m.objectId);
  auto [first, count] = at.run(m.pointers, "mesh pointers");
  w.u16(fitU16(count, "mesh pointer count"));
  w.u16(fitU16(first, "mesh pointer index"));
  w.u32(at.offset(m.links, 1, "links"));
  w.u32(at.offset(m.keyframes, 2, "keyframes"));
  w.u16(fitU16(at.run(m.animations, "animations").first, "animation index"));
  if (padded) w.u16(m.padding);
}

Static readStatic(ByteReader& r) {
  Static s;
  s.objectId = r.u32();
  s.pointer = RunRef::rawValue(r.u16(), 1);
  s.visibility = readBox(r);
  s.collision = readBox(r);
  s.flags = r.u16();
  return s;
}
void writeStatic(ByteWriter& w, const Static& s, const Positions& at) {
  w.u32(s.objectId);
  w.u16(fitU16(at.run(s.pointer, "mesh pointer").first, "mesh pointer index"));
  writeBox(w, s.visibility);
  writeBox(w, s.collision);
  w.u16(s.flags);
}

template <class T>
void setRecordPositions(Positions& at, const RecordTable<T>& table) {
  std::uint32_t i = 0;
  for (const auto& s : table.segments) {
    const std::uint32_t first = i;
    for (const auto& rec : s.items) at.set(rec.id, i++);
    at.set(s.id, first, i);
  }
}

template <class T, class WriteFn>
void writeRecordTable(ByteWriter& w, const RecordTable<T>& table, WriteFn write) {
  w.u32(static_cast<std::uint32_t>(table.size()));
  for (const auto& s : table.segments)
    for (const auto& rec : s.items) write(w, rec);
}

using SectionNames = std::array<std::string, kObjectSections>;

// The mesh package and its pointers (in the format's order), the pointers linked to the meshes.
void readMeshes(ByteReader& r, const ObjectTableFormat& f, const SectionNames& names, StoredTables& out, Id& nextId) {
  auto name = [&](ObjectSection s) { return names[static_cast<std::size_t>(s)].c_str(); };
  std::vector<std::uint32_t> rawPointers;
  std::size_t pointerTable = 0;  // where the pointer values start, for errors
  auto readPointers = [&] {
    pointerTable = r.pos() + 4;
    rawPointers = readWords<std::uint32_t>(r, name(S::MeshPointers));
  };
  if (!f.meshesFirst) readPointers();
  r.section(name(S::MeshPackage));
  const std::uint32_t meshBytes = static_cast<std::uint32_t>(r.count(r.u32(), 2, "mesh package word") * 2);
  const std::uint64_t packageBase = r.absolute();
  auto packageBytes = r.bytes(meshBytes);
  if (f.meshesFirst) readPointers();
  r.section(name(S::MeshPointers));
  for (std::size_t i = 0; i < rawPointers.size(); ++i)
    if (rawPointers[i] > meshBytes)
      r.fail("mesh pointer " + std::to_string(i) + " = " + std::to_string(rawPointers[i]) +
                 " is past the mesh package (" + std::to_string(meshBytes) + " bytes)",
             pointerTable + 4 * i);
  ByteReader package(packageBytes, r.fileName(), packageBase);
  package.section(name(S::MeshPackage));
  auto parsed = readMeshPackage(package, rawPointers, f.readMesh, nextId);
  out.pointers = linkMeshPointers(rawPointers, parsed);
  out.meshes = std::move(parsed.entries);
}

}  // namespace

ObjectTables readObjectTables(ByteReader& r, const ObjectTableFormat& f, Id& nextId, const SharedBytes* source) {
  SectionNames names;
  for (std::size_t i = 0; i < kObjectSections; ++i) names[i] = f.prefix + f.names[i];
  auto name = [&](ObjectSection s) { return names[static_cast<std::size_t>(s)].c_str(); };
  StoredTables t;
  t.keyframeFormat = f.keyframes;
  readMeshes(r, f, names, t, nextId);
  const bool lateral = f.lateralSpeeds;
  t.animations = readTable<Animation>(r, name(S::Animations), animationSize(lateral),
                                      [&](ByteReader& br) { return readAnimation(br, lateral); });
  t.stateChanges = readTable<StateChange>(r, name(S::StateChanges), kStateChangeSize, readStateChange);
  t.dispatches = readTable<Dispatch>(r, name(S::Dispatches), kDispatchSize, readDispatch);
  t.commands = readWords<std::uint16_t>(r, name(S::Commands));
  t.links = readWords<std::int32_t>(r, name(S::Links));
  t.keyframes.littleEndian = readWordBytes<std::uint16_t>(r, name(S::Keyframes));  // cut by linkTables, while r's bytes live
  if (source && source->contains(t.keyframes.littleEndian)) t.keyframes.owner = source->owner();  // segments may view them
  t.movables = readTable<Movable>(r, name(S::Movables), movableSize(f.movablePadding),
                                  [&](ByteReader& br) { return readMovable(br, f.movablePadding); });
  t.statics = readTable<Static>(r, name(S::Statics), kStaticSize, readStatic);
  return linkTables(std::move(t), nextId);
}

namespace {

// The mesh package and its pointers; the pointers are the package's offsets, known once it is
// laid out. Levels store the package first; the WAD stores the pointers first, so there they
// get their room first and are filled in after the package (no scratch copy of the package).
void writeMeshes(ByteWriter& w, const ObjectTables& t, const ObjectTableFormat& f, Positions& at,
                 const std::function<void(ObjectSection)>& section) {
  const auto count = static_cast<std::uint32_t>(t.meshPointers->size());
  std::size_t pointersAt = 0;
  auto pointerRoom = [&] {
    section(S::MeshPointers);
    w.u32(count);
    pointersAt = w.pos();
    w.buffer().resize(pointersAt + 4 * std::size_t{count});
  };
  if (!f.meshesFirst) pointerRoom();
  section(S::MeshPackage);
  const std::size_t countAt = w.pos();
  w.u32(0);
  const std::uint32_t meshBytes = writeMeshPackage(w, *t.meshes, f.writeMesh, at);
  if (meshBytes % 2) throw WriteError("the mesh package has an odd byte count");
  w.patchU32(countAt, meshBytes / 2);
  if (f.meshesFirst) pointerRoom();
  for (const auto& s : t.meshPointers->segments)
    for (const auto& p : s.items) w.patchU32(pointersAt, at.offset(p.target, meshBytes, 1, "mesh")), pointersAt += 4;
}

}  // namespace

void writeObjectTables(ByteWriter& w, const ObjectTables& t, const ObjectTableFormat& f, Id idLimit,
                       const std::function<void(const char*)>& mark, ByteRope* rope) {
  const std::function<void(ObjectSection)> section = [&](ObjectSection s) {
    if (mark) mark(f.name(s));
  };
  // Every position follows from the segment sizes: known before the records that use them.
  Positions at(idLimit);
  setRecordPositions(at, *t.meshPointers);
  setRecordPositions(at, *t.animations);
  setRecordPositions(at, *t.stateChanges);
  setRecordPositions(at, *t.dispatches);
  setSegmentPositions(at, *t.commands);
  setSegmentPositions(at, *t.links);
  setSegmentPositions(at, *t.keyframes);
  const auto animations = static_cast<std::uint32_t>(t.animations->size());
  writeMeshes(w, t, f, at, section);

  const bool lateral = f.lateralSpeeds;
  section(S::Animations);
  writeRecordTable(w, *t.animations, [&](ByteWriter& bw, const Animation& a) { writeAnimation(bw, a, lateral, at, animations); });
  section(S::StateChanges);
  writeRecordTable(w, *t.stateChanges, [&](ByteWriter& bw, const StateChange& s) { writeStateChange(bw, s, at); });
  section(S::Dispatches);
  writeRecordTable(w, *t.dispatches, [&](ByteWriter& bw, const Dispatch& d) { writeDispatch(bw, d, at, animations); });
  section(S::Commands);
  writePackage(w, *t.commands);
  section(S::Links);
  writePackage(w, *t.links);
  section(S::Keyframes);
  rope ? writePackage(*rope, *t.keyframes) : writePackage(w, *t.keyframes);
  section(S::Movables);
  writeTable(w, *t.movables, [&](ByteWriter& bw, const Movable& m) { writeMovable(bw, m, f.movablePadding, at); });
  section(S::Statics);
  writeTable(w, *t.statics, [&](ByteWriter& bw, const Static& s) { writeStatic(bw, s, at); });
}

void objectTableSpans(ByteReader& r, const ObjectTableFormat& f, std::vector<SectionSpan>& spans) {
  for (std::size_t i = 0; i < kObjectSections; ++i) {
    // The sections in file order: the enum's, but the WAD stores the mesh pointers first.
    const auto s = static_cast<ObjectSection>(!f.meshesFirst && i < 2 ? 1 - i : i);
    const std::size_t begin = r.pos();
    const std::size_t size = elementSize(f, s);
    r.bytes(r.count(r.u32(), size, f.name(s)) * size);
    spans.push_back({f.prefix + f.name(s), begin, r.pos()});
  }
}

}  // namespace wadsmith
