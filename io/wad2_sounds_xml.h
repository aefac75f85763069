// Tomb Editor's XML sound catalog (the .xml WadTool writes beside a wad2; TombLib's WadSounds,
// serialised by .NET's XmlSerializer):
//   <WadSounds><SoundInfos><WadSoundInfo>
//     <Id> <Name> <Volume> <RangeInSectors> <Chance> <PitchFactor> <DisablePanning>
//     <RandomizePitch> <RandomizeVolume> <LoopBehaviour> <Samples><WadSample><FileName>...
//     <Global> <Indexed>
// Elements may come in any order; unknown ones are skipped and missing ones are zero / false /
// None, as XmlSerializer leaves them. Read with pugixml (iterative: no nesting depth limit
// needed), bounded by kMaxSoundCatalog bytes.
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "io/samples_folder.h"
#include "model/sound.h"
#include "model/wad2/sound_catalog.h"
#include "model/wad_document.h"

namespace wadsmith {

constexpr std::size_t kMaxSoundCatalog = 64u << 20;

// Throws ParseError naming the file, the element's path and its byte offset, and the line:
// "FILE: section WadSounds/SoundInfos/WadSoundInfo/Volume at byte 345: line 12: ...".
wad2::SoundCatalog readSoundCatalog(std::span<const std::uint8_t> bytes, const std::string& file);
std::vector<std::uint8_t> writeSoundCatalog(const wad2::SoundCatalog& catalog);

// The catalog WadTool keeps beside X.wad2: X.xml.
std::filesystem::path soundCatalogPath(const std::filesystem::path& wad2);

// The catalog beside a wad2 (X.xml), if there is one; throws ParseError when it does not read.
std::optional<wad2::SoundCatalog> readSoundCatalogBeside(const std::filesystem::path& wad2);
// classic -> wad2: writes X.wad2 and, when `sounds` is given, the catalog beside it (X.xml).
void saveWad2WithSounds(const std::filesystem::path& wad2, const wad2::Document& doc, const SoundSet* sounds);
// A wad2 opened as a classic view (model/wad2/classic_view.h), edited or not: the file with the
// edits written back (model/wad2/write_back.h) and its catalog beside it with the sound edits,
// unless the one there already says the same (saving an object edit in place touches no XML).
// `notes` gets what the conversion could not carry.
void saveWad2View(const WadDocument& view, const std::filesystem::path& wad2, std::vector<std::string>* notes = nullptr);

// The samples of `sounds` that none of `folders` holds (by name, any case), each once.
std::vector<std::string> missingSamples(const SoundSet& sounds, const std::vector<SampleFolder>& folders);

}  // namespace wadsmith
