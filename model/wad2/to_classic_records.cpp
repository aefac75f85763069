// What the common float form has no field for, put into the records import::buildWad made, as
// TombLib's level compiler writes them (LevelData/Compilers/Wad.cs).
#include <algorithm>
#include <cmath>

#include "model/wad2/commands.h"
#include "model/wad2/to_classic.h"

namespace wadsmith::wad2::detail {
namespace {

// The classic records (wad2 has types of the same names).
using CAnimation = wadsmith::Animation;
using CStateChange = wadsmith::StateChange;
using CDispatch = wadsmith::Dispatch;
using CMesh = wadsmith::Mesh;

float finite(float v) { return std::isfinite(v) ? std::clamp(v, -32768.0f, 32767.0f) : 0.0f; }
// C#'s (short) of a clamped float: toward zero.
std::int16_t truncated(float v) { return static_cast<std::int16_t>(std::trunc(finite(v))); }
// C#'s Math.Round: half to even (the default rounding mode).
std::int16_t rounded(float v) { return static_cast<std::int16_t>(std::nearbyint(double(finite(v)))); }
// 16.16 of a clamped velocity; NaN (which clamps to itself) gives 0, as finite() does.
std::int32_t fixed16(double v) {
  if (std::isnan(v)) return 0;
  return static_cast<std::int32_t>(std::nearbyint(std::clamp(v * 65536.0, -2147483648.0, 2147483647.0)));
}

template <class T>
Segment<T>* segmentOf(Package<T>& p, Id id) {
  const long i = p.find(id);
  return i < 0 ? nullptr : &p.segments[static_cast<std::size_t>(i)];
}

struct Frames {
  std::uint16_t start = 0, end = 0;
};

class Patcher {
 public:
  explicit Patcher(WadDocument& w)
      : w_(w), next_(w.nextId), pointers_(*w.objects.meshPointers), animations_(*w.objects.animations),
        stateChanges_(*w.objects.stateChanges), dispatches_(*w.objects.dispatches), commands_(*w.objects.commands),
        keyframes_(*w.objects.keyframes), meshes_(*w.objects.meshes), movables_(*w.objects.movables),
        statics_(*w.objects.statics) {}

  void movable(Placed& p, std::vector<std::string>& lines) {
    auto it = std::find_if(movables_.begin(), movables_.end(), [&](const auto& m) { return m.objectId == p.slot; });
    if (it == movables_.end()) return;
    patchMeshes(it->pointers, p, lines);
    if (p.movable->animations.empty()) return dropAnimations(*it);
    auto* seg = segmentOf(animations_, it->animations.first);
    if (!seg) return;
    std::vector<CAnimation> records = seg->items.vector();
    const auto frames = frameRanges(*p.movable);
    for (std::size_t j = 0; j < records.size() && j < p.movable->animations.size(); ++j)
      animation(records, j, *p.movable, frames, lines);
    seg->items = share<std::vector<CAnimation>>(std::move(records));
  }

  void staticObject(Placed& p, std::vector<std::string>& lines) {
    auto it = std::find_if(statics_.begin(), statics_.end(), [&](const auto& s) { return s.objectId == p.slot; });
    if (it == statics_.end()) return;
    patchMeshes(it->pointer, p, lines);
    const Static& s = *p.stat;
    auto box = [](const Vec3& lo, const Vec3& hi) {
      return BoundingBox{truncated(lo.x), truncated(hi.x), truncated(-lo.y), truncated(-hi.y), truncated(lo.z), truncated(hi.z)};
    };
    it->visibility = box(s.visibilityMin, s.visibilityMax);
    it->collision = box(s.collisionMin, s.collisionMax);
    it->flags = static_cast<std::uint16_t>(s.flags);
    if (s.shatter && *s.shatter) lines.push_back("shatters in TombEngine; TR4 shatters by slot");
  }

  void finish() {
    auto& t = w_.objects;
    t.animations = share<RecordTable<CAnimation>>(std::move(animations_));
    t.stateChanges = share<RecordTable<CStateChange>>(std::move(stateChanges_));
    t.dispatches = share<RecordTable<CDispatch>>(std::move(dispatches_));
    t.commands = share<WordPackage>(std::move(commands_));
    t.keyframes = share<WordPackage>(std::move(keyframes_));
    t.meshes = share<std::vector<MeshEntry>>(std::move(meshes_));
    t.movables = share<std::vector<wadsmith::Movable>>(std::move(movables_));
    t.statics = share<std::vector<wadsmith::Static>>(std::move(statics_));
    w_.nextId = next_;
  }

