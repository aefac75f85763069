#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <set>

#include "model/foreign/convert_error.h"
#include "model/foreign/face_tools.h"
#include "model/foreign/gs_convert.h"
#include "model/foreign/pose.h"
#include "model/foreign/rigid_fit.h"

namespace wadsmith::gs {

using foreign::Quat;
using foreign::Rigid;
using foreign::Vec3;

namespace {

std::string number(float v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f", v);
  return b;
}

foreign::Bitmap skinBitmap(const MdlModel& m, const MdlSkin& s, const MdlOptions& o, std::vector<std::string>& notes) {
  foreign::Bitmap b;
  b.width = m.skinWidth;
  b.height = m.skinHeight;
  std::size_t n = static_cast<std::size_t>(b.width) * static_cast<std::size_t>(b.height);
  b.rgba.resize(n * 4);
  if (s.type == 0) {
    b.bitsPerPixel = 8;
    b.palette = o.palette;
    if (b.palette.empty()) {
      notes.push_back("8-bit skin without a palette: drawn as a grey ramp (give the level's palette.pcx)");
      for (int i = 0; i < 256; ++i) b.palette.push_back({static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i)});
    }
    b.indices.assign(s.pixels.begin(), s.pixels.begin() + static_cast<std::ptrdiff_t>(n));
    for (std::size_t i = 0; i < n; ++i) {
      std::uint8_t k = b.indices[i];
      auto c = k < b.palette.size() ? b.palette[k] : std::array<std::uint8_t, 3>{0, 0, 0};
      b.rgba[i * 4] = c[0], b.rgba[i * 4 + 1] = c[1], b.rgba[i * 4 + 2] = c[2];
      b.rgba[i * 4 + 3] = o.overlay && k == 0 ? 0 : 255;
    }
    return b;
  }
  b.bitsPerPixel = 16;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint16_t v = static_cast<std::uint16_t>(s.pixels[i * 2] | (s.pixels[i * 2 + 1] << 8));
    std::uint8_t* o4 = &b.rgba[i * 4];
    if (s.type == 2) {  // 5-6-5
      o4[0] = static_cast<std::uint8_t>(((v >> 11) & 31) * 255 / 31);
      o4[1] = static_cast<std::uint8_t>(((v >> 5) & 63) * 255 / 63);
      o4[2] = static_cast<std::uint8_t>((v & 31) * 255 / 31);
      o4[3] = o.overlay && v == 0 ? 0 : 255;
    } else {  // 4-4-4-4 ARGB
      o4[0] = static_cast<std::uint8_t>(((v >> 8) & 15) * 17);
      o4[1] = static_cast<std::uint8_t>(((v >> 4) & 15) * 17);
      o4[2] = static_cast<std::uint8_t>((v & 15) * 17);
      o4[3] = static_cast<std::uint8_t>(((v >> 12) & 15) * 17);
    }
  }
  return b;
}

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
  imported::Face f;
  f.corners = 3;
  f.image = image;
  f.color = foreign::colorForName("skin");
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

bool mdlHasBones(const MdlModel& m) { return mdlBoneGroups(m).size() > 1; }

