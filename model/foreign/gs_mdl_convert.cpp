#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "model/foreign/convert_error.h"
#include "model/foreign/face_tools.h"
#include "model/foreign/gs_convert.h"
#include "model/geometry/poser.h"
#include "model/foreign/rigid_fit.h"

namespace wadsmith::gs {

using foreign::Rigid;
using foreign::Vec3;

namespace {

std::vector<Vec3> framePositions(const MdlModel& m, const MdlFrame& f, float scale) {
  std::vector<Vec3> out;
  out.reserve(f.vertices.size());
  for (const auto& v : f.vertices) out.push_back(foreign::zUpToTr(m.position(v)) * scale);
  return out;
}

// Triangle t as a face whose corners are `corners` (indices into the mesh's positions).
void addTriangle(const MdlModel& m, std::size_t t, const std::array<int, 3>& corners, int image, imported::Mesh& mesh,
                 int& clamped) {
  const auto& tri = m.triangles[t];
  imported::Face f{.corners = 3, .image = image, .color = foreign::colorForName("skin")};
  for (int k = 0; k < 3; ++k) {
    f.vertices[k] = corners[k];
    if (image >= 0) {
      const auto& sv = m.skinVertices[tri.skinVertices[k]];
      f.uv[k] = {static_cast<float>(sv.u) / static_cast<float>(m.skinWidth),
                 static_cast<float>(sv.v) / static_cast<float>(m.skinHeight)};
    }
  }
  if (image >= 0 && !foreign::fitFaceUv(std::span(f.uv.data(), 3))) ++clamped;
  mesh.faces.push_back(f);
}

// Consecutive frames whose names differ only in trailing digits form one animation.
std::vector<std::pair<std::string, std::vector<std::size_t>>> animationsByName(const MdlModel& m) {
  std::vector<std::pair<std::string, std::vector<std::size_t>>> out;
  for (std::size_t f = 0; f < m.frames.size(); ++f) {
    std::string base = m.frames[f].name;
    while (!base.empty() && std::isdigit(static_cast<unsigned char>(base.back()))) base.pop_back();
    if (base.empty()) base = "frames";
    if (out.empty() || out.back().first != base) out.push_back({base, {}});
    out.back().second.push_back(f);
  }
  return out;
}

}  // namespace

std::vector<int> mdlBoneGroups(const MdlModel& m) {
  std::set<int> bones;
  if (!m.frames.empty() && m.frames[0].type == 2)
    for (const auto& v : m.frames[0].vertices) bones.insert(v.bone);
  if (bones.empty()) bones.insert(0);
  return {bones.begin(), bones.end()};
}

namespace {

// Notes every model gets, and its first skin as the image (index 0), or -1 without one.
int startModel(const MdlModel& m, const std::string& name, const Options& o, imported::Model& out) {
  out.notes.push_back("3D GameStudio axes (x forward, y left, z up) turned to TR's (x right, y down, z forward); " +
                      foreign::fixed(o.scale, 2) + " TR units per quant" +
                      (o.scale == kDefaultScale ? " (the default: quants are about an inch)" : ""));
  if (m.skins.empty() || m.skinWidth <= 0 || m.skinHeight <= 0) {
    out.notes.push_back("no skin: faces are a solid colour");
    return -1;
  }
  out.images.push_back(foreign::toImage(mdlSkinBitmap(m, m.skins[0], o, out.notes), name + " skin 0"));
  if (m.skins.size() > 1) out.notes.push_back("skin 0 of " + std::to_string(m.skins.size()) + " used");
  return 0;
}

// A static: one frame's vertices as one mesh.
void convertStatic(const MdlModel& m, const std::string& name, const Options& o, int image, imported::Model& out) {
  if (o.frame < 0 || static_cast<std::size_t>(o.frame) >= m.frames.size())
    throw foreign::ConvertError(name + ": frame " + std::to_string(o.frame) + " of " + std::to_string(m.frames.size()));
  imported::Mesh mesh{.name = name};
  mesh.positions = framePositions(m, m.frames[o.frame], o.scale);
  int clamped = 0;
  for (std::size_t t = 0; t < m.triangles.size(); ++t) {
    const auto& v = m.triangles[t].vertices;
    addTriangle(m, t, {v[0], v[1], v[2]}, image, mesh, clamped);
  }
  out.meshes.push_back(std::move(mesh));
  out.notes.push_back("static from frame " + std::to_string(o.frame) + " (\"" + m.frames[o.frame].name + "\") of " +
                      std::to_string(m.frames.size()));
  if (o.floor) foreign::standOnFloor(out, 2);
  if (clamped) out.notes.push_back(std::to_string(clamped) + " face(s) whose skin coordinates repeat: clamped");
}

Vec3 centroid(const std::vector<Vec3>& pts) {
  Vec3 c{};
  for (const auto& p : pts) c = c + p;
  return pts.empty() ? c : c * (1.0f / static_cast<float>(pts.size()));
}

// A movable: groups of vertices that move together, their rigid motion per frame from frame 0,
// the mesh tree inferred from those motions, and each frame's fit residual.
class MovableFit {
 public:
  MovableFit(const MdlModel& m, const std::string& name, const Options& o, int image, imported::Model& out)
      : m_(m), name_(name), o_(o), image_(image), out_(out) {}

