#include "model/wad2/write_back.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "model/wad2/from_classic.h"

namespace wadsmith::wad2 {
namespace {

template <class T>
void pick(T& w, const T& o, const T& n) {
  if (!(o == n)) w = n;
}

// W's list with each element O and N disagree on merged by `one`; a list whose length is not
// O's (or whose length the edit changed) is taken whole from N.
template <class T, class F>
void pickEach(std::vector<T>& w, const std::vector<T>& o, const std::vector<T>& n, F&& one) {
  if (o == n) return;
  if (w.size() != o.size() || o.size() != n.size()) {
    w = n;
    return;
  }
  for (std::size_t i = 0; i < w.size(); ++i)
    if (!(o[i] == n[i])) one(w[i], o[i], n[i]);
}
template <class T>
void pickEach(std::vector<T>& w, const std::vector<T>& o, const std::vector<T>& n) {
  pickEach(w, o, n, [](T& a, const T&, const T& c) { a = c; });
}

// O's and N's animation ids, made comparable: the k-th animation of the movable in slot s is
// base + s * 65536 + k in both (a page added by the edit shifts the ids the conversion gives).
constexpr Id kPerMovable = 65536, kSlots = 4096, kIdSpan = Id{1} << 24;

Shared<Movable> canonical(const Movable& m, std::uint32_t slot, Id base) {
  std::unordered_map<Id, Id> ids;
  for (std::size_t k = 0; k < m.animations.size(); ++k)
    if (m.animations[k]) ids[m.animations[k]->id] = base + slot * kPerMovable + static_cast<Id>(k);
  const auto map = [&](Ref& r) {
    if (auto it = ids.find(r.id); r.isRecord() && it != ids.end()) r.id = it->second;
  };
  Movable out = m;
  for (auto& a : out.animations) {
    if (!a) continue;
    Animation c = *a;
    c.id = ids[c.id];
    map(c.nextAnimation);
    for (auto& s : c.stateChanges)
      for (auto& d : s.dispatches) map(d.nextAnimation);
    a = share<Animation>(std::move(c));
  }
  return share<Movable>(std::move(out));
}

// One conversion of the view to wad2, its objects by TR4 slot.
struct Converted {
  Document doc;
  std::map<std::int64_t, Shared<Movable>> movables;
  std::map<std::int64_t, Shared<Static>> statics;
};

Converted convert(const WadDocument& wad, Id firstId, Id base, std::vector<std::string>* notes) {
  WadDocument plain = wad;
  plain.wad2 = nullptr;
  FromClassicOptions options;
  options.firstId = firstId;
  Converted c{fromClassic(plain, options, notes), {}, {}};
  for (const auto& m : c.doc.movables)
    if (m) c.movables[m->objectId] = m->objectId >= 0 && m->objectId < kSlots ? canonical(*m, static_cast<std::uint32_t>(m->objectId), base) : m;
  for (const auto& s : c.doc.statics)
    if (s) c.statics[s->objectId] = s;
  return c;
}

// Pages by id, for the pixels under a face.
using Pages = std::unordered_map<Id, const Texture*>;
Pages pagesOf(const Document& d) {
  Pages out;
  for (const auto& t : d.textures)
    if (t) out[t->id] = t.get();
  return out;
}

class Splice {
 public:
  Splice(const Document& o, const Document& n) : o_(pagesOf(o)), n_(pagesOf(n)) {
    for (const auto& [id, page] : o_)
      if (auto it = n_.find(id); it != n_.end() && !(page->pixels == it->second->pixels)) changed_.insert(id);
  }

  Shared<Movable> movable(const Shared<Movable>& w, const Movable& o, const Movable& n) {
    if (o == n && !repainted(o.meshes)) return w;
    Movable m = *w;
    if (m.meshes.size() == o.meshes.size() && o.meshes.size() == n.meshes.size()) {
      for (std::size_t k = 0; k < m.meshes.size(); ++k) m.meshes[k] = mesh(m.meshes[k], o.meshes[k], n.meshes[k]);
      pickEach(m.bones, o.bones, n.bones, [](Bone& a, const Bone& b, const Bone& c) {
        pick(a.opcode, b.opcode, c.opcode), pick(a.translation, b.translation, c.translation), pick(a.mesh, b.mesh, c.mesh);
      });
    } else {
      m.meshes = n.meshes, m.bones = n.bones;
    }
    animations(m, o, n);
    return share<Movable>(std::move(m));
  }

