// A TR4 WAD as an immutable value: every part is shared between versions of the document, so
// an edit copies only what it changes.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/tables.h"
#include "model/texture.h"
#include "model/was.h"

namespace wadsmith {

// A file that travels with the WAD (.SWD sprites, .SAM sound list): copied when saving elsewhere.
struct CompanionFile {
  std::string extension;  // as found, e.g. "SWD"
  Shared<std::vector<std::uint8_t>> bytes;
};

struct WadDocument {
  std::uint32_t version = 129;
  Shared<std::vector<TextureSample>> samples;
  Shared<TexturePages> pixels;
  ObjectTables objects;
  Shared<std::vector<std::uint8_t>> trailer;  // bytes after the statics table, if any
  Shared<WasFile> was;                         // null when the WAD has no .WAS
  std::vector<CompanionFile> companions;
  Id nextId = 1;  // next unused record/segment id

  // A new WAD: no samples, pages, objects or .WAS (every part set).
  static WadDocument empty();
};

}  // namespace wadsmith
