#include "model/import/build.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include "model/geometry/poser.h"
#include "model/import/build_mesh.h"
#include "model/import/face_samples.h"
#include "model/geometry/rotation_words.h"
#include "model/ops/mesh_ops.h"
#include "model/texture_word.h"

namespace wadsmith::import {
namespace {

using imported::Quat;
using imported::Vec3;

std::string number(double v, int precision = 3) {
  std::ostringstream s;
  s.precision(precision);
  s << v;
  return s.str();
}

// The mesh tree in depth-first order (what TR's push/pop link records can say): order[k] is
// the model's bone at TR mesh k, parent[k] its parent's TR index.
struct Tree {
  std::vector<int> order, parent;
  std::size_t reparented = 0;
};
Tree depthFirst(const imported::Model& m) {
  const int n = static_cast<int>(m.bones.size());
  std::vector<std::vector<int>> children(static_cast<std::size_t>(n));
  Tree t;
  for (int i = 1; i < n; ++i) {
    int p = m.bones[i].parent;
    if (p < 0 || p >= i) p = 0, ++t.reparented;
    children[p].push_back(i);
  }
  std::vector<int> newIndex(static_cast<std::size_t>(n), 0), stack{0};
  while (!stack.empty()) {
    int b = stack.back();
    stack.pop_back();
    newIndex[b] = static_cast<int>(t.order.size());
    t.order.push_back(b);
    for (auto it = children[b].rbegin(); it != children[b].rend(); ++it) stack.push_back(*it);
  }
  for (int k = 0; k < n; ++k) {
    int b = t.order[k];
    int p = m.bones[b].parent;
    if (b == 0) p = -1;
    else if (p < 0 || p >= b) p = 0;
    t.parent.push_back(p < 0 ? -1 : newIndex[p]);
  }
  return t;
}

// Frames as TR plays them: `duration` game frames (1/30 s) apart. A rate that is not 30 / a
// whole number is resampled: as many keyframes as the length holds at the nearest whole
// duration, spread so the first and the last frame are keyframes.
std::vector<imported::Frame> framesAt30(const imported::Animation& a, int& duration, bool& resampled) {
  float fps = std::isfinite(a.framesPerSecond) && a.framesPerSecond > 0 ? a.framesPerSecond : 30.0f;
  double ratio = 30.0 / fps;
  duration = static_cast<int>(std::clamp(std::lround(ratio), 1L, 255L));
  resampled = std::abs(ratio - duration) > 1e-3 && a.frames.size() > 1;
  if (!resampled) return a.frames;
  const double steps = double(a.frames.size() - 1) * ratio / duration;  // keyframe intervals at the true length
  const auto count = static_cast<std::size_t>(std::max(1L, std::lround(steps))) + 1;
  std::vector<imported::Frame> out;
  for (std::size_t k = 0; k < count; ++k) {
    double at = double(k) * double(a.frames.size() - 1) / double(count - 1);
    auto i = std::min(static_cast<std::size_t>(at), a.frames.size() - 1);
    auto j = std::min(i + 1, a.frames.size() - 1);
    float t = static_cast<float>(at - double(i));
    const auto &fa = a.frames[i], &fb = a.frames[j];
    imported::Frame f;
    f.offset = fa.offset + (fb.offset - fa.offset) * t;
    for (std::size_t r = 0; r < std::max(fa.rotations.size(), fb.rotations.size()); ++r)
      f.rotations.push_back(slerp(r < fa.rotations.size() ? fa.rotations[r] : Quat{},
                                  r < fb.rotations.size() ? fb.rotations[r] : Quat{}, t));
    out.push_back(std::move(f));
  }
  return out;
}

// How far from the origin the model can reach in TR units: vertices, bone offsets and, for
// a movable, every frame's root offset plus the longest chain of offsets and a mesh's reach.
double reach(const imported::Model& m) {
  auto len = [](Vec3 v) { return double(std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z)); };
  std::vector<double> meshReach(m.meshes.size(), 0.0);
  double out = 0;
  for (std::size_t i = 0; i < m.meshes.size(); ++i)
    for (const auto& p : m.meshes[i].positions) meshReach[i] = std::max(meshReach[i], std::max({std::abs(double(p.x)), std::abs(double(p.y)), std::abs(double(p.z))}));
  if (!m.movable || m.bones.size() != m.meshes.size()) {
    for (double r : meshReach) out = std::max(out, r);
    return out;
  }
  std::vector<double> chain(m.bones.size(), 0.0);
  double longest = meshReach.empty() ? 0 : meshReach[0];
  for (std::size_t b = 1; b < m.bones.size(); ++b) {
    int p = m.bones[b].parent;
    chain[b] = (p >= 0 && std::size_t(p) < b ? chain[std::size_t(p)] : 0) + len(m.bones[b].offset);
    longest = std::max(longest, chain[b] + meshReach[b]);
  }
  for (const auto& a : m.animations)
    for (const auto& f : a.frames) out = std::max(out, len(f.offset) + longest);
  return std::max(out, longest);
}

imported::Model scaledModel(imported::Model m, float k) {
  for (auto& mesh : m.meshes)
    for (auto& p : mesh.positions) p = p * k;
  for (auto& b : m.bones) b.offset = b.offset * k;
  for (auto& a : m.animations) {
    for (auto& f : a.frames) f.offset = f.offset * k;
    for (auto& r : a.frameResiduals) r *= k;
  }
  return m;
}

Vec3 toVec(const Vec3s& v) { return {float(v.x), float(v.y), float(v.z)}; }

struct Ids {
  Id next = 1;
  Id operator()() { return next++; }
};

struct BuiltAnimation {
  Animation record;
  std::vector<std::uint16_t> words;
  Id keyframeSegment = 0, stateChangeSegment = 0;
};

struct BuiltObject {
  std::uint32_t slot = 0;
  bool movable = true;
  std::vector<Id> meshEntries;
  std::vector<std::int32_t> links;
  std::vector<BuiltAnimation> animations;
  BoundingBox box;
};

class Builder {
 public:
  Builder(const BuildOptions& o) : o_(o), book_(o.maxSampleSize) {}