  void run() {
    groups();
    motions();
    joints();
    tree();
    meshes();
    animations();
    notes();
  }

 private:
  void groups() {
    bones_ = mdlBoneGroups(m_);
    std::map<int, int> groupOf;
    for (std::size_t g = 0; g < bones_.size(); ++g) groupOf[bones_[g]] = static_cast<int>(g);
    nv_ = m_.frames[0].vertices.size(), ng_ = bones_.size();
    group_.assign(nv_, 0);
    for (std::size_t v = 0; v < nv_; ++v) {
      if (m_.frames[0].type == 2) group_[v] = groupOf[m_.frames[0].vertices[v].bone];
      for (const auto& f : m_.frames)
        if (f.type == 2 && f.vertices[v].bone != m_.frames[0].vertices[v].bone) {
          ++changing_;
          break;
        }
    }
    members_.assign(ng_, {});
    for (std::size_t v = 0; v < nv_; ++v) members_[group_[v]].push_back(v);
  }

  void motions() {
    const std::size_t nf = m_.frames.size();
    frames_.resize(nf);
    for (std::size_t f = 0; f < nf; ++f) frames_[f] = framePositions(m_, m_.frames[f], o_.scale);
    motion_.assign(ng_, std::vector<Rigid>(nf));
    for (std::size_t g = 0; g < ng_; ++g) {
      std::vector<Vec3> from, to(members_[g].size());
      for (std::size_t v : members_[g]) from.push_back(frames_[0][v]);
      for (std::size_t f = 0; f < nf; ++f) {
        for (std::size_t i = 0; i < members_[g].size(); ++i) to[i] = frames_[f][members_[g][i]];
        motion_[g][f] = foreign::fitRigid(from, to);
      }
    }
  }

  // Joint fits for every pair, once: neighbours (sharing triangles) first, the seam size
  // breaking ties between equally good joints; others only when nothing else connects.
  void joints() {
    const auto& ref = frames_[0];
    std::vector<std::vector<int>> shared(ng_, std::vector<int>(ng_, 0));
    std::vector<std::vector<Vec3>> seam(ng_ * ng_);
    for (const auto& t : m_.triangles) {
      int g0 = group_[t.vertices[0]], g1 = group_[t.vertices[1]], g2 = group_[t.vertices[2]];
      for (auto [a, b] : {std::pair{g0, g1}, std::pair{g1, g2}, std::pair{g0, g2}})
        if (a != b) {
          ++shared[a][b], ++shared[b][a];
          for (int k = 0; k < 3; ++k) {
            seam[a * ng_ + b].push_back(ref[t.vertices[k]]);
            seam[b * ng_ + a].push_back(ref[t.vertices[k]]);
          }
        }
    }
    centre_.resize(ng_);
    for (std::size_t g = 0; g < ng_; ++g) {
      std::vector<Vec3> pts;
      for (std::size_t v : members_[g]) pts.push_back(ref[v]);
      centre_[g] = centroid(pts);
    }
    cost_.assign(ng_ * ng_, 0), rmsOf_.assign(ng_ * ng_, 0), jointAt_.assign(ng_ * ng_, {});
    for (std::size_t a = 0; a < ng_; ++a)
      for (std::size_t b = 0; b < ng_; ++b) {
        if (a == b) continue;
        Vec3 prior = shared[a][b] ? centroid(seam[a * ng_ + b]) : (centre_[a] + centre_[b]) * 0.5f;
        float rms = 0;
        jointAt_[a * ng_ + b] = foreign::fitJoint(motion_[a], motion_[b], prior, 1e-3f, &rms);
        rmsOf_[a * ng_ + b] = rms;
        cost_[a * ng_ + b] = rms + (shared[a][b] ? 0.0f : 1e6f) - 1e-6f * static_cast<float>(shared[a][b]);
      }
  }

