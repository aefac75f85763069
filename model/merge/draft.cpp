#include "model/merge/draft.h"

namespace wadsmith::merge {

WadDraft::WadDraft(const WadDocument& doc)
    : base(doc),
      samples(doc.samples),
      pixels(doc.pixels),
      meshes(doc.objects.meshes),
      meshPointers(doc.objects.meshPointers),
      animations(doc.objects.animations),
      stateChanges(doc.objects.stateChanges),
      dispatches(doc.objects.dispatches),
      commands(doc.objects.commands),
      links(doc.objects.links),
      keyframes(doc.objects.keyframes),
      movables(doc.objects.movables),
      statics(doc.objects.statics),
      was(doc.was),
      nextId(doc.nextId) {}

ObjectTables WadDraft::tables() const {
  ObjectTables t;
  t.meshes = meshes.result();
  t.meshPointers = meshPointers.result();
  t.animations = animations.result();
  t.stateChanges = stateChanges.result();
  t.dispatches = dispatches.result();
  t.commands = commands.result();
  t.links = links.result();
  t.keyframes = keyframes.result();
  t.movables = movables.result();
  t.statics = statics.result();
  return t;
}

void WadDraft::setTables(const ObjectTables& t) {
  meshes.set(t.meshes);
  meshPointers.set(t.meshPointers);
  animations.set(t.animations);
  stateChanges.set(t.stateChanges);
  dispatches.set(t.dispatches);
  commands.set(t.commands);
  links.set(t.links);
  keyframes.set(t.keyframes);
  movables.set(t.movables);
  statics.set(t.statics);
}

WadDocument WadDraft::result() const {
  WadDocument d = base;
  d.samples = samples.result();
  d.pixels = pixels.result();
  d.objects.meshes = meshes.result();
  d.objects.meshPointers = meshPointers.result();
  d.objects.animations = animations.result();
  d.objects.stateChanges = stateChanges.result();
  d.objects.dispatches = dispatches.result();
  d.objects.commands = commands.result();
  d.objects.links = links.result();
  d.objects.keyframes = keyframes.result();
  d.objects.movables = movables.result();
  d.objects.statics = statics.result();
  d.was = was.result();
  d.nextId = nextId;
  return d;
}

}  // namespace wadsmith::merge