  BuiltObject build(const imported::Model& asGiven, std::uint32_t slot, ModelReport& rep) {
    // Past TR's 16-bit units (with a margin for rounding): scaled down when allowed.
    const double far = reach(asGiven);
    imported::Model fitted;
    if (o_.fitToRange && std::isfinite(far) && far > 32000) {
      rep.fittedScale = 32000 / far;
      fitted = scaledModel(asGiven, static_cast<float>(rep.fittedScale));
      rep.notes.push_back("the model reaches " + number(far, 6) + " TR units from its origin, past TR's 16-bit range: scaled by " +
                          number(rep.fittedScale) + " to fit (give a scale to choose another)");
    }
    const imported::Model& m = rep.fittedScale < 1 ? fitted : asGiven;
    const std::string label = "model " + (m.name.empty() ? std::string("(unnamed)") : m.name);
    rep.name = m.name;
    rep.slot = slot;
    rep.movable = m.movable;
    if (m.meshes.empty()) throw BuildError(label + ": no meshes");
    BuiltObject out;
    out.slot = slot;
    out.movable = m.movable;
    auto meshLabel = [&](std::size_t i) {
      return label + ": mesh " + std::to_string(i) + (m.meshes[i].name.empty() ? "" : " (" + m.meshes[i].name + ")");
    };
    if (!m.movable) {
      Mesh mesh = buildMesh(m, m.meshes[0], meshLabel(0), book_, 1, o_, rep);
      out.box = ops::boundingBox(mesh.vertices);
      out.meshEntries.push_back(addMesh(std::move(mesh)));
      rep.meshes = 1;
      if (m.meshes.size() > 1) rep.notes.push_back("a static keeps mesh 0 only; " + std::to_string(m.meshes.size() - 1) + " more left out");
      return out;
    }
    if (m.bones.size() != m.meshes.size())
      throw BuildError(label + ": " + std::to_string(m.meshes.size()) + " meshes but " + std::to_string(m.bones.size()) +
                       " bones (a movable needs one bone per mesh)");
    const Tree tree = depthFirst(m);
    if (tree.reparented) rep.notes.push_back(std::to_string(tree.reparented) + " bone(s) without an earlier parent hung from the root");
    bool reordered = false;
    for (std::size_t k = 0; k < tree.order.size(); ++k) reordered |= tree.order[k] != static_cast<int>(k);
    if (reordered) rep.notes.push_back("meshes put in depth-first order for TR's mesh tree");

    // Meshes and offsets, in TR order.
    std::vector<Mesh> meshes;
    std::vector<Vec3s> offsets(tree.order.size());
    std::vector<Vec3> offsetsF(tree.order.size());
    for (std::size_t k = 0; k < tree.order.size(); ++k) {
      const auto b = static_cast<std::size_t>(tree.order[k]);
      meshes.push_back(buildMesh(m, m.meshes[b], meshLabel(b), book_, 1, o_, rep));
      if (k == 0) continue;
      const auto& off = m.bones[b].offset;
      const std::string at = label + ": bone " + std::to_string(b) + (m.bones[b].name.empty() ? "" : " (" + m.bones[b].name + ")");
      offsets[k] = {toUnits(off.x, at, "offset x"), toUnits(off.y, at, "offset y"), toUnits(off.z, at, "offset z")};
      offsetsF[k] = off;
    }
    out.links = geometry::linkRecords(tree.parent, offsets);
    rep.meshes = meshes.size();
    std::vector<Vec3> quantOffsets;
    for (const auto& o : offsets) quantOffsets.push_back(toVec(o));

    std::vector<imported::Animation> anims = m.animations;
    if (anims.empty()) {
      imported::Animation rest;
      rest.name = "rest";
      rest.frames.push_back({{}, std::vector<Quat>(m.bones.size())});
      anims.push_back(rest);
      rep.notes.push_back("no animations: one, \"rest\", of one keyframe holds the rest pose");
    }
    double errorSum = 0;
    for (std::size_t a = 0; a < anims.size(); ++a)
      out.animations.push_back(animation(m, anims[a], a, tree, meshes, offsetsF, quantOffsets, label, rep, errorSum));
    rep.meanRotationError = rep.rotations ? errorSum / double(rep.rotations) : 0;
    for (auto& mesh : meshes) out.meshEntries.push_back(addMesh(std::move(mesh)));
    return out;
  }

