// Another engine's file as records (io/foreign_readers.h reads them) and the models it offers:
// EverQuest worlds, loose or in an archive (.wld, .s3d), a 3D GameStudio model (.mdl) or map
// (.wmp). Converting a model to the common float form (model/imported.h) takes its pictures and
// palette already read: pictureNames says which pictures the conversion looks up (a pass that
// finds none), io reads them (io/foreign_textures.h), then convert runs on what was read.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/foreign/eq_convert.h"
#include "model/foreign/gs_mdl.h"
#include "model/foreign/gs_wmp.h"
#include "model/foreign/texture_source.h"
#include "model/imported.h"
#include "model/object_ref.h"
#include "model/source_listing.h"

namespace wadsmith::foreign {

struct ForeignFile {
  std::string format;  // "eq-s3d", "eq-wld", "3dgs-mdl", "3dgs-wmp"
  std::string file;    // the path as given, for messages and the listing
  std::string name;    // the file's name (a loose world's in the listing)
  std::string stem;    // the file's name without its extension: an MDL's model name
  std::vector<std::pair<std::string, std::string>> properties;  // what the reader saw (an archive's version...)
  std::vector<ArchiveFile> archive;
  std::vector<std::pair<std::string, eq::World>> worlds;  // container ("" for a loose .wld), world
  std::optional<gs::MdlModel> mdl;
  std::optional<gs::WmpMap> wmp;
};

// One model the file offers, and how to convert it.
struct Candidate {
  ObjectKind kind = ObjectKind::Movable;
  std::string name, container;
  std::size_t world = 0;
  eq::ModelSource eqSource;
  std::string mapName;  // WMP: "objectN" or "all"
};

std::vector<Candidate> candidates(const ForeignFile& file);

// `name`: as listed (case-insensitive; EverQuest actors also without "_ACTORDEF", WMP objects
// also "object 1"), or the model's index in the listing of its kind. Throws ConvertError listing
// the names there are.
const Candidate& findCandidate(const ForeignFile& file, const std::vector<Candidate>& all, ObjectKind kind,
                               const std::string& name);

struct ModelOptions {
  float scale = 0;    // TR units per source unit; 0: the format's default (EverQuest 128, 3D GameStudio 10)
  bool floor = true;  // stand the model on y = 0
  // Degrees the model turns about the vertical after conversion, counter-clockwise seen from
  // above (the engines' pan): for models authored facing another way than their engine's
  // forward axis (+x for both engines, TR's +z after conversion).
  float turn = 0;
  int frame = 0;               // MDL static: the frame it is taken from
  float framesPerSecond = 10;  // MDL frames carry no time
  bool overlay = false;        // MDL: palette index 0 / colour 0 transparent (A4 overlay mode)
  bool operator==(const ModelOptions&) const = default;
};

// The pictures a conversion looks up, read before it runs.
class Pictures : public TextureSource {
 public:
  std::string searched = "nowhere";   // the places, for the notes
  std::map<std::string, Bitmap> found;  // by the name the conversion asks
  std::vector<std::string> unreadable;  // pictures that exist but do not read
  std::optional<Bitmap> find(const std::string& name) const override {
    auto it = found.find(name);
    return it == found.end() ? std::nullopt : std::optional(it->second);
  }
  std::string describe() const override { return searched; }
  std::vector<std::string> problems() const override { return unreadable; }
};

// The colours of 8-bit MDL skins (a palette.pcx), and what reading it said.
struct Palette {
  std::vector<std::array<std::uint8_t, 3>> colours;
  std::string note;
};
bool needsPalette(const ForeignFile& file);  // an MDL with 8-bit skins

std::vector<std::string> pictureNames(const ForeignFile& file, const Candidate& model, const ModelOptions& options);

// Throws ConvertError for parts that do not fit.
imported::Model convert(const ForeignFile& file, const Candidate& model, const ModelOptions& options,
                        const TextureSource& pictures, const Palette& palette = {});

// Every model converted without pictures (an MDL's 8-bit skins with `palette`) and counted; a
// model that does not convert is listed with the reason.
SourceListing listing(const ForeignFile& file, const Palette& palette = {});
// A model in the common float form as a listing counts it.
ListedObject listedModel(const imported::Model& model);

}  // namespace wadsmith::foreign
