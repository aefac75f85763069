#include "model/draft.h"

namespace wadsmith {

Draft::Draft(const Document& doc)
    : base_(doc), isWad_(wadsmith::isWad(doc)),
      nextId_(std::visit([](const auto& d) { return d.nextId; }, doc)) {
  const ObjectTables& t = objectsOf(doc);
  keyframeFormat_ = t.keyframeFormat;
  forEachTablePart(*this, t, [](auto& cow, const auto& part) { cow = Cow(part); });
  if (const auto* w = std::get_if<WadDocument>(&doc)) {
    samples = Cow(w->samples);
    pixels = Cow(w->pixels);
    was = Cow(w->was);
    sounds = Cow(w->sounds);
    sprites = Cow(w->sprites);
  }
}

ObjectTables Draft::tables() const {
  ownedItems_.clear();  // handed out: later edits copy
  ObjectTables t{.keyframeFormat = keyframeFormat_};
  forEachTablePart(t, *this, [](auto& part, const auto& cow) { part = cow.result(); });
  return t;
}

WadDocument Draft::wadResult() const {
  WadDocument d = std::get<WadDocument>(base_);
  d.objects = tables();
  d.samples = samples.result();
  d.pixels = pixels.result();
  // A WAD without a .WAS gets one only when an operation wrote lines into it.
  d.was = was.result();
  d.sounds = sounds.result();
  d.sprites = sprites.result();
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