  BuiltAnimation animation(const imported::Model& m, const imported::Animation& src, std::size_t index, const Tree& tree,
                           const std::vector<Mesh>& meshes, const std::vector<Vec3>& offsetsF,
                           const std::vector<Vec3>& quantOffsets, const std::string& label, ModelReport& rep,
                           double& errorSum) {
    const std::string where = label + ": animation " + std::to_string(index) + (src.name.empty() ? "" : " (" + src.name + ")");
    int duration = 1;
    bool resampled = false;
    auto frames = framesAt30(src, duration, resampled);
    if (frames.empty()) frames.push_back({{}, std::vector<Quat>(m.bones.size())});
    if (resampled)
      rep.notes.push_back("animation " + src.name + ": " + number(src.framesPerSecond) + " frames per second resampled to " +
                          std::to_string(frames.size()) + " keyframes every " + std::to_string(duration) +
                          " game frame(s) (30 per second); it lasts " + number(double(frames.size() - 1) * duration / 30.0) +
                          " s instead of " + number(double(src.frames.size() - 1) / src.framesPerSecond) + " s");
    for (float r : src.frameResiduals) rep.maxSourceResidual = std::max(rep.maxSourceResidual, double(r));

    BuiltAnimation out;
    std::vector<std::vector<std::uint16_t>> keyframes;
    std::size_t size = 0;
    for (std::size_t f = 0; f < frames.size(); ++f) {
      const auto& frame = frames[f];
      const std::string at = where + " frame " + std::to_string(f);
      std::vector<Quat> rotations(tree.order.size());
      for (std::size_t k = 0; k < tree.order.size(); ++k) {
        const auto b = static_cast<std::size_t>(tree.order[k]);
        rotations[k] = b < frame.rotations.size() ? geometry::normalized(frame.rotations[b]) : Quat{};
      }
      std::vector<std::uint16_t> words(9, 0);
      const Vec3s offset{toUnits(frame.offset.x, at, "root offset x"), toUnits(frame.offset.y, at, "root offset y"),
                         toUnits(frame.offset.z, at, "root offset z")};
      words[6] = static_cast<std::uint16_t>(offset.x), words[7] = static_cast<std::uint16_t>(offset.y),
      words[8] = static_cast<std::uint16_t>(offset.z);
      for (const auto& q : rotations) {
        auto e = closestRotation(q);
        words.insert(words.end(), e.words.begin(), e.words.end());
        rep.maxRotationError = std::max(rep.maxRotationError, e.errorDegrees);
        errorSum += e.errorDegrees;
        ++rep.rotations;
        rep.oneAxisRotations += e.words.size() == 1;
      }
      // The words decoded back (what the engine will do), posed against the float frame.
      const Keyframe decoded = decodeKeyframe(words, tree.order.size());
      std::vector<Quat> quantized;
      for (const auto& r : decoded.rotations) quantized.push_back(geometry::cast<float>(geometry::rotationQuat(r)));
      const auto posedWords = geometry::poseTree(tree.parent, quantOffsets, toVec(offset), quantized);
      const auto posedFloat = geometry::poseTree(tree.parent, offsetsF, frame.offset, rotations);
      float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
      for (std::size_t k = 0; k < meshes.size(); ++k) {
        const auto& positions = m.meshes[static_cast<std::size_t>(tree.order[k])].positions;
        for (std::size_t v = 0; v < meshes[k].vertices.size(); ++v) {
          Vec3 p = posedWords[k].apply(toVec(meshes[k].vertices[v]));
          Vec3 q = posedFloat[k].apply(positions[v]);
          double d = geometry::length(p - q);
          if (d > rep.maxPositionError) {
            rep.maxPositionError = d;
            rep.worstPositionAt = "animation " + std::to_string(index) + " frame " + std::to_string(f) + " mesh " + std::to_string(k);
          }
          const float c[3] = {p.x, p.y, p.z};
          for (int i = 0; i < 3; ++i) lo[i] = std::min(lo[i], c[i]), hi[i] = std::max(hi[i], c[i]);
        }
      }
      if (lo[0] > hi[0]) std::fill(lo, lo + 3, 0.0f), std::fill(hi, hi + 3, 0.0f);
      const char* axis[3] = {"x", "y", "z"};
      for (int i = 0; i < 3; ++i) {
        words[static_cast<std::size_t>(2 * i)] = static_cast<std::uint16_t>(toUnits(std::floor(lo[i]), at, std::string("bounding box min ") + axis[i]));
        words[static_cast<std::size_t>(2 * i + 1)] = static_cast<std::uint16_t>(toUnits(std::ceil(hi[i]), at, std::string("bounding box max ") + axis[i]));
      }
      size = std::max(size, words.size());
      keyframes.push_back(std::move(words));
    }
    if (size > 255)
      throw BuildError(where + ": a keyframe needs " + std::to_string(size) + " words; TR stores at most 255 (about 120 meshes)");
    for (auto& k : keyframes) {
      k.resize(size, 0);  // one-axis words make some keyframes shorter: padded to the animation's size
      out.words.insert(out.words.end(), k.begin(), k.end());
    }
    rep.keyframes += keyframes.size();
    out.record.frameDuration = static_cast<std::uint8_t>(duration);
    out.record.keyframeSize = static_cast<std::uint8_t>(size);
    out.record.stateId = static_cast<std::uint16_t>(index);
    const std::size_t frameCount = (keyframes.size() - 1) * static_cast<std::size_t>(duration) + 1;
    out.record.frameStart = static_cast<std::uint16_t>(frameCursor_);
    if (frameCursor_ + frameCount - 1 > 0xFFFF)
      throw BuildError(where + ": the movable's animations run past frame 65535");
    out.record.frameEnd = static_cast<std::uint16_t>(frameCursor_ + frameCount - 1);
    out.record.nextFrame = out.record.frameStart;
    frameCursor_ += frameCount;
    return out;
  }

