#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "model/foreign/eq_convert.h"
#include "model/foreign/eq_convert_internal.h"
#include "model/geometry/poser.h"

namespace wadsmith::eq::detail {
namespace {

using foreign::fixed;
using foreign::Rigid;
using foreign::Vec3;
using foreign::zUpToTr;

// A track key as a motion in EverQuest's space: quaternion (rotW first) and shift / denominator.
Rigid keyMotion(const TrackFrame& k) {
  Rigid r;
  r.rotation = geometry::normalized(foreign::Quat{static_cast<float>(k.rotW), static_cast<float>(k.rotX),
                                                 static_cast<float>(k.rotY), static_cast<float>(k.rotZ)});
  if (k.shiftDenominator != 0) {
    float d = static_cast<float>(k.shiftDenominator);
    r.translation = {static_cast<float>(k.shiftX) / d, static_cast<float>(k.shiftY) / d, static_cast<float>(k.shiftZ) / d};
  }
  return r;
}

// The movable built from a skeleton (0x10), its skinned meshes and every animation whose
// tracks carry the skeleton's track names behind a three-letter prefix ("C05" + "ORCPE_TRACK").
class SkeletalBuilder {
 public:
  SkeletalBuilder(const World& w, const Fragment& skeletonF, const ConvertOptions& o, const foreign::TextureSource& t,
                  imported::Model& out)
      : w_(w), skF_(skeletonF), sk_(bodyOf<Skeleton>(w, skeletonF)), o_(o), out_(out), materials_(w, t, out) {}

  void build() {
    tree();
    restPose();
    collectMeshes();
    foldRoot();
    bones();
    buildMeshes();
    floorShift();
    animations();
    notes();
  }

 private:
  struct Source {
    const Mesh* mesh;
    std::vector<int> piece;  // per vertex
    std::vector<Look> looks;
  };
  struct Provenance {  // where the source puts an output vertex: a piece and its local position
    int piece;
    Vec3 local;
    bool copy;  // a corner copied onto another piece for a face spanning pieces
  };

  void tree() {
    std::size_t n = sk_.pieces.size();
    if (n == 0) fail(w_, skF_, "the skeleton has no pieces");
    parent_.assign(n, -1);
    for (std::size_t p = 0; p < n; ++p)
      for (int c : sk_.pieces[p].children) {
        if (parent_[c] != -1 || c == static_cast<int>(p) || c == 0)
          fail(w_, skF_, "piece " + std::to_string(c) + " is a child twice (or of itself, or the stem)");
        parent_[c] = static_cast<int>(p);
      }
    // Depth first from piece 0, children in the order the piece lists them: parents come first.
    reached_.assign(n, false);
    std::vector<int> stack{0};
    while (!stack.empty()) {
      int p = stack.back();
      stack.pop_back();
      if (reached_[p]) continue;
      reached_[p] = true;
      order_.push_back(p);
      const auto& kids = sk_.pieces[p].children;
      for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.push_back(*it);
    }
  }

  const TrackDef* trackDefOf(FragmentRef trackRef, const Fragment& from, const Fragment** trackF = nullptr) {
    if (trackRef == 0) return nullptr;
    const Fragment& tf = follow(w_, from, trackRef, 0x13, "piece track");
    if (trackF) *trackF = &tf;
    return &bodyOf<TrackDef>(w_, follow(w_, tf, bodyOf<Track>(w_, tf).trackDef, 0x12, "track definition"));
  }

  void restPose() {
    std::size_t n = sk_.pieces.size();
    restKey_.assign(n, Rigid{});
    baseName_.assign(n, "");
    for (int p : order_) {
      const Fragment* tf = nullptr;
      const TrackDef* def = trackDefOf(sk_.pieces[p].track, skF_, &tf);
      if (tf) baseName_[p] = tf->name;
      if (def && !def->frames.empty()) restKey_[p] = keyMotion(def->frames[0]);
    }
    restWorld_ = sourceWorld(restKey_);
  }

  void addSource(FragmentRef meshRef, const Fragment& from, int defaultPiece) {
    const Fragment& refF = follow(w_, from, meshRef, 0x2D, "mesh");
    const Fragment& meshF = follow(w_, refF, bodyOf<Reference>(w_, refF).target, 0x36, "mesh");
    Source s{&bodyOf<Mesh>(w_, meshF), {}, materials_.forMesh(meshF)};
    s.piece.assign(s.mesh->vertices.size(), defaultPiece);
    std::size_t at = 0;
    for (const auto& run : s.mesh->vertexPieces) {
      if (run.index >= sk_.pieces.size())
        fail(w_, meshF, "vertex piece names piece " + std::to_string(run.index) + " of " + std::to_string(sk_.pieces.size()));
      for (std::size_t k = 0; k < run.count && at < s.piece.size(); ++k) s.piece[at++] = run.index;
    }
    if (!s.mesh->vertexPieces.empty() && at < s.piece.size()) unpieced_ += static_cast<int>(s.piece.size() - at);
    meshNames_.push_back(meshF.name);
    sources_.push_back(std::move(s));
  }

