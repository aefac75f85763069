#include "model/wad2/slots.h"

#include <map>

#include "model/catalog.h"
#include "model/import/import.h"

namespace wadsmith::wad2 {
namespace {

// The classic game whose catalog names a wad2's slots (TR1X/TR2X number as TR1/TR2).
std::optional<Game> classicGame(std::int64_t game) {
  switch (game) {
    case game::kTR1: case game::kTR1X: return Game::TR1;
    case game::kTR2: case game::kTR2X: return Game::TR2;
    case game::kTR3: return Game::TR3;
    case game::kTR5: return Game::TR5;
    default: return std::nullopt;
  }
}

std::string folded(std::string name) {
  std::erase(name, '_');
  return name;
}

// TR4's slots (TRNG's extra ones included) by folded name; the first id of a name wins.
const std::map<std::string, std::uint32_t>& tr4ByName(bool movables) {
  static const auto build = [](bool m) {
    std::map<std::string, std::uint32_t> out;
    for (std::uint32_t id = 0; id < 1024; ++id)
      if (auto n = m ? catalog::movableName(id, Game::TR4) : catalog::staticName(id, Game::TR4))
        out.emplace(folded(*n), id);
    return out;
  };
  static const auto movable = build(true), stat = build(false);
  return movables ? movable : stat;
}

std::optional<std::string> staticNameOf(const Document& doc, std::int64_t id) {
  if (id < 0 || id > 0xFFFF) return std::nullopt;
  if (auto g = classicGame(doc.game)) return catalog::staticName(static_cast<std::uint32_t>(id), *g);
  return std::nullopt;
}

class Planner {
 public:
  Planner(const Document& doc, const SlotOptions& o) : doc_(doc), taken_{o.takenMovables, o.takenStatics} {}

  // First pass: objects matched by name (or kept); second: the rest to free slots.
  std::vector<SlotChoice> plan(bool movable, const std::vector<std::int64_t>& ids) {
    std::vector<SlotChoice> out;
    std::vector<std::size_t> unmatched;
    for (auto id : ids) {
      out.push_back({movable, id, std::nullopt, ""});
      if (!match(out.back())) unmatched.push_back(out.size() - 1);
    }
    const auto free = import::genericSlots(movable);
    std::size_t next = 0;
    for (auto i : unmatched) {
      auto& c = out[i];
      while (next < free.size() && taken(movable).count(free[next])) ++next;
      if (next == free.size()) {
        c.why += ": no free " + std::string(movable ? "ANIMATING" : "static") + " slot left: left out";
        continue;
      }
      c.to = free[next];
      c.free = true;
      taken(movable).insert(free[next]);
      c.why += ": " + (movable ? catalog::movableLabel(free[next]) : catalog::staticLabel(free[next]));
    }
    return out;
  }

 private:
  std::set<std::uint32_t>& taken(bool movable) { return movable ? taken_[0] : taken_[1]; }

  bool match(SlotChoice& c) {
    const bool tr4 = doc_.game == game::kTR4 || doc_.game == game::kTRNG;
    const auto name = c.movable ? movableName(doc_, c.from) : staticNameOf(doc_, c.from);
    const std::string who = name ? *name : (c.movable ? "MOVABLE_" : "STATIC_") + std::to_string(c.from);
    if (tr4 || (!c.movable && !name && doc_.game == game::kTombEngine)) {
      // TR4's own numbers; TombEngine's statics are numbered as TR4's (no names to match).
      c.why = who + ": kept";
      if (c.from < 0 || c.from > 0xFFFF) return c.why = who + ": not a TR4 slot number", false;
      if (!taken(c.movable).insert(static_cast<std::uint32_t>(c.from)).second)
        return c.why = who + ": slot " + std::to_string(c.from) + " already taken", false;
      return c.to = static_cast<std::uint32_t>(c.from), true;
    }
    if (!name) return c.why = who + ": no name in the " + std::string(gameName(doc_.game)) + " catalog", false;
    const auto& byName = tr4ByName(c.movable);
    auto it = byName.find(folded(*name));
    if (it == byName.end()) return c.why = who + ": no TR4 slot of that name", false;
    if (!taken(c.movable).insert(it->second).second)
      return c.why = who + ": TR4's " + who + " already taken", false;
    c.why = who + ": TR4's slot of that name";
    return c.to = it->second, true;
  }

