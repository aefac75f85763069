// The samples behind the sound ids merged objects of a TR1-3 level play (model/level_sounds.h):
// TR1's embedded WAVE files, TR2/3's from MAIN.SFX when the user gives it (`--main-sfx FILE`),
// written as WAV files into a folder beside the merged WAD; otherwise said where they are.
#pragma once
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "io/merge_source.h"

namespace wadsmith::cli {

// Checks the request before anything is merged: MAIN.SFX serves TR2/3 sources only, and is read
// (a located error when it is no sample file).
SharedBytes readMainSfx(const MergeSource& source, const std::optional<std::string>& path);
// Writes the WAVs into `dir` (reusing an identical file of the name, never overwriting a
// different one) and returns the lines that report them (`shownDir` names the folder).
std::vector<std::string> writeLevelSamples(const MergeSource& source, const std::set<std::uint16_t>& sounds,
                                           const SharedBytes& mainSfx, const std::filesystem::path& dir,
                                           const std::string& shownDir);

}  // namespace wadsmith::cli