  void collectMeshes() {
    for (FragmentRef ref : sk_.meshes) addSource(ref, skF_, order_[0]);
    for (int p : order_)
      if (sk_.pieces[p].mesh != 0) addSource(sk_.pieces[p].mesh, skF_, p);
    if (sources_.empty()) fail(w_, skF_, "the skeleton names no mesh");
    hasVertices_.assign(sk_.pieces.size(), false);
    for (const auto& s : sources_)
      for (int p : s.piece) hasVertices_[p] = true;
  }

  // A stem without vertices and with one child carries nothing TR can show, but its child (the
  // pelvis) moves per frame, which only a root can: the stem folds into the child, which
  // becomes the root with the two motions composed.
  void foldRoot() {
    root_ = order_[0];
    while (!hasVertices_[root_] && sk_.pieces[root_].children.size() == 1) {
      folded_.push_back(root_);
      root_ = sk_.pieces[root_].children[0];
    }
  }

  void bones() {
    boneOf_.assign(sk_.pieces.size(), -1);
    for (int p : order_) {
      if (std::find(folded_.begin(), folded_.end(), p) != folded_.end()) continue;
      boneOf_[p] = static_cast<int>(out_.bones.size());
      imported::Bone b;
      b.name = sk_.pieces[p].name;
      if (p != root_) {
        b.parent = boneOf_[parent_[p]];
        b.offset = zUpToTr(restKey_[p].translation) * o_.scale;
      }
      out_.bones.push_back(b);
      out_.meshes.push_back({.name = b.name});
    }
    provenance_.assign(out_.meshes.size(), {});
  }

  int addVertex(int bone, int targetPiece, int piece, const Mesh& m, std::size_t v) {
    Vec3 local{m.position(v)[0], m.position(v)[1], m.position(v)[2]};
    Vec3 here = local;
    Vec3 normal{0, 0, 0};
    bool hasNormal = m.normals.size() == m.vertices.size();
    if (hasNormal) normal = storedNormal(m, v);
    if (piece != targetPiece) {  // a corner of a face drawn with another piece: where it rests there
      Rigid toTarget = restWorld_[targetPiece].inverse().then(restWorld_[piece]);
      here = toTarget.apply(local);
      normal = geometry::rotate(toTarget.rotation, normal);
    }
    auto& mesh = out_.meshes[bone];
    mesh.positions.push_back(zUpToTr(here) * o_.scale);
    if (hasNormal) mesh.normals.push_back(trNormal(normal));
    provenance_[bone].push_back({piece, local, piece != targetPiece});
    return static_cast<int>(mesh.positions.size() - 1);
  }

  void buildMeshes() {
    bool allNormals = true;
    for (const auto& s : sources_) allNormals &= s.mesh->normals.size() == s.mesh->vertices.size();
    for (auto& s : sources_) {
      const Mesh& m = *s.mesh;
      std::vector<int> own(m.vertices.size(), -1);
      for (std::size_t v = 0; v < m.vertices.size(); ++v)
        if (reached_[s.piece[v]]) own[v] = addVertex(boneOf_[s.piece[v]], s.piece[v], s.piece[v], m, v);
      std::map<std::pair<std::size_t, int>, int> copies;  // (vertex, target piece) -> output index
      auto material = polygonMaterialIndex(m);
      for (std::size_t p = 0; p < m.polygons.size(); ++p) {
        const auto& pv = m.polygons[p].vertices;
        int q[3] = {s.piece[pv[0]], s.piece[pv[1]], s.piece[pv[2]]};
        if (!reached_[q[0]] || !reached_[q[1]] || !reached_[q[2]]) {
          ++unreachableFaces_;
          continue;
        }
        int target = (q[0] == q[1] || q[0] == q[2]) ? q[0] : q[1] == q[2] ? q[1] : q[0];
        std::array<int, 3> corners{};
        for (int k = 0; k < 3; ++k) {
          if (q[k] == target) {
            corners[k] = own[pv[k]];
            continue;
          }
          auto key = std::make_pair(static_cast<std::size_t>(pv[k]), target);
          auto it = copies.find(key);
          corners[k] = it != copies.end() ? it->second : copies[key] = addVertex(boneOf_[target], target, q[k], m, pv[k]);
        }
        crossFaces_ += q[0] != q[1] || q[0] != q[2];
        addFace(out_.meshes[boneOf_[target]], m, p, corners, s.looks, material[p], stats_);
      }
    }
    if (!allNormals)
      for (auto& mesh : out_.meshes) mesh.normals.clear();  // partial normals would not line up
  }

