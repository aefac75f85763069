#include "model/names.h"

#include "model/catalog.h"

namespace wadsmith {

// Sprite-sequence slot names that a .WAS lists between movables but that are not movables.
static bool isSpriteSequenceName(const std::string& name) {
  return name == "SKY_GRAPHICS" || name == "DEFAULT_SPRITES" || name == "MISC_SPRITES" ||
         name == "FONT_GRAPHICS" || name == "CUSTOM_SPRITES";
}

ObjectNames objectNames(const WadDocument& doc, Game game) {
  const auto& movables = *doc.objects.movables;
  const auto& statics = *doc.objects.statics;
  ObjectNames n;
  n.movableLines.assign(movables.size(), -1);
  n.staticLines.assign(statics.size(), -1);
  for (const auto& m : movables) n.movables.push_back(catalog::movableLabel(m.objectId, game));
  for (const auto& s : statics) n.statics.push_back(catalog::staticLabel(s.objectId, game));
  if (!doc.was) return n;

  // The WAS lists movables and sprite sequences in slot order, then the statics. Pair from the
  // end for statics and from the start for movables, skipping sprite-sequence lines.
  std::vector<std::size_t> lines;
  for (std::size_t i = 0; i < doc.was->lines.size(); ++i)
    if (!doc.was->lines[i].text.empty()) lines.push_back(i);
  if (lines.size() < statics.size()) return n;
  std::size_t staticBase = lines.size() - statics.size();
  for (std::size_t s = 0; s < statics.size(); ++s) n.staticLines[s] = static_cast<long>(lines[staticBase + s]);

  std::size_t extra = staticBase >= movables.size() ? staticBase - movables.size() : 0;
  std::size_t li = 0;
  for (std::size_t m = 0; m < movables.size() && li < staticBase; ++m) {
    while (extra > 0 && li < staticBase && isSpriteSequenceName(doc.was->lines[lines[li]].name())) {
      ++li;
      --extra;
    }
    if (li < staticBase) n.movableLines[m] = static_cast<long>(lines[li++]);
  }
  for (std::size_t m = 0; m < movables.size(); ++m)
    if (n.movableLines[m] >= 0) n.movables[m] = doc.was->lines[n.movableLines[m]].name();
  for (std::size_t s = 0; s < statics.size(); ++s)
    if (n.staticLines[s] >= 0) n.statics[s] = doc.was->lines[n.staticLines[s]].name();
  return n;
}

}  // namespace wadsmith
