#include "tests/support/object_signature.h"

#include <sstream>

#include "model/merge/texture_transfer.h"
#include "model/object_view.h"
#include "model/texture_word.h"

namespace wadsmith::test {


namespace {

std::uint64_t fnv(const std::vector<std::uint8_t>& bytes) {
  std::uint64_t h = 1469598103934665603ull;
  for (auto b : bytes) h = (h ^ b) * 1099511628211ull;
  return h;
}
template <class T>
std::uint64_t fnvWords(const std::vector<T>& words) {
  std::uint64_t h = 1469598103934665603ull;
  for (auto w : words)
    for (std::size_t k = 0; k < sizeof(T); ++k) h = (h ^ ((static_cast<std::uint64_t>(w) >> (8 * k)) & 0xFF)) * 1099511628211ull;
  return h;
}

class Signer {
 public:
  explicit Signer(const WadDocument& d) : d_(d), v_(d.objects) {}

  void mesh(std::vector<std::string>& out, const std::string& at, std::size_t pointer) {
    const auto& p = v_.meshPointers()[pointer];
    std::ostringstream s;
    s << at << " pointer delta " << (p.target.isSegment() ? p.target.delta : 0) << " kind " << int(p.target.kind);
    out.push_back(s.str());
    if (!p.target.isSegment()) return;
    auto e = v_.indexOfId(p.target.segment);
    if (!e) return out.push_back(at + " dangling");
    const auto& entry = (*d_.objects.meshes)[*e];
    if (!entry.mesh) return out.push_back(at + " gap " + std::to_string(fnv(*entry.gap)));
    const Mesh& m = *entry.mesh;
    std::ostringstream h;
    h << at << " sphere " << m.center.x << "," << m.center.y << "," << m.center.z << " r" << m.radius << " u"
      << m.sphereUnknown << " pad " << m.padding << " v" << m.vertices.size() << " n" << m.normals.size() << " s"
      << m.shades.size() << " p" << m.polygons.size();
    out.push_back(h.str());
    std::ostringstream g;
    for (const auto& v : m.vertices) g << v.x << "," << v.y << "," << v.z << " ";
    out.push_back(at + " vertices " + g.str());
    g.str("");
    for (const auto& v : m.normals) g << v.x << "," << v.y << "," << v.z << " ";
    for (auto sh : m.shades) g << sh << " ";
    out.push_back(at + " lighting " + g.str());
    for (std::size_t i = 0; i < m.polygons.size(); ++i) {
      const Polygon& poly = m.polygons[i];
      auto t = WadTextureWord::decode(poly.texture, poly.quad);
      std::ostringstream f;
      f << at << " face " << i << (poly.quad ? " quad" : " tri");
      for (int c = 0; c < poly.corners(); ++c) f << " " << poly.vertices[c];
      f << " attr " << int(poly.attributes) << "/" << int(poly.unknown) << " flip " << t.flipped << " corner "
        << int(t.corner);
      if (t.sample < d_.samples->size()) {
        const auto& smp = (*d_.samples)[t.sample];
        f << " sample " << smp.width() << "x" << smp.height() << " flips " << int(smp.flipX) << "," << int(smp.flipY)
          << " pixels " << fnv(merge::samplePixels(*d_.pixels, smp));
      } else {
        f << " sample past the table " << t.sample;
      }
      out.push_back(f.str());
    }
  }

  // An animation reference as the object sees it.
  std::string animationTarget(const RecordRef& r, std::size_t first, std::size_t end) {
    auto i = v_.indexOf(r);
    if (!i) {
      std::size_t n = d_.objects.animations->size();
      std::uint32_t raw = r.kind == RecordRef::Kind::End ? static_cast<std::uint32_t>(n) : r.raw;
      return raw >= n ? "past the table +" + std::to_string(raw - n) : "stored " + std::to_string(raw);
    }
    if (*i >= first && *i < end) return "own " + std::to_string(*i - first);
    if (auto owner = v_.movableOfAnimation(*i))
      return "slot " + std::to_string(v_.movables()[*owner].objectId) + " animation " +
             std::to_string(*i - v_.animationRange(*owner).first);
    return "index " + std::to_string(*i);
  }

