// The TRLE samples folder (sound/samples): the WAV files a WAD's .SAM names, looked up in any
// case of their name (Windows names); and placing WAVs that arrived as bytes (a level's
// embedded samples merged into a WAD) into it without overwriting a different file.
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/level_sounds.h"  // parseWav, sameAudio
#include "model/validate.h"
#include "model/wad_document.h"

namespace wadsmith {

class SampleFolder {
 public:
  SampleFolder() = default;
  explicit SampleFolder(std::filesystem::path dir);  // lists the folder's files once
  const std::filesystem::path& dir() const { return dir_; }
  bool exists() const { return exists_; }
  std::optional<std::filesystem::path> find(const std::string& name) const;
  bool has(const std::string& name) const { return find(name).has_value(); }

 private:
  std::filesystem::path dir_;
  bool exists_ = false;
  std::map<std::string, std::filesystem::path> files_;  // by lower-case name
};

// The samples folder of a WAD at `wad`: sound/samples or samples in its folder or one or two
// above (TRLE keeps WADs in graphics/wads and samples in sound/samples), if one exists.
std::optional<std::filesystem::path> findSamplesFolder(const std::filesystem::path& wad);

// A TR2/3 level's MAIN.SFX where the game keeps it: beside the level (in the game's data folder)
// or in data/ beside it or one folder up; names in any case.
std::optional<std::filesystem::path> findMainSfx(const std::filesystem::path& level);

// The samples folder for a file: `given` (--samples DIR), else the one found near it (may not exist).
SampleFolder samplesFolderFor(const std::filesystem::path& file, const std::optional<std::string>& given);
// The set with the WAV bytes of every sample that has only a name, read from the folder where
// it has the file (a WAD's sounds going into a level, which embeds them); null stays null.
Shared<SoundSet> withSampleBytes(const Shared<SoundSet>& sounds, const SampleFolder& folder);

// Validation that reports the WAVs missing from the folder (when it exists).
ValidationOptions validationOptions(const SampleFolder& samples);

struct PlacedWav {
  std::string name;          // the .SAM line it got
  std::string proposed;      // the name the merge proposed
  enum class How { Written, SameFileThere, Renamed } how = How::Written;
};
// Writes every sample of `doc` that carries WAV bytes into `dir` (created if missing) and
// leaves only its name in the document: a file of the same audio already there is used as it
// is; a different file of the proposed name is never overwritten (the sample is written as
// NAME_2.wav, NAME_3.wav... and its .SAM line follows).
std::vector<PlacedWav> placeEmbeddedWavs(WadDocument& doc, const std::filesystem::path& dir);

}  // namespace wadsmith