  Id addMesh(Mesh mesh) {
    const Id id = ids_();
    meshes_.push_back({id, share<Mesh>(std::move(mesh)), nullptr});
    return id;
  }
  void startMovable() { frameCursor_ = 0; }

  const BuildOptions& o_;
  SampleBook book_;
  Ids ids_;
  std::vector<MeshEntry> meshes_;
  std::size_t frameCursor_ = 0;
};

}  // namespace

Built buildWad(const std::vector<Placement>& placements, const BuildOptions& options) {
  if (placements.empty()) throw BuildError("no models to build");
  std::map<std::pair<bool, std::uint32_t>, std::string> taken;
  for (const auto& p : placements) {
    if (!p.model) throw BuildError("internal: a placement without a model");
    auto [it, added] = taken.try_emplace({p.model->movable, p.slot}, p.model->name);
    if (!added)
      throw BuildError("models " + it->second + " and " + p.model->name + " are both placed in " +
                       (p.model->movable ? "movable" : "static") + " slot " + std::to_string(p.slot));
    if (p.slot > 0xFFFF) throw BuildError("model " + p.model->name + ": slot " + std::to_string(p.slot) + " is past 65535");
  }
  std::vector<std::size_t> order(placements.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return placements[a].slot < placements[b].slot; });

  Builder b(options);
  Built out;
  out.models.resize(placements.size());
  std::vector<BuiltObject> objects;
  for (std::size_t i : order) {
    b.startMovable();
    objects.push_back(b.build(*placements[i].model, placements[i].slot, out.models[i]));
  }
  for (auto& r : out.models) r.samples = 0;

  // The tables: every object's run in slot order, movables then statics.
  WadDocument& w = out.wad;
  w.objects = ObjectTables::empty();
  Ids& ids = b.ids_;
  RecordTable<MeshPointer> pointers;
  RecordTable<Animation> animations;
  RecordTable<StateChange> stateChanges;
  DwordPackage links;
  WordPackage keyframes;
  std::vector<Movable> movables;
  std::vector<Static> statics;
  for (bool movable : {true, false})
    for (auto& o : objects) {
      if (o.movable != movable) continue;
      std::vector<MeshPointer> ptrs;
      for (Id e : o.meshEntries) ptrs.push_back({ids(), PackageRef::at(e)});
      const Id ptrSeg = ids();
      pointers.segments.push_back({ptrSeg, share<std::vector<MeshPointer>>(std::move(ptrs))});
      if (!movable) {
        Static s;
        s.id = ids();
        s.objectId = o.slot;
        s.pointer = RunRef::segment(ptrSeg);
        s.visibility = s.collision = o.box;
        s.flags = 2;  // visible (TRosettaStone: bit 1 is usually set)
        statics.push_back(s);
        continue;
      }
      Movable mv;
      mv.id = ids();
      mv.objectId = o.slot;
      mv.pointers = RunRef::segment(ptrSeg);
      const Id linkSeg = ids();
      links.segments.push_back({linkSeg, share<std::vector<std::int32_t>>(std::move(o.links))});
      mv.links = PackageRef::at(linkSeg);
      std::vector<Animation> records;
      for (auto& a : o.animations) {
        a.record.id = ids();
        a.keyframeSegment = ids();
        keyframes.segments.push_back({a.keyframeSegment, share<std::vector<std::uint16_t>>(std::move(a.words))});
        a.stateChangeSegment = ids();
        stateChanges.segments.push_back({a.stateChangeSegment, share<std::vector<StateChange>>()});
        a.record.keyframes = PackageRef::at(a.keyframeSegment);
        a.record.stateChanges = RunRef::segment(a.stateChangeSegment);
        a.record.commands = PackageRef::end();
        a.record.nextAnimation = RecordRef::record(a.record.id);
        records.push_back(a.record);
      }
      mv.keyframes = PackageRef::at(o.animations.front().keyframeSegment);
      const Id animSeg = ids();
      animations.segments.push_back({animSeg, share<std::vector<Animation>>(std::move(records))});
      mv.animations = RunRef::segment(animSeg);
      movables.push_back(mv);
    }
  std::vector<MeshEntry> meshes = b.meshes_;
  w.objects.meshes = share<std::vector<MeshEntry>>(std::move(meshes));
  w.objects.meshPointers = share<RecordTable<MeshPointer>>(std::move(pointers));
  w.objects.animations = share<RecordTable<Animation>>(std::move(animations));
  w.objects.stateChanges = share<RecordTable<StateChange>>(std::move(stateChanges));
  w.objects.links = share<DwordPackage>(std::move(links));
  w.objects.keyframes = share<WordPackage>(std::move(keyframes));
  w.objects.movables = share<std::vector<Movable>>(std::move(movables));
  w.objects.statics = share<std::vector<Static>>(std::move(statics));

  // Sample 0 is a dummy (a flipped quad cannot name it, -0 being 0); the faces' samples follow.
  std::vector<TextureSample> samples;
  TexturePages pages;
  b.book_.pack(samples, pages);
  samples.insert(samples.begin(), TextureSample{});
  if (pages.pages.empty()) {
    auto blank = std::make_shared<std::vector<std::uint8_t>>(kPageBytes, 0);
    pages.pages.push_back(SharedBytes(blank, 0, blank->size()));
  }
  w.samples = share<std::vector<TextureSample>>(std::move(samples));
  w.pixels = share<TexturePages>(std::move(pages));
  w.trailer = share<std::vector<std::uint8_t>>();
  w.nextId = ids.next;
  // Samples are shared between the models of one build: each model's report counts its own.
  for (std::size_t i = 0; i < objects.size(); ++i) {
    std::set<int> used;
    for (Id e : objects[i].meshEntries)
      for (const auto& me : *w.objects.meshes)
        if (me.id == e)
          for (const auto& p : me.mesh->polygons) used.insert(WadTextureWord::decode(p.texture, p.quad).sample);
    out.models[order[i]].samples = used.size();
  }
  out.models.front().magentaNudged = b.book_.magentaNudged();
  out.models.front().partialAlpha = b.book_.partialAlpha();
  return out;
}