 private:

  // TombLib's frame numbering: end frame + 1 frames, at most what the keyframes span (an
  // animation without keyframes keeps its end frame: TombLib would give it none).
  static std::vector<Frames> frameRanges(const Movable& m) {
    std::vector<Frames> out;
    std::uint32_t base = 0;
    for (const auto& a : m.animations) {
      const auto kf = static_cast<std::int64_t>(a->keyframes.size());
      const std::int64_t real = kf == 0 ? a->endFrame + 1 : (kf - 1) * a->frameRate + 1;
      const std::int64_t count = std::clamp<std::int64_t>(std::min(a->endFrame + 1, real), 0, 0xFFFF);
      out.push_back({static_cast<std::uint16_t>(base), static_cast<std::uint16_t>(base + (count == 0 ? 0 : count - 1))});
      base += static_cast<std::uint32_t>(count);
    }
    return out;
  }

  // The position of the animation a reference names in its movable, if it names one.
  static std::optional<std::size_t> indexIn(const Movable& m, const Ref& r) {
    for (std::size_t i = 0; i < m.animations.size(); ++i)
      if (r.isRecord() && m.animations[i]->id == r.id) return i;
    return std::nullopt;
  }

  // The builder gives a movable without animations one to hold its rest pose; TR's has none.
  void dropAnimations(wadsmith::Movable& mv) {
    const long at = animations_.find(mv.animations.first);
    if (at < 0) return;
    for (const auto& a : animations_.segments[static_cast<std::size_t>(at)].items) {
      if (const long k = keyframes_.find(a.keyframes.first); k >= 0) keyframes_.segments.erase(keyframes_.segments.begin() + k);
      if (const long s = stateChanges_.find(a.stateChanges.first); s >= 0)
        stateChanges_.segments.erase(stateChanges_.segments.begin() + s);
    }
    animations_.segments.erase(animations_.segments.begin() + at);
    mv.animations = RunRef::rawValue(0xFFFF, 0);
    mv.keyframes = RunRef::rawValue(0, 0);
  }

  void animation(std::vector<CAnimation>& records, std::size_t j, const Movable& m, const std::vector<Frames>& frames,
                 std::vector<std::string>& lines);
  void velocities(CAnimation& rec, const wad2::Animation& a);
  void stateChanges(const CAnimation& rec, const wad2::Animation& a, const Movable& m, const std::vector<CAnimation>& records,
                    const std::vector<Frames>& frames, std::vector<std::string>& lines);
  void commands(CAnimation& rec, const wad2::Animation& a, std::vector<std::string>& lines);
  void keyframes(CAnimation& rec, const wad2::Animation& a);
  void patchMeshes(const RunRef& run, const Placed& p, std::vector<std::string>& lines);
  void patchMesh(MeshEntry& entry, const wad2::Mesh& src, const std::vector<const Polygon*>& faces,
                 std::vector<std::string>& lines);

