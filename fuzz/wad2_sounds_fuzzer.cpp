// libFuzzer target: Tomb Editor's XML sound catalog (the .xml beside a wad2). The reader must
// reject bad bytes with ParseError (never crash, hang or over-allocate); whatever it accepts
// must write back to XML that reads to the same catalog, and convert to a WAD's sounds and back.
#include <cstdint>
#include <cstdlib>
#include <set>
#include <span>

#include "io/parse_error.h"
#include "io/sound_codec.h"
#include "io/wad2_sounds_xml.h"
#include "model/wad2/sound_catalog.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  wadsmith::wad2::SoundCatalog catalog;
  try {
    catalog = wadsmith::readSoundCatalog(std::span<const std::uint8_t>(data, size), "fuzz.xml");
  } catch (const wadsmith::ParseError&) {
    return 0;
  }
  if (!(wadsmith::readSoundCatalog(wadsmith::writeSoundCatalog(catalog), "again.xml") == catalog)) std::abort();
  std::set<std::int64_t> ids;
  for (const auto& s : catalog.sounds) ids.insert(s.id);
  const auto classic = wadsmith::wad2::classicSounds(catalog, ids, 2048);
  wadsmith::writeSfx(classic.set);
  wadsmith::writeSam(classic.set);
  wadsmith::wad2::catalogOf(classic.set);
  return 0;
}
