// `wadsmith info` for files of other engines (EverQuest .s3d/.wld, 3D GameStudio .mdl/.wmp):
// archive contents, worlds, and the movables and statics `merge --from` accepts, by name.
#pragma once
#include <filesystem>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "io/foreign_source.h"

namespace wadsmith::cli {

nlohmann::ordered_json foreignInfo(const foreign::SourceListing& listing);
// Prints the listing as text or JSON; returns the exit code.
int foreignInfoCommand(const std::filesystem::path& file, bool json);

}  // namespace wadsmith::cli