  // The largest group is the root; each other group joins the neighbour whose motion it shares
  // a joint with best: Prim's minimum spanning tree over the joint costs.
  void tree() {
    root_ = 0;
    for (std::size_t g = 1; g < ng_; ++g)
      if (members_[g].size() > members_[root_].size()) root_ = g;
    parent_.assign(ng_, -1), pivot_.assign(ng_, {}), jointRms_.assign(ng_, 0);
    std::vector<bool> inTree(ng_, false);
    order_ = {root_};
    inTree[root_] = true;
    pivot_[root_] = centre_[root_];
    while (order_.size() < ng_) {
      // Starts from a group still outside, so a cost that is not a number cannot leave one out.
      std::size_t bestChild = 0, bestParent = root_;
      while (inTree[bestChild]) ++bestChild;
      float best = cost_[bestParent * ng_ + bestChild];
      for (std::size_t a : order_)
        for (std::size_t b = 0; b < ng_; ++b)
          if (!inTree[b] && cost_[a * ng_ + b] < best) best = cost_[a * ng_ + b], bestChild = b, bestParent = a;
      parent_[bestChild] = static_cast<int>(bestParent);
      pivot_[bestChild] = jointAt_[bestParent * ng_ + bestChild];
      jointRms_[bestChild] = rmsOf_[bestParent * ng_ + bestChild];
      inTree[bestChild] = true;
      order_.push_back(bestChild);
    }
    boneOf_.resize(ng_);
    for (std::size_t i = 0; i < order_.size(); ++i) boneOf_[order_[i]] = static_cast<int>(i);
  }

  // Bones in tree order; each mesh holds its group around its pivot. A triangle goes to the
  // group most of its corners are in; corners of other groups are copied where they are in
  // frame 0.
  void meshes() {
    const auto& ref = frames_[0];
    vertexIndex_.assign(nv_, -1);
    for (std::size_t g : order_) {
      const imported::Bone b{.name = ng_ == 1 ? name_ : "bone " + std::to_string(bones_[g]),
                             .parent = parent_[g] < 0 ? -1 : boneOf_[parent_[g]],
                             .offset = parent_[g] < 0 ? Vec3{} : pivot_[g] - pivot_[parent_[g]]};
      out_.bones.push_back(b);
      imported::Mesh mesh{.name = b.name};
      for (std::size_t v : members_[g]) {
        vertexIndex_[v] = static_cast<int>(mesh.positions.size());
        mesh.positions.push_back(ref[v] - pivot_[g]);
      }
      out_.meshes.push_back(std::move(mesh));
    }
    for (std::size_t t = 0; t < m_.triangles.size(); ++t) {
      const auto& tri = m_.triangles[t];
      int g[3] = {group_[tri.vertices[0]], group_[tri.vertices[1]], group_[tri.vertices[2]]};
      int target = (g[0] == g[1] || g[0] == g[2]) ? g[0] : g[1] == g[2] ? g[1] : g[0];
      auto& mesh = out_.meshes[boneOf_[target]];
      std::array<int, 3> corners{};
      for (int k = 0; k < 3; ++k) {
        corners[k] = vertexIndex_[tri.vertices[k]];
        if (g[k] != target) {
          corners[k] = static_cast<int>(mesh.positions.size());
          mesh.positions.push_back(ref[tri.vertices[k]] - pivot_[target]);
        }
      }
      crossing_ += g[0] != g[1] || g[0] != g[2];
      addTriangle(m_, t, corners, image_, mesh, clamped_);
    }
  }

  // Frames: the root's motion carries its pivot; every other mesh turns relative to its parent.
  void animations() {
    if (o_.floor) {
      float low = -std::numeric_limits<float>::infinity();
      for (const auto& p : frames_[0]) low = std::max(low, p.y);
      shift_ = std::isfinite(low) ? -low : 0;
    }
    for (const auto& [animName, frameList] : animationsByName(m_)) {
      imported::Animation a{.name = animName, .framesPerSecond = o_.framesPerSecond};
      for (std::size_t f : frameList) {
        imported::Frame fr{.offset = motion_[root_][f].apply(pivot_[root_]) + Vec3{0, shift_, 0},
                           .rotations = std::vector<foreign::Quat>(ng_)};
        for (std::size_t g : order_)
          fr.rotations[boneOf_[g]] =
              parent_[g] < 0 ? motion_[g][f].rotation : conjugate(motion_[parent_[g]][f].rotation) * motion_[g][f].rotation;
        const float r = residual(fr, f);
        a.frameResiduals.push_back(r);
        if (r > worst_) worst_ = r, worstAt_ = animName + " frame " + std::to_string(f) + " (\"" + m_.frames[f].name + "\")";
        a.frames.push_back(std::move(fr));
      }
      list_ += (list_.empty() ? "" : ", ") + animName + " (" + std::to_string(a.frames.size()) + ")";
      out_.animations.push_back(std::move(a));
    }
  }

