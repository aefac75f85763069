#include "io/object_records.h"

#include <string>

#include "io/table_io.h"

namespace wadsmith {

std::uint16_t fitU16(std::uint32_t v, const char* what) {
  if (v > 0xFFFF) throw WriteError(std::string(what) + " " + std::to_string(v) + " does not fit 16 bits");
  return static_cast<std::uint16_t>(v);
}

TableSizes tableSizes(const ObjectTables& t) {
  TableSizes n;
  n.meshPointers = static_cast<std::uint32_t>(t.meshPointers->size());
  n.animations = static_cast<std::uint32_t>(t.animations->size());
  n.stateChanges = static_cast<std::uint32_t>(t.stateChanges->size());
  n.dispatches = static_cast<std::uint32_t>(t.dispatches->size());
  n.commandWords = static_cast<std::uint32_t>(t.commands->size());
  n.linkDwords = static_cast<std::uint32_t>(t.links->size());
  n.keyframeWords = static_cast<std::uint32_t>(t.keyframes->size());
  return n;
}

void setRecordPositions(Positions& at, const ObjectTables& t) {
  setPositions(at, *t.meshPointers);
  setPositions(at, *t.animations);
  setPositions(at, *t.stateChanges);
  setPositions(at, *t.dispatches);
}

BoundingBox readBox(ByteReader& r) {
  BoundingBox b;
  b.minX = r.i16();
  b.maxX = r.i16();
  b.minY = r.i16();
  b.maxY = r.i16();
  b.minZ = r.i16();
  b.maxZ = r.i16();
  return b;
}
void writeBox(ByteWriter& w, const BoundingBox& b) {
  w.i16(b.minX);
  w.i16(b.maxX);
  w.i16(b.minY);
  w.i16(b.maxY);
  w.i16(b.minZ);
  w.i16(b.maxZ);
}

Animation readAnimation(ByteReader& r) {
  Animation a;
  a.keyframes = PackageRef::rawValue(r.u32());
  a.frameDuration = r.u8();
  a.keyframeSize = r.u8();
  a.stateId = r.u16();
  a.speed = r.i32();
  a.accel = r.i32();
  a.lateralSpeed = r.i32();
  a.lateralAccel = r.i32();
  a.frameStart = r.u16();
  a.frameEnd = r.u16();
  a.nextAnimation = RecordRef::rawValue(r.u16());
  a.nextFrame = r.u16();
  a.numStateChanges = r.u16();
  a.stateChanges = RecordRef::rawValue(r.u16());
  a.numCommands = r.u16();
  a.commands = PackageRef::rawValue(r.u16());
  return a;
}
void writeAnimation(ByteWriter& w, const Animation& a, const Positions& at, const TableSizes& n) {
  w.u32(at.offset(a.keyframes, n.keyframeWords, 2, "keyframe segment"));
  w.u8(a.frameDuration);
  w.u8(a.keyframeSize);
  w.u16(a.stateId);
  w.i32(a.speed);
  w.i32(a.accel);
  w.i32(a.lateralSpeed);
  w.i32(a.lateralAccel);
  w.u16(a.frameStart);
  w.u16(a.frameEnd);
  w.u16(fitU16(at.index(a.nextAnimation, n.animations, "animation"), "next animation index"));
  w.u16(a.nextFrame);
  w.u16(a.numStateChanges);
  w.u16(fitU16(at.index(a.stateChanges, n.stateChanges, "state change"), "state change index"));
  w.u16(a.numCommands);
  w.u16(fitU16(at.offset(a.commands, n.commandWords, 1, "command segment"), "command offset"));
}

StateChange readStateChange(ByteReader& r) {
  StateChange s;
  s.stateId = r.u16();
  s.numDispatches = r.u16();
  s.dispatches = RecordRef::rawValue(r.u16());
  return s;
}
void writeStateChange(ByteWriter& w, const StateChange& s, const Positions& at, const TableSizes& n) {
  w.u16(s.stateId);
  w.u16(s.numDispatches);
  w.u16(fitU16(at.index(s.dispatches, n.dispatches, "dispatch"), "dispatch index"));
}

Dispatch readDispatch(ByteReader& r) {
  Dispatch d;
  d.inFrame = r.i16();
  d.outFrame = r.i16();
  d.nextAnimation = RecordRef::rawValue(r.u16());
  d.nextFrame = r.i16();
  return d;
}
void writeDispatch(ByteWriter& w, const Dispatch& d, const Positions& at, const TableSizes& n) {
  w.i16(d.inFrame);
  w.i16(d.outFrame);
  w.u16(fitU16(at.index(d.nextAnimation, n.animations, "animation"), "dispatch target"));
  w.i16(d.nextFrame);
}

Movable readMovable(ByteReader& r) {
  Movable m;
  m.objectId = r.u32();
  m.numPointers = r.u16();
  m.pointers = RecordRef::rawValue(r.u16());
  m.links = PackageRef::rawValue(r.u32());
  m.keyframes = PackageRef::rawValue(r.u32());
  m.animations = RecordRef::rawValue(r.u16());
  return m;
}
void writeMovable(ByteWriter& w, const Movable& m, const Positions& at, const TableSizes& n) {
  w.u32(m.objectId);
  w.u16(m.numPointers);
  w.u16(fitU16(at.index(m.pointers, n.meshPointers, "mesh pointer"), "mesh pointer index"));
  w.u32(at.offset(m.links, n.linkDwords, 1, "link segment"));
  w.u32(at.offset(m.keyframes, n.keyframeWords, 2, "keyframe segment"));
  w.u16(fitU16(at.index(m.animations, n.animations, "animation"), "animation index"));
}

Static readStatic(ByteReader& r) {
  Static s;
  s.objectId = r.u32();
  s.pointer = RecordRef::rawValue(r.u16());
  s.visibility = readBox(r);
  s.collision = readBox(r);
  s.flags = r.u16();
  return s;
}
void writeStatic(ByteWriter& w, const Static& s, const Positions& at, const TableSizes& n) {
  w.u32(s.objectId);
  w.u16(fitU16(at.index(s.pointer, n.meshPointers, "mesh pointer"), "mesh pointer index"));
  writeBox(w, s.visibility);
  writeBox(w, s.collision);
  w.u16(s.flags);
}

namespace {
template <class T>
std::vector<Id> assignIds(std::vector<T>& records, Id& nextId) {
  std::vector<Id> ids(records.size());
  for (std::size_t i = 0; i < records.size(); ++i) ids[i] = records[i].id = nextId++;
  return ids;
}
// An animation with keyframes owns the keyframe words from its offset; odd byte offsets
// cannot be word positions and stay raw.
PackageRef linkKeyframeOffset(std::uint32_t bytes, const Splitter& s) {
  if (bytes % 2) return PackageRef::rawValue(bytes);
  PackageRef r = s.resolve(bytes / 2);
  if (r.kind == PackageRef::Kind::Raw) r.raw = bytes;
  return r;
}
}  // namespace

void linkObjectTables(ObjectTables& t, std::vector<Animation>& anims, std::vector<StateChange>& stateChanges,
                      std::vector<Dispatch>& dispatches, std::vector<Movable>& movables, std::vector<Static>& statics,
                      std::vector<MeshPointer>& pointers, const RawPackages& raw, Id& nextId) {
  const auto pointerIds = assignIds(pointers, nextId);
  const auto animIds = assignIds(anims, nextId);
  const auto stateChangeIds = assignIds(stateChanges, nextId);
  const auto dispatchIds = assignIds(dispatches, nextId);
  assignIds(movables, nextId);
  assignIds(statics, nextId);

  std::vector<std::uint32_t> commandStarts, keyframeStarts, linkStarts;
  for (const auto& a : anims) {
    if (a.numCommands > 0) commandStarts.push_back(a.commands.raw);
    if (a.keyframeSize > 0 && a.keyframes.raw % 2 == 0) keyframeStarts.push_back(a.keyframes.raw / 2);
  }
  for (const auto& m : movables)
    if (m.numPointers > 1) linkStarts.push_back(m.links.raw);
  Splitter commandSplit(static_cast<std::uint32_t>(raw.commands.size() / 2), commandStarts, nextId);
  Splitter keyframeSplit(static_cast<std::uint32_t>(raw.keyframes.size() / 2), keyframeStarts, nextId);
  Splitter linkSplit(static_cast<std::uint32_t>(raw.links.size() / 4), linkStarts, nextId);

  for (auto& a : anims) {
    a.keyframes = linkKeyframeOffset(a.keyframes.raw, keyframeSplit);
    a.commands = commandSplit.resolve(a.commands.raw);
    a.nextAnimation = linkIndex(a.nextAnimation.raw, animIds);
    a.stateChanges = linkIndex(a.stateChanges.raw, stateChangeIds);
  }
  for (auto& s : stateChanges) s.dispatches = linkIndex(s.dispatches.raw, dispatchIds);
  for (auto& d : dispatches) d.nextAnimation = linkIndex(d.nextAnimation.raw, animIds);
  for (auto& m : movables) {
    m.pointers = linkIndex(m.pointers.raw, pointerIds);
    m.links = linkSplit.resolve(m.links.raw);
    m.keyframes = linkKeyframeOffset(m.keyframes.raw, keyframeSplit);
    // -1 (0xFFFF) marks a movable without animations: kept raw whatever the table size.
    if (m.animations.raw != 0xFFFF) m.animations = linkIndex(m.animations.raw, animIds);
  }
  for (auto& s : statics) s.pointer = linkIndex(s.pointer.raw, pointerIds);

  t.commands = share<WordPackage>(commandSplit.cut<std::uint16_t>(raw.commands));
  t.keyframes = share<WordPackage>(keyframeSplit.cut<std::uint16_t>(raw.keyframes));
  t.links = share<DwordPackage>(linkSplit.cut<std::int32_t>(raw.links));
  t.meshPointers = share<std::vector<MeshPointer>>(std::move(pointers));
  t.animations = share<std::vector<Animation>>(std::move(anims));
  t.stateChanges = share<std::vector<StateChange>>(std::move(stateChanges));
  t.dispatches = share<std::vector<Dispatch>>(std::move(dispatches));
  t.movables = share<std::vector<Movable>>(std::move(movables));
  t.statics = share<std::vector<Static>>(std::move(statics));
}

}  // namespace wadsmith
