#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

#include "model/foreign/convert_error.h"
#include "model/foreign/face_tools.h"
#include "model/foreign/gs_convert.h"
#include "model/geometry/matrix.h"

namespace wadsmith::gs {

using foreign::Vec3;
using geometry::Mat4d;

namespace {

// WED's groups nest a few levels and its blocks have a handful of planes; far more is corrupt
// data, and the plane clipping costs the square of the count.
constexpr std::size_t kMaxDepth = 256;
constexpr std::size_t kMaxPlanes = 1024;

// Placement of an object: scale, then roll (x), tilt (y, positive lifts the nose), pan (z).
Mat4d placementOf(const WmpObject& o) {
  Mat4d r = Mat4d::rotationZ(o.angles.x) * (Mat4d::rotationY(-o.angles.y) * Mat4d::rotationX(o.angles.z)) *
            Mat4d::scale(o.scale);
  r.at(0, 3) = o.position.x, r.at(1, 3) = o.position.y, r.at(2, 3) = o.position.z;
  return r;
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
    Vec3d n = cross(p.points[0] - p.points[1], p.points[2] - p.points[1]);
    double len = length(n);
    if (len < 1e-12) continue;
    n = {n.x / len, n.y / len, n.z / len};
    planes.push_back({n, dot(n, p.points[1])});
  }
  for (std::size_t i = 0; i < b.planes.size() && i < planes.size(); ++i) {
    const auto& pl = planes[i];
    Vec3d u = cross(pl.n, std::abs(pl.n.z) < 0.9 ? Vec3d{0, 0, 1} : Vec3d{1, 0, 0});
    double ul = length(u);
    u = {u.x / ul, u.y / ul, u.z / ul};
    Vec3d v = cross(pl.n, u);
    Vec3d c = pl.n * pl.d;
    constexpr double kBig = 1e6;
    std::vector<Vec3d> poly;
    // Counter-clockwise seen from outside (along n), then reversed below for TR's order.
    for (auto [su, sv] : {std::pair{-1.0, -1.0}, std::pair{1.0, -1.0}, std::pair{1.0, 1.0}, std::pair{-1.0, 1.0}})
      poly.push_back(c + (u * su + v * sv) * kBig);
    for (std::size_t j = 0; j < planes.size() && !poly.empty(); ++j) {
      if (j == i) continue;
      std::vector<Vec3d> kept;
      for (std::size_t k = 0; k < poly.size(); ++k) {
        const Vec3d& p = poly[k];
        const Vec3d& q = poly[(k + 1) % poly.size()];
        double dp = dot(planes[j].n, p) - planes[j].d, dq = dot(planes[j].n, q) - planes[j].d;
        if (dp <= 1e-9) kept.push_back(p);
        if ((dp < -1e-9 && dq > 1e-9) || (dp > 1e-9 && dq < -1e-9)) kept.push_back(p + (q - p) * (dp / (dp - dq)));
      }
      poly = std::move(kept);
    }
    if (poly.size() >= 3) out.push_back({std::move(poly), &b.planes[i].texturing});
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
    Polygon p{.texturing = &f.texturing};
    for (int v : f.vertices) p.points.push_back(b.vertices[static_cast<std::size_t>(v)]);
    out.push_back(std::move(p));
  }
  return out;
}

// Texture axes of a plane without explicit ones: the axis-aligned projection nearest its
// normal (as Quake-family editors do), turned by the face's angle.
void defaultAxes(const Vec3d& n, Vec3d& u, Vec3d& v, double angleDegrees) {
  double ax = std::abs(n.x), ay = std::abs(n.y), az = std::abs(n.z);
  if (az >= ax && az >= ay) u = {1, 0, 0}, v = {0, -1, 0};
  else if (ax >= ay) u = {0, 1, 0}, v = {0, 0, -1};
  else u = {1, 0, 0}, v = {0, 0, -1};
  double a = angleDegrees * geometry::kPi / 180.0, c = std::cos(a), s = std::sin(a);
  const Vec3d ru = u * c - v * s, rv = u * s + v * c;
  u = ru, v = rv;
}

using Placed = std::vector<std::pair<const WmpBlock*, Mat4d>>;

// The blocks `name` draws ("all" or "objectN"), each with its placement.
Placed placedBlocks(const WmpMap& map, const std::string& name, const std::string& requested, imported::Model& out) {
  std::map<int, const WmpBlock*> blocks;
  for (const auto& b : map.blocks) blocks[b.index] = &b;
  std::map<int, const WmpObject*> objects;
  for (const auto& ob : map.objects) objects[ob.index] = &ob;
  Placed placed;
  std::set<int> visiting;
  std::function<void(const WmpObject&, const Mat4d&)> walk = [&](const WmpObject& ob, const Mat4d& at) {
    if (!visiting.insert(ob.index).second) return;  // an object inside itself: once is enough
    if (visiting.size() > kMaxDepth)
      throw foreign::ConvertError("the object tree is deeper than " + std::to_string(kMaxDepth) + " at object " +
                                  std::to_string(ob.index));
    for (const auto& mem : ob.members) {
      if (mem.kind == "block") {
        if (auto it = blocks.find(mem.index); it != blocks.end()) placed.push_back({it->second, at});
      } else if (mem.kind == "object") {
        if (auto it = objects.find(mem.index); it != objects.end()) walk(*it->second, at * placementOf(*it->second));
      }
    }
    visiting.erase(ob.index);
  };
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
      if (!seen.count(&b)) placed.push_back({&b, Mat4d{}}), ++loose;
    if (loose) out.notes.push_back(std::to_string(loose) + " block(s) in no object: placed where they are stored");
  } else {
    const WmpObject* ob = nullptr;
    for (const auto& x : map.objects)
      if ("object" + std::to_string(x.index) == name) ob = &x;
    if (!ob) throw foreign::ConvertError("the map has no object \"" + requested + "\"");
    out.name = "object" + std::to_string(ob->index);
    walk(*ob, Mat4d{});  // in the object's own space: its placement in the map is left out
  }
  if (placed.empty()) throw foreign::ConvertError("\"" + requested + "\" holds no blocks");
  return placed;
}

