// The Merge panel's state turned into the arguments of the one use case (usecases/bring_in.h),
// and its result kept for the panel to show.
#include "editor/session/actions.h"
#include "io/utf8_path.h"
#include "model/merge/level_merge.h"

namespace wadsmith::session::actions {

namespace {

// Picks by slot (a document's objects) or by the index in the listing of their kind.
usecases::Pick pickOf(const Session& s, const ObjectRef& o) {
  if (s.source()->document) return {o.kind, std::to_string(o.slot), std::nullopt};
  const auto& list = s.sourceListing().of(o.kind);
  if (o.slot >= list.size()) throw ops::EditError("the ticked model is not in the source's listing");
  return {o.kind, list[o.slot].name, std::nullopt};
}

usecases::ConvertOptions convertOptions(const MergePanel& panel) {
  usecases::ConvertOptions o;
  o.scale = panel.scale;
  if (!panel.textures.empty()) o.textures.push_back(utf8Path(panel.textures));
  o.frame = panel.frame;
  o.framesPerSecond = panel.framesPerSecond;
  o.recomputeNormals = panel.recomputeNormals;
  return o;
}

}  // namespace

usecases::BringIn mergeArgs(const Session& s, const std::set<ObjectRef>& picked) {
  const auto& panel = s.panels.merge;
  if (!s.source()) throw ops::EditError("open a source to merge from first");
  if (picked.empty() && (panel.sprites.empty() || !s.source()->document))
    throw ops::EditError("tick the source's objects or sprite sequences to merge first");
  const bool placed = panel.mode == MergeMode::PlaceUnder || panel.oneMesh;
  if (placed && panel.asSlot < 0) throw ops::EditError("the slot to place the object under must be 0 or more");
  if (placed && picked.size() != 1)
    throw ops::EditError("place under a slot takes one object; tick one, or let each take the first free slot");
  usecases::BringIn a;
  a.source = s.sourcePath();
  for (const auto& o : picked) a.picks.push_back(pickOf(s, o));
  if (placed) a.picks[0].slot = static_cast<std::uint32_t>(panel.asSlot);
  a.replace = panel.mode == MergeMode::Replace && !panel.oneMesh;
  if (panel.oneMesh) {
    if (panel.mesh < 0) throw ops::EditError("the mesh index must be 0 or more");
    a.mesh = static_cast<std::size_t>(panel.mesh);
    a.picks[0].kind = ObjectKind::Movable;
  }
  if (s.source()->document) {
    a.withRelated = panel.withRelated;
    // Another game's sound ids are its own numbering: its sounds stay out (the default). So do
    // they, kept by default, from a level of MS-ADPCM samples, which takes no PCM ones (TR5).
    const auto* level = std::get_if<LevelDocument>(&s.document());
    const bool adpcmKept = level && panel.sounds == merge::SoundMode::Keep && merge::takesOnlyAdpcm(*level);
    if (traits(s.source()->game).wadIds && !adpcmKept) a.sounds = panel.sounds;
    a.sprites.assign(panel.sprites.begin(), panel.sprites.end());
  } else {
    a.convert = convertOptions(panel);
  }
  a.mainSfx = utf8Path(panel.mainSfx), a.mainSfxOut = utf8Path(panel.mainSfxOut);
  return a;
}

void mergePicked(Session& s, const Progress& progress) {
  const auto args = mergeArgs(s, s.panels.merge.picked);
  auto brought = s.bringIn(args, progress);
  auto& panel = s.panels.merge;
  panel.lines = usecases::reportLines(brought);
  panel.notes = std::move(brought.notes);
  panel.report = std::move(brought.report);
  // An object that came in alone from a file without slots is shown.
  if (!s.source()->document && panel.report->merged.size() == 1) s.selection.object = panel.report->merged[0].target();
  if (args.mesh) s.selection.object = movableRef(*args.picks[0].slot);
}

}  // namespace wadsmith::session::actions