  Shared<Static> stat(const Shared<Static>& w, const Static& o, const Static& n) {
    if (o == n && !repainted({o.mesh})) return w;
    Static s = *w;
    pick(s.flags, o.flags, n.flags);
    pick(s.visibilityMin, o.visibilityMin, n.visibilityMin), pick(s.visibilityMax, o.visibilityMax, n.visibilityMax);
    pick(s.collisionMin, o.collisionMin, n.collisionMin), pick(s.collisionMax, o.collisionMax, n.collisionMax);
    s.mesh = mesh(s.mesh, o.mesh, n.mesh);
    return share<Static>(std::move(s));
  }

 private:
  // The rectangle a face's corners span on its page, from its top left pixel.
  struct Rect {
    std::int64_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  };
  static Rect rectOf(const Polygon& p, const Texture& t) {
    float u0 = p.uv[0].x, u1 = u0, v0 = p.uv[0].y, v1 = v0;
    for (int i = 1; i < p.corners(); ++i) {
      const auto& c = p.uv[static_cast<std::size_t>(i)];
      u0 = std::min(u0, c.x), u1 = std::max(u1, c.x), v0 = std::min(v0, c.y), v1 = std::max(v1, c.y);
    }
    const auto at = [](float v, std::int64_t n) { return std::clamp<std::int64_t>(static_cast<std::int64_t>(v), 0, n); };
    const Rect r{at(std::floor(u0), t.width), at(std::floor(v0), t.height), at(std::ceil(u1), t.width), at(std::ceil(v1), t.height)};
    return {r.x0, r.y0, std::max(r.x1, std::min(r.x0 + 1, t.width)), std::max(r.y1, std::min(r.y0 + 1, t.height))};
  }

  // O's face and N's show the same pixels: on the same page at the same place (and the page
  // unchanged there), or moved to another place or page by a merge repacking the pages.
  bool samePicture(const Polygon& o, const Polygon& n) const {
    if (!o.texture.isRecord() || !n.texture.isRecord()) return o.texture == n.texture && o.uv == n.uv;
    if (o.texture == n.texture && o.uv == n.uv && !changed_.count(n.texture.id)) return true;
    const auto a = o_.find(o.texture.id), b = n_.find(n.texture.id);
    if (a == o_.end() || b == n_.end()) return false;
    const Texture& x = *a->second;
    const Texture& y = *b->second;
    const Rect r = rectOf(o, x), q = rectOf(n, y);
    if (r.x1 - r.x0 != q.x1 - q.x0 || r.y1 - r.y0 != q.y1 - q.y0) return false;
    for (int i = 0; i < o.corners(); ++i) {
      const auto& c = o.uv[static_cast<std::size_t>(i)];
      const auto& d = n.uv[static_cast<std::size_t>(i)];
      if (c.x - float(r.x0) != d.x - float(q.x0) || c.y - float(r.y0) != d.y - float(q.y0)) return false;
    }
    const auto rowX = static_cast<std::size_t>(x.width) * 4, rowY = static_cast<std::size_t>(y.width) * 4;
    if (x.pixels.size() < rowX * static_cast<std::size_t>(x.height) || y.pixels.size() < rowY * static_cast<std::size_t>(y.height))
      return false;
    const auto width = static_cast<std::size_t>(r.x1 - r.x0) * 4;
    for (std::int64_t k = 0; k < r.y1 - r.y0; ++k) {
      const auto from = x.pixels.begin() + static_cast<long>(static_cast<std::size_t>(r.y0 + k) * rowX + static_cast<std::size_t>(r.x0) * 4);
      const auto to = y.pixels.begin() + static_cast<long>(static_cast<std::size_t>(q.y0 + k) * rowY + static_cast<std::size_t>(q.x0) * 4);
      if (!std::equal(from, from + static_cast<long>(width), to)) return false;
    }
    return true;
  }
  bool repainted(const Polygon& p) const { return !samePicture(p, p); }
  bool repainted(const std::vector<Shared<Mesh>>& meshes) const {
    for (const auto& m : meshes)
      if (m)
        for (const auto& p : m->polygons)
          if (repainted(p)) return true;
    return false;
  }