  std::vector<Rigid> sourceWorld(const std::vector<Rigid>& local) const {
    std::vector<Rigid> world(local.size());
    for (int p : order_) world[p] = parent_[p] < 0 ? local[p] : world[parent_[p]].then(local[p]);
    return world;
  }

  void floorShift() {
    if (!o_.floor) return;
    float low = -1e30f;
    bool any = false;
    for (std::size_t b = 0; b < out_.meshes.size(); ++b)
      for (const auto& pr : provenance_[b]) {
        low = std::max(low, (zUpToTr(restWorld_[pr.piece].apply(pr.local)) * o_.scale).y);
        any = true;
      }
    shift_ = any ? -low : 0;
  }

  imported::Frame frameOf(const std::vector<Rigid>& local) const {
    imported::Frame f;
    Rigid rootMotion;
    for (int p : folded_) rootMotion = rootMotion.then(local[p]);
    rootMotion = rootMotion.then(local[root_]);
    f.offset = zUpToTr(rootMotion.translation) * o_.scale + Vec3{0, shift_, 0};
    f.rotations.resize(out_.bones.size());
    for (int p : order_)
      if (boneOf_[p] >= 0) f.rotations[boneOf_[p]] = zUpToTr(p == root_ ? rootMotion.rotation : local[p].rotation);
    return f;
  }

  // The largest distance of a piece's own vertex from where the source puts it; copied
  // corners go to `copies` (they follow their face's piece, the source's follow their own).
  float residual(const imported::Frame& f, const std::vector<Rigid>& local, float* copies = nullptr) const {
    auto tr = geometry::poseFrame(out_, f);
    auto src = sourceWorld(local);
    float worst = 0, worstCopy = 0;
    for (std::size_t b = 0; b < out_.meshes.size(); ++b)
      for (std::size_t i = 0; i < provenance_[b].size(); ++i) {
        const auto& pr = provenance_[b][i];
        Vec3 want = zUpToTr(src[pr.piece].apply(pr.local)) * o_.scale + Vec3{0, shift_, 0};
        float d = geometry::length(tr[b].apply(out_.meshes[b].positions[i]) - want);
        (pr.copy ? worstCopy : worst) = std::max(pr.copy ? worstCopy : worst, d);
      }
    if (copies) *copies = worstCopy;
    return worst;
  }

  void animations() {
    std::map<std::string, std::vector<int>> piecesByBase;
    for (int p : order_)
      if (!baseName_[p].empty()) piecesByBase[baseName_[p]].push_back(p);
    std::map<std::string, std::map<int, const Fragment*>> sets;
    for (const auto& f : w_.fragments) {
      if (f.type != 0x13 || f.name.size() <= 3) continue;
      auto it = piecesByBase.find(f.name.substr(3));
      if (it != piecesByBase.end())
        for (int p : it->second) sets[f.name.substr(0, 3)][p] = &f;
    }
    if (sets.empty()) {
      imported::Animation a{.name = "rest", .framesPerSecond = 30, .frames = {frameOf(restKey_)}};
      a.frameResiduals.push_back(residual(a.frames[0], restKey_));
      out_.animations.push_back(std::move(a));
      out_.notes.push_back("no animation tracks for this skeleton in the file: one animation \"rest\" holds the rest pose");
      return;
    }
    std::string list;
    for (const auto& [prefix, tracks] : sets) {
      imported::Animation a{.name = prefix};
      std::vector<const TrackDef*> defs(sk_.pieces.size(), nullptr);
      std::optional<std::uint32_t> frameMs;
      std::size_t frames = 1;
      for (const auto& [p, tf] : tracks) {
        defs[p] = trackDefOf(static_cast<FragmentRef>(w_.indexOf(*tf) + 1), *tf);
        if (!frameMs) frameMs = bodyOf<Track>(w_, *tf).frameMs;
        frames = std::max(frames, defs[p]->frames.size());
      }
      for (const auto& [p, tf] : tracks)
        if (defs[p]->frames.size() != 1 && defs[p]->frames.size() != frames) ++uneven_;
      a.framesPerSecond = frameMs && *frameMs > 0 ? 1000.0f / static_cast<float>(*frameMs) : 10.0f;
      if (!frameMs) noFrameTime_.insert(prefix);
      for (std::size_t f = 0; f < frames; ++f) {
        std::vector<Rigid> local = restKey_;
        for (int p : order_)
          if (defs[p] && !defs[p]->frames.empty()) local[p] = keyMotion(defs[p]->frames[std::min(f, defs[p]->frames.size() - 1)]);
        for (int p : order_)
          if (p != root_ && boneOf_[p] >= 0) {
            float d = geometry::length(local[p].translation - restKey_[p].translation) * o_.scale;
            if (d > worstShift_) worstShift_ = d, worstShiftAt_ = sk_.pieces[p].name + " in " + prefix;
          }
        a.frames.push_back(frameOf(local));
        float copies = 0;
        float r = residual(a.frames.back(), local, &copies);
        worstCopy_ = std::max(worstCopy_, copies);
        a.frameResiduals.push_back(r);
        if (r > worstResidual_) worstResidual_ = r, worstResidualAt_ = prefix + " frame " + std::to_string(f);
      }
      list += (list.empty() ? "" : ", ") + prefix + " (" + std::to_string(frames) + " frames, " + fixed(a.framesPerSecond) + "/s)";
      out_.animations.push_back(std::move(a));
    }
    out_.notes.push_back(std::to_string(sets.size()) + " animations: " + list);
  }

