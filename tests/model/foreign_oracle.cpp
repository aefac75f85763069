#include "tests/model/foreign_oracle.h"

#include "model/foreign/eq_convert.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace wadsmith::test {

D3 Xform::apply(const D3& p) const {
  D3 o;
  for (int i = 0; i < 3; ++i) o[i] = r[i][0] * p[0] + r[i][1] * p[1] + r[i][2] * p[2] + t[i];
  return o;
}

Xform Xform::operator*(const Xform& c) const {
  Xform o;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) o.r[i][j] = r[i][0] * c.r[0][j] + r[i][1] * c.r[1][j] + r[i][2] * c.r[2][j];
  o.t = apply(c.t);
  return o;
}

M3 quatMatrix(double w, double x, double y, double z) {
  double n = std::sqrt(w * w + x * x + y * y + z * z);
  if (n == 0) return M3{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  w /= n, x /= n, y /= n, z /= n;
  return M3{{{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
             {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
             {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}}};
}

double distance(const D3& a, const D3& b) {
  return std::sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

D3 toTr(const D3& s, double scale) {
  static const M3 axes{{{0, -1, 0}, {0, 0, -1}, {1, 0, 0}}};
  D3 o;
  for (int i = 0; i < 3; ++i) o[i] = (axes[i][0] * s[0] + axes[i][1] * s[1] + axes[i][2] * s[2]) * scale;
  return o;
}

std::vector<Xform> poseTr(const imported::Model& m, const imported::Frame& f) {
  std::vector<Xform> out(m.bones.size());
  for (std::size_t i = 0; i < m.bones.size(); ++i) {
    const auto& q = f.rotations.at(i);
    Xform local;
    local.r = quatMatrix(q.w, q.x, q.y, q.z);
    if (i == 0) {
      local.t = {f.offset.x, f.offset.y, f.offset.z};
      out[i] = local;
      continue;
    }
    const auto& b = m.bones[i];
    if (b.parent < 0 || static_cast<std::size_t>(b.parent) >= i) throw std::logic_error("parent after child");
    Xform offset;
    offset.t = {b.offset.x, b.offset.y, b.offset.z};
    out[i] = out[b.parent] * offset * local;
  }
  return out;
}

namespace {
template <class T>
const T& as(const eq::Fragment* f) {
  if (!f) throw std::logic_error("missing fragment");
  return std::get<T>(f->parsed);
}
}  // namespace

EqSkeletonOracle::EqSkeletonOracle(const eq::World& w, const std::string& actor) : world(&w) {
  const eq::Fragment* a = nullptr;
  for (const auto& f : w.fragments)
    if (f.type == 0x14 && f.name == actor) a = &f;
  const auto& ref = as<eq::Reference>(w.resolve(as<eq::ActorDef>(a).models.at(0)));
  skeleton = &as<eq::Skeleton>(w.resolve(ref.target));
  parent.assign(skeleton->pieces.size(), -1);
  for (std::size_t p = 0; p < skeleton->pieces.size(); ++p)
    for (int c : skeleton->pieces[p].children) parent[c] = static_cast<int>(p);
  for (const auto& f : w.fragments)
    if (f.type == 0x13) tracks[f.name] = &as<eq::TrackDef>(w.resolve(std::get<eq::Track>(f.parsed).trackDef));
  for (const auto& p : skeleton->pieces) baseTrack.push_back(w.resolve(p.track)->name);
}

const eq::TrackFrame& EqSkeletonOracle::key(const std::string& prefix, int piece, std::size_t frame) const {
  auto it = prefix.empty() ? tracks.end() : tracks.find(prefix + baseTrack[piece]);
  const eq::TrackDef* def = it != tracks.end() ? it->second : tracks.at(baseTrack[piece]);
  if (it == tracks.end()) frame = 0;  // a piece the animation does not move keeps its rest key
  return def->frames.at(std::min(frame, def->frames.size() - 1));
}

std::size_t EqSkeletonOracle::frames(const std::string& prefix) const {
  std::size_t n = 1;
  for (const auto& b : baseTrack)
    if (auto it = tracks.find(prefix + b); it != tracks.end()) n = std::max(n, it->second->frames.size());
  return n;
}

std::vector<Xform> EqSkeletonOracle::pose(const std::string& prefix, std::size_t frame) const {
  std::vector<Xform> out(parent.size());
  std::vector<bool> done(parent.size(), false);
  for (std::size_t pass = 0; pass < parent.size(); ++pass)
    for (std::size_t p = 0; p < parent.size(); ++p) {
      if (done[p] || (parent[p] >= 0 && !done[parent[p]])) continue;
      const auto& k = key(prefix, static_cast<int>(p), frame);
      Xform local;
      local.r = quatMatrix(k.rotW, k.rotX, k.rotY, k.rotZ);
      if (k.shiftDenominator != 0)
        local.t = {double(k.shiftX) / k.shiftDenominator, double(k.shiftY) / k.shiftDenominator, double(k.shiftZ) / k.shiftDenominator};
      out[p] = parent[p] < 0 ? local : out[parent[p]] * local;
      done[p] = true;
    }
  return out;
}

double EqSkeletonOracle::shiftAllowance(const std::string& prefix, std::size_t frame, int piece, int rootPiece) const {
  double sum = 0;
  for (int p = piece; p >= 0 && p != rootPiece; p = parent[p]) {
    const auto& k = key(prefix, p, frame);
    const auto& r = key("", p, 0);
    auto shift = [](const eq::TrackFrame& x) {
      return x.shiftDenominator ? D3{double(x.shiftX) / x.shiftDenominator, double(x.shiftY) / x.shiftDenominator,
                                     double(x.shiftZ) / x.shiftDenominator}
                                : D3{0, 0, 0};
    };
    sum += distance(shift(k), shift(r));
  }
  return sum;
}

int EqSkeletonOracle::pieceOf(const std::string& name) const {
  for (std::size_t p = 0; p < skeleton->pieces.size(); ++p)
    if (skeleton->pieces[p].name == name) return static_cast<int>(p);
  throw std::runtime_error("no piece " + name);
}

imported::Model convertEqActor(const eq::World& w, const std::string& actor, double scale) {
  eq::ConvertOptions o;
  o.scale = static_cast<float>(scale);
  o.floor = false;
  eq::ModelSource src;
  for (const auto& s : eq::findModels(w))
    if (s.name == actor) src = s;
  return eq::convertModel(w, src, o, foreign::NoTextures{});
}

const eq::Mesh& eqMeshOf(const eq::World& w, eq::FragmentRef ref2d) {
  const auto& r = std::get<eq::Reference>(w.resolve(ref2d)->parsed);
  return std::get<eq::Mesh>(w.resolve(r.target)->parsed);
}

D3 eqStoredVertex(const eq::Mesh& m, std::size_t v) {
  double s = std::ldexp(1.0, -static_cast<int>(m.scale));
  return {m.center[0] + m.vertices[v][0] * s, m.center[1] + m.vertices[v][1] * s, m.center[2] + m.vertices[v][2] * s};
}

std::vector<EqCorner> eqCorners(const EqSkeletonOracle& oracle, const imported::Model& m, double scale) {
  const auto& sk = *oracle.skeleton;
  std::vector<EqCorner> corners;
  for (auto ref : sk.meshes) {
    const auto& mesh = eqMeshOf(*oracle.world, ref);
    std::size_t v = 0;
    for (const auto& run : mesh.vertexPieces)
      for (int k = 0; k < run.count; ++k, ++v) {
        int bone = -1;
        for (std::size_t b = 0; b < m.bones.size(); ++b)
          if (m.bones[b].name == sk.pieces[run.index].name) bone = static_cast<int>(b);
        EXPECT_GE(bone, 0) << sk.pieces[run.index].name;
        if (bone < 0) continue;
        D3 local = eqStoredVertex(mesh, v);
        const D3 want = toTr(local, scale);
        int at = -1;
        const auto& positions = m.meshes[static_cast<std::size_t>(bone)].positions;
        for (std::size_t i = 0; i < positions.size() && at < 0; ++i)
          if (distance({positions[i].x, positions[i].y, positions[i].z}, want) < 1e-3) at = static_cast<int>(i);
        EXPECT_GE(at, 0) << "vertex " << v << " of piece " << sk.pieces[run.index].name;
        if (at >= 0) corners.push_back({bone, at, run.index, local});
      }
  }
  return corners;
}

}  // namespace wadsmith::test