  const Document& doc_;
  std::set<std::uint32_t> taken_[2];
};

}  // namespace

std::optional<std::string> movableName(const Document& doc, std::int64_t id) {
  if (id < 0 || id > 0xFFFF) return std::nullopt;
  const auto slot = static_cast<std::uint32_t>(id);
  if (doc.game == game::kTombEngine) return catalog::tombEngineMovableName(slot);
  if (auto g = classicGame(doc.game)) return catalog::movableName(slot, *g);
  return catalog::movableName(slot, Game::TR4);
}

std::optional<std::int64_t> movableIdOf(const Document& doc, std::uint32_t tr4Slot) {
  if (doc.game == game::kTR4 || doc.game == game::kTRNG) return tr4Slot;
  const auto name = catalog::movableName(tr4Slot, Game::TR4);
  if (!name) return std::nullopt;
  for (std::int64_t id = 0; id < 2048; ++id)
    if (auto n = movableName(doc, id); n && folded(*n) == folded(*name)) return id;
  return std::nullopt;
}

namespace {
std::optional<std::string> spriteName(const Document& doc, std::int64_t id) {
  if (id < 0 || id > 0xFFFF) return std::nullopt;
  const auto slot = static_cast<std::uint32_t>(id);
  if (doc.game == game::kTombEngine) return catalog::tombEngineSpriteSequenceName(slot);
  return catalog::spriteSequenceName(slot, classicGame(doc.game).value_or(Game::TR4));
}
}  // namespace

std::optional<std::uint32_t> tr4SpriteSlot(const Document& doc, std::int64_t id, std::string* why) {
  std::string ignored;
  std::string& say = why ? *why : ignored;
  if (doc.game == game::kTR4 || doc.game == game::kTRNG) {
    if (id < 0 || id > 0xFFFF) return say = "not a TR4 slot number", std::nullopt;
    return say = "kept", static_cast<std::uint32_t>(id);
  }
  const auto name = spriteName(doc, id);
  if (!name) return say = std::string("no name in the ") + gameName(doc.game) + " catalog", std::nullopt;
  const auto tr4 = catalog::spriteSequenceSlot(*name, Game::TR4);
  if (!tr4) return say = *name + ": no TR4 sprite sequence of that name", std::nullopt;
  return say = *name + ": TR4's sequence of that name", tr4;
}

std::optional<std::int64_t> fileSpriteId(const Document& doc, std::uint32_t tr4) {
  if (doc.game == game::kTR4 || doc.game == game::kTRNG) return tr4;
  const auto name = catalog::spriteSequenceName(tr4, Game::TR4);
  if (!name) return std::nullopt;
  return doc.game == game::kTombEngine ? catalog::tombEngineSpriteSequenceSlot(*name)
                                       : catalog::spriteSequenceSlot(*name, classicGame(doc.game).value_or(Game::TR4));
}

constexpr std::int64_t kTr4Sounds = 370;  // model/catalog/tr4_sounds.csv

std::optional<std::string> soundName(const Document& doc, std::int64_t id, const SoundCatalog* beside) {
  if (const CatalogSound* s = beside ? beside->find(id) : nullptr) return s->name;
  if (id < 0 || id >= (classicGame(doc.game) ? 0x10000 : kTr4Sounds)) return std::nullopt;
  return catalog::soundName(static_cast<std::uint32_t>(id), classicGame(doc.game).value_or(kWadGame));
}

std::optional<std::int64_t> tr4SoundId(const Document& doc, std::int64_t id, const SoundCatalog* beside) {
  if (doc.game == game::kTombEngine && (id < 0 || id >= kTr4Sounds)) return std::nullopt;
  if (!classicGame(doc.game)) return id;
  const auto name = soundName(doc, id, beside);
  return name ? catalog::soundId(*name) : std::nullopt;
}

std::optional<std::int64_t> fileSoundId(const Document& doc, std::int64_t tr4, const SoundCatalog* beside) {
  const auto g = classicGame(doc.game);
  if (!g) return tr4SoundId(doc, tr4, beside);
  const auto name = tr4 >= 0 && tr4 < kTr4Sounds ? catalog::soundName(static_cast<std::uint32_t>(tr4)) : std::nullopt;
  if (!name) return std::nullopt;
  if (beside)
    for (const auto& s : beside->sounds)
      if (s.name == *name) return s.id;
  return catalog::soundId(*name, *g);
}

SlotPlan planSlots(const Document& doc, const SlotOptions& options) {
  std::vector<std::int64_t> movables, statics;
  for (const auto& m : doc.movables) movables.push_back(m ? m->objectId : -1);
  for (const auto& s : doc.statics) statics.push_back(s ? s->objectId : -1);
  Planner p(doc, options);
  SlotPlan out;
  out.movables = p.plan(true, movables);
  out.statics = p.plan(false, statics);
  return out;
}

std::vector<std::string> SlotPlan::report() const {
  std::vector<std::string> out;
  for (const auto* list : {&movables, &statics})
    for (const auto& c : *list)
      if (!c.to || *c.to != c.from)
        out.push_back(std::string(c.movable ? "movable " : "static ") + std::to_string(c.from) + " -> " +
                      (c.to ? std::to_string(*c.to) : std::string("none")) + " (" + c.why + ")");
  return out;
}

}  // namespace wadsmith::wad2
