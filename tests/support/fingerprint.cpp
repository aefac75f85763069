#include "tests/support/fingerprint.h"

#include <sstream>

#include "model/merge/texture_transfer.h"
#include "model/object_view.h"
#include "model/texture_mapping.h"
#include "model/texture_word.h"

namespace wadsmith::test {
namespace {

std::uint64_t hashPixels(const TextureSample& s, const std::vector<std::uint8_t>& rgb) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (auto b : rgb) h = (h ^ b) * 0x100000001b3ull;
  return h ^ (std::uint64_t(s.width()) << 48) ^ (std::uint64_t(s.height()) << 32);
}

void mesh(std::ostringstream& o, const WadDocument& doc, const Mesh& m) {
  o << "sphere " << m.center.x << "," << m.center.y << "," << m.center.z << " r" << m.radius << "\n";
  for (const auto& v : m.vertices) o << "v " << v.x << " " << v.y << " " << v.z << "\n";
  for (const auto& n : m.normals) o << "n " << n.x << " " << n.y << " " << n.z << "\n";
  for (auto s : m.shades) o << "s " << s << "\n";
  for (const auto& p : m.polygons) {
    o << (p.quad ? "q" : "t");
    for (int c = 0; c < p.corners(); ++c) o << " " << p.vertices[c];
    auto t = WadTextureWord::decode(p.texture, p.quad);
    o << " flip " << t.flipped << " corner " << int(t.corner) << " attr " << int(p.attributes) << " " << int(p.unknown);
    if (t.sample < doc.samples->size()) {
      const auto& s = (*doc.samples)[t.sample];
      o << " pixels " << std::hex << hashPixels(s, merge::samplePixels(*doc.pixels, s)) << std::dec << " flips "
        << int(s.flipX) << int(s.flipY);
    } else {
      o << " sample " << t.sample << " (past the table)";
    }
    o << "\n";
  }
}

}  // namespace

std::string movableFingerprint(const WadDocument& doc, std::uint32_t slot) {
  ObjectView v(doc.objects);
  auto mi = v.findMovable(slot);
  if (!mi) return "missing";
  std::ostringstream o;
  for (const auto& s : v.movableMeshes(*mi)) {
    o << "mesh\n";
    if (s.mesh) mesh(o, doc, *s.mesh);
  }
  for (const auto& b : v.skeleton(*mi).bones)
    o << "bone " << b.parent << " " << b.offset.x << " " << b.offset.y << " " << b.offset.z << "\n";
  const auto range = v.animationRange(*mi);
  const std::size_t a0 = range.first, a1 = range.second;
  // Targets as (movable, index within it): independent of where the records sit.
  auto local = [&](const RecordRef& r) {
    auto i = v.indexOf(r);
    if (i && *i >= a0 && *i < a1) return std::to_string(*i - a0);
    if (i)
      if (auto owner = v.movableOfAnimation(*i))
        return "movable " + std::to_string((*doc.objects.movables)[*owner].objectId) + " animation " +
               std::to_string(*i - v.animationRange(*owner).first);
    if (i) return "index " + std::to_string(*i);
    // Past the table: how far past it (a merge keeps such a target past the grown table).
    const auto n = static_cast<std::uint32_t>(doc.objects.animations->size());
    const std::uint32_t raw = r.kind == RecordRef::Kind::End ? n : r.raw;
    return raw >= n ? "past the table +" + std::to_string(raw - n) : "raw " + std::to_string(raw);
  };
  for (std::size_t a = a0; a < a1; ++a) {
    const Animation& an = (*doc.objects.animations)[a];
    o << "anim " << int(an.frameDuration) << " " << int(an.keyframeSize) << " " << an.stateId << " " << an.speed << " "
      << an.accel << " " << an.lateralSpeed << " " << an.lateralAccel << " " << an.frameStart << "-" << an.frameEnd
      << " next " << local(an.nextAnimation) << " " << an.nextFrame << "\n";
    o << "keyframes";
    for (auto w : v.keyframeWords(a)) o << " " << w;
    o << "\n";
    auto [s0, s1] = v.stateChangeRange(a);
    for (std::size_t s = s0; s < s1; ++s) {
      o << "state " << (*doc.objects.stateChanges)[s].stateId << "\n";
      auto [d0, d1] = v.dispatchRange(s);
      for (std::size_t d = d0; d < d1; ++d) {
        const Dispatch& dp = (*doc.objects.dispatches)[d];
        o << "dispatch " << dp.inFrame << " " << dp.outFrame << " " << local(dp.nextAnimation) << " " << dp.nextFrame << "\n";
      }
    }
    auto c = v.commands(a);
    for (const auto& cmd : c.commands) {
      o << "command " << cmd.code;
      for (auto op : cmd.operands) o << " " << op;
      o << "\n";
    }
    if (!c.complete) o << "unparsed " << c.problem << "\n";
  }
  return o.str();
}

std::string staticFingerprint(const WadDocument& doc, std::uint32_t slot) {
  ObjectView v(doc.objects);
  auto si = v.findStatic(slot);
  if (!si) return "missing";
  std::ostringstream o;
  const Static& s = (*doc.objects.statics)[*si];
  auto box = [&](const BoundingBox& b) { o << b.minX << " " << b.maxX << " " << b.minY << " " << b.maxY << " " << b.minZ << " " << b.maxZ << "\n"; };
  box(s.visibility);
  box(s.collision);
  o << "flags " << s.flags << "\n";
  if (auto m = v.staticMesh(*si); m && m->mesh) mesh(o, doc, *m->mesh);
  return o.str();
}

}  // namespace wadsmith::test