  // O's corners are W's, maybe starting at another corner (the conversion turns some faces).
  static bool sameCorners(const Polygon& w, const Polygon& o) {
    if (w.quad != o.quad) return false;
    const int n = w.corners();
    for (int r = 0; r < n; ++r) {
      bool all = true;
      for (int k = 0; k < n && all; ++k)
        all = w.vertices[static_cast<std::size_t>(k)] == o.vertices[static_cast<std::size_t>((k + r) % n)];
      if (all) return true;
    }
    return false;
  }

  // O's face for each of W's, when W's vertices and faces line up with O's: the conversion keeps
  // their order and count, a double-sided face followed by its back face (or not doubled).
  static std::optional<std::vector<std::size_t>> faceMap(const Mesh& w, const Mesh& o) {
    if (w.positions.size() != o.positions.size()) return std::nullopt;
    for (std::size_t i = 0; i < w.positions.size(); ++i) {
      const auto& a = w.positions[i];
      const auto& b = o.positions[i];
      if (std::fabs(a.x - b.x) > 1 || std::fabs(a.y - b.y) > 1 || std::fabs(a.z - b.z) > 1) return std::nullopt;
    }
    for (const bool doubled : {true, false}) {
      std::vector<std::size_t> out;
      std::size_t j = 0;
      for (const auto& p : w.polygons) {
        if (j >= o.polygons.size() || !sameCorners(p, o.polygons[j])) break;
        out.push_back(j);
        j += doubled && p.doubleSided ? 2 : 1;
      }
      if (out.size() == w.polygons.size() && j == o.polygons.size()) return out;
    }
    return std::nullopt;
  }

  Shared<Mesh> mesh(const Shared<Mesh>& w, const Shared<Mesh>& o, const Shared<Mesh>& n) {
    if (!o || !n) return w;
    if (samePart(o, n) && !repainted({o})) return w;
    const auto faces = w ? faceMap(*w, *o) : std::nullopt;
    if (!faces || o->polygons.size() != n->polygons.size()) return n;
    Mesh m = *w;
    pick(m.sphereCenter, o->sphereCenter, n->sphereCenter), pick(m.sphereRadius, o->sphereRadius, n->sphereRadius);
    pick(m.boxMin, o->boxMin, n->boxMin), pick(m.boxMax, o->boxMax, n->boxMax);
    pickEach(m.positions, o->positions, n->positions);
    pickEach(m.normals, o->normals, n->normals);
    pickEach(m.colors, o->colors, n->colors);
    pick(m.lightingType, o->lightingType, n->lightingType);
    for (std::size_t i = 0; i < m.polygons.size(); ++i) polygon(m.polygons[i], o->polygons[(*faces)[i]], n->polygons[(*faces)[i]]);
    return share<Mesh>(std::move(m));
  }

  void polygon(Polygon& w, const Polygon& o, const Polygon& n) const {
    const bool picture = samePicture(o, n);
    if (o == n && picture) return;
    pick(w.quad, o.quad, n.quad), pick(w.vertices, o.vertices, n.vertices);
    pick(w.shine, o.shine, n.shine), pick(w.blendMode, o.blendMode, n.blendMode);
    pick(w.doubleSided, o.doubleSided, n.doubleSided);
    if (!picture) {
      w.texture = n.texture, w.uv = n.uv, w.version = n.version, w.vertices = n.vertices;  // N's corners with N's uv
      w.parentStart = n.parentStart, w.parentEnd = n.parentEnd;
    }
  }

  // Per position while W, O and N line up (animations added at the end are N's); else N's whole.
  void animations(Movable& m, const Movable& o, const Movable& n) {
    const auto& w = m.animations;
    if (sameParts(o.animations, n.animations)) return;
    if (w.size() != o.animations.size() || n.animations.size() < o.animations.size()) {
      m.animations = n.animations;
      return;
    }
    ids_.clear();
    for (std::size_t k = 0; k < w.size(); ++k)
      if (w[k] && n.animations[k]) ids_[n.animations[k]->id] = w[k]->id;
    std::vector<Shared<Animation>> out;
    for (std::size_t k = 0; k < n.animations.size(); ++k)
      out.push_back(k < w.size() ? animation(w[k], o.animations[k], n.animations[k]) : mapped(*n.animations[k]));
    m.animations = std::move(out);
  }

