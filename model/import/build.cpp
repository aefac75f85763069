#include "model/import/build.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "model/geometry/poser.h"
#include "model/import/build_animation.h"
#include "model/import/build_mesh.h"
#include "model/import/face_samples.h"
#include "model/ops/mesh_ops.h"
#include "model/stored_tables.h"
#include "model/texture_word.h"

namespace wadsmith::import {
namespace {

using imported::Vec3;

// How far from the origin the model can reach in TR units: vertices, bone offsets and, for
// a movable, every frame's root offset plus the longest chain of offsets and a mesh's reach.
double reach(const imported::Model& m) {
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
    chain[b] = (p >= 0 && std::size_t(p) < b ? chain[std::size_t(p)] : 0) + double(length(m.bones[b].offset));
    longest = std::max(longest, chain[b] + meshReach[b]);
  }
  for (const auto& a : m.animations)
    for (const auto& f : a.frames) out = std::max(out, double(length(f.offset)) + longest);
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
    rep.movable = m.movable;
    if (m.meshes.empty()) throw BuildError(label + ": no meshes");
    BuiltObject out{.slot = slot, .movable = m.movable};
    auto meshLabel = [&](std::size_t i) {
      return label + ": mesh " + std::to_string(i) + (m.meshes[i].name.empty() ? "" : " (" + m.meshes[i].name + ")");
    };
    if (!m.movable) {
      Mesh mesh = buildMesh(m, m.meshes[0], meshLabel(0), book_, o_, rep);
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
    if (!std::ranges::is_sorted(tree.order))  // a permutation of the bones: sorted when unchanged
      rep.notes.push_back("meshes put in depth-first order for TR's mesh tree");

    // Meshes and offsets, in TR order.
    std::vector<Mesh> meshes;
    std::vector<Vec3s> offsets(tree.order.size());
    std::vector<Vec3> offsetsF(tree.order.size());
    for (std::size_t k = 0; k < tree.order.size(); ++k) {
      const auto b = static_cast<std::size_t>(tree.order[k]);
      meshes.push_back(buildMesh(m, m.meshes[b], meshLabel(b), book_, o_, rep));
      if (k == 0) continue;
      const auto& off = m.bones[b].offset;
      const std::string at = label + ": bone " + std::to_string(b) + (m.bones[b].name.empty() ? "" : " (" + m.bones[b].name + ")");
      offsets[k] = {toUnits(off.x, at, "offset x"), toUnits(off.y, at, "offset y"), toUnits(off.z, at, "offset z")};
      offsetsF[k] = off;
    }
    out.links = geometry::linkRecords(tree.parent, offsets);
    rep.meshes = meshes.size();
    Rig rig{m, tree, meshes, offsetsF, {}};
    for (const auto& o : offsets) rig.storedOffsets.push_back({float(o.x), float(o.y), float(o.z)});

    std::vector<imported::Animation> anims = m.animations;
    if (anims.empty()) {
      anims.push_back({.name = "rest"});  // buildAnimation poses an animation without frames at rest
      rep.notes.push_back("no animations: one, \"rest\", of one keyframe holds the rest pose");
    }
    double errorSum = 0;
    std::size_t frameCursor = 0;  // the movable's next frame number
    for (std::size_t a = 0; a < anims.size(); ++a)
      out.animations.push_back(buildAnimation(rig, anims[a], a, label, rep, errorSum, frameCursor));
    rep.meanRotationError = rep.rotations ? errorSum / double(rep.rotations) : 0;
    for (auto& mesh : meshes) out.meshEntries.push_back(addMesh(std::move(mesh)));
    return out;
  }

  Id addMesh(Mesh mesh) {
    const Id id = nextId_++;
    meshes_.push_back({id, share<Mesh>(std::move(mesh)), nullptr});
    return id;
  }

  const BuildOptions& o_;
  SampleBook book_;
  Id nextId_ = 1;
  std::vector<MeshEntry> meshes_;
};

// Refuses two models in one slot and slots past the format's 16 bits; returns the placements in
// slot order.
std::vector<std::size_t> slotOrder(const std::vector<Placement>& placements) {
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
  return order;
}

// The objects' records as a file lists them: every object's runs in slot order, movables then
// statics; each animation goes on to itself.
StoredTables storeObjects(std::vector<BuiltObject>& objects, std::vector<MeshEntry> meshes) {
  StoredTables t;
  t.meshes = std::move(meshes);
  auto at = [](const auto& list) { return static_cast<std::uint32_t>(list.size()); };
  for (bool movable : {true, false})
    for (auto& o : objects) {
      if (o.movable != movable) continue;
      const RunRef pointers = RunRef::rawValue(at(t.pointers), at(o.meshEntries));
      for (Id e : o.meshEntries) t.pointers.push_back({0, PackageRef::at(e)});
      if (!movable) {
        t.statics.push_back({0, o.slot, pointers, o.box, o.box, 2});  // flags: visible (TRosettaStone: bit 1 is usually set)
        continue;
      }
      t.movables.push_back({0, o.slot, pointers, RunRef::rawValue(at(t.links), 0), RunRef::rawValue(2 * at(t.keyframes.words), 0),
                            RunRef::rawValue(at(t.animations), 0)});
      t.links.insert(t.links.end(), o.links.begin(), o.links.end());
      for (auto& a : o.animations) {
        a.record.keyframes = RunRef::rawValue(2 * at(t.keyframes.words), 0);
        a.record.stateChanges = RunRef::rawValue(at(t.stateChanges), 0);
        a.record.commands = RunRef::rawValue(0, 0);
        a.record.nextAnimation = RecordRef::rawValue(at(t.animations));
        t.keyframes.words.insert(t.keyframes.words.end(), a.words.begin(), a.words.end());
        t.animations.push_back(a.record);
      }
    }
  return t;
}

// Sample 0 is a dummy (a flipped quad cannot name it, -0 being 0); the faces' samples follow.
void packSamples(SampleBook& book, WadDocument& w) {
  std::vector<TextureSample> samples;
  TexturePages pages;
  book.pack(samples, pages);
  samples.insert(samples.begin(), TextureSample{});
  if (pages.pages.empty()) pages.pages.emplace_back(std::vector<std::uint8_t>(kPageBytes, 0));
  w.samples = share<std::vector<TextureSample>>(std::move(samples));
  w.pixels = share<TexturePages>(std::move(pages));
}

// Samples are shared between the models of one build: each model's report counts its own.
std::size_t samplesOf(const BuiltObject& o, const std::vector<MeshEntry>& meshes) {
  std::set<int> used;
  for (Id e : o.meshEntries)
    for (const auto& me : meshes)
      if (me.id == e)
        for (const auto& p : me.mesh->polygons) used.insert(WadTextureWord::decode(p.texture, p.quad).sample);
  return used.size();
}

}  // namespace

Built buildWad(const std::vector<Placement>& placements, const BuildOptions& options) {
  const auto order = slotOrder(placements);
  Builder b(options);
  Built out;
  out.models.resize(placements.size());
  std::vector<BuiltObject> objects;
  for (std::size_t i : order)
    objects.push_back(b.build(*placements[i].model, placements[i].slot, out.models[i]));
  WadDocument& w = out.wad;
  Id next = b.nextId_;
  w.objects = linkTables(storeObjects(objects, b.meshes_), next);
  w.nextId = next;
  packSamples(b.book_, w);
  w.trailer = share<std::vector<std::uint8_t>>();
  for (std::size_t i = 0; i < objects.size(); ++i) out.models[order[i]].samples = samplesOf(objects[i], *w.objects.meshes);
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
