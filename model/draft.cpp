#include "model/draft.h"

namespace wadsmith {

namespace {
Id nextIdOf(const Document& d) {
  if (const auto* w = std::get_if<WadDocument>(&d)) return w->nextId;
  return std::get<LevelDocument>(d).nextId;
}
}  // namespace

Draft::Draft(const Document& doc)
    : base_(doc), isWad_(wadsmith::isWad(doc)), hadWas_(false), hadSounds_(false), hadSprites_(false), nextId_(nextIdOf(doc)) {
  const ObjectTables& t = objectsOf(doc);
  keyframeFormat_ = t.keyframeFormat;
  meshes = Cow(t.meshes);
  meshPointers = Cow(t.meshPointers);
  animations = Cow(t.animations);
  stateChanges = Cow(t.stateChanges);
  dispatches = Cow(t.dispatches);
  commands = Cow(t.commands);
  links = Cow(t.links);
  keyframes = Cow(t.keyframes);
  movables = Cow(t.movables);
  statics = Cow(t.statics);
  if (const auto* w = std::get_if<WadDocument>(&doc)) {
    samples = Cow(w->samples);
    pixels = Cow(w->pixels);
    was = Cow(w->was);
    hadWas_ = w->was != nullptr;
    sounds = Cow(w->sounds);
    sprites = Cow(w->sprites);
    hadSounds_ = w->sounds != nullptr;
    hadSprites_ = w->sprites != nullptr;
  }
}

ObjectTables Draft::tables() const {
  ownedItems_.clear();  // handed out: later edits copy
  ObjectTables t;
  t.keyframeFormat = keyframeFormat_;
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

WadDocument Draft::wadResult() const {
  WadDocument d = std::get<WadDocument>(base_);
  d.objects = tables();
  d.samples = samples.result();
  d.pixels = pixels.result();
  // A WAD without a .WAS gets one only when an operation wrote lines into it.
  d.was = hadWas_ || was.edited() ? was.result() : nullptr;
  d.sounds = hadSounds_ || sounds.edited() ? sounds.result() : nullptr;
  d.sprites = hadSprites_ || sprites.edited() ? sprites.result() : nullptr;
  d.nextId = nextId_;
  return d;
}

Document Draft::result() const {
  if (isWad_) return wadResult();
  LevelDocument out = std::get<LevelDocument>(base_);
  auto data = std::make_shared<LevelData>(*out.data);
  data->objects = tables();
  out.data = data;
  out.nextId = nextId_;
  return out;
}

}  // namespace wadsmith