  // N's canonical ids are above every id of the file: mapping them leaves W's alone.
  Ref map(const Ref& r) const {
    const auto it = r.isRecord() ? ids_.find(r.id) : ids_.end();
    return it == ids_.end() ? r : Ref::to(it->second);
  }
  Shared<Animation> mapped(Animation a) const {
    a.nextAnimation = map(a.nextAnimation);
    for (auto& s : a.stateChanges)
      for (auto& d : s.dispatches) d.nextAnimation = map(d.nextAnimation);
    return share<Animation>(std::move(a));
  }

  Shared<Animation> animation(const Shared<Animation>& w, const Shared<Animation>& o, const Shared<Animation>& n) const {
    if (!w || !o || !n || samePart(o, n)) return w;
    Animation a = *w;
    pick(a.stateId, o->stateId, n->stateId), pick(a.endFrame, o->endFrame, n->endFrame);
    pick(a.frameRate, o->frameRate, n->frameRate), pick(a.nextFrame, o->nextFrame, n->nextFrame);
    pick(a.velocities, o->velocities, n->velocities), pick(a.nextAnimation, o->nextAnimation, n->nextAnimation);
    pickEach(a.keyframes, o->keyframes, n->keyframes, [](Keyframe& x, const Keyframe& y, const Keyframe& z) {
      pick(x.offset, y.offset, z.offset), pick(x.boxMin, y.boxMin, z.boxMin), pick(x.boxMax, y.boxMax, z.boxMax);
      pickEach(x.angles, y.angles, z.angles);
    });
    pickEach(a.stateChanges, o->stateChanges, n->stateChanges, [](StateChange& x, const StateChange& y, const StateChange& z) {
      pick(x.stateId, y.stateId, z.stateId);
      pickEach(x.dispatches, y.dispatches, z.dispatches, [](Dispatch& p, const Dispatch& q, const Dispatch& r) {
        pick(p.inFrame, q.inFrame, r.inFrame), pick(p.outFrame, q.outFrame, r.outFrame);
        pick(p.nextAnimation, q.nextAnimation, r.nextAnimation), pick(p.nextFrame, q.nextFrame, r.nextFrame);
      });
    });
    pickEach(a.commands, o->commands, n->commands);
    return mapped(std::move(a));  // what was taken from N names N's animations: W's ids now
  }