  void notes() {
    out_.notes.push_back("skeleton " + skF_.name + ": " + std::to_string(sk_.pieces.size()) + " pieces, meshes " +
                         foreign::joined(meshNames_));
    for (int p : folded_)
      out_.notes.push_back("piece " + sk_.pieces[p].name + " (no vertices, one child) folded into the root " +
                           sk_.pieces[root_].name + ": its motion is part of the frame offset and root rotation");
    if (order_.size() < sk_.pieces.size())
      out_.notes.push_back(std::to_string(sk_.pieces.size() - order_.size()) + " piece(s) not reachable from piece 0 left out" +
                           (unreachableFaces_ ? " with " + std::to_string(unreachableFaces_) + " polygon(s)" : ""));
    if (unpieced_) out_.notes.push_back(std::to_string(unpieced_) + " vertices past the vertex pieces drawn with the root");
    if (crossFaces_)
      out_.notes.push_back(std::to_string(crossFaces_) +
                           " face(s) span two or three pieces: each drawn with one piece, the other corners copied "
                           "where they rest; animated, those corners stay with the face's piece, up to " +
                           fixed(worstCopy_) + " TR units from where the source stretches them");
    if (o_.floor) out_.notes.push_back("stood on the floor: the rest pose moved " + fixed(shift_) + " along y");
    out_.notes.push_back("largest move of a non-root piece away from its rest offset: " + fixed(worstShift_) +
                         " TR units" + (worstShiftAt_.empty() ? "" : " (" + worstShiftAt_ + "); TR keeps offsets fixed"));
    out_.notes.push_back("largest distance of a piece's vertex from where the source frame puts it: " + fixed(worstResidual_) +
                         " TR units" + (worstResidualAt_.empty() ? "" : " (" + worstResidualAt_ + ")"));
    if (uneven_) out_.notes.push_back(std::to_string(uneven_) + " track(s) shorter than their animation hold their last key");
    for (const auto& p : noFrameTime_) out_.notes.push_back("animation " + p + " has no frame time: 10 per second assumed");
    materials_.addNotes();
    stats_.addNotes(out_, "");
  }

  const World& w_;
  const Fragment& skF_;
  const Skeleton& sk_;
  const ConvertOptions& o_;
  imported::Model& out_;
  Materials materials_;
  FaceStats stats_;
  std::vector<int> parent_;
  std::vector<int> order_;
  std::vector<bool> reached_, hasVertices_;
  std::vector<Rigid> restKey_, restWorld_;
  std::vector<std::string> baseName_, meshNames_;
  std::vector<Source> sources_;
  int root_ = 0;
  std::vector<int> folded_, boneOf_;
  std::vector<std::vector<Provenance>> provenance_;
  float shift_ = 0, worstShift_ = 0, worstResidual_ = 0, worstCopy_ = 0;
  std::string worstShiftAt_, worstResidualAt_;
  int crossFaces_ = 0, unreachableFaces_ = 0, unpieced_ = 0, uneven_ = 0;
  std::set<std::string> noFrameTime_;
};

}  // namespace

void convertSkeletal(const World& w, const Fragment& skeleton, const ConvertOptions& o, const foreign::TextureSource& t,
                     imported::Model& out) {
  SkeletalBuilder(w, skeleton, o, t, out).build();
}

}  // namespace wadsmith::eq::detail
