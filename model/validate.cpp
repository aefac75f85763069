#include "model/validate.h"

#include <set>

#include "model/object_view.h"
#include "model/texture_word.h"

namespace wadsmith {

std::string Location::text() const {
  const bool sound = soundId || soundInfo || sample;
  std::string s = object ? object->text() : meshEntry ? "mesh entry " + std::to_string(*meshEntry) : sound ? "" : "document";
  if (animation) s += " animation " + std::to_string(*animation);
  if (stateChange) s += " state change " + std::to_string(*stateChange);
  if (dispatch) s += " dispatch " + std::to_string(*dispatch);
  if (object && mesh) s += " mesh " + std::to_string(*mesh);
  if (face) s += " face " + std::to_string(*face);
  if (soundId) s += (s.empty() ? "" : " ") + std::string("sound id ") + std::to_string(*soundId);
  if (soundInfo) s += (s.empty() ? "" : " ") + std::string("sound info ") + std::to_string(*soundInfo);
  if (sample) s += (s.empty() ? "" : " ") + std::string(".SAM line ") + std::to_string(*sample);
  return s;
}

namespace {

std::string runPastTable(const RunRef& r, std::size_t tableSize) {
  return "first " + std::to_string(r.rawFirst) + ", count " + std::to_string(r.rawCount) + ", of a table of " +
         std::to_string(tableSize);
}

// Each animation, state change and dispatch is checked once, however many owners share it:
// the work stays within the table sizes whatever the counts claim.
void checkAnimations(const ObjectView& v, std::vector<ValidationWarning>& out) {
  const auto& anims = v.animations();
  std::vector<bool> seenAnim(anims.size()), seenSc(v.stateChanges().size());
  // Runs several owners share are checked with the first (a file can make every animation
  // claim the same 65,535 state changes, each the same 65,535 dispatches).
  std::set<std::pair<std::size_t, std::size_t>> seenScRuns, seenDispatchRuns;
  for (std::size_t m = 0; m < v.movables().size(); ++m) {
    const std::uint32_t slot = v.movables()[m].objectId;
    // Plain variables, not a structured binding: clang 14 (the fuzz build's) cannot capture one.
    const auto range = v.animationRange(m);
    const std::size_t first = range.first, end = range.second;
    auto inMovable = [&](std::optional<std::size_t> a) { return a && *a >= first && *a < end; };
    for (std::size_t a = first; a < end; ++a) {
      if (seenAnim[a]) continue;
      seenAnim[a] = true;
      const Animation& an = anims[a];
      Location at;
      at.object = movableRef(slot);
      at.animation = a - first;
      auto warn = [&](Location l, std::string what) { out.push_back({l, std::move(what)}); };
      if (an.frameStart > an.frameEnd)
        warn(at, "frame start " + std::to_string(an.frameStart) + " is after frame end " + std::to_string(an.frameEnd));
      auto next = v.indexOf(an.nextAnimation);
      if (!inMovable(next))
        warn(at, "next animation is outside the movable's own animations");
      else if (an.nextFrame < anims[*next].frameStart || an.nextFrame > anims[*next].frameEnd)
        warn(at, "next frame " + std::to_string(an.nextFrame) + " is outside next animation " +
                     std::to_string(*next - first) + " (frames " + std::to_string(anims[*next].frameStart) + "-" +
                     std::to_string(anims[*next].frameEnd) + ")");
      if (!an.stateChanges.isSegments())
        warn(at, "state changes run past the state change table (" + runPastTable(an.stateChanges, v.stateChanges().size()) + ")");
      auto [s0, s1] = v.stateChangeRange(a);
      if (s1 > s0 && !seenScRuns.insert({s0, s1}).second) s1 = s0;
      std::set<std::uint16_t> states;
      for (std::size_t s = s0; s < s1; ++s) {
        const StateChange& sc = v.stateChanges()[s];
        Location sl = at;
        sl.stateChange = s - s0;
        if (!states.insert(sc.stateId).second) warn(sl, "duplicate state id " + std::to_string(sc.stateId));
        if (seenSc[s]) continue;  // checked with the animation that names it first
        seenSc[s] = true;
        if (!sc.dispatches.isSegments())
          warn(sl, "dispatches run past the dispatch table (" + runPastTable(sc.dispatches, v.dispatches().size()) + ")");
        auto [d0, d1] = v.dispatchRange(s);
        if (sc.dispatches.isSegments() && d0 == d1) warn(sl, "state change to state " + std::to_string(sc.stateId) + " has no dispatch");
        if (d1 > d0 && !seenDispatchRuns.insert({d0, d1}).second) d1 = d0;
        for (std::size_t x = d0; x < d1; ++x) {
          const Dispatch& dp = v.dispatches()[x];
          Location dl = sl;
          dl.dispatch = x - d0;
          if (dp.nextAnimation.kind == RecordRef::Kind::Raw && dp.nextAnimation.raw > 32767)
            warn(dl, "target animation " + std::to_string(static_cast<std::int16_t>(dp.nextAnimation.raw)) +
                         " is beyond 32767 (negative as stored)");
          auto target = v.indexOf(dp.nextAnimation);
          if (!inMovable(target))
            warn(dl, "target animation is outside the movable's own animations");
          else if (dp.nextFrame < anims[*target].frameStart || dp.nextFrame > anims[*target].frameEnd)
            warn(dl, "next frame " + std::to_string(dp.nextFrame) + " is outside target animation " +
                         std::to_string(*target - first));
          // out is exclusive, so frameEnd + 1 is a normal value.
          if (dp.inFrame < an.frameStart || dp.inFrame > an.frameEnd + 1 || dp.outFrame < an.frameStart ||
              dp.outFrame > an.frameEnd + 1)
            warn(dl, "frames " + std::to_string(dp.inFrame) + "-" + std::to_string(dp.outFrame) + " are outside [" +
                         std::to_string(an.frameStart) + ", " + std::to_string(an.frameEnd + 1) + "]");
          if (dp.inFrame > dp.outFrame) warn(dl, "in frame is after out frame");
        }
      }
      auto cmds = v.commands(a);
      if (!cmds.complete) warn(at, "commands do not fully parse (kept as stored): " + cmds.problem);
    }
  }
}

void checkMeshes(const ObjectTables& t, std::size_t textures, bool wad, std::vector<ValidationWarning>& out) {
  ObjectView v(t);
  for (std::size_t i = 0; i < t.meshes->size(); ++i) {
    const auto& e = (*t.meshes)[i];
    if (!e.mesh) continue;
    const Mesh& m = *e.mesh;
    for (std::size_t f = 0; f < m.polygons.size(); ++f) {
      const Polygon& p = m.polygons[f];
      Location at;
      at.meshEntry = i;
      at.face = f;
      for (int c = 0; c < p.corners(); ++c)
        if (p.vertices[c] >= m.vertices.size())
          out.push_back({at, "vertex index " + std::to_string(p.vertices[c]) + " past " +
                                 std::to_string(m.vertices.size()) + " vertices"});
      std::size_t sample = wad ? WadTextureWord::decode(p.texture, p.quad).sample : (p.texture & 0x7FFF);
      if (sample >= textures && !p.coloured)  // a coloured face's word holds palette indices
        out.push_back({at, "texture " + std::to_string(sample) + " is past the " + std::to_string(textures) +
                               (wad ? " texture samples" : " object textures")});
      if ((p.attributes & attr::kShine) && m.usesShades())
        out.push_back({at, "shine on a mesh that uses shades is known to crash the engine"});
    }
  }
  // Lara's joint meshes (LARA_SKIN_JOINTS) must not shine.
  if (auto joints = v.findMovable(9)) {
    auto slots = v.movableMeshes(*joints);
    for (std::size_t k = 0; k < slots.size(); ++k)
      if (const Mesh* mesh = slots[k].mesh)
        for (std::size_t f = 0; f < mesh->polygons.size(); ++f)
          if (mesh->polygons[f].attributes & attr::kShine) {
            Location at;
            at.object = movableRef(9);
            at.mesh = k;
            at.face = f;
            out.push_back({at, "shine on Lara's joint meshes is known to crash the engine"});
          }
  }
}

}  // namespace

std::vector<ValidationWarning> validateMeshes(const ObjectTables& t, std::size_t textures, bool wadTextures) {
  std::vector<ValidationWarning> out;
  checkMeshes(t, textures, wadTextures, out);
  return out;
}

std::vector<ValidationWarning> validate(const Document& doc, const ValidationOptions& options) {
  std::vector<ValidationWarning> out;
  ObjectView v(objectsOf(doc));
  checkAnimations(v, out);
  const auto* wad = std::get_if<WadDocument>(&doc);
  checkMeshes(objectsOf(doc), wad ? wad->samples->size() : std::get<LevelDocument>(doc).data->objectTextures->size(),
              wad != nullptr, out);
  if (const auto* w = wad) {
    if (w->samples->size() > kTrleMaxSamples)
      out.push_back({{}, std::to_string(w->samples->size()) + " texture samples: TRLE accepts " + std::to_string(kTrleMaxSamples)});
    std::size_t pages = (w->pixels->byteCount() + kPageBytes - 1) / kPageBytes;
    if (pages > kTrleMaxPages)
      out.push_back({{}, std::to_string(pages) + " texture pages: TRLE accepts " + std::to_string(kTrleMaxPages)});
  }
  auto sounds = validateSounds(doc, options);
  out.insert(out.end(), sounds.begin(), sounds.end());
  return out;
}

}  // namespace wadsmith
