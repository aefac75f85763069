// The sound and sprite parts of `wadsmith info` (JSON, and the text form's lines).
#pragma once
#include <nlohmann/json.hpp>

#include "io/samples_folder.h"
#include "model/document.h"

namespace wadsmith::cli {

// Ids in use, infos, samples (missing WAVs when the samples folder is known), the ids the
// objects play; null when the document has no sounds.
nlohmann::ordered_json soundsInfo(const Document& doc, const SampleFolder* samples);
nlohmann::ordered_json spritesInfo(const SpriteFile& sprites);
void printSoundsText(const nlohmann::ordered_json& info);
// "0-11 17 18 24" for a sorted list of ids.
std::string idRanges(const std::vector<std::size_t>& ids);

}  // namespace wadsmith::cli
