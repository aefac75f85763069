#include "model/merge/was_names.h"

#include <algorithm>
#include <map>

#include "model/catalog.h"
#include "model/names.h"

namespace wadsmith::merge {

namespace {

std::string labelOf(const ObjectRef& k) {
  return k.kind == ObjectKind::Movable ? catalog::movableLabel(k.slot) : catalog::staticLabel(k.slot);
}

struct Entry {
  WasLine line;
  int part = 0;  // 0: movables and sprite sequences, 1: statics
  bool blank = false;
  std::uint32_t slot = 0;
  std::optional<ObjectRef> object;
};

}  // namespace

std::string wasLineFor(const WadDocument& source, const ObjectRef& sourceKey, std::size_t index,
                       const ObjectRef& target, const std::string& label) {
  const auto names = objectNames(source);
  const long line = (sourceKey.movable() ? names.movableLines : names.staticLines)[index];
  if (line < 0) return labelOf(target) + ":" + label;
  const std::string& text = source.was->lines[static_cast<std::size_t>(line)].text;
  if (sourceKey.slot == target.slot) return text;
  const auto colon = text.find(':');
  return labelOf(target) + (colon == std::string::npos ? ":" : text.substr(colon));
}

namespace {

// The .WAS lines with the object each names (the lines pair with the objects in order) and the
// slot of the object or sprite sequence they stand among; `crlf` > 0 when most lines end in CRLF.
std::vector<Entry> entriesOf(const WadDocument& before, const ObjectNames& names, int& crlf) {
  const auto& movables = *before.objects.movables;
  const auto& statics = *before.objects.statics;
  const auto& lines = before.was->lines;
  std::map<long, ObjectRef> owner;
  for (std::size_t m = 0; m < movables.size(); ++m) owner[names.movableLines[m]] = {ObjectKind::Movable, movables[m].objectId};
  for (std::size_t s = 0; s < statics.size(); ++s) owner[names.staticLines[s]] = {ObjectKind::Static, statics[s].objectId};
  long firstStatic = statics.empty() ? static_cast<long>(lines.size()) : names.staticLines.front();
  std::vector<Entry> entries;
  std::uint32_t slot = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    Entry e;
    e.line = lines[i];
    crlf += lines[i].crlf ? 1 : -1;
    e.part = static_cast<long>(i) < firstStatic ? 0 : 1;
    e.blank = lines[i].text.empty();
    if (auto it = owner.find(static_cast<long>(i)); it != owner.end()) {
      e.object = it->second;
      e.part = it->second.kind == ObjectKind::Movable ? 0 : 1;
      slot = it->second.slot;
    } else if (!e.blank) {
      if (auto sq = catalog::spriteSequenceSlot(lines[i].name(), Game::TR4)) slot = *sq;
    }
    if (i > 0 && entries.back().part != e.part && !e.object) slot = 0;
    e.slot = slot;
    entries.push_back(std::move(e));
  }
  return entries;
}

// Where a new object's line goes: before the first line of its part with a higher slot, else
// after the last line of its part, else before the next part, else after the last line.
std::size_t lineFor(const std::vector<Entry>& entries, const ObjectRef& key) {
  const int part = key.kind == ObjectKind::Movable ? 0 : 1;
  long lastOfPart = -1, lastNonBlank = -1, firstOfLaterPart = -1;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Entry& e = entries[i];
    if (e.blank) continue;
    if (e.part == part && e.slot > key.slot) return i;
    lastNonBlank = static_cast<long>(i);
    if (e.part == part) lastOfPart = static_cast<long>(i);
    if (e.part > part && firstOfLaterPart < 0) firstOfLaterPart = static_cast<long>(i);
  }
  if (lastOfPart >= 0) return static_cast<std::size_t>(lastOfPart) + 1;
  if (firstOfLaterPart >= 0) return static_cast<std::size_t>(firstOfLaterPart);
  return static_cast<std::size_t>(lastNonBlank + 1);
}

}  // namespace

std::optional<WasFile> updateWas(const WadDocument& before, const std::vector<ObjectRef>& removed,
                                 const std::vector<WasChange>& added, std::vector<std::string>& warnings) {
  if (!before.was) return std::nullopt;
  const auto names = objectNames(before);
  auto unpaired = [](const std::vector<long>& lines) { return std::any_of(lines.begin(), lines.end(), [](long l) { return l < 0; }); };
  if (unpaired(names.movableLines) || unpaired(names.staticLines)) {
    warnings.push_back("the .WAS does not pair line for line with the objects; left unchanged (names may not follow)");
    return std::nullopt;
  }
  int crlf = 0;
  std::vector<Entry> entries = entriesOf(before, names, crlf);
  auto findObject = [&](const ObjectRef& k) {
    return std::find_if(entries.begin(), entries.end(), [&](const Entry& e) { return e.object && *e.object == k; });
  };
  std::vector<WasChange> toInsert;
  for (const auto& a : added) {
    bool replacing = std::find(removed.begin(), removed.end(), a.key) != removed.end();
    auto it = replacing ? findObject(a.key) : entries.end();
    if (it != entries.end())
      it->line.text = a.text;  // a replaced object's line keeps its place
    else
      toInsert.push_back(a);
  }
  for (const auto& k : removed) {
    bool replaced = std::any_of(added.begin(), added.end(), [&](const WasChange& a) { return a.key == k; });
    if (auto it = findObject(k); !replaced && it != entries.end()) entries.erase(it);
  }
  for (const auto& a : toInsert) {
    const std::size_t at = lineFor(entries, a.key);
    // The line that was last gets an ending now; give it the file's kind.
    if (at == entries.size() && !entries.empty() && !before.was->finalNewline) entries.back().line.crlf = crlf > 0;
    Entry e;
    e.line = {a.text, crlf > 0};
    e.part = a.key.kind == ObjectKind::Movable ? 0 : 1;
    e.slot = a.key.slot;
    e.object = a.key;
    entries.insert(entries.begin() + static_cast<long>(at), std::move(e));
  }
  WasFile out;
  out.finalNewline = before.was->finalNewline;
  for (auto& e : entries) out.lines.push_back(std::move(e.line));
  return out;
}

}  // namespace wadsmith::merge
