// What `wadsmith info` reports, as JSON (the text form prints the same object).
#pragma once
#include <nlohmann/json.hpp>

#include "model/document.h"

namespace wadsmith::cli {

nlohmann::ordered_json wadInfo(const WadDocument& doc);
nlohmann::ordered_json levelInfo(const LevelDocument& doc);
nlohmann::ordered_json documentInfo(const Document& doc);

// Movables and statics of object tables with display names, and their quirks/warnings.
nlohmann::ordered_json objectList(const ObjectTables& t, const std::vector<std::string>& movableNames,
                                  const std::vector<std::string>& staticNames);

}  // namespace wadsmith::cli
