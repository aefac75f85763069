#include "model/validate.h"

#include <map>
#include <set>

#include "model/object_view.h"
#include "model/texture_word.h"
#include "model/visited_ranges.h"

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

// Each animation, state change and dispatch is checked once, with the first owner that names
// it: the work stays within the table sizes whatever the counts claim. A run identical to an
// earlier owner's is the shared run the format allows (checked with that owner); one that
// overlaps others' otherwise is reported once and only its records nobody named before are
// checked (a file can make 4,096 animations each claim 65,535 state changes from a different
// first index, and every state change 65,535 dispatches).
void checkAnimations(const ObjectView& v, std::vector<ValidationWarning>& out) {
  const auto& anims = v.animations();
  std::vector<bool> seenAnim(anims.size());
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> scRuns, dispatchRuns;  // run -> first owner
  VisitedRanges scVisited(v.stateChanges().size()), dispatchVisited(v.dispatches().size());
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

      auto checkDispatch = [&](const Location& sl, std::size_t x, std::size_t d0) {
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
      };
      auto checkStateChange = [&](std::size_t s, std::size_t s0) {
        const StateChange& sc = v.stateChanges()[s];
        Location sl = at;
        sl.stateChange = s - s0;
        if (!sc.dispatches.isSegments())
          warn(sl, "dispatches run past the dispatch table (" + runPastTable(sc.dispatches, v.dispatches().size()) + ")");
        const auto dRun = v.dispatchRange(s);
        const std::size_t d0 = dRun.first, d1 = dRun.second;
        if (sc.dispatches.isSegments() && d0 == d1) warn(sl, "state change to state " + std::to_string(sc.stateId) + " has no dispatch");
        if (d1 == d0 || !dispatchRuns.emplace(std::pair(d0, d1), s).second) return;  // a shared run: checked once
        if (auto other = dispatchVisited.overlap(d0, d1))
          warn(sl, "dispatches " + std::to_string(d0) + "-" + std::to_string(d1 - 1) + " overlap those of state change " +
                       std::to_string(*other) + "; each dispatch is checked once");
        dispatchVisited.mark(d0, d1, s, [&](std::size_t x) { checkDispatch(sl, x, d0); });
      };

      const auto scRun = v.stateChangeRange(a);
      const std::size_t s0 = scRun.first, s1 = scRun.second;
      if (s1 > s0 && scRuns.emplace(std::pair(s0, s1), a).second) {
        auto other = scVisited.overlap(s0, s1);
        if (other) {
          warn(at, "state changes " + std::to_string(s0) + "-" + std::to_string(s1 - 1) +
                       " overlap those of another animation (table index " + std::to_string(*other) +
                       "); each state change is checked once");
        } else {
          std::set<std::uint16_t> states;
          for (std::size_t s = s0; s < s1; ++s) {
            Location sl = at;
            sl.stateChange = s - s0;
            if (!states.insert(v.stateChanges()[s].stateId).second)
              warn(sl, "duplicate state id " + std::to_string(v.stateChanges()[s].stateId));
          }
        }
        scVisited.mark(s0, s1, a, [&](std::size_t s) { checkStateChange(s, s0); });
      }
      if (auto problem = v.commandProblem(a); !problem.empty())
        warn(at, "commands do not fully parse (kept as stored): " + problem);
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
    std::set<long> seen;  // a mesh its pointers repeat is checked once
    for (std::size_t k = 0; k < slots.size(); ++k)
      if (const Mesh* mesh = slots[k].mesh; mesh && seen.insert(slots[k].entryIndex).second)
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
