#include "tests/support/wad2_classic_compare.h"

#include <array>
#include <cmath>
#include <map>
#include <sstream>

#include "model/object_view.h"
#include "model/texture_mapping.h"
#include "model/texture_word.h"

namespace wadsmith::test {
namespace {

constexpr double kPi = 3.14159265358979323846;

struct Side {
  const WadDocument& doc;
  ObjectView view;
  explicit Side(const WadDocument& d) : doc(d), view(d.objects) {}
};

// The RGB a face corner samples (magenta for none).
std::array<std::uint8_t, 3> cornerPixel(const Side& s, const Polygon& p, int corner) {
  const auto sample = WadTextureWord::decode(p.texture, p.quad).sample;
  if (sample >= s.doc.samples->size()) return {255, 0, 255};
  const auto px = wadFaceCornerPixels(p, (*s.doc.samples)[sample])[static_cast<std::size_t>(corner)];
  const auto* rgb = s.doc.pixels->pixel((*s.doc.samples)[sample].page, px[0], px[1]);
  return rgb ? std::array<std::uint8_t, 3>{rgb[0], rgb[1], rgb[2]} : std::array<std::uint8_t, 3>{255, 0, 255};
}

// The angle in degrees between two TR rotations (Ry Rx Rz): the same turn may be written
// one-axis or three-axis, or with other angles (x, 180, 180 is 180 - x, 0, 0).
double turnBetween(const Rotation& a, const Rotation& b) {
  auto quat = [](const Rotation& r) {
    auto axis = [](double deg, int i) {
      std::array<double, 4> q{std::cos(deg * kPi / 360), 0, 0, 0};
      q[static_cast<std::size_t>(1 + i)] = std::sin(deg * kPi / 360);
      return q;
    };
    auto mul = [](const std::array<double, 4>& p, const std::array<double, 4>& q) {
      return std::array<double, 4>{p[0] * q[0] - p[1] * q[1] - p[2] * q[2] - p[3] * q[3], p[0] * q[1] + p[1] * q[0] + p[2] * q[3] - p[3] * q[2],
                                   p[0] * q[2] - p[1] * q[3] + p[2] * q[0] + p[3] * q[1], p[0] * q[3] + p[1] * q[2] - p[2] * q[1] + p[3] * q[0]};
    };
    return mul(mul(axis(r.y, 1), axis(r.x, 0)), axis(r.z, 2));
  };
  const auto p = quat(a), q = quat(b);
  const double d = std::abs(p[0] * q[0] + p[1] * q[1] + p[2] * q[2] + p[3] * q[3]);
  return 2 * std::acos(std::min(1.0, d)) * 180 / kPi;
}

double normalAngle(const Vec3s& a, const Vec3s& b) {
  const double la = std::sqrt(double(a.x) * a.x + double(a.y) * a.y + double(a.z) * a.z);
  const double lb = std::sqrt(double(b.x) * b.x + double(b.y) * b.y + double(b.z) * b.z);
  if (la < 1 || lb < 1) return la < 1 && lb < 1 ? 0 : 180;
  const double c = (double(a.x) * b.x + double(a.y) * b.y + double(a.z) * b.z) / (la * lb);
  return std::acos(std::clamp(c, -1.0, 1.0)) * 180 / kPi;
}

class Comparer {
 public:
  Comparer(const WadDocument& e, const WadDocument& a) : e_(e), a_(a) {}
  std::vector<std::string> out;

  void mesh(const std::string& at, const Mesh* me, const Mesh* ma) {
    if (!me || !ma) return (void)(me != ma ? add(at, "one mesh is missing") : void());
    if (me->vertices != ma->vertices) add(at, "vertices differ");
    if (me->center != ma->center || me->radius != ma->radius) add(at, "spheres differ");
    if (me->usesShades() != ma->usesShades()) add(at, "one is shaded, the other has normals");
    for (std::size_t i = 0; i < me->normals.size() && i < ma->normals.size(); ++i)
      if (normalAngle(me->normals[i], ma->normals[i]) > 1.0) return add(at, "normal " + std::to_string(i) + " turned");
    for (std::size_t i = 0; i < me->shades.size() && i < ma->shades.size(); ++i)
      if (std::abs(me->shades[i] - ma->shades[i]) > 1) return add(at, "shade " + std::to_string(i) + " differs");
    if (me->polygons.size() != ma->polygons.size()) return add(at, "face counts differ");
    for (std::size_t f = 0; f < me->polygons.size(); ++f) face(at + " face " + std::to_string(f), me->polygons[f], ma->polygons[f]);
  }

