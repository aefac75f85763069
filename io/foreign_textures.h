// Reading what a conversion needs before it runs: the pictures it looks up (BMP or PCX, by
// content), searched in order in the places a model's pictures may be — the user's archives or
// directories first, then the model's own archive, or for a loose EverQuest world the archives
// named after it and its zone beside it and its directory, else the model's directory — and
// the palette of 8-bit MDL skins. A picture that exists but does not read is a problem noted
// with its place, not an error: its faces become solid colours like a missing one's.
#pragma once
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "io/foreign_readers.h"

namespace wadsmith::foreign {

// An archive, or a directory.
using PicturePlace = std::variant<eq::PfsArchive, std::filesystem::path>;

// Throws ParseError when a path of `extra` is neither a directory nor an archive.
std::vector<PicturePlace> picturePlaces(const std::filesystem::path& model, const ReadForeign& read,
                                        const std::vector<std::filesystem::path>& extra);

// Every name looked up in the places, in order, until one has it (a name as is, else with .bmp
// or .pcx added, without regard to case).
Pictures readPictures(const std::vector<PicturePlace>& places, const std::vector<std::string>& names);

// `given`, else palette.pcx beside the model; an unreadable one is a note (the skin stays grey).
Palette readPalette(const std::filesystem::path& model, const std::filesystem::path& given);

}  // namespace wadsmith::foreign
