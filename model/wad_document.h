// A TR4 WAD as an immutable value: every part is shared between versions of the document, so
// an edit copies only what it changes.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "model/sound.h"
#include "model/sprites.h"
#include "model/tables.h"
#include "model/texture.h"
#include "model/was.h"

namespace wadsmith {

namespace wad2 {
struct Origin;  // model/wad2/classic_view.h
}

// A companion file the WAD's set holds as bytes because it does not parse (a bad .SFX or .SWD):
// written back unchanged so nothing is lost, and the reason is shown.
struct CompanionFile {
  std::string extension;  // upper case, e.g. "SFX"
  Shared<std::vector<std::uint8_t>> bytes;
  std::string problem;  // the reader's located error
};

struct WadDocument {
  std::uint32_t version = 129;
  Shared<std::vector<TextureSample>> samples;
  Shared<TexturePages> pixels;
  ObjectTables objects;
  Shared<std::vector<std::uint8_t>> trailer;  // bytes after the statics table, if any
  Shared<WasFile> was;                         // null when the WAD has no .WAS
  Shared<SoundSet> sounds;                     // .SFX + .SAM; null when neither exists or they do not parse
  Shared<SpriteFile> sprites;                  // .SWD; null when the WAD has none or it does not parse
  std::vector<CompanionFile> companions;       // companions kept as bytes (unreadable)
  Id nextId = 1;  // next unused record/segment id
  // The .wad2 file this WAD was converted from, when it was opened from one: saved back as wad2.
  std::shared_ptr<const wad2::Origin> wad2;

  // A new WAD: no samples, pages, objects or .WAS (every part set).
  static WadDocument empty();
};

}  // namespace wadsmith