imported::Model convertMdl(const MdlModel& m, const std::string& name, bool movable, const MdlOptions& o) {
  if (!(o.scale > 0) || !std::isfinite(o.scale)) throw foreign::ConvertError("scale must be a positive number");
  if (m.frames.empty()) throw foreign::ConvertError(name + ": the model has no frames");
  imported::Model out;
  out.name = name;
  out.movable = movable;
  out.notes.push_back("3D GameStudio axes (x forward, y left, z up) turned to TR's (x right, y down, z forward); " +
                      number(o.scale) + " TR units per quant" +
                      (o.scale == kDefaultScale ? " (the default: quants are about an inch)" : ""));
  int image = -1;
  if (!m.skins.empty() && m.skinWidth > 0 && m.skinHeight > 0) {
    if (o.skin < 0 || static_cast<std::size_t>(o.skin) >= m.skins.size())
      throw foreign::ConvertError(name + ": skin " + std::to_string(o.skin) + " of " + std::to_string(m.skins.size()));
    out.images.push_back(foreign::toImage(skinBitmap(m, m.skins[o.skin], o, out.notes), name + " skin " + std::to_string(o.skin)));
    image = 0;
    if (m.skins.size() > 1) out.notes.push_back("skin " + std::to_string(o.skin) + " of " + std::to_string(m.skins.size()) + " used");
  } else {
    out.notes.push_back("no skin: faces are a solid colour");
  }
  int clamped = 0;

  if (!movable) {
    if (o.frame < 0 || static_cast<std::size_t>(o.frame) >= m.frames.size())
      throw foreign::ConvertError(name + ": frame " + std::to_string(o.frame) + " of " + std::to_string(m.frames.size()));
    imported::Mesh mesh;
    mesh.name = name;
    mesh.positions = framePositions(m, m.frames[o.frame], o.scale);
    for (std::size_t t = 0; t < m.triangles.size(); ++t) {
      const auto& v = m.triangles[t].vertices;
      addTriangle(m, t, {v[0], v[1], v[2]}, image, mesh, clamped);
    }
    out.meshes.push_back(std::move(mesh));
    out.notes.push_back("static from frame " + std::to_string(o.frame) + " (\"" + m.frames[o.frame].name + "\") of " +
                        std::to_string(m.frames.size()));
    if (o.floor) {
      float shift = -foreign::lowestPoint(out);
      for (auto& p : out.meshes[0].positions) p.y += shift;
      out.notes.push_back("stood on the floor: moved " + number(shift) + " along y");
    }
    if (clamped) out.notes.push_back(std::to_string(clamped) + " face(s) whose skin coordinates repeat: clamped");
    return out;
  }

  // Groups of vertices that move together, their rigid motion per frame from frame 0.
  auto bones = mdlBoneGroups(m);
  std::map<int, int> groupOf;
  for (std::size_t g = 0; g < bones.size(); ++g) groupOf[bones[g]] = static_cast<int>(g);
  std::size_t nv = m.frames[0].vertices.size(), ng = bones.size(), nf = m.frames.size();
  std::vector<int> group(nv, 0);
  int changing = 0;
  for (std::size_t v = 0; v < nv; ++v) {
    if (m.frames[0].type == 2) group[v] = groupOf[m.frames[0].vertices[v].bone];
    for (const auto& f : m.frames)
      if (f.type == 2 && f.vertices[v].bone != m.frames[0].vertices[v].bone) {
        ++changing;
        break;
      }
  }
  std::vector<std::vector<Vec3>> frames(nf);
  for (std::size_t f = 0; f < nf; ++f) frames[f] = framePositions(m, m.frames[f], o.scale);
  const auto& ref = frames[0];
  std::vector<std::vector<std::size_t>> members(ng);
  for (std::size_t v = 0; v < nv; ++v) members[group[v]].push_back(v);
  std::vector<std::vector<Rigid>> motion(ng, std::vector<Rigid>(nf));
  for (std::size_t g = 0; g < ng; ++g) {
    std::vector<Vec3> from, to(members[g].size());
    for (std::size_t v : members[g]) from.push_back(ref[v]);
    for (std::size_t f = 0; f < nf; ++f) {
      for (std::size_t i = 0; i < members[g].size(); ++i) to[i] = frames[f][members[g][i]];
      motion[g][f] = foreign::fitRigid(from, to);
    }
  }

  // The tree: the largest group is the root; each other group joins the neighbour whose motion
  // it shares a joint with best (a minimum spanning tree over joint residuals).
  std::size_t root = 0;
  for (std::size_t g = 1; g < ng; ++g)
    if (members[g].size() > members[root].size()) root = g;
  std::vector<std::vector<int>> shared(ng, std::vector<int>(ng, 0));
  std::vector<std::vector<Vec3>> seam(ng * ng);
  for (const auto& t : m.triangles) {
    int g0 = group[t.vertices[0]], g1 = group[t.vertices[1]], g2 = group[t.vertices[2]];
    for (auto [a, b] : {std::pair{g0, g1}, std::pair{g1, g2}, std::pair{g0, g2}})
      if (a != b) {
        ++shared[a][b], ++shared[b][a];
        for (int k = 0; k < 3; ++k) {
          seam[a * ng + b].push_back(ref[t.vertices[k]]);
          seam[b * ng + a].push_back(ref[t.vertices[k]]);
        }
      }
  }
  auto centroid = [](const std::vector<Vec3>& pts) {
    Vec3 c{};
    for (const auto& p : pts) c = c + p;
    return pts.empty() ? c : c * (1.0f / static_cast<float>(pts.size()));
  };
  std::vector<Vec3> groupCentre(ng);
  for (std::size_t g = 0; g < ng; ++g) {
    std::vector<Vec3> pts;
    for (std::size_t v : members[g]) pts.push_back(ref[v]);
    groupCentre[g] = centroid(pts);
  }
  // Joint fits for every pair, once: neighbours (sharing triangles) first, the seam size
  // breaking ties between equally good joints; others only when nothing else connects.
  std::vector<float> cost(ng * ng, 0), rmsOf(ng * ng, 0);
  std::vector<Vec3> jointAt(ng * ng);
  for (std::size_t a = 0; a < ng; ++a)
    for (std::size_t b = 0; b < ng; ++b) {
      if (a == b) continue;
      Vec3 prior = shared[a][b] ? centroid(seam[a * ng + b]) : (groupCentre[a] + groupCentre[b]) * 0.5f;
      float rms = 0;
      jointAt[a * ng + b] = foreign::fitJoint(motion[a], motion[b], prior, 1e-3f, &rms);
      rmsOf[a * ng + b] = rms;
      cost[a * ng + b] = rms + (shared[a][b] ? 0.0f : 1e6f) - 1e-6f * static_cast<float>(shared[a][b]);
    }
  // Prim's minimum spanning tree from the root.
  std::vector<int> parent(ng, -1);
  std::vector<Vec3> pivot(ng);
  std::vector<float> jointRms(ng, 0);
  std::vector<bool> inTree(ng, false);
  std::vector<std::size_t> order{root};
  inTree[root] = true;
  pivot[root] = groupCentre[root];
  while (order.size() < ng) {
    // Starts from a group still outside, so a cost that is not a number cannot leave one out.
    std::size_t bestChild = 0, bestParent = root;
    while (inTree[bestChild]) ++bestChild;
    float best = cost[bestParent * ng + bestChild];
    for (std::size_t a : order)
      for (std::size_t b = 0; b < ng; ++b)
        if (!inTree[b] && cost[a * ng + b] < best) best = cost[a * ng + b], bestChild = b, bestParent = a;
    parent[bestChild] = static_cast<int>(bestParent);
    pivot[bestChild] = jointAt[bestParent * ng + bestChild];
    jointRms[bestChild] = rmsOf[bestParent * ng + bestChild];
    inTree[bestChild] = true;
    order.push_back(bestChild);
  }

  // Bones in tree order; each mesh holds its group around its pivot.
  std::vector<int> boneOf(ng);
  for (std::size_t i = 0; i < order.size(); ++i) boneOf[order[i]] = static_cast<int>(i);
  std::vector<int> vertexIndex(nv, -1);
  for (std::size_t g : order) {
    imported::Bone b;
    b.name = ng == 1 ? name : "bone " + std::to_string(bones[g]);
    b.parent = parent[g] < 0 ? -1 : boneOf[parent[g]];
    b.offset = parent[g] < 0 ? Vec3{} : pivot[g] - pivot[parent[g]];
    out.bones.push_back(b);
    imported::Mesh mesh;
    mesh.name = b.name;
    for (std::size_t v : members[g]) {
      vertexIndex[v] = static_cast<int>(mesh.positions.size());
      mesh.positions.push_back(ref[v] - pivot[g]);
    }
    out.meshes.push_back(std::move(mesh));
  }
  // A triangle goes to the group most of its corners are in; corners of other groups are
  // copied where they are in frame 0.
  int crossing = 0;
  for (std::size_t t = 0; t < m.triangles.size(); ++t) {
    const auto& tri = m.triangles[t];
    int g[3] = {group[tri.vertices[0]], group[tri.vertices[1]], group[tri.vertices[2]]};
    int target = (g[0] == g[1] || g[0] == g[2]) ? g[0] : g[1] == g[2] ? g[1] : g[0];
    auto& mesh = out.meshes[boneOf[target]];
    std::array<int, 3> corners{};
    for (int k = 0; k < 3; ++k) {
      corners[k] = vertexIndex[tri.vertices[k]];
      if (g[k] != target) {
        corners[k] = static_cast<int>(mesh.positions.size());
        mesh.positions.push_back(ref[tri.vertices[k]] - pivot[target]);
      }
    }
    crossing += g[0] != g[1] || g[0] != g[2];
    addTriangle(m, t, corners, image, mesh, clamped);
  }

  float shift = 0;
  if (o.floor) {
    float low = -std::numeric_limits<float>::infinity();
    for (const auto& p : ref) low = std::max(low, p.y);
    shift = std::isfinite(low) ? -low : 0;
  }
  // Frames: the root's motion carries its pivot; every other mesh turns relative to its parent.
  float worst = 0;
  std::string worstAt;
  std::string list;
  for (const auto& [animName, frameList] : animationsByName(m)) {
    imported::Animation a;
    a.name = animName;
    a.framesPerSecond = o.framesPerSecond;
    for (std::size_t f : frameList) {
      imported::Frame fr;
      fr.offset = motion[root][f].apply(pivot[root]) + Vec3{0, shift, 0};
      fr.rotations.resize(ng);
      for (std::size_t g : order)
        fr.rotations[boneOf[g]] =
            parent[g] < 0 ? motion[g][f].rotation : geometry::conjugate(motion[parent[g]][f].rotation) * motion[g][f].rotation;
      // Residual: the posed output against the source frame, every vertex of every mesh.
      auto world = foreign::poseFrame(out, fr);
      float r = 0;
      for (std::size_t v = 0; v < nv; ++v) {
        int b = boneOf[group[v]];
        Vec3 posed = world[b].apply(out.meshes[b].positions[vertexIndex[v]]);
        r = std::max(r, geometry::length(posed - (frames[f][v] + Vec3{0, shift, 0})));
      }
      a.frameResiduals.push_back(r);
      if (r > worst) worst = r, worstAt = animName + " frame " + std::to_string(f) + " (\"" + m.frames[f].name + "\")";
      a.frames.push_back(std::move(fr));
    }
    list += (list.empty() ? "" : ", ") + animName + " (" + std::to_string(a.frames.size()) + ")";
    out.animations.push_back(std::move(a));
  }

  if (ng == 1)
    out.notes.push_back("no bone vertices: one mesh whose frames keep the rigid part of each frame (least squares over "
                        "all vertices); the rest of the vertex animation is lost");
  else {
    std::string tree;
    for (std::size_t g : order)
      if (parent[g] >= 0)
        tree += (tree.empty() ? "" : ", ") + std::to_string(bones[g]) + "->" + std::to_string(bones[parent[g]]) + " (" +
                number(jointRms[g]) + ")";
    out.notes.push_back(std::to_string(ng) + " bone groups, one mesh each; each frame fitted per group with one rigid "
                        "motion (least squares); mesh tree inferred from the motions, child->parent (joint residual, TR "
                        "units): " + tree);
  }
  if (m.boneCount > 0)
    out.notes.push_back("the header counts " + std::to_string(m.boneCount) + " bone records; their layout is not documented " +
                        "(no corpus file has any), so the " + std::to_string(m.trailing.size()) +
                        " bytes after the frames are not read");
  if (changing) out.notes.push_back(std::to_string(changing) + " vertices change bone between frames: frame 0's bone used");
  if (crossing) out.notes.push_back(std::to_string(crossing) + " triangle(s) span groups: drawn with one group");
  out.notes.push_back("animations by frame name: " + list + ", " + number(o.framesPerSecond) + " frames per second (MDL frames carry no time)");
  out.notes.push_back("fit residual: largest vertex distance " + number(worst) + " TR units" + (worstAt.empty() ? "" : " at " + worstAt) +
                      "; per frame in each animation's residuals");
  if (o.floor) out.notes.push_back("stood on the floor: frame 0 moved " + number(shift) + " along y");
  if (clamped) out.notes.push_back(std::to_string(clamped) + " face(s) whose skin coordinates repeat: clamped");
  return out;
}

}  // namespace wadsmith::gs
