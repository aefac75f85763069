// Which TR4 slot each wad2 object takes. A wad2 numbers its objects in its target game's slots
// (TombEngine's ids are not TR4's: its BAT is 118, TR4's 69), so a file for another game is
// matched by name through the catalogs (model/catalog.h): the object's name in its game, then
// the TR4 slot of that name (underscores aside: TombEngine's BADDY1 is TR4's BADDY_1). Objects
// with no TR4 counterpart go to free ANIMATING slots (statics: free static slots), never one
// the destination or another object of the file already holds. TR4 and TRNG files keep their
// numbers. Every choice is reported with its reason.
#pragma once
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/wad2/document.h"
#include "model/wad2/sound_catalog.h"

namespace wadsmith::wad2 {

struct SlotOptions {
  std::set<std::uint32_t> takenMovables, takenStatics;  // the destination's slots
};

struct SlotChoice {
  bool movable = true;
  std::int64_t from = 0;               // the wad2's object id
  std::optional<std::uint32_t> to;     // the TR4 slot, or none (left out)
  std::string why;                     // e.g. "BAT: TR4's BAT", "FUSEBOX: no TR4 slot of that name: ANIMATING1"
  bool free = false;                   // no TR4 counterpart: put in a free ANIMATING / static slot
};

struct SlotPlan {
  std::vector<SlotChoice> movables, statics;  // in the document's order
  std::vector<std::string> report() const;    // one line per object whose slot changed or was left out
};

SlotPlan planSlots(const Document& doc, const SlotOptions& options = {});

// The wad2 object's name in its target game's catalog, if the catalog has one.
std::optional<std::string> movableName(const Document& doc, std::int64_t id);

// The file's own id for a movable in a TR4 slot (an object added to the file): the number for
// TR4 and TRNG files, else the id of the same name in the file's game, if its catalog has one.
std::optional<std::int64_t> movableIdOf(const Document& doc, std::uint32_t tr4Slot);

// TR4's slot for a sprite sequence of the file: TR4 and TRNG files keep their numbers; other
// games' sequences are TR4's of the same name (TombEngine's DEFAULT_SPRITES, 1354, is TR4's
// 463), if TR4 has one. `why` says what happened.
std::optional<std::uint32_t> tr4SpriteSlot(const Document& doc, std::int64_t id, std::string* why = nullptr);
// The inverse: the file's id for TR4's sequence `tr4` (a sequence an edit or a merge adds).
std::optional<std::int64_t> fileSpriteId(const Document& doc, std::uint32_t tr4);

// A sound's name in the file's numbering: the catalog beside the file's, else its game's.
std::optional<std::string> soundName(const Document& doc, std::int64_t id, const SoundCatalog* beside = nullptr);

// TR4's id of a sound id the file's objects play. TombEngine numbers TR4's sounds as TR4 does
// (its catalog's ids 0-369 are TR4_<TR4's name>: Tomb Editor's Catalogs/Engines/TombEngine/
// Sounds.xml); its ids from 370 on (footsteps TR4 lacks, TR1-3 and TR5 sounds, its own) have no
// TR4 counterpart. TR1-3 and TR5 files number their sounds as their game does (Tomb Editor's
// Catalogs/Engines/TRn/Sounds.xml, model/catalog/trN_sounds.csv): the sound's name (the
// catalog beside the file's, else the game's) gives TR4's sound of that name, if TR4 has one.
// TR4 and TRNG files keep their ids.
std::optional<std::int64_t> tr4SoundId(const Document& doc, std::int64_t id, const SoundCatalog* beside = nullptr);
// The inverse: the file's id for TR4's sound `tr4` (a sound an edit or a merge puts in the file).
std::optional<std::int64_t> fileSoundId(const Document& doc, std::int64_t tr4, const SoundCatalog* beside = nullptr);

}  // namespace wadsmith::wad2
