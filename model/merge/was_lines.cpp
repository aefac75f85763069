#include "model/merge/was_lines.h"

#include "model/catalog.h"
#include "model/names.h"

namespace wadsmith::merge {
namespace {
// Slots of the sprite sequences a .WAS lists among the movables.
std::optional<std::uint32_t> spriteSlot(const std::string& name) {
  if (name == "SKY_GRAPHICS") return 460;
  if (name == "DEFAULT_SPRITES") return 463;
  if (name == "MISC_SPRITES") return 464;
  if (name == "FONT_GRAPHICS" || name == "CUSTOM_SPRITES") return 470;
  return std::nullopt;
}
}  // namespace

WasEditor::WasEditor(const WadDocument& d) {
  if (!d.was) return;
  was_ = *d.was;
  entries_.assign(was_->lines.size(), {Kind::Other, 0});
  auto names = objectNames(d);
  for (std::size_t m = 0; m < names.movableLines.size(); ++m)
    if (names.movableLines[m] >= 0) entries_[names.movableLines[m]] = {Kind::Movable, (*d.objects.movables)[m].objectId};
  for (std::size_t s = 0; s < names.staticLines.size(); ++s)
    if (names.staticLines[s] >= 0) entries_[names.staticLines[s]] = {Kind::Static, (*d.objects.statics)[s].objectId};
  for (std::size_t i = 0; i < entries_.size(); ++i)
    if (entries_[i].kind == Kind::Other)
      if (auto slot = spriteSlot(was_->lines[i].name())) entries_[i] = {Kind::Sprite, *slot};
}

std::string WasEditor::lineFor(const WadDocument& source, long sourceLine, std::uint32_t sourceSlot, std::uint32_t slot,
                               bool movable) const {
  auto standard = [&](std::uint32_t s) { return movable ? catalog::movableName(s) : catalog::staticName(s); };
  std::string text = sourceLine >= 0 && source.was ? source.was->lines[static_cast<std::size_t>(sourceLine)].text
                                                   : (movable ? catalog::movableLabel(slot) : catalog::staticLabel(slot)) + ":";
  std::string name = text.substr(0, text.find(':'));
  if (slot != sourceSlot && standard(sourceSlot) && name == *standard(sourceSlot)) {
    std::string renamed = movable ? catalog::movableLabel(slot) : catalog::staticLabel(slot);
    text = renamed + text.substr(name.size());
  }
  return text;
}

void WasEditor::insert(std::size_t at, std::string text, Kind kind, std::uint32_t slot) {
  WasLine line;
  line.text = std::move(text);
  line.crlf = !was_->lines.empty() && was_->lines[std::min(at, was_->lines.size() - 1)].crlf;
  was_->lines.insert(was_->lines.begin() + static_cast<long>(at), std::move(line));
  entries_.insert(entries_.begin() + static_cast<long>(at), {kind, slot});
}

std::string WasEditor::addMovable(const WadDocument& source, long sourceLine, std::uint32_t sourceSlot, std::uint32_t slot) {
  std::string text = lineFor(source, sourceLine, sourceSlot, slot, true);
  std::string name = text.substr(0, text.find(':'));
  if (!was_) return name;
  // Before the first movable or sprite line with a higher slot; else after the last of them.
  std::size_t at = 0;
  bool placed = false;
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].kind != Kind::Movable && entries_[i].kind != Kind::Sprite) continue;
    if (entries_[i].slot > slot) {
      at = i;
      placed = true;
      break;
    }
    at = i + 1;
  }
  if (!placed && at == 0) {
    // No movable or sprite line: before the statics.
    while (at < entries_.size() && entries_[at].kind != Kind::Static) ++at;
  }
  insert(at, text, Kind::Movable, slot);
  return name;
}

std::string WasEditor::addStatic(const WadDocument& source, long sourceLine, std::uint32_t sourceSlot, std::uint32_t slot) {
  std::string text = lineFor(source, sourceLine, sourceSlot, slot, false);
  std::string name = text.substr(0, text.find(':'));
  if (!was_) return name;
  std::size_t at = entries_.size();
  for (std::size_t i = 0; i < entries_.size(); ++i)
    if (entries_[i].kind == Kind::Static && entries_[i].slot > slot) {
      at = i;
      break;
    }
  // Empty trailing lines stay last.
  if (at == entries_.size())
    while (at > 0 && was_->lines[at - 1].text.empty()) --at;
  insert(at, text, Kind::Static, slot);
  return name;
}

Shared<WasFile> WasEditor::result() const { return was_ ? share<WasFile>(*was_) : nullptr; }

}  // namespace wadsmith::merge
