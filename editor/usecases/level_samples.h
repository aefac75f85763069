// The samples behind the sound ids objects brought out of a TR1-3 level play
// (model/level_sounds.h): TR1's embedded WAVE files, TR2/3's from MAIN.SFX when the user gives
// it, written as WAV files into a folder beside the result; otherwise said where they are.
#pragma once
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "editor/usecases/sources.h"

namespace wadsmith::usecases {

// Checks `path` (empty: none) before anything is merged: MAIN.SFX serves TR2/3 sources only,
// and is read (a located error when it is no sample file).
SharedBytes readMainSfx(const Source& source, const std::filesystem::path& path);
// Writes the WAVs into `dir` (reusing an identical file of the name, never overwriting a
// different one) and returns the lines that report them (`shownDir` names the folder).
std::vector<std::string> writeLevelSamples(const Source& source, const std::set<std::uint16_t>& sounds, const SharedBytes& mainSfx,
                                           const std::filesystem::path& dir, const std::string& shownDir);

}  // namespace wadsmith::usecases
