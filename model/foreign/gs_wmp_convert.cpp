#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <set>

#include "model/foreign/convert_error.h"
#include "model/foreign/face_tools.h"
#include "model/foreign/gs_convert.h"
#include "model/foreign/space.h"

namespace wadsmith::gs {

using foreign::Vec3;

namespace {

std::string number(float v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", v);
  return b;
}

// WED's groups nest a few levels and its blocks have a handful of planes; far more is corrupt
// data, and the plane clipping costs the square of the count.
constexpr std::size_t kMaxDepth = 256;
constexpr std::size_t kMaxPlanes = 1024;

Vec3d sub(const Vec3d& a, const Vec3d& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
Vec3d crossd(const Vec3d& a, const Vec3d& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double dotd(const Vec3d& a, const Vec3d& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

// Placement of an object: scale, then roll (x), tilt (y, positive lifts the nose), pan (z).
struct Placement {
  double m[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  Vec3d t{0, 0, 0};
  Vec3d apply(const Vec3d& p) const {
    return {m[0][0] * p[0] + m[0][1] * p[1] + m[0][2] * p[2] + t[0], m[1][0] * p[0] + m[1][1] * p[1] + m[1][2] * p[2] + t[1],
            m[2][0] * p[0] + m[2][1] * p[1] + m[2][2] * p[2] + t[2]};
  }
  Placement then(const Placement& child) const {
    Placement r;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) r.m[i][j] = m[i][0] * child.m[0][j] + m[i][1] * child.m[1][j] + m[i][2] * child.m[2][j];
    r.t = apply(child.t);
    return r;
  }
};

Placement placementOf(const WmpObject& o) {
  double cp = std::cos(o.angles[0]), sp = std::sin(o.angles[0]);
  double ct = std::cos(-o.angles[1]), st = std::sin(-o.angles[1]);
  double cr = std::cos(o.angles[2]), sr = std::sin(o.angles[2]);
  double rz[3][3] = {{cp, -sp, 0}, {sp, cp, 0}, {0, 0, 1}};
  double ry[3][3] = {{ct, 0, st}, {0, 1, 0}, {-st, 0, ct}};
  double rx[3][3] = {{1, 0, 0}, {0, cr, -sr}, {0, sr, cr}};
  double a[3][3], r[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) a[i][j] = ry[i][0] * rx[0][j] + ry[i][1] * rx[1][j] + ry[i][2] * rx[2][j];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r[i][j] = rz[i][0] * a[0][j] + rz[i][1] * a[1][j] + rz[i][2] * a[2][j];
  Placement p;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) p.m[i][j] = r[i][j] * o.scale[j];
  p.t = o.position;
  return p;
}

struct Polygon {
  std::vector<Vec3d> points;  // block coordinates, in drawing order
  const WmpTexturing* texturing = nullptr;
};

// The convex solid bounded by the planes: each plane's polygon is a large square on it cut
// by every other plane. The planes' normals, (p1 - p2) x (p3 - p2), point out of the block.
std::vector<Polygon> polygonsFromPlanes(const WmpBlock& b) {
  std::vector<Polygon> out;
  struct Plane {
    Vec3d n;
    double d;
  };
  std::vector<Plane> planes;
  for (const auto& p : b.planes) {
    Vec3d n = crossd(sub(p.points[0], p.points[1]), sub(p.points[2], p.points[1]));
    double len = std::sqrt(dotd(n, n));
    if (len < 1e-12) continue;
    n = {n[0] / len, n[1] / len, n[2] / len};
    planes.push_back({n, dotd(n, p.points[1])});
  }
  for (std::size_t i = 0; i < b.planes.size() && i < planes.size(); ++i) {
    const auto& pl = planes[i];
    Vec3d a = std::abs(pl.n[2]) < 0.9 ? Vec3d{0, 0, 1} : Vec3d{1, 0, 0};
    Vec3d u = crossd(pl.n, a);
    double ul = std::sqrt(dotd(u, u));
    u = {u[0] / ul, u[1] / ul, u[2] / ul};
    Vec3d v = crossd(pl.n, u);
    Vec3d c = {pl.n[0] * pl.d, pl.n[1] * pl.d, pl.n[2] * pl.d};
    constexpr double kBig = 1e6;
    std::vector<Vec3d> poly;
    // Counter-clockwise seen from outside (along n), then reversed below for TR's order.
    for (auto [su, sv] : {std::pair{-1, -1}, std::pair{1, -1}, std::pair{1, 1}, std::pair{-1, 1}})
      poly.push_back({c[0] + kBig * (su * u[0] + sv * v[0]), c[1] + kBig * (su * u[1] + sv * v[1]),
                      c[2] + kBig * (su * u[2] + sv * v[2])});
    for (std::size_t j = 0; j < planes.size() && !poly.empty(); ++j) {
      if (j == i) continue;
      std::vector<Vec3d> kept;
      for (std::size_t k = 0; k < poly.size(); ++k) {
        const Vec3d& p = poly[k];
        const Vec3d& q = poly[(k + 1) % poly.size()];
        double dp = dotd(planes[j].n, p) - planes[j].d, dq = dotd(planes[j].n, q) - planes[j].d;
        if (dp <= 1e-9) kept.push_back(p);
        if ((dp < -1e-9 && dq > 1e-9) || (dp > 1e-9 && dq < -1e-9)) {
          double t = dp / (dp - dq);
          kept.push_back({p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]), p[2] + t * (q[2] - p[2])});
        }
      }
      poly = std::move(kept);
    }
    if (poly.size() < 3) continue;
    Polygon out1;
    out1.points = poly;
    out1.texturing = &b.planes[i].texturing;
    out.push_back(std::move(out1));
  }
  return out;
}

std::vector<Polygon> polygonsOf(const WmpBlock& b) {
  if (b.planes.size() > kMaxPlanes)
    throw foreign::ConvertError("block " + std::to_string(b.index) + " has " + std::to_string(b.planes.size()) +
                                " planes, more than the " + std::to_string(kMaxPlanes) + " a convex block is built of");
  if (!b.planes.empty()) return polygonsFromPlanes(b);
  std::vector<Polygon> out;
  for (const auto& f : b.faces) {
    Polygon p;
    for (int v : f.vertices) p.points.push_back(b.vertices[static_cast<std::size_t>(v)]);
    p.texturing = &f.texturing;
    out.push_back(std::move(p));
  }
  return out;
}

// Texture axes of a plane without explicit ones: the axis-aligned projection nearest its
// normal (as Quake-family editors do), turned by the face's angle.
void defaultAxes(const Vec3d& n, Vec3d& u, Vec3d& v, double angleDegrees) {
  double ax = std::abs(n[0]), ay = std::abs(n[1]), az = std::abs(n[2]);
  if (az >= ax && az >= ay) u = {1, 0, 0}, v = {0, -1, 0};
  else if (ax >= ay) u = {0, 1, 0}, v = {0, 0, -1};
  else u = {1, 0, 0}, v = {0, 0, -1};
  double a = angleDegrees * 3.14159265358979323846 / 180.0, c = std::cos(a), s = std::sin(a);
  Vec3d ru{c * u[0] - s * v[0], c * u[1] - s * v[1], c * u[2] - s * v[2]};
  Vec3d rv{s * u[0] + c * v[0], s * u[1] + c * v[1], s * u[2] + c * v[2]};
  u = ru, v = rv;
}

}  // namespace

std::vector<std::string> wmpStaticNames(const WmpMap& map) {
  std::vector<std::string> out;
  for (const auto& o : map.objects)
    if (std::any_of(o.members.begin(), o.members.end(), [](const WmpMember& m) { return m.kind == "block"; }))
      out.push_back("object" + std::to_string(o.index));
  if (!map.blocks.empty()) out.push_back("all");
  return out;
}

imported::Model convertWmp(const WmpMap& map, const std::string& requested, const WmpOptions& o,
                           const foreign::TextureSource& textures) {
  if (!(o.scale > 0) || !std::isfinite(o.scale)) throw foreign::ConvertError("scale must be a positive number");
  std::string name;
  for (char c : requested)
    if (!std::isspace(static_cast<unsigned char>(c))) name.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  std::map<int, const WmpBlock*> blocks;
  for (const auto& b : map.blocks) blocks[b.index] = &b;
  std::map<int, const WmpObject*> objects;
  for (const auto& ob : map.objects) objects[ob.index] = &ob;

  // Blocks to draw, each with its placement.
  std::vector<std::pair<const WmpBlock*, Placement>> placed;
  std::set<int> visiting;
  std::function<void(const WmpObject&, const Placement&)> walk = [&](const WmpObject& ob, const Placement& at) {
    if (!visiting.insert(ob.index).second) return;  // an object inside itself: once is enough
    if (visiting.size() > kMaxDepth)
      throw foreign::ConvertError("the object tree is deeper than " + std::to_string(kMaxDepth) + " at object " +
                                  std::to_string(ob.index));
    for (const auto& mem : ob.members) {
      if (mem.kind == "block") {
        if (auto it = blocks.find(mem.index); it != blocks.end()) placed.push_back({it->second, at});
      } else if (mem.kind == "object") {
        if (auto it = objects.find(mem.index); it != objects.end()) walk(*it->second, at.then(placementOf(*it->second)));
      }
    }
    visiting.erase(ob.index);
  };
  imported::Model out;
  out.movable = false;
  if (name == "all") {
    out.name = "all";
    std::set<int> children;
    for (const auto& ob : map.objects)
      for (const auto& mem : ob.members)
        if (mem.kind == "object") children.insert(mem.index);
    for (const auto& ob : map.objects)
      if (!children.count(ob.index)) walk(ob, placementOf(ob));
    std::set<const WmpBlock*> seen;
    for (const auto& [b, p] : placed) seen.insert(b);
    int loose = 0;
    for (const auto& b : map.blocks)
      if (!seen.count(&b)) placed.push_back({&b, Placement{}}), ++loose;
    if (loose) out.notes.push_back(std::to_string(loose) + " block(s) in no object: placed where they are stored");
  } else {
    const WmpObject* ob = nullptr;
    for (const auto& x : map.objects)
      if ("object" + std::to_string(x.index) == name) ob = &x;
    if (!ob) throw foreign::ConvertError("the map has no object \"" + requested + "\"");
    out.name = "object" + std::to_string(ob->index);
    walk(*ob, Placement{});  // in the object's own space: its placement in the map is left out
  }
  if (placed.empty()) throw foreign::ConvertError("\"" + requested + "\" holds no blocks");

  imported::Mesh mesh;
  mesh.name = out.name;
  std::map<std::string, int> imageOf;
  std::set<std::string> missing, found;
  int reversed = 0, clamped = 0, split = 0;
  for (const auto& [block, at] : placed) {
    auto polys = polygonsOf(*block);
    Vec3d centre{0, 0, 0};
    std::size_t count = 0;
    for (const auto& p : polys)
      for (const auto& q : p.points) centre = {centre[0] + q[0], centre[1] + q[1], centre[2] + q[2]}, ++count;
    if (count) centre = {centre[0] / count, centre[1] / count, centre[2] / count};
    for (auto poly : polys) {
      // Outward faces draw with TR's order (normal along (v2 - v0) x (v1 - v0)): a polygon
      // whose counter-clockwise normal points out of the block is reversed.
      Vec3d n{0, 0, 0}, c{0, 0, 0};
      for (std::size_t k = 0; k < poly.points.size(); ++k) {
        const auto& p = poly.points[k];
        const auto& q = poly.points[(k + 1) % poly.points.size()];
        n = {n[0] + (p[1] - q[1]) * (p[2] + q[2]), n[1] + (p[2] - q[2]) * (p[0] + q[0]), n[2] + (p[0] - q[0]) * (p[1] + q[1])};
        c = {c[0] + p[0], c[1] + p[1], c[2] + p[2]};
      }
      double k = 1.0 / static_cast<double>(poly.points.size());
      c = {c[0] * k, c[1] * k, c[2] * k};
      if (dotd(n, sub(c, centre)) > 0) {
        std::reverse(poly.points.begin(), poly.points.end());
        if (block->planes.empty()) ++reversed;
      }
      const WmpTexturing& tx = *poly.texturing;
      int image = -1;
      if (auto it = imageOf.find(tx.texture); it != imageOf.end()) {
        image = it->second;
      } else if (auto pic = textures.find(tx.texture)) {
        image = static_cast<int>(out.images.size());
        out.images.push_back(foreign::toImage(*pic, tx.texture));
        imageOf[tx.texture] = image;
        found.insert(tx.texture);
      } else {
        imageOf[tx.texture] = -1;
        missing.insert(tx.texture);
      }
      Vec3d ua, va;
      double uo = 0, vo = 0;
      if (tx.hasAxes) {
        ua = {tx.uAxis[0], tx.uAxis[1], tx.uAxis[2]}, va = {tx.vAxis[0], tx.vAxis[1], tx.vAxis[2]};
        uo = tx.uAxis[3], vo = tx.vAxis[3];
      } else {
        defaultAxes(n, ua, va, tx.angle);
      }
      int base = static_cast<int>(mesh.positions.size());
      std::vector<imported::Vec2> uv;
      for (const auto& p : poly.points) {
        Vec3d w = at.apply(p);
        mesh.positions.push_back(foreign::zUpToTr(Vec3{static_cast<float>(w[0]), static_cast<float>(w[1]), static_cast<float>(w[2])}) * o.scale);
        if (image >= 0) {
          // Pixels: (position along the axis + the axis' offset) / pixel size + the face's shift.
          double su = tx.xScale != 0 ? tx.xScale : 1, sv = tx.yScale != 0 ? tx.yScale : 1;
          double px = (dotd(p, ua) + uo) / su + tx.xOffset, py = (dotd(p, va) + vo) / sv + tx.yOffset;
          const auto& img = out.images[static_cast<std::size_t>(image)];
          uv.push_back({static_cast<float>(px / img.width), static_cast<float>(py / img.height)});
        }
      }
      // Triangles and quads as they are; larger polygons as a fan of triangles.
      std::size_t np = poly.points.size();
      std::vector<std::array<std::size_t, 4>> pieces;
      if (np == 3 || np == 4) {
        pieces.push_back({0, 1, 2, np == 4 ? 3u : 0u});
      } else {
        for (std::size_t k = 1; k + 1 < np; ++k) pieces.push_back({0, k, k + 1, 0});
        ++split;
      }
      for (const auto& piece : pieces) {
        imported::Face f;
        f.corners = (np == 4) ? 4 : 3;
        f.image = image;
        f.color = foreign::colorForName(tx.texture);
        for (int j = 0; j < f.corners; ++j) {
          f.vertices[j] = base + static_cast<int>(piece[j]);
          if (image >= 0) f.uv[j] = uv[piece[j]];
        }
        if (image >= 0 && !foreign::fitFaceUv(std::span(f.uv.data(), static_cast<std::size_t>(f.corners)))) ++clamped;
        mesh.faces.push_back(f);
      }
    }
  }
  out.meshes.push_back(std::move(mesh));
  out.notes.push_back("3D GameStudio axes (x forward, y left, z up) turned to TR's (x right, y down, z forward); " +
                      number(o.scale) + " TR units per quant");
  out.notes.push_back(std::to_string(placed.size()) + " block(s), " + std::to_string(out.meshes[0].faces.size()) + " faces");
  std::string list;
  for (const auto& t : missing) list += (list.empty() ? "" : ", ") + t;
  out.notes.push_back("textures searched in " + textures.describe() + ": " + std::to_string(found.size()) + " found" +
                      (missing.empty() ? "" : ", missing (solid colours): " + list));
  for (const auto& p : textures.problems()) out.notes.push_back("unreadable picture: " + p);
  if (reversed) out.notes.push_back(std::to_string(reversed) + " face(s) listed facing into their block: turned outward");
  if (split) out.notes.push_back(std::to_string(split) + " polygon(s) of five or more corners split into triangles");
  if (clamped) out.notes.push_back(std::to_string(clamped) + " face(s) whose texture repeats across them: clamped");
  if (o.floor) {
    float shift = -foreign::lowestPoint(out);
    for (auto& p : out.meshes[0].positions) p.y += shift;
    out.notes.push_back("stood on the floor: moved " + number(shift) + " along y");
  }
  return out;
}

}  // namespace wadsmith::gs
