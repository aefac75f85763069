// What `wadsmith info` reports, as JSON (the text form prints the same object).
#pragma once
#include <nlohmann/json.hpp>

#include "io/samples_folder.h"
#include "model/document.h"
#include "model/wad2/classic_view.h"

namespace wadsmith::cli {

// `samples`: the TRLE samples folder, when known (missing WAVs are reported then).
nlohmann::ordered_json wadInfo(const WadDocument& doc, const SampleFolder* samples = nullptr);
// `searchZlib`: find the zlib parameters that reproduce each stored chunk (slow: tries up to a
// dozen compressions of every chunk), only when asked.
nlohmann::ordered_json levelInfo(const LevelDocument& doc, bool searchZlib = false);
nlohmann::ordered_json documentInfo(const Document& doc, bool searchZlib = false, const SampleFolder* samples = nullptr);

// Movables and statics of object tables with display names, and their quirks/warnings.
nlohmann::ordered_json objectList(const ObjectTables& t, const std::vector<std::string>& movableNames,
                                  const std::vector<std::string>& staticNames);

// A wad2's own terms beside the WAD it converts to (wad2_info.cpp); `info` prints it too.
nlohmann::ordered_json wad2Info(const wad2::Origin& origin);
void printWad2Text(const nlohmann::ordered_json& wad2);

}  // namespace wadsmith::cli
