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
class AnimationChecks {
 public:
  AnimationChecks(const ObjectView& v, std::vector<ValidationWarning>& out)
      : v_(v), out_(out), seen_(v.animations().size()), scVisited_(v.stateChanges().size()), dispatchVisited_(v.dispatches().size()) {}

  void movable(std::size_t m) {
    const auto range = v_.animationRange(m);
    first_ = range.first, end_ = range.second;
    for (std::size_t a = first_; a < end_; ++a)
      if (!seen_[a]) {
        seen_[a] = true;
        animation(a, {.object = movableRef(v_.movables()[m].objectId), .animation = a - first_});
      }
  }

 private:
  void warn(const Location& l, std::string what) { out_.push_back({l, std::move(what)}); }
  bool inMovable(std::optional<std::size_t> a) const { return a && *a >= first_ && *a < end_; }

  void animation(std::size_t a, const Location& at) {
    const Animation& an = v_.animations()[a];
    const auto& anims = v_.animations();
    if (an.frameStart > an.frameEnd)
      warn(at, "frame start " + std::to_string(an.frameStart) + " is after frame end " + std::to_string(an.frameEnd));
    auto next = v_.indexOf(an.nextAnimation);
    if (!inMovable(next))
      warn(at, "next animation is outside the movable's own animations");
    else if (an.nextFrame < anims[*next].frameStart || an.nextFrame > anims[*next].frameEnd)
      warn(at, "next frame " + std::to_string(an.nextFrame) + " is outside next animation " + std::to_string(*next - first_) +
                   " (frames " + std::to_string(anims[*next].frameStart) + "-" + std::to_string(anims[*next].frameEnd) + ")");
    if (!an.stateChanges.isSegments())
      warn(at, "state changes run past the state change table (" + runPastTable(an.stateChanges, v_.stateChanges().size()) + ")");
    const auto scRun = v_.stateChangeRange(a);
    const std::size_t s0 = scRun.first, s1 = scRun.second;
    if (s1 > s0 && scRuns_.emplace(std::pair(s0, s1), a).second) {
      if (auto other = scVisited_.overlap(s0, s1)) {
        warn(at, "state changes " + std::to_string(s0) + "-" + std::to_string(s1 - 1) +
                     " overlap those of another animation (table index " + std::to_string(*other) + "); each state change is checked once");
      } else {
        std::set<std::uint16_t> states;
        for (std::size_t s = s0; s < s1; ++s) {
          Location sl = at;
          sl.stateChange = s - s0;
          if (!states.insert(v_.stateChanges()[s].stateId).second)
            warn(sl, "duplicate state id " + std::to_string(v_.stateChanges()[s].stateId));
        }
      }
      scVisited_.mark(s0, s1, a, [&](std::size_t s) { stateChange(an, at, s, s0); });
    }
    if (auto problem = v_.commandProblem(a); !problem.empty()) warn(at, "commands do not fully parse (kept as stored): " + problem);
  }

  void stateChange(const Animation& an, const Location& at, std::size_t s, std::size_t s0) {
    const StateChange& sc = v_.stateChanges()[s];
    Location sl = at;
    sl.stateChange = s - s0;
    if (!sc.dispatches.isSegments())
      warn(sl, "dispatches run past the dispatch table (" + runPastTable(sc.dispatches, v_.dispatches().size()) + ")");
    const auto dRun = v_.dispatchRange(s);
    const std::size_t d0 = dRun.first, d1 = dRun.second;
    if (sc.dispatches.isSegments() && d0 == d1) warn(sl, "state change to state " + std::to_string(sc.stateId) + " has no dispatch");
    if (d1 == d0 || !dispatchRuns_.emplace(std::pair(d0, d1), s).second) return;  // a shared run: checked once
    if (auto other = dispatchVisited_.overlap(d0, d1))
      warn(sl, "dispatches " + std::to_string(d0) + "-" + std::to_string(d1 - 1) + " overlap those of state change " +
                   std::to_string(*other) + "; each dispatch is checked once");
    dispatchVisited_.mark(d0, d1, s, [&](std::size_t x) { dispatch(an, sl, x, d0); });
  }

  void dispatch(const Animation& an, const Location& sl, std::size_t x, std::size_t d0) {
    const auto& anims = v_.animations();
    const Dispatch& dp = v_.dispatches()[x];
    Location dl = sl;
    dl.dispatch = x - d0;
    if (dp.nextAnimation.kind == RecordRef::Kind::Raw && dp.nextAnimation.raw > 32767)
      warn(dl, "target animation " + std::to_string(static_cast<std::int16_t>(dp.nextAnimation.raw)) +
                   " is beyond 32767 (negative as stored)");
    auto target = v_.indexOf(dp.nextAnimation);
    if (!inMovable(target))
      warn(dl, "target animation is outside the movable's own animations");
    else if (dp.nextFrame < anims[*target].frameStart || dp.nextFrame > anims[*target].frameEnd)
      warn(dl, "next frame " + std::to_string(dp.nextFrame) + " is outside target animation " + std::to_string(*target - first_));
    // out is exclusive, so frameEnd + 1 is a normal value.
    if (dp.inFrame < an.frameStart || dp.inFrame > an.frameEnd + 1 || dp.outFrame < an.frameStart || dp.outFrame > an.frameEnd + 1)
      warn(dl, "frames " + std::to_string(dp.inFrame) + "-" + std::to_string(dp.outFrame) + " are outside [" +
                   std::to_string(an.frameStart) + ", " + std::to_string(an.frameEnd + 1) + "]");
    if (dp.inFrame > dp.outFrame) warn(dl, "in frame is after out frame");
  }

  const ObjectView& v_;
  std::vector<ValidationWarning>& out_;
  std::vector<bool> seen_;
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> scRuns_, dispatchRuns_;  // run -> first owner
  VisitedRanges scVisited_, dispatchVisited_;
  std::size_t first_ = 0, end_ = 0;  // the movable's animations
};

}  // namespace

std::vector<ValidationWarning> validateMeshes(const ObjectTables& t, std::size_t textures, bool wad) {
  std::vector<ValidationWarning> out;
  ObjectView v(t);
  for (std::size_t i = 0; i < t.meshes->size(); ++i) {
    const auto& e = (*t.meshes)[i];
    if (!e.mesh) continue;
    const Mesh& m = *e.mesh;
    for (std::size_t f = 0; f < m.polygons.size(); ++f) {
      const Polygon& p = m.polygons[f];
      const Location at{.meshEntry = i, .face = f};
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
          if (mesh->polygons[f].attributes & attr::kShine)
            out.push_back({{.object = movableRef(9), .mesh = k, .face = f},
                           "shine on Lara's joint meshes is known to crash the engine"});
  }
  return out;
}

std::vector<ValidationWarning> validate(const Document& doc, const ValidationOptions& options) {
  std::vector<ValidationWarning> out;
  ObjectView v(objectsOf(doc));
  AnimationChecks checks(v, out);
  for (std::size_t m = 0; m < v.movables().size(); ++m) checks.movable(m);
  const auto* wad = std::get_if<WadDocument>(&doc);
  const std::size_t textures = wad ? wad->samples->size() : std::get<LevelDocument>(doc).data->objectTextures->size();
  const auto meshes = validateMeshes(objectsOf(doc), textures, wad != nullptr);
  out.insert(out.end(), meshes.begin(), meshes.end());
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