  const Pages o_, n_;
  std::set<Id> changed_;  // pages whose pixels differ somewhere
  std::unordered_map<Id, Id> ids_;  // N's animation id -> W's, in the movable being merged
};

// The textures N's faces taken into `out` name, added after the file's own.
void addTextures(Document& out, const Document& n) {
  std::set<Id> have;
  for (const auto& t : out.textures)
    if (t) have.insert(t->id);
  std::set<Id> used;
  const auto faces = [&](const Shared<Mesh>& m) {
    if (m)
      for (const auto& p : m->polygons)
        if (p.texture.isRecord() && !have.count(p.texture.id)) used.insert(p.texture.id);
  };
  for (const auto& m : out.movables) {
    for (const auto& x : m->meshes) faces(x);
    faces(m->skin);
  }
  for (const auto& s : out.statics) faces(s->mesh);
  for (const auto& t : n.textures)
    if (t && used.count(t->id)) out.textures.push_back(t);
}

// The file's objects of one kind with the edits written back (`merge`), in the file's order, then
// those new in the view (`added`); objects gone from the view are left out.
template <class T, class Merge, class Added, class Say>
std::vector<Shared<T>> spliceList(const std::vector<Shared<T>>& file, const std::vector<SlotChoice>& plan,
                                  const std::map<std::int64_t, Shared<T>>& o, const std::map<std::int64_t, Shared<T>>& n,
                                  Merge&& merge, Added&& added, Say&& say, const char* kind) {
  std::vector<Shared<T>> out;
  std::set<std::int64_t> kept;
  for (std::size_t i = 0; i < file.size(); ++i) {
    const auto to = i < plan.size() ? plan[i].to : std::nullopt;
    const auto oo = to ? o.find(*to) : o.end();
    const auto on = to ? n.find(*to) : n.end();
    if (!to || oo == o.end())
      out.push_back(file[i]);  // never in the view
    else if (on == n.end())
      say(std::string(kind) + " " + std::to_string(file[i]->objectId) + " removed");
    else
      out.push_back(merge(file[i], *oo->second, *on->second)), kept.insert(*to);
  }
  for (const auto& [slot, x] : n)
    if (!kept.count(slot) && !o.count(slot) && slot >= 0) out.push_back(added(slot, x));
  return out;
}

}  // namespace

Document writeBack(const Origin& origin, const WadDocument& edited, std::vector<std::string>* notes) {
  const Document& file = *origin.file;
  std::vector<std::string> ignored;
  const Id base = file.nextId + kIdSpan;  // past the ids the conversions give (textures, sprites, animations)
  const Converted n = convert(edited, file.nextId, base, notes);
  const Converted oc = convert(origin.converted, file.nextId, base, &ignored);
  Splice splice(oc.doc, n.doc);
  Document out = file;
  const auto say = [&](const std::string& line) {
    if (notes) notes->push_back(line);
  };
  out.movables = spliceList(
      file.movables, origin.slots.movables, oc.movables, n.movables,
      [&](const Shared<Movable>& w, const Movable& o, const Movable& e) { return splice.movable(w, o, e); },
      [&](std::int64_t slot, const Shared<Movable>& m) {
        Movable added = *m;  // numbered in the file's game, by name (TR4's number when it has none)
        const auto id = movableIdOf(file, static_cast<std::uint32_t>(slot));
        added.objectId = id.value_or(slot);
        say("movable " + std::to_string(slot) + " added as " + gameName(file.game) + " object " + std::to_string(added.objectId) +
            (id ? "" : " (no object of that name in its catalog: TR4's number)"));
        return share<Movable>(std::move(added));
      },
      say, "movable");
  out.statics = spliceList(
      file.statics, origin.slots.statics, oc.statics, n.statics,
      [&](const Shared<Static>& w, const Static& o, const Static& e) { return splice.stat(w, o, e); },
      [&](std::int64_t slot, const Shared<Static>& s) {
        say("static " + std::to_string(slot) + " added");
        return s;
      },
      say, "static");
  addTextures(out, n.doc);
  out.nextId = base + kSlots * kPerMovable;
  return out;
}

std::optional<SoundCatalog> catalogBack(const Origin& origin, const SoundSet* edited) {
  const SoundSet none;
  const SoundCatalog o = catalogOf(origin.converted.sounds ? *origin.converted.sounds : none);
  const SoundCatalog n = catalogOf(edited ? *edited : none);
  if (o == n) return origin.sounds;
  SoundCatalog out = origin.sounds.value_or(SoundCatalog{});
  for (const auto& sound : n.sounds) {
    const CatalogSound* was = o.find(sound.id);
    if (was && *was == sound) continue;
    auto at = std::find_if(out.sounds.begin(), out.sounds.end(), [&](const CatalogSound& c) { return c.id == sound.id; });
    if (at == out.sounds.end() || !was) {
      if (at == out.sounds.end()) out.sounds.push_back(sound);
      else *at = sound;
      continue;
    }
    CatalogSound& w = *at;  // the file's entry, with what the edit changed
    pick(w.volume, was->volume, sound.volume), pick(w.rangeInSectors, was->rangeInSectors, sound.rangeInSectors);
    pick(w.chance, was->chance, sound.chance), pick(w.pitchFactor, was->pitchFactor, sound.pitchFactor);
    pick(w.disablePanning, was->disablePanning, sound.disablePanning), pick(w.loop, was->loop, sound.loop);
    pick(w.randomizePitch, was->randomizePitch, sound.randomizePitch);
    pick(w.randomizeVolume, was->randomizeVolume, sound.randomizeVolume), pick(w.samples, was->samples, sound.samples);
  }
  return out;
}

}  // namespace wadsmith::wad2