  void face(const std::string& at, const Polygon& pe, const Polygon& pa) {
    if (pe.quad != pa.quad || pe.vertices != pa.vertices) return add(at, "corners differ");
    if ((pe.attributes & attr::kTranslucent) != (pa.attributes & attr::kTranslucent)) add(at, "translucency differs");
    if (attr::intensity(pe.attributes) != attr::intensity(pa.attributes)) add(at, "shine differs");
    for (int c = 0; c < pe.corners(); ++c)
      if (cornerPixel(e_, pe, c) != cornerPixel(a_, pa, c)) return add(at, "corner " + std::to_string(c) + " samples another pixel");
  }

  void movable(std::size_t ie, std::size_t ia) {
    const std::string at = "movable " + std::to_string(e_.view.movables()[ie].objectId);
    const auto me = e_.view.movableMeshes(ie), ma = a_.view.movableMeshes(ia);
    if (me.size() != ma.size()) return add(at, "mesh counts differ");
    for (std::size_t i = 0; i < me.size(); ++i) mesh(at + " mesh " + std::to_string(i), me[i].mesh, ma[i].mesh);
    const auto se = e_.view.skeleton(ie).bones, sa = a_.view.skeleton(ia).bones;
    for (std::size_t i = 0; i < se.size() && i < sa.size(); ++i)
      if (se[i].parent != sa[i].parent || se[i].offset != sa[i].offset) add(at, "bone " + std::to_string(i) + " differs");
    const auto re = e_.view.animationRange(ie), ra = a_.view.animationRange(ia);
    if (re.second - re.first != ra.second - ra.first) return add(at, "animation counts differ");
    for (std::size_t j = 0; j < re.second - re.first; ++j)
      animation(at + " animation " + std::to_string(j), re.first, ra.first, j, me.size());
  }

  void animation(const std::string& at, std::size_t fe, std::size_t fa, std::size_t j, std::size_t meshes);
  void staticObject(std::size_t ie, std::size_t ia);

