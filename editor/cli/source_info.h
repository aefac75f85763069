// `wadsmith info` for the sources that are not documents (another engine's files, 3D files):
// archive contents, worlds, and the movables and statics a merge takes from them, by name.
#pragma once
#include <filesystem>

#include <nlohmann/json.hpp>

#include "model/source_listing.h"

namespace wadsmith::cli {

nlohmann::ordered_json sourceInfo(const SourceListing& listing);
// Prints the listing as text or JSON; returns the exit code.
int sourceInfoCommand(const std::filesystem::path& file, bool json);

}  // namespace wadsmith::cli
