#include "model/wad2/write_back.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "model/wad2/commands.h"
#include "model/wad2/from_classic.h"
#include "model/wad2/list_pairs.h"
#include "model/wad2/slots.h"
#include "model/wad2/write_back_mesh.h"
#include "model/wad2/write_back_sprites.h"

namespace wadsmith::wad2 {
namespace {

// W's list with each element O and N disagree on merged by `one`; when the edit changed the
// list's length, W's elements follow their pairs in N (model/wad2/list_pairs.h) and N's new
// ones are taken as they are. A list whose length is not O's is taken whole from N.
template <class T, class F>
void pickEach(std::vector<T>& w, const std::vector<T>& o, const std::vector<T>& n, F&& one) {
  if (o == n) return;
  if (w.size() != o.size()) {
    w = n;
    return;
  }
  w = alongN(
      w, pairUp(o, n), n.size(), [&](T& x, std::size_t k, std::size_t j) { if (!(o[k] == n[j])) one(x, o[k], n[j]); },
      [&](std::size_t j) { return n[j]; });
}
template <class T>
void pickEach(std::vector<T>& w, const std::vector<T>& o, const std::vector<T>& n) {
  pickEach(w, o, n, [](T& a, const T&, const T& c) { a = c; });
}

// `a` with `f` applied to its next animation and to every dispatch's.
template <class F>
Animation retargeted(Animation a, F&& f) {
  f(a.nextAnimation);
  for (auto& s : a.stateChanges)
    for (auto& d : s.dispatches) f(d.nextAnimation);
  return a;
}

// O's and N's animation ids, made comparable: the k-th animation of the movable in slot s is
// base + s * 65536 + k in both (a page added by the edit shifts the ids the conversion gives).
constexpr Id kPerMovable = 65536, kSlots = 4096, kIdSpan = Id{1} << 24, kDeleted = ~Id{0};

// The conversion's movable with its animation ids made comparable and the sounds its commands
// play in the file's numbering (model/wad2/slots.h fileSoundId; TR4's id where it has none).
Shared<Movable> canonical(const Movable& m, std::uint32_t slot, Id base, const Origin& origin) {
  std::unordered_map<Id, Id> ids;
  for (std::size_t k = 0; k < m.animations.size(); ++k)
    if (m.animations[k]) ids[m.animations[k]->id] = base + slot * kPerMovable + static_cast<Id>(k);
  const auto map = [&](Ref& r) {
    if (auto it = ids.find(r.id); r.isRecord() && it != ids.end()) r.id = it->second;
  };
  const auto& sounds = origin.sounds ? &*origin.sounds : nullptr;
  Movable out = m;
  for (auto& a : out.animations) {
    if (!a) continue;
    Animation c = retargeted(*a, map);
    c.id = ids[c.id];
    for (auto& command : c.commands)
      if (command.type == command::kSound) command.p2 = fileSoundId(*origin.file, command.p2, sounds).value_or(command.p2);
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

Converted convert(const WadDocument& wad, const Origin& origin, Id base, std::vector<std::string>* notes) {
  WadDocument plain = wad;
  plain.wad2 = nullptr;
  FromClassicOptions options;
  options.firstId = origin.file->nextId;
  Converted c{fromClassic(plain, options, notes), {}, {}};
  for (const auto& m : c.doc.movables)
    if (m) c.movables[m->objectId] = m->objectId >= 0 && m->objectId < kSlots ? canonical(*m, static_cast<std::uint32_t>(m->objectId), base, origin) : m;
  for (const auto& s : c.doc.statics)
    if (s) c.statics[s->objectId] = s;
  return c;
}

// Whether the view holds a command of the file: not one of a type or playing a sound TR4 has not
// (model/wad2/to_classic.h leaves those out).
bool inView(const Command& c, const Origin& origin) {
  std::string why;
  if (trCommandWords(c, 0, why).empty()) return false;
  const Command p = conditionsInP3(c);
  return p.type != command::kSound || tr4SoundId(*origin.file, p.p2, origin.sounds ? &*origin.sounds : nullptr);
}

// W's commands the view never held stay where they were among the others, which take the edit
// as any list does.
void pickCommands(std::vector<Command>& w, const std::vector<Command>& o, const std::vector<Command>& n, const Origin& origin) {
  std::vector<Command> held;
  std::vector<std::pair<std::size_t, Command>> unheld;
  for (std::size_t i = 0; i < w.size(); ++i)
    if (inView(w[i], origin)) held.push_back(w[i]);
    else unheld.emplace_back(i, w[i]);
  pickEach(held, o, n);
  for (const auto& [at, c] : unheld) held.insert(held.begin() + static_cast<long>(std::min(at, held.size())), c);
  w = std::move(held);
}

class Splice {
 public:
  Splice(const Document& o, const Document& n, const Origin& origin) : meshes_(o, n), origin_(origin) {}

  Shared<Movable> movable(const Shared<Movable>& w, const Movable& o, const Movable& n) {
    if (o == n && !meshes_.repainted(o.meshes)) return w;
    Movable m = *w;
    if (m.meshes.size() == o.meshes.size() && o.meshes.size() == n.meshes.size()) {
      for (std::size_t k = 0; k < m.meshes.size(); ++k) m.meshes[k] = meshes_.mesh(m.meshes[k], o.meshes[k], n.meshes[k]);
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
    if (o == n && !meshes_.repainted({o.mesh})) return w;
    Static s = *w;
    pick(s.flags, o.flags, n.flags);
    pick(s.visibilityMin, o.visibilityMin, n.visibilityMin), pick(s.visibilityMax, o.visibilityMax, n.visibilityMax);
    pick(s.collisionMin, o.collisionMin, n.collisionMin), pick(s.collisionMax, o.collisionMax, n.collisionMax);
    s.mesh = meshes_.mesh(s.mesh, o.mesh, n.mesh);
    return share<Static>(std::move(s));
  }

 private:
  // W's animations along N's: paired by position, or, when the edit changed their number, by
  // their keyframes at both ends (model/wad2/list_pairs.h); O's ids and the animations it
  // names are made N's after the pairing.
  void animations(Movable& m, const Movable& o, const Movable& n) {
    const auto& w = m.animations;
    const auto& oa = o.animations;
    const auto& na = n.animations;
    if (sameParts(oa, na)) return;
    if (w.size() != oa.size()) {
      m.animations = na;
      return;
    }
    const auto pairs = pairUp(oa.size(), na.size(), [&](std::size_t k, std::size_t j) { return sameShape(oa[k], na[j]); });
    std::unordered_map<Id, Id> toN;
    ids_.clear();
    for (std::size_t k = 0; k < w.size(); ++k)
      if (pairs[k] && w[k] && oa[k] && na[*pairs[k]]) toN[oa[k]->id] = na[*pairs[k]]->id, ids_[na[*pairs[k]]->id] = w[k]->id;
    m.animations = alongN(
        w, pairs, na.size(),
        [&](Shared<Animation>& x, std::size_t k, std::size_t j) {
          if (oa.size() != na.size() || !samePart(oa[k], na[j])) x = animation(x, inN(oa[k], toN), na[j]);  // same ids: same targets
        },
        [&](std::size_t j) { return na[j] ? mapped(*na[j]) : na[j]; });
  }

  // The same animation for pairing: its keyframes and rate (what it names, its state changes
  // and its name may change with the positions: an edit drops the dispatches to one deleted).
  static bool sameShape(const Shared<Animation>& a, const Shared<Animation>& b) {
    if (!a || !b) return a == b;
    return a->frameRate == b->frameRate && a->keyframes == b->keyframes;
  }

  // O's animation with its id and the animations it names as N numbers them (those deleted by
  // the edit: an id N has not).
  static Shared<Animation> inN(const Shared<Animation>& o, const std::unordered_map<Id, Id>& toN) {
    if (!o) return o;
    const auto to = [&](Ref& r) {
      if (!r.isRecord()) return;
      const auto it = toN.find(r.id);
      r.id = it == toN.end() ? kDeleted : it->second;
    };
    Animation a = retargeted(*o, to);
    a.id = toN.count(a.id) ? toN.at(a.id) : kDeleted;
    return share<Animation>(std::move(a));
  }

  // N's canonical ids are above every id of the file: mapping them leaves W's alone.
  Ref map(const Ref& r) const {
    const auto it = r.isRecord() ? ids_.find(r.id) : ids_.end();
    return it == ids_.end() ? r : Ref::to(it->second);
  }
  Shared<Animation> mapped(Animation a) const {
    return share<Animation>(retargeted(std::move(a), [&](Ref& r) { r = map(r); }));
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
    pickCommands(a.commands, o->commands, n->commands, origin_);
    return mapped(std::move(a));  // what was taken from N names N's animations: W's ids now
  }

  detail::MeshSplice meshes_;
  const Origin& origin_;
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

// The file's objects of one kind with the edits written back (`merge`), in the file's order, and
// those new in the view (`added`) before the first of a higher id; objects gone from the view
// are left out.
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
  for (const auto& [slot, x] : n) {
    if (kept.count(slot) || o.count(slot) || slot < 0) continue;
    auto a = added(slot, x);  // where WadTool writes it: its lists are sorted by id
    const auto at = std::find_if(out.begin(), out.end(), [&](const Shared<T>& e) { return e && e->objectId > a->objectId; });
    out.insert(at, std::move(a));
  }
  return out;
}

}  // namespace

Document writeBack(const Origin& origin, const WadDocument& edited, std::vector<std::string>* notes) {
  const Document& file = *origin.file;
  std::vector<std::string> ignored;
  const Id base = file.nextId + kIdSpan;  // past the ids the conversions give (textures, sprites, animations)
  const Converted n = convert(edited, origin, base, notes);
  const Converted oc = convert(origin.converted, origin, base, &ignored);
  Splice splice(oc.doc, n.doc, origin);
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
  spliceSprites(file, oc.doc, n.doc, out, out.nextId, say);
  return out;
}

std::optional<SoundCatalog> catalogBack(const Origin& origin, const SoundSet* edited) {
  const SoundSet none;
  const SoundCatalog o = catalogOf(origin.converted.sounds ? *origin.converted.sounds : none);
  const SoundCatalog n = catalogOf(edited ? *edited : none);
  if (o == n) return origin.sounds;
  SoundCatalog out = origin.sounds.value_or(SoundCatalog{});
  for (auto sound : n.sounds) {
    const CatalogSound* was = o.find(sound.id);
    if (was && *was == sound) continue;
    sound.id = fileSoundId(*origin.file, sound.id, origin.sounds ? &*origin.sounds : nullptr).value_or(sound.id);  // the view's ids are TR4's
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
