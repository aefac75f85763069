#include "editor/cli/dump_json.h"
#include "editor/cli/info_json.h"
#include "editor/cli/cli.h"

#include <map>

#include "model/object_view.h"
#include "model/visited_ranges.h"
#include "model/ops/fields.h"
#include "model/texture_word.h"

namespace wadsmith::cli {

using nlohmann::ordered_json;

namespace {
ordered_json vec(const Vec3s& v) { return ordered_json::array({v.x, v.y, v.z}); }
// Bytes too large to show: their size and hash.
ordered_json hashed(std::span<const std::uint8_t> b) {
  return {{"bytes", b.size()}, {"fnv1a", fnv1aHex(b)}};
}
ordered_json box(const BoundingBox& b) {
  return {{"min", {b.minX, b.minY, b.minZ}}, {"max", {b.maxX, b.maxY, b.maxZ}}};
}
const char* axesName(Rotation::Axes a) {
  return a == Rotation::Axes::X ? "x" : a == Rotation::Axes::Y ? "y" : a == Rotation::Axes::Z ? "z" : "xyz";
}
ordered_json refIndex(const ObjectView& v, const RecordRef& r) {
  if (auto i = v.indexOf(r)) return *i;
  if (r.kind == RecordRef::Kind::End) return "end";
  return ordered_json{{"raw", r.raw}};
}
// A record's fields as stored (model/ops/fields.h gives the keys).
template <class Record, class Change>
void storedFields(ordered_json& j, const std::vector<ops::Field<Record, Change>>& table, const Record& r,
                  const ops::FieldContext& c) {
  for (const auto& f : table) {
    if (f.wadOnly && !c.wad) continue;
    if (f.unit == ops::FieldUnit::Animation)
      j[f.key] = refIndex(*c.view, *f.target(r));
    else if (f.unit == ops::FieldUnit::Flag)
      j[f.key] = f.stored(r, c) != 0;
    else
      j[f.key] = f.stored(r, c);
  }
}

// What is already written, per table or package: a run is written in full by the first owner
// that names any of it; a later owner names that owner instead ({"same_as_animation": N} for
// the same run, {"overlaps_animation": N, "first": I, "count": C} for one that overlaps), so a
// file whose owners all claim the same or overlapping huge runs dumps at the size of its tables.
class Written {
 public:
  explicit Written(std::size_t size) : visited_(size) {}
  // Null when [first, end) is for `owner` to write in full (it is marked written), else the
  // reference; `what` names the owners ("animation", "state_change", "movable").
  ordered_json reference(std::size_t first, std::size_t end, std::size_t owner, const std::string& what) {
    if (first >= end) return nullptr;
    if (auto it = exact_.find({first, end}); it != exact_.end()) return {{"same_as_" + what, it->second}};
    exact_.emplace(std::pair(first, end), owner);
    auto other = visited_.overlap(first, end);
    visited_.mark(first, end, owner);
    if (!other) return nullptr;
    return {{"overlaps_" + what, *other}, {"first", first}, {"count", end - first}};
  }
  VisitedRanges& visited() { return visited_; }

