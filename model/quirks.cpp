#include "model/quirks.h"

#include <algorithm>
#include <map>

#include "model/object_view.h"
#include "model/visited_ranges.h"

namespace wadsmith {
namespace {

// The quirks by id: how many places, the first one as the example.
struct Tally {
  std::map<std::string, Quirk> byId;
  void add(const std::string& id, const std::string& detail) { ++byId.try_emplace(id, Quirk{id, 0, detail}).first->second.count; }
};

bool isRaw(const RecordRef& r) { return r.kind == RecordRef::Kind::Raw; }
bool isRaw(const RunRef& r) { return r.kind == RunRef::Kind::Raw; }

void meshQuirks(const ObjectView& v, Tally& q) {
  const ObjectTables& t = v.tables();
  std::map<Id, int> pointerUses;
  for (std::size_t i = 0; i < v.meshPointers().size(); ++i) {
    const auto& p = v.meshPointers()[i].target;
    if (p.isSegment() && p.delta != 0)
      q.add("mesh_pointer_inside_mesh", "mesh pointer " + std::to_string(i) + " lands " + std::to_string(p.delta) +
                                            " bytes into a mesh");
    if (p.isSegment()) ++pointerUses[p.segment];
  }
  for (const auto& [id, uses] : pointerUses)
    if (uses > 1) q.add("shared_mesh", "mesh entry " + std::to_string(*v.indexOfId(id)) + " has " + std::to_string(uses) + " pointers");
  for (std::size_t i = 0; i < t.meshes->size(); ++i) {
    const auto& e = (*t.meshes)[i];
    if (e.gap) {
      q.add("unparsed_mesh_bytes", std::to_string(e.gap->size()) + " bytes after mesh " + std::to_string(i));
      continue;
    }
    if (e.mesh->padding != 0)  // zero whenever the format writes no padding
      q.add("nonzero_mesh_padding", "mesh " + std::to_string(i) + " padding word " + std::to_string(e.mesh->padding));
    if (e.mesh->vertices.empty()) q.add("empty_mesh", "mesh " + std::to_string(i) + " has no vertices");
    if (e.mesh->sphereUnknown != 0)
      q.add("sphere_unknown_word", "mesh " + std::to_string(i) + " sphere word " + std::to_string(e.mesh->sphereUnknown));
  }
}

void movableQuirks(const ObjectView& v, Tally& q) {
  const auto& movables = v.movables();
  const auto linkDwords = static_cast<std::uint32_t>(v.tables().links->size());
  std::vector<std::uint32_t> starts;  // of the movables' link records
  for (std::size_t m = 0; m < movables.size(); ++m)
    if (auto at = v.runStart(movables[m].links); at && v.meshCount(m) > 1) starts.push_back(*at);
  std::sort(starts.begin(), starts.end());
  VisitedRanges linksVisited(linkDwords);
  for (std::size_t m = 0; m < movables.size(); ++m) {
    const Movable& mv = movables[m];
    const std::size_t numPointers = v.meshCount(m);
    auto label = "movable " + std::to_string(m) + " (slot " + std::to_string(mv.objectId) + ")";
    auto linkAt = v.runStart(mv.links);
    if (numPointers <= 1 && linkAt && *linkAt != 0)
      q.add("one_mesh_links_index", label + " has links index " + std::to_string(*linkAt));
    if (numPointers > 1 && linkAt) {
      if (*linkAt % 4) q.add("misaligned_links", label + " links start at dword " + std::to_string(*linkAt));
      auto next = std::upper_bound(starts.begin(), starts.end(), *linkAt);
      const std::size_t used = *linkAt + 4u * (numPointers - 1u), end = next == starts.end() ? linkDwords : *next;
      if (end > used) q.add("garbage_after_links", label + ": " + std::to_string(end - used) + " dwords follow its link records");
      // Each link dword is decoded once: movables that name the same or overlapping link records
      // (a file can make every movable claim 65,535 meshes) are checked with the first.
      if (!linksVisited.overlap(*linkAt, used)) {
        linksVisited.mark(*linkAt, used, m);
        auto sk = v.skeleton(m);
        if (sk.popUnderflow) q.add("links_pop_underflow", label + " mesh tree pops more than it pushes");
        if (sk.truncated) q.add("links_truncated", label + " link records run past the package");
      }
    }
    if (isRaw(mv.links) || isRaw(mv.keyframes) || isRaw(mv.pointers) || (mv.hasAnimations() && isRaw(mv.animations)))
      q.add("unresolved_reference", label + " has an offset or index that points nowhere");
  }
}

// Keyframe words are decoded once, with the first animation whose keyframes hold them.
void keyframeQuirks(const ObjectView& v, std::size_t a, VisitedRanges& visited, Tally& q) {
  const Animation& an = v.animations()[a];
  const auto at = v.runStart(an.keyframes);
  const std::size_t end = at ? *at + v.keyframeCount(a) * an.keyframeSize : 0;
  if (!an.keyframeSize || !at || visited.overlap(*at, end)) return;
  visited.mark(*at, end, a);
  auto words = v.keyframeWords(a);
  auto owner = v.movableOfAnimation(a);
  std::size_t meshes = owner ? v.meshCount(*owner) : 0;
  for (std::size_t k = 0; owner && k + an.keyframeSize <= words.size(); k += an.keyframeSize) {
    std::size_t used = 9;
    for (std::size_t m = 0; m < meshes && used < an.keyframeSize; ++m) used += (words[k + used] & 0xC000) ? 1 : 2;
    bool junk = false;
    for (std::size_t i = used; i < an.keyframeSize; ++i) junk |= words[k + i] != 0;
    if (junk) {
      q.add("keyframe_padding_junk", "animation " + std::to_string(a) + " keyframe padding holds non-zero words");
      return;
    }
  }
}

void animationQuirks(const ObjectView& v, Tally& q) {
  const auto& anims = v.animations();
  std::uint32_t lastCommand = 0;
  VisitedRanges keyframesVisited(v.tables().keyframes->size());
  for (std::size_t a = 0; a < anims.size(); ++a) {
    const Animation& an = anims[a];
    auto label = "animation " + std::to_string(a);
    if (an.numCommands) {
      if (auto problem = v.commandProblem(a); !problem.empty()) q.add("unparsed_commands", label + ": " + problem);
      if (auto at = v.runStart(an.commands)) {
        if (*at < lastCommand) q.add("command_offsets_not_increasing", label + " commands at word " + std::to_string(*at));
        lastCommand = *at;
      }
    }
    keyframeQuirks(v, a, keyframesVisited, q);
    if (isRaw(an.nextAnimation) || isRaw(an.stateChanges) || isRaw(an.keyframes) || isRaw(an.commands))
      q.add("unresolved_reference", label + " has an offset or index that points nowhere");
  }
  for (std::size_t s = 0; s < v.stateChanges().size(); ++s)
    if (isRaw(v.stateChanges()[s].dispatches))
      q.add("unresolved_reference", "state change " + std::to_string(s) + " has dispatches past the table");
  for (std::size_t d = 0; d < v.dispatches().size(); ++d)
    if (isRaw(v.dispatches()[d].nextAnimation))
      q.add("unresolved_reference", "dispatch " + std::to_string(d) + " targets an animation past the table");
}

}  // namespace

std::vector<Quirk> findObjectQuirks(const ObjectTables& t) {
  Tally q;
  ObjectView v(t);
  meshQuirks(v, q);
  movableQuirks(v, q);
  animationQuirks(v, q);
  std::vector<Quirk> out;
  for (const auto& [id, quirk] : q.byId) out.push_back(quirk);
  return out;
}

std::vector<Quirk> findWadQuirks(const WadDocument& doc) {
  std::vector<Quirk> out = findObjectQuirks(doc.objects);
  if (doc.version != 129) out.push_back({"version_" + std::to_string(doc.version), 1, "WAD version " + std::to_string(doc.version)});
  if (doc.pixels->byteCount() % kPageBytes)
    out.push_back({"partial_texture_page", 1, std::to_string(doc.pixels->byteCount() % kPageBytes) + " bytes past the last whole page"});
  if (doc.trailer && !doc.trailer->empty())
    out.push_back({"trailing_bytes", 1, std::to_string(doc.trailer->size()) + " bytes after the statics"});
  return out;
}

}  // namespace wadsmith