  WadDocument& w_;
  Id next_;
  RecordTable<MeshPointer> pointers_;
  RecordTable<CAnimation> animations_;
  RecordTable<CStateChange> stateChanges_;
  RecordTable<CDispatch> dispatches_;
  WordPackage commands_, keyframes_;
  std::vector<MeshEntry> meshes_;
  std::vector<wadsmith::Movable> movables_;
  std::vector<wadsmith::Static> statics_;
};

void Patcher::animation(std::vector<CAnimation>& records, std::size_t j, const Movable& m, const std::vector<Frames>& frames,
                        std::vector<std::string>& lines) {
  CAnimation& rec = records[j];
  const wad2::Animation& a = *m.animations[j];
  rec.stateId = static_cast<std::uint16_t>(a.stateId);
  rec.frameStart = frames[j].start, rec.frameEnd = frames[j].end;
  velocities(rec, a);
  const auto next = indexIn(m, a.nextAnimation);
  if (!next)
    lines.push_back("animation " + std::to_string(j) + " names no next animation: it goes to the movable's first");
  rec.nextAnimation = RecordRef::record(records[next.value_or(0)].id);
  rec.nextFrame = static_cast<std::uint16_t>(a.nextFrame + frames[next.value_or(0)].start);
  stateChanges(rec, a, m, records, frames, lines);
  commands(rec, a, lines);
  keyframes(rec, a);
}

// TombLib: speed = start velocity, acceleration = (end - start) / (keyframes - 1) / frame rate.
void Patcher::velocities(CAnimation& rec, const wad2::Animation& a) {
  if (!a.velocities) {  // W2Anm / W2Ani store TR's numbers
    rec.speed = static_cast<std::int32_t>(a.oldVelocities[0]), rec.accel = static_cast<std::int32_t>(a.oldVelocities[1]);
    rec.lateralSpeed = static_cast<std::int32_t>(a.oldVelocities[2]);
    rec.lateralAccel = static_cast<std::int32_t>(a.oldVelocities[3]);
    return;
  }
  const Vec4& v = *a.velocities;
  rec.speed = fixed16(double(v.x)), rec.lateralSpeed = fixed16(double(v.z));
  rec.accel = rec.lateralAccel = 0;
  if (a.frameRate != 0) {  // TombLib also asks for keyframes: then one without loses its acceleration
    const float span = float(a.keyframes.size() > 1 ? a.keyframes.size() - 1 : 1) * float(a.frameRate);
    rec.accel = fixed16(double((v.y - v.x) / span));
    rec.lateralAccel = fixed16(double((v.w - v.z) / span));
  }
}

void Patcher::stateChanges(const CAnimation& rec, const wad2::Animation& a, const Movable& m,
                           const std::vector<CAnimation>& records, const std::vector<Frames>& frames,
                           std::vector<std::string>& lines) {
  auto* seg = segmentOf(stateChanges_, rec.stateChanges.first);
  if (!seg) return;
  std::vector<CStateChange> out;
  for (const auto& sc : a.stateChanges) {
    std::vector<CDispatch> ds;
    for (const auto& d : sc.dispatches) {
      const auto next = indexIn(m, d.nextAnimation);
      if (!next) {
        lines.push_back("a dispatch of animation state " + std::to_string(a.stateId) + " names no animation: left out");
        continue;
      }
      ds.push_back({next_++, static_cast<std::int16_t>(d.inFrame + rec.frameStart), static_cast<std::int16_t>(d.outFrame + rec.frameStart),
                    RecordRef::record(records[*next].id), static_cast<std::int16_t>(d.nextFrame + frames[*next].start)});
    }
    const Id dseg = next_++;
    dispatches_.segments.push_back({dseg, share<std::vector<CDispatch>>(std::move(ds))});
    out.push_back({next_++, static_cast<std::uint16_t>(sc.stateId), RunRef::segment(dseg)});
  }
  seg->items = share<std::vector<CStateChange>>(std::move(out));
}

void Patcher::commands(CAnimation& rec, const wad2::Animation& a, std::vector<std::string>& lines) {
  std::vector<std::uint16_t> words;
  std::uint16_t count = 0;
  for (const auto& c : a.commands) {
    std::string why;
    const auto w = trCommandWords(c, rec.frameStart, why);
    if (!why.empty()) lines.push_back("animation " + a.name + ": " + why);
    if (w.empty()) continue;
    words.insert(words.end(), w.begin(), w.end());
    ++count;
  }
  const Id seg = next_++;
  commands_.segments.push_back({seg, share<std::vector<std::uint16_t>>(std::move(words))});
  rec.commands = RunRef::segment(seg);
  rec.numCommands = count;
}

// TombLib writes the stored boxes (clamped, truncated) and offsets (rounded half to even).
void Patcher::keyframes(CAnimation& rec, const wad2::Animation& a) {
  auto* seg = segmentOf(keyframes_, rec.keyframes.first);
  if (!seg || rec.keyframeSize < 9) return;
  if (a.keyframes.empty()) {  // the builder gave it one to pose: TR's animation has none
    seg->items = share<std::vector<std::uint16_t>>();
    rec.keyframeSize = 0;
    return;
  }
  std::vector<std::uint16_t> words = seg->items.vector();
  for (std::size_t k = 0; k < a.keyframes.size() && (k + 1) * rec.keyframeSize <= words.size(); ++k) {
    const auto& f = a.keyframes[k];
    const std::int16_t v[9] = {truncated(f.boxMin.x), truncated(f.boxMax.x), truncated(-f.boxMin.y),
                               truncated(-f.boxMax.y), truncated(f.boxMin.z), truncated(f.boxMax.z),
                               rounded(f.offset.x),    rounded(-f.offset.y),  rounded(f.offset.z)};
    for (int i = 0; i < 9; ++i) words[k * rec.keyframeSize + static_cast<std::size_t>(i)] = static_cast<std::uint16_t>(v[i]);
  }
  seg->items = share<std::vector<std::uint16_t>>(std::move(words));
}

void Patcher::patchMeshes(const RunRef& run, const Placed& p, std::vector<std::string>& lines) {
  auto* seg = segmentOf(pointers_, run.first);
  if (!seg) return;
  const auto& pointers = seg->items;
  for (std::size_t i = 0; i < pointers.size() && i < p.model.faces.size(); ++i) {
    const wad2::Mesh* src = p.movable ? p.movable->meshes[i].get() : p.stat->mesh.get();
    auto entry = std::find_if(meshes_.begin(), meshes_.end(), [&](const auto& e) { return e.id == pointers[i].target.segment; });
    if (src && entry != meshes_.end() && entry->mesh) patchMesh(*entry, *src, p.model.faces[i], lines);
  }
}

// The stored sphere, normals as TombLib scales them (to 16300, toward zero), and shine
// (TombLib clamps it to 63 for levels; a WAD holds 31).
void Patcher::patchMesh(MeshEntry& entry, const wad2::Mesh& src, const std::vector<const Polygon*>& faces,
                        std::vector<std::string>& lines) {
  CMesh mesh = *entry.mesh;
  if (!mesh.usesShades() && !src.normals.empty()) {  // all of them, as many as there are
    mesh.normals.clear();
    for (const auto& n : src.normals) {
      const double l = std::sqrt(double(n.x) * n.x + double(n.y) * n.y + double(n.z) * n.z);
      const double k = std::isfinite(l) && l > 0 ? 16300.0 / l : 0.0;
      mesh.normals.push_back({truncated(float(n.x * k)), truncated(float(-n.y * k)), truncated(float(n.z * k))});
    }
  }
  mesh.center = {truncated(src.sphereCenter.x), truncated(-src.sphereCenter.y), truncated(src.sphereCenter.z)};
  mesh.radius = static_cast<std::uint16_t>(std::clamp<double>(std::trunc(std::isfinite(src.sphereRadius.value) ? src.sphereRadius.value : 0), 0, 32767));
  std::size_t k = 0, stray = 0, clamped = 0;
  for (const Polygon* f : faces) {
    const std::size_t copies = f->doubleSided ? 2 : 1;
    for (std::size_t c = 0; c < copies && k < mesh.polygons.size(); ++c, ++k) {
      if (f->shine <= 0) continue;
      clamped += f->shine > 31;
      const auto strength = static_cast<std::uint8_t>(std::min<std::int64_t>(f->shine, 31) << 2);
      // Shine on a shaded mesh crashes the engine: TombLib drops it; the strength stays, unlit.
      stray += mesh.usesShades();
      mesh.polygons[k].attributes |= mesh.usesShades() ? strength : static_cast<std::uint8_t>(attr::kShine | strength);
    }
  }
  if (stray) lines.push_back("shine on " + std::to_string(stray) + " face(s) of a shaded mesh kept without the shine bit");
  if (clamped) lines.push_back("shine above 31 on " + std::to_string(clamped) + " face(s) clamped (a WAD stores 5 bits)");
  entry.mesh = share<CMesh>(std::move(mesh));
}

}  // namespace

void applyRecords(WadDocument& wad, std::vector<Placed>& placed) {
  Patcher patcher(wad);
  for (auto& p : placed) {
    std::vector<std::string> lines;
    if (p.movable) patcher.movable(p, lines);
    if (p.stat) patcher.staticObject(p, lines);
    for (auto& l : lines) p.lines.push_back((p.movable ? "movable " : "static ") + p.model.model.name + ": " + l);
  }
  patcher.finish();
}

}  // namespace wadsmith::wad2::detail
