// Tomb Editor's sound catalog (the .xml beside a wad2: <WadSounds><SoundInfos><WadSoundInfo>),
// as plain values (io/wad2_sounds_xml.h reads and writes the XML), and its conversion to and
// from a classic WAD's sounds (.sfx/.sam), as TombLib converts them (Wad/WadSounds.cs reading
// a TR4 .sfx; the inverse for the other way):
// - volume and chance are percent in the XML, bytes in TR (x 255 / 100; a TR chance of 0 means
//   "always" and is 100%); pitch is a percent of 128 (TR's signed byte); range is in sectors;
// - DisablePanning / RandomizePitch / RandomizeVolume are TR's flags 0x1000 / 0x2000 / 0x4000,
//   LoopBehaviour its low two bits; the samples are TR's run of consecutive samples.
#pragma once
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "model/sound.h"
#include "model/wad2/document.h"

namespace wadsmith::wad2 {

// WadSoundLoopBehaviour, in TR's order.
enum class SoundLoop : std::uint8_t { None = 0, OneShotWait, OneShotRewound, Looped };

struct CatalogSound {
  std::int64_t id = 0;
  std::string name = "NEW_SOUND";
  std::int64_t volume = 100, rangeInSectors = 10, chance = 100, pitchFactor = 0;
  bool disablePanning = false, randomizePitch = false, randomizeVolume = false;
  SoundLoop loop = SoundLoop::None;
  std::vector<std::string> samples;  // WAV file names
  bool global = false, indexed = false;
  friend bool operator==(const CatalogSound&, const CatalogSound&) = default;
};

struct SoundCatalog {
  std::vector<CatalogSound> sounds;
  const CatalogSound* find(std::int64_t id) const;
  friend bool operator==(const SoundCatalog&, const SoundCatalog&) = default;
};

// The sound ids the movables' animation commands play (conditions aside).
std::set<std::int64_t> playedSounds(const Document& doc);

struct ClassicSounds {
  SoundSet set;                     // a WAD's .sfx/.sam (map of `mapLength` ids)
  std::vector<std::string> report;  // sounds played but not in the catalog, ids past the map...
};
// The sounds `ids` name, from the catalog, as a WAD holds them.
ClassicSounds classicSounds(const SoundCatalog& catalog, const std::set<std::int64_t>& ids, std::size_t mapLength);
// A WAD's sounds as a catalog (names from the TR4 sound catalog).
SoundCatalog catalogOf(const SoundSet& sounds);

}  // namespace wadsmith::wad2