// The faces of placed blocks as one mesh, with the pictures their textures name.
class BlockMesher {
 public:
  BlockMesher(const Options& o, const foreign::TextureSource& textures, imported::Model& out)
      : o_(o), textures_(textures), out_(out) {
    mesh_.name = out.name;
  }

  void add(const WmpBlock& block, const Mat4d& at) {
    auto polys = polygonsOf(block);
    Vec3d centre{0, 0, 0};
    std::size_t count = 0;
    for (const auto& p : polys)
      for (const auto& q : p.points) centre = centre + q, ++count;
    if (count) centre = {centre.x / count, centre.y / count, centre.z / count};
    for (auto& poly : polys) add(poly, at, centre, block.planes.empty());
  }

  void finish(std::size_t blocks) {
    out_.meshes.push_back(std::move(mesh_));
    out_.notes.push_back("3D GameStudio axes (x forward, y left, z up) turned to TR's (x right, y down, z forward); " +
                         foreign::fixed(o_.scale) + " TR units per quant");
    out_.notes.push_back(std::to_string(blocks) + " block(s), " + std::to_string(out_.meshes[0].faces.size()) + " faces");
    out_.notes.push_back("textures searched in " + textures_.describe() + ": " + std::to_string(found_.size()) + " found" +
                         (missing_.empty() ? "" : ", missing (solid colours): " + foreign::joined(missing_)));
    for (const auto& p : textures_.problems()) out_.notes.push_back("unreadable picture: " + p);
    if (reversed_) out_.notes.push_back(std::to_string(reversed_) + " face(s) listed facing into their block: turned outward");
    if (split_) out_.notes.push_back(std::to_string(split_) + " polygon(s) of five or more corners split into triangles");
    if (clamped_) out_.notes.push_back(std::to_string(clamped_) + " face(s) whose texture repeats across them: clamped");
  }

