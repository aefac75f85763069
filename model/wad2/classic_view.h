// A wad2 opened as a classic TR4 WAD (io/document_io.h): the editor, info, dump, validate,
// export and merge read the WAD its objects convert to (model/wad2/to_classic.h), and the file
// itself rides along with it. Saving writes the file as read while the WAD is unchanged (the
// round trip is byte-exact); an edited WAD is written back into the file record by record
// (model/wad2/write_back.h): only the chunks of what the edit touched change.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/wad2/document.h"
#include "model/wad2/slots.h"
#include "model/wad2/sound_catalog.h"
#include "model/wad_document.h"

namespace wadsmith::wad2 {

struct Origin {
  Shared<Document> file;
  std::optional<SoundCatalog> sounds;  // the XML catalog beside the file, if there was one
  SlotPlan slots;                      // where each object went
  std::vector<std::string> report;     // what the conversion changed and lost, per object
  WadDocument converted;               // the WAD as converted: the view is unchanged while it holds its parts
};

// The WAD a wad2 file's objects convert to (sounds from `sounds`), carrying the file; `notes`
// (what went wrong reading beside it) lead its report.
WadDocument classicView(Shared<Document> file, std::optional<SoundCatalog> sounds, std::vector<std::string> notes = {});
// A WAD that came from a wad2 and holds what its conversion made (no edit since).
bool unchangedView(const WadDocument& wad);
// The wad2 a WAD is saved as: the file as read while unchanged, the file with the edits written
// back into it after an edit, a WAD that came from no wad2 converted (TR4 target); `notes` gets
// what the conversion could not carry.
Document wad2Of(const WadDocument& wad, std::vector<std::string>* notes = nullptr);

// The chunk variants the file's records were read from ("W2Ani3" -> 12), for `info`.
std::map<std::string, std::size_t> chunkVariants(const Document& doc);

}  // namespace wadsmith::wad2