  void movable(std::vector<std::string>& out, std::size_t m) {
    const Movable& M = v_.movables()[m];
    out.push_back("movable meshes " + std::to_string(v_.meshCount(m)) + " animations " + (M.hasAnimations() ? "yes" : "no"));
    auto [p0, p1] = v_.runRange(M.pointers);
    for (auto i = p0; i < p1; ++i) mesh(out, "mesh " + std::to_string(i - p0), i);
    std::ostringstream links;
    for (auto dword : v_.linkDwords(m)) links << dword << " ";
    out.push_back("links " + links.str());
    auto [a0, a1] = v_.animationRange(m);
    out.push_back("animation count " + std::to_string(a1 - a0));
    auto base = a1 > a0 ? v_.runStart(v_.animations()[a0].keyframes) : std::nullopt;
    auto own = v_.runStart(M.keyframes);
    if (a1 > a0) out.push_back("movable keyframes at +" + (own && base ? std::to_string(long(*own) - long(*base)) : "?"));
    for (auto a = a0; a < a1; ++a) {
      const Animation& A = v_.animations()[a];
      std::ostringstream s;
      s << "animation " << a - a0 << " dur " << int(A.frameDuration) << " size " << int(A.keyframeSize) << " state "
        << A.stateId << " speed " << A.speed << "," << A.accel << "," << A.lateralSpeed << "," << A.lateralAccel
        << " frames " << A.frameStart << "-" << A.frameEnd << " next " << animationTarget(A.nextAnimation, a0, a1)
        << "@" << A.nextFrame << " changes " << v_.runStored(A.stateChanges).second << " commands " << A.numCommands;
      auto words = v_.keyframeWords(a);
      s << " keyframes " << v_.keyframeCount(a) << " words " << words.size() << " " << fnvWords(words);
      if (base)
        if (auto at = v_.runStart(A.keyframes)) s << " at +" << long(*at) - long(*base);
      out.push_back(s.str());
      auto [s0, s1] = v_.stateChangeRange(a);
      for (auto sc = s0; sc < s1; ++sc) {
        const StateChange& S = v_.stateChanges()[sc];
        out.push_back("  state change " + std::to_string(S.stateId) + " dispatches " + std::to_string(v_.runStored(S.dispatches).second));
        auto [d0, d1] = v_.dispatchRange(sc);
        for (auto d = d0; d < d1; ++d) {
          const Dispatch& D = v_.dispatches()[d];
          out.push_back("    dispatch " + std::to_string(D.inFrame) + "-" + std::to_string(D.outFrame) + " -> " +
                        animationTarget(D.nextAnimation, a0, a1) + "@" + std::to_string(D.nextFrame));
        }
      }
      if (A.numCommands) {
        auto list = v_.commands(a);
        std::ostringstream c;
        c << "  commands complete " << list.complete << " " << list.problem << ":";
        for (const auto& cmd : list.commands) {
          c << " " << cmd.code;
          for (auto o : cmd.operands) c << "," << o;
        }
        out.push_back(c.str());
      }
    }
  }

  void staticObject(std::vector<std::string>& out, std::size_t s) {
    const Static& S = v_.statics()[s];
    const auto& v = S.visibility;
    const auto& c = S.collision;
    std::ostringstream o;
    o << "static flags " << S.flags << " visibility " << v.minX << " " << v.maxX << " " << v.minY << " " << v.maxY
      << " " << v.minZ << " " << v.maxZ << " collision " << c.minX << " " << c.maxX << " " << c.minY << " " << c.maxY
      << " " << c.minZ << " " << c.maxZ;
    out.push_back(o.str());
    if (auto [p0, p1] = v_.runRange(S.pointer); p1 > p0) mesh(out, "mesh", p0);
  }

  const WadDocument& d_;
  ObjectView v_;
};

}  // namespace

std::vector<std::string> objectSignature(const WadDocument& doc, const ObjectRef& key) {
  Signer s(doc);
  std::vector<std::string> out;
  if (key.kind == ObjectKind::Movable) {
    auto i = s.v_.findMovable(key.slot);
    if (!i) return {"missing " + merge::describe(key)};
    s.movable(out, *i);
  } else {
    auto i = s.v_.findStatic(key.slot);
    if (!i) return {"missing " + merge::describe(key)};
    s.staticObject(out, *i);
  }
  return out;
}

std::string signatureDifference(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    std::string x = i < a.size() ? a[i] : "(end)", y = i < b.size() ? b[i] : "(end)";
    if (x != y) return "line " + std::to_string(i) + ":\n  " + x + "\n  " + y;
  }
  return "";
}

std::vector<ObjectRef> objectKeys(const WadDocument& doc) {
  std::vector<ObjectRef> out;
  for (const auto& m : *doc.objects.movables) out.push_back({ObjectKind::Movable, m.objectId});
  for (const auto& s : *doc.objects.statics) out.push_back({ObjectKind::Static, s.objectId});
  return out;
}

}  // namespace wadsmith::test
