// What `wadsmith info` reports, as JSON (the text form prints the same object).
#pragma once
#include <nlohmann/json.hpp>

#include "io/samples_folder.h"
#include "model/document.h"
#include "model/wad2/classic_view.h"

namespace wadsmith::cli {

// `searchZlib` (a level): find the zlib parameters that reproduce each stored chunk (slow: tries
// up to a dozen compressions of every chunk), only when asked. `samples` (a WAD): the TRLE
// samples folder, when known (missing WAVs are reported then).
nlohmann::ordered_json documentInfo(const Document& doc, bool searchZlib = false, const SampleFolder* samples = nullptr);

// Ids in use, infos, samples (missing WAVs when the samples folder is known), the ids the
// objects play; null when the document has no sounds (sound_info.cpp).
nlohmann::ordered_json soundsInfo(const Document& doc, const SampleFolder* samples);
nlohmann::ordered_json spritesInfo(const SpriteFile& sprites);

// A wad2's own terms beside the WAD it converts to (wad2_info.cpp); `info` prints it too.
nlohmann::ordered_json wad2Info(const wad2::Origin& origin);
void printWad2Text(const nlohmann::ordered_json& wad2);

}  // namespace wadsmith::cli