 private:
  void add(const std::string& at, const std::string& what) { out.push_back(at + ": " + what); }
  // A frame relative to the start of the animation a stored index names (16-bit, as stored).
  std::uint16_t relative(const Side& s, std::size_t first, const RecordRef& next, std::int64_t frame, std::size_t& index) const {
    const auto i = s.view.indexOf(next).value_or(0);
    index = i - first;
    return static_cast<std::uint16_t>(frame - s.view.animations()[i].frameStart);
  }
  Side e_, a_;
};

void Comparer::animation(const std::string& at, std::size_t fe, std::size_t fa, std::size_t j, std::size_t meshes) {
  const auto& ae = e_.view.animations()[fe + j];
  const auto& aa = a_.view.animations()[fa + j];
  if (ae.frameDuration != aa.frameDuration || ae.stateId != aa.stateId) add(at, "duration or state differs");
  if (ae.speed != aa.speed || ae.lateralSpeed != aa.lateralSpeed || std::abs(ae.accel - aa.accel) > 1 ||
      std::abs(ae.lateralAccel - aa.lateralAccel) > 1)
    add(at, "velocities differ");
  if (ae.frameEnd - ae.frameStart != aa.frameEnd - aa.frameStart) add(at, "lengths differ");
  std::size_t ne = 0, na = 0;
  if (relative(e_, fe, ae.nextAnimation, ae.nextFrame, ne) != relative(a_, fa, aa.nextAnimation, aa.nextFrame, na) || ne != na)
    add(at, "next animation or frame differs");
  auto [se, seEnd] = e_.view.stateChangeRange(fe + j);
  auto [sa, saEnd] = a_.view.stateChangeRange(fa + j);
  if (seEnd - se != saEnd - sa) return add(at, "state change counts differ");
  for (; se < seEnd; ++se, ++sa) {
    if (e_.view.stateChanges()[se].stateId != a_.view.stateChanges()[sa].stateId) add(at, "state ids differ");
    auto [de, deEnd] = e_.view.dispatchRange(se);
    auto [da, daEnd] = a_.view.dispatchRange(sa);
    if (deEnd - de != daEnd - da) return add(at, "dispatch counts differ");
    for (; de < deEnd; ++de, ++da) {
      const auto& x = e_.view.dispatches()[de];
      const auto& y = a_.view.dispatches()[da];
      if (x.inFrame - ae.frameStart != y.inFrame - aa.frameStart || x.outFrame - ae.frameStart != y.outFrame - aa.frameStart ||
          relative(e_, fe, x.nextAnimation, x.nextFrame, ne) != relative(a_, fa, y.nextAnimation, y.nextFrame, na) || ne != na)
        add(at, "dispatch " + std::to_string(de) + " differs");
    }
  }
  const auto ce = e_.view.commands(fe + j).commands, ca = a_.view.commands(fa + j).commands;
  if (ce.size() != ca.size()) return add(at, "command counts differ");
  for (std::size_t c = 0; c < ce.size(); ++c) {
    auto x = ce[c].operands, y = ca[c].operands;
    if ((ce[c].code == 5 || ce[c].code == 6) && !x.empty() && !y.empty())
      x[0] = static_cast<std::int16_t>(x[0] - ae.frameStart), y[0] = static_cast<std::int16_t>(y[0] - aa.frameStart);
    if (ce[c].code != ca[c].code || x != y) add(at, "command " + std::to_string(c) + " differs");
  }
  const auto ke = e_.view.keyframes(fe + j, meshes), ka = a_.view.keyframes(fa + j, meshes);
  if (ke.size() != ka.size()) return add(at, "keyframe counts differ");
  for (std::size_t k = 0; k < ke.size(); ++k) {
    if (ke[k].box != ka[k].box || ke[k].offset != ka[k].offset) add(at, "keyframe " + std::to_string(k) + " box or offset differs");
    for (std::size_t r = 0; r < ke[k].rotations.size() && r < ka[k].rotations.size(); ++r)
      if (turnBetween(ke[k].rotations[r], ka[k].rotations[r]) > 1e-3)
        return add(at, "keyframe " + std::to_string(k) + " rotation " + std::to_string(r) + " differs");
  }
}

void Comparer::staticObject(std::size_t ie, std::size_t ia) {
  const auto& se = e_.view.statics()[ie];
  const auto& sa = a_.view.statics()[ia];
  const std::string at = "static " + std::to_string(se.objectId);
  if (se.visibility != sa.visibility || se.collision != sa.collision) add(at, "boxes differ");
  if (se.flags != sa.flags) add(at, "flags differ");
  const auto me = e_.view.staticMesh(ie), ma = a_.view.staticMesh(ia);
  mesh(at, me ? me->mesh : nullptr, ma ? ma->mesh : nullptr);
}

// Each sprite sequence's pictures: per texture its size and RGB texels.
std::map<std::int32_t, std::vector<std::vector<std::uint8_t>>> spritePictures(const SpriteFile* f) {
  std::map<std::int32_t, std::vector<std::vector<std::uint8_t>>> out;
  if (!f) return out;
  for (const auto& q : f->sequences) {
    auto& pictures = out[q.spriteId];
    for (int k = 0; k < sequenceLength(q); ++k) {
      const auto at = static_cast<std::size_t>(q.offset + k);
      if (at >= f->textures.size()) break;
      const auto& t = f->textures[at];
      std::vector<std::uint8_t> p{static_cast<std::uint8_t>(spriteWidth(t) - 1), static_cast<std::uint8_t>(spriteHeight(t) - 1)};
      for (int y = 0; y < spriteHeight(t); ++y)
        for (int x = 0; x < spriteWidth(t); ++x)
          if (const auto* rgb = f->pages.pixel(t.tile, t.x + x, t.y + y)) p.insert(p.end(), rgb, rgb + 3);
      pictures.push_back(std::move(p));
    }
  }
  return out;
}

}  // namespace

std::vector<std::string> classicDifferences(const WadDocument& expected, const WadDocument& actual) {
  Comparer c(expected, actual);
  const ObjectView ve(expected.objects), va(actual.objects);
  for (std::size_t i = 0; i < ve.movables().size(); ++i) {
    const auto j = va.findMovable(ve.movables()[i].objectId);
    j ? c.movable(i, *j) : c.out.push_back("movable " + std::to_string(ve.movables()[i].objectId) + " is missing");
  }
  for (std::size_t i = 0; i < ve.statics().size(); ++i) {
    const auto j = va.findStatic(ve.statics()[i].objectId);
    j ? c.staticObject(i, *j) : c.out.push_back("static " + std::to_string(ve.statics()[i].objectId) + " is missing");
  }
  if (ve.movables().size() != va.movables().size() || ve.statics().size() != va.statics().size())
    c.out.push_back("object counts differ");
  const auto se = spritePictures(expected.sprites.get()), sa = spritePictures(actual.sprites.get());
  for (const auto& [id, pictures] : se) {
    const auto it = sa.find(id);
    if (it == sa.end()) c.out.push_back("sprite sequence " + std::to_string(id) + " is missing");
    else if (it->second != pictures) c.out.push_back("sprite sequence " + std::to_string(id) + ": its sprites' pixels differ");
  }
  if (se.size() != sa.size()) c.out.push_back("sprite sequence counts differ");
  return c.out;
}

}  // namespace wadsmith::test