 private:
  void add(Polygon& poly, const Mat4d& at, const Vec3d& centre, bool listed) {
    // Outward faces draw with TR's order (normal along (v2 - v0) x (v1 - v0)): a polygon
    // whose counter-clockwise normal points out of the block is reversed.
    Vec3d n{0, 0, 0}, c{0, 0, 0};
    for (std::size_t k = 0; k < poly.points.size(); ++k) {
      const auto& p = poly.points[k];
      const auto& q = poly.points[(k + 1) % poly.points.size()];
      n = n + Vec3d{(p.y - q.y) * (p.z + q.z), (p.z - q.z) * (p.x + q.x), (p.x - q.x) * (p.y + q.y)};
      c = c + p;
    }
    c = c * (1.0 / static_cast<double>(poly.points.size()));
    if (dot(n, c - centre) > 0) {
      std::reverse(poly.points.begin(), poly.points.end());
      if (listed) ++reversed_;
    }
    const WmpTexturing& tx = *poly.texturing;
    const int image = imageOf(tx.texture);
    const int base = static_cast<int>(mesh_.positions.size());
    std::vector<imported::Vec2> uv;
    for (const auto& p : poly.points) {
      Vec3d w = at.point(p);
      mesh_.positions.push_back(foreign::zUpToTr(Vec3{static_cast<float>(w.x), static_cast<float>(w.y), static_cast<float>(w.z)}) * o_.scale);
      if (image >= 0) uv.push_back(texel(tx, n, p, out_.images[static_cast<std::size_t>(image)]));
    }
    // Triangles and quads as they are; larger polygons as a fan of triangles.
    const std::size_t np = poly.points.size();
    std::vector<std::array<std::size_t, 4>> pieces;
    if (np == 3 || np == 4) {
      pieces.push_back({0, 1, 2, np == 4 ? 3u : 0u});
    } else {
      for (std::size_t k = 1; k + 1 < np; ++k) pieces.push_back({0, k, k + 1, 0});
      ++split_;
    }
    for (const auto& piece : pieces) {
      imported::Face f{.corners = np == 4 ? 4 : 3, .image = image,
                       .color = foreign::colorForName(tx.texture)};
      for (int j = 0; j < f.corners; ++j) {
        f.vertices[j] = base + static_cast<int>(piece[j]);
        if (image >= 0) f.uv[j] = uv[piece[j]];
      }
      if (image >= 0 && !foreign::fitFaceUv(std::span(f.uv.data(), static_cast<std::size_t>(f.corners)))) ++clamped_;
      mesh_.faces.push_back(f);
    }
  }

  int imageOf(const std::string& texture) {
    if (auto it = imageOf_.find(texture); it != imageOf_.end()) return it->second;
    int image = -1;
    if (auto pic = textures_.find(texture)) {
      image = static_cast<int>(out_.images.size());
      out_.images.push_back(foreign::toImage(*pic, texture));
      found_.insert(texture);
    } else {
      missing_.insert(texture);
    }
    return imageOf_[texture] = image;
  }

  // Pixels: (position along the axis + the axis' offset) / pixel size + the face's shift.
  static imported::Vec2 texel(const WmpTexturing& tx, const Vec3d& n, const Vec3d& p, const imported::Image& img) {
    Vec3d ua, va;
    double uo = 0, vo = 0;
    if (tx.hasAxes) {
      ua = {tx.uAxis[0], tx.uAxis[1], tx.uAxis[2]}, va = {tx.vAxis[0], tx.vAxis[1], tx.vAxis[2]};
      uo = tx.uAxis[3], vo = tx.vAxis[3];
    } else {
      defaultAxes(n, ua, va, tx.angle);
    }
    double su = tx.xScale != 0 ? tx.xScale : 1, sv = tx.yScale != 0 ? tx.yScale : 1;
    double px = (dot(p, ua) + uo) / su + tx.xOffset, py = (dot(p, va) + vo) / sv + tx.yOffset;
    return {static_cast<float>(px / img.width), static_cast<float>(py / img.height)};
  }

  const Options& o_;
  const foreign::TextureSource& textures_;
  imported::Model& out_;
  imported::Mesh mesh_;
  std::map<std::string, int> imageOf_;
  std::set<std::string> missing_, found_;
  int reversed_ = 0, clamped_ = 0, split_ = 0;
};

}  // namespace

std::vector<std::string> wmpStaticNames(const WmpMap& map) {
  std::vector<std::string> out;
  for (const auto& o : map.objects)
    if (std::any_of(o.members.begin(), o.members.end(), [](const WmpMember& m) { return m.kind == "block"; }))
      out.push_back("object" + std::to_string(o.index));
  if (!map.blocks.empty()) out.push_back("all");
  return out;
}

imported::Model convertWmp(const WmpMap& map, const std::string& requested, const Options& o,
                           const foreign::TextureSource& textures) {
  if (!(o.scale > 0) || !std::isfinite(o.scale)) throw foreign::ConvertError("scale must be a positive number");
  imported::Model out{.movable = false};
  const Placed placed = placedBlocks(map, foreign::squeezed(requested), requested, out);
  BlockMesher mesher(o, textures, out);
  for (const auto& [block, at] : placed) mesher.add(*block, at);
  mesher.finish(placed.size());
  if (o.floor) foreign::standOnFloor(out);
  return out;
}

}  // namespace wadsmith::gs