 private:
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> exact_;
  VisitedRanges visited_;
};

struct DumpedRuns {
  explicit DumpedRuns(const ObjectView& v)
      : stateChanges(v.stateChanges().size()),
        dispatches(v.dispatches().size()),
        pointers(v.meshPointers().size()),
        links(v.tables().links->size()),
        keyframes(v.tables().keyframes->size()),
        commands(v.tables().commands->size()),
        commandWords(v.tables().commands->flatten()) {}
  Written stateChanges, dispatches, pointers, links, keyframes, commands;
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> commandLists;  // (word, count) -> animation
  std::vector<std::uint16_t> commandWords;  // the command package, flat
};

ordered_json dumpMesh(const Mesh& m, bool wadTextures) {
  ordered_json j;
  j["sphere"] = {{"center", vec(m.center)}, {"radius", m.radius}, {"unknown", m.sphereUnknown}};
  j["vertices"] = jsonArray(m.vertices, vec);
  if (!m.normals.empty())
    j["normals"] = jsonArray(m.normals, vec);
  else
    j["shades"] = m.shades;
  auto& ps = j["polygons"] = ordered_json::array();
  for (const auto& p : m.polygons) {
    ordered_json& pj = ps.emplace_back();
    pj["shape"] = p.quad ? "quad" : "triangle";
    pj["vertices"] = std::vector<int>(p.vertices.begin(), p.vertices.begin() + p.corners());
    pj["texture_word"] = p.texture;
    if (wadTextures && !p.quad) pj["corner"] = WadTextureWord::decode(p.texture, p.quad).corner;
    pj["attributes"] = p.attributes;
    storedFields(pj, ops::faceFields(), p, {.wad = wadTextures});
    pj["unknown"] = p.unknown;
    if (p.coloured) pj["coloured"] = true;
  }
  if (m.quadCount() % 2) j["padding"] = m.padding;
  return j;
}

// The animation's commands as written: parsed up to where another animation's list begins
// (each word is read once), else a reference to it.
ordered_json dumpCommands(const ObjectView& v, std::size_t ai, DumpedRuns& dumped, ordered_json& aj) {
  const Animation& a = v.animations()[ai];
  ordered_json cs = ordered_json::array();
  if (a.numCommands == 0) return cs;
  auto o = v.runStart(a.commands);
  if (!o) {
    aj["commands_unparsed"] = "command offset points outside the command package";
    return cs;
  }
  if (auto [it, fresh] = dumped.commandLists.emplace(std::pair<std::size_t, std::size_t>(*o, a.numCommands), ai); !fresh)
    return {{"same_as_animation", it->second}};
  const auto& words = dumped.commandWords;
  // Words up to the first one another list already covers.
  const std::size_t limit = std::min(words.size(), dumped.commands.visited().nextVisited(*o));
  auto list = parseCommands(std::span(words).subspan(*o, limit - *o), a.numCommands);
  dumped.commands.visited().mark(*o, *o + list.wordsUsed, ai);
  // Stopped by the words another list covers (not by a bad word of its own): name that list.
  const bool cut = !list.complete && limit < words.size() && list.problem.find("past the command package") != std::string::npos;
  if (cut)
    return {{"overlaps_animation", *dumped.commands.visited().ownerAt(limit)}, {"word", *o}, {"count", a.numCommands}};
  if (!list.complete) aj["commands_unparsed"] = list.problem;
  return jsonArray(list.commands, [](const Command& c) -> ordered_json {
    return {{"type", commandName(c.code)}, {"code", c.code}, {"operands", c.operands}};
  });
}

ordered_json dumpMovable(const ObjectView& v, std::size_t mi, const std::string& name, DumpedRuns& dumped) {
  const auto& t = v.tables();
  const Movable& m = (*t.movables)[mi];
  ordered_json j = {{"slot", m.objectId}, {"name", name}};
  const auto [p0, p1] = v.runRange(m.pointers);
  ordered_json meshes = dumped.pointers.reference(p0, p1, mi, "movable");
  if (meshes.is_null())
    meshes = jsonArray(v.movableMeshes(mi),
                       [](const MeshSlot& s) { return s.mesh ? ordered_json(s.entryIndex) : nullptr; });
  j["meshes"] = meshes;
  const std::size_t meshCount = v.meshCount(mi);
  const auto linkAt = v.runStart(m.links);
  ordered_json bones = meshCount > 1 && linkAt ? dumped.links.reference(*linkAt, *linkAt + 4 * (meshCount - 1), mi, "movable")
                                               : ordered_json(nullptr);
  if (bones.is_null()) {
    auto sk = v.skeleton(mi);
    bones = jsonArray(sk.bones,
                      [](const auto& b) -> ordered_json { return {{"parent", b.parent}, {"offset", vec(b.offset)}}; });
    if (sk.popUnderflow) j["skeleton_pop_underflow"] = true;
  }
  j["skeleton"] = bones;

  auto [first, end] = v.animationRange(mi);
  j["first_animation"] = first;
  auto& anims = j["animations"] = ordered_json::array();
  for (std::size_t ai = first; ai < end; ++ai) {
    const Animation& a = v.animations()[ai];
    const auto context = ops::animationContext(v, mi, ai);
    ordered_json& aj = anims.emplace_back();
    aj["index"] = ai;
    storedFields(aj, ops::animationFields(), a, context);
    const auto scRun = v.stateChangeRange(ai);
    ordered_json scs = dumped.stateChanges.reference(scRun.first, scRun.second, ai, "animation");
    if (scs.is_null()) {
      scs = ordered_json::array();
      for (std::size_t si = scRun.first; si < scRun.second; ++si) {
        ordered_json& sj = scs.emplace_back();
        storedFields(sj, ops::stateChangeFields(), v.stateChanges()[si], context);
        const auto dRun = v.dispatchRange(si);
        ordered_json ds = dumped.dispatches.reference(dRun.first, dRun.second, si, "state_change");
        if (ds.is_null()) {
          ds = ordered_json::array();
          for (std::size_t di = dRun.first; di < dRun.second; ++di)
            storedFields(ds.emplace_back(), ops::dispatchFields(), v.dispatches()[di], context);
        }
        sj["dispatches"] = ds;
      }
    }
    aj["state_changes"] = scs;
    aj["commands"] = dumpCommands(v, ai, dumped, aj);
    const auto kAt = v.runStart(a.keyframes);
    ordered_json ks = kAt ? dumped.keyframes.reference(*kAt, *kAt + v.keyframeCount(ai) * a.keyframeSize, ai, "animation")
                          : ordered_json(nullptr);
    if (ks.is_null())
      ks = jsonArray(v.keyframes(ai, meshCount), [](const auto& k) -> ordered_json {
        const auto rs = jsonArray(k.rotations,
                                  [](const Rotation& r) { return ordered_json::array({axesName(r.axes), r.x, r.y, r.z}); });
        return {{"box", box(k.box)}, {"offset", vec(k.offset)}, {"rotations", rs}};
      });
    aj["keyframes"] = ks;
  }
  return j;
}

ordered_json dumpStatic(const ObjectView& v, std::size_t si, const std::string& name) {
  const Static& s = (*v.tables().statics)[si];
  auto slot = v.staticMesh(si);
  return {{"slot", s.objectId},
          {"name", name},
          {"mesh", slot && slot->mesh ? ordered_json(slot->entryIndex) : ordered_json(nullptr)},
          {"visibility", box(s.visibility)},
          {"collision", box(s.collision)},
          {"flags", s.flags}};
}

ordered_json dumpSounds(const SoundSet& s) {
  ordered_json j = {{"map", s.map}};
  j["infos"] = ordered_json::array();
  for (const auto& info : s.infos) storedFields(j["infos"].emplace_back(), ops::soundInfoFields(), info, {});
  j["samples"] = jsonArray(s.samples, [](const SoundSample& x) {
    ordered_json sj{{"name", x.name}};
    if (x.listIndex) sj["list_index"] = *x.listIndex;
    if (!x.wav.empty()) sj["wav"] = hashed(x.wav);
    return sj;
  });
  j["sfx_trailing_bytes"] = s.sfxTrailer.size();
  return j;
}

ordered_json dumpSprites(const SpriteFile& f) {
  ordered_json j = {{"version", f.version}};
  j["pages"] = jsonArray(f.pages.pages, hashed);
  j["textures"] = jsonArray(f.textures, [](const SpriteTexture& t) -> ordered_json {
    return {{"page", t.tile}, {"x", t.x}, {"y", t.y}, {"width", spriteWidth(t)}, {"height", spriteHeight(t)},
            {"left", t.left}, {"top", t.top}, {"right", t.right}, {"bottom", t.bottom}};
  });
  j["sequences"] = jsonArray(f.sequences, [](const SpriteSequence& q) -> ordered_json {
    return {{"id", q.spriteId}, {"textures", sequenceLength(q)}, {"first", q.offset}};
  });
  return j;
}

}  // namespace

void dumpObjects(ordered_json& j, const ObjectTables& t, bool wadTextures, const ObjectNames& names) {
  ObjectView v(t);
  j["meshes"] = jsonArray(*t.meshes, [&](const MeshEntry& e) {
    return e.mesh ? dumpMesh(*e.mesh, wadTextures) : ordered_json{{"unparsed_bytes", e.gap->size()}};
  });
  auto& movables = j["movables"] = ordered_json::array();
  DumpedRuns dumped(v);
  for (std::size_t m = 0; m < t.movables->size(); ++m) movables.push_back(dumpMovable(v, m, names.movables[m], dumped));
  auto& statics = j["statics"] = ordered_json::array();
  for (std::size_t s = 0; s < t.statics->size(); ++s) statics.push_back(dumpStatic(v, s, names.statics[s]));
}

ordered_json dumpWad(const WadDocument& doc) {
  ordered_json j = {{"format", doc.wad2 ? "wad2" : "wad"}, {"version", doc.version}};
  if (doc.wad2) j["wad2"] = wad2Info(*doc.wad2);
  j["texture_pages"] = jsonArray(doc.pixels->pages, hashed);
  j["texture_samples"] = jsonArray(*doc.samples, [](const TextureSample& s) -> ordered_json {
    return {{"page", s.page}, {"x", s.x}, {"y", s.y}, {"width", s.width()}, {"height", s.height()},
            {"flip_x", s.flipX}, {"flip_y", s.flipY}};
  });
  dumpObjects(j, doc.objects, true, objectNames(doc));
  j["sounds"] = doc.sounds ? dumpSounds(*doc.sounds) : ordered_json(nullptr);
  j["sprites"] = doc.sprites ? dumpSprites(*doc.sprites) : ordered_json(nullptr);
  return j;
}

}  // namespace wadsmith::cli