  // The posed output against the source frame: the largest distance over every vertex.
  float residual(const imported::Frame& fr, std::size_t f) const {
    const auto world = geometry::poseFrame(out_, fr);
    float r = 0;
    for (std::size_t v = 0; v < nv_; ++v) {
      const int b = boneOf_[group_[v]];
      const Vec3 posed = world[b].apply(out_.meshes[b].positions[vertexIndex_[v]]);
      r = std::max(r, length(posed - (frames_[f][v] + Vec3{0, shift_, 0})));
    }
    return r;
  }

  void notes() {
    if (ng_ == 1)
      out_.notes.push_back("no bone vertices: one mesh whose frames keep the rigid part of each frame (least squares over "
                           "all vertices); the rest of the vertex animation is lost");
    else {
      std::string tree;
      for (std::size_t g : order_)
        if (parent_[g] >= 0)
          tree += (tree.empty() ? "" : ", ") + std::to_string(bones_[g]) + "->" + std::to_string(bones_[parent_[g]]) + " (" +
                  foreign::fixed(jointRms_[g], 2) + ")";
      out_.notes.push_back(std::to_string(ng_) + " bone groups, one mesh each; each frame fitted per group with one rigid "
                           "motion (least squares); mesh tree inferred from the motions, child->parent (joint residual, TR "
                           "units): " + tree);
    }
    if (m_.boneCount > 0)
      out_.notes.push_back("the header counts " + std::to_string(m_.boneCount) + " bone records; their layout is not documented " +
                           "(no corpus file has any), so the " + std::to_string(m_.trailing.size()) +
                           " bytes after the frames are not read");
    if (changing_) out_.notes.push_back(std::to_string(changing_) + " vertices change bone between frames: frame 0's bone used");
    if (crossing_) out_.notes.push_back(std::to_string(crossing_) + " triangle(s) span groups: drawn with one group");
    out_.notes.push_back("animations by frame name: " + list_ + ", " + foreign::fixed(o_.framesPerSecond, 2) + " frames per second (MDL frames carry no time)");
    out_.notes.push_back("fit residual: largest vertex distance " + foreign::fixed(worst_, 2) + " TR units" + (worstAt_.empty() ? "" : " at " + worstAt_) +
                         "; per frame in each animation's residuals");
    if (o_.floor) out_.notes.push_back("stood on the floor: frame 0 moved " + foreign::fixed(shift_, 2) + " along y");
    if (clamped_) out_.notes.push_back(std::to_string(clamped_) + " face(s) whose skin coordinates repeat: clamped");
  }

  const MdlModel& m_;
  const std::string& name_;
  const Options& o_;
  const int image_;
  imported::Model& out_;
  std::vector<int> bones_, group_, parent_, boneOf_, vertexIndex_;
  std::size_t nv_ = 0, ng_ = 0, root_ = 0;
  std::vector<std::vector<std::size_t>> members_;
  std::vector<std::vector<Vec3>> frames_;
  std::vector<std::vector<Rigid>> motion_;
  std::vector<Vec3> centre_, jointAt_, pivot_;
  std::vector<float> cost_, rmsOf_, jointRms_;
  std::vector<std::size_t> order_;
  int changing_ = 0, crossing_ = 0, clamped_ = 0;
  float shift_ = 0, worst_ = 0;
  std::string worstAt_, list_;
};

}  // namespace

imported::Model convertMdl(const MdlModel& m, const std::string& name, bool movable, const Options& o) {
  if (!(o.scale > 0) || !std::isfinite(o.scale)) throw foreign::ConvertError("scale must be a positive number");
  if (m.frames.empty()) throw foreign::ConvertError(name + ": the model has no frames");
  imported::Model out{.name = name, .movable = movable};
  const int image = startModel(m, name, o, out);
  if (movable) MovableFit(m, name, o, image, out).run();
  else convertStatic(m, name, o, image, out);
  return out;
}

}  // namespace wadsmith::gs