std::vector<std::string> reportLines(const imported::Model& model, const ModelReport& r) {
  std::vector<std::string> out = model.notes;
  const std::string who = (r.movable ? "movable " : "static ") + (r.name.empty() ? std::string("(unnamed)") : r.name);
  out.push_back(who + ": " + std::to_string(r.meshes) + " mesh(es), " + std::to_string(r.vertices) + " vertices, " +
                std::to_string(r.faces) + " faces (" + std::to_string(r.facesCut) + " cut from their image as they are, " +
                std::to_string(r.facesResampled) + " resampled from their coordinates, " + std::to_string(r.facesSolid) +
                " solid colour" + (r.facesBackAdded ? ", " + std::to_string(r.facesBackAdded) + " back faces for double-sided ones" : "") +
                "), " + std::to_string(r.samples) + " texture samples");
  if (r.magentaNudged) out.push_back(std::to_string(r.magentaNudged) + " opaque magenta pixel(s) nudged to (254, 0, 254): TR draws magenta transparent");
  if (r.partialAlpha) out.push_back(std::to_string(r.partialAlpha) + " partly transparent pixel(s) drawn opaque (TR4 has only magenta)");
  if (r.movable && r.rotations)
    out.push_back(who + ": " + std::to_string(r.keyframes) + " keyframes; rotation words off by at most " +
                  number(r.maxRotationError) + " degrees (mean " + number(r.meanRotationError) + ", " +
                  std::to_string(r.oneAxisRotations) + " of " + std::to_string(r.rotations) +
                  " one-axis words); vertices posed from the words within " + number(r.maxPositionError) +
                  " TR units of the float pose" + (r.worstPositionAt.empty() ? "" : " (worst: " + r.worstPositionAt + ")"));
  for (const auto& n : r.notes) out.push_back(who + ": " + n);
  return out;
}

}  // namespace wadsmith::import
