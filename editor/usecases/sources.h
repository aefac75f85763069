// Where objects come from. Every kind of file objects are brought in from is one entry of the
// source registry (sources.cpp): how it is recognised (its first bytes, else its extension), how
// its objects are listed (model/source_listing.h) and how the picked ones are prepared for the
// one use case that brings them in (bring_in.h). The command line and the editor open sources
// only here, so a file is recognised, named and converted the same way in both. A new source
// format is a new entry: a recogniser, its extensions and an `open` returning a Source.
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "model/document.h"
#include "model/exchange/object_records.h"
#include "model/foreign/foreign_file.h"
#include "model/merge/merge.h"
#include "model/source_listing.h"

namespace wadsmith::usecases {

// How objects without TR records are converted and built (another engine's models, 3D files);
// `scale` is TR units per source unit: per EverQuest unit, quant or metre.
struct ConvertOptions : foreign::ModelOptions {
  std::vector<std::filesystem::path> textures;  // archives or directories searched first for pictures
  std::filesystem::path palette;  // 8-bit MDL skins; empty: palette.pcx beside the model, if any
  bool recomputeNormals = false;  // ignore the model's normals
  bool operator==(const ConvertOptions&) const = default;
};

// One object picked from a source, and the slot it takes.
struct Pick {
  ObjectKind kind = ObjectKind::Movable;  // what it is in the destination
  // A WAD's or a level's object: its slot, or its name in the catalog of the source's game.
  // Another engine's model or a 3D file's object: its name as listed, or its index in the
  // listing of its kind (a 3D file: none is its only object, or the export of the slot).
  std::string name;
  // The destination slot; none: the object's own (a WAD's, a level's, an export's), else the
  // first free one (import::firstFreeSlot).
  std::optional<std::uint32_t> slot;
};

struct BringIn;  // bring_in.h

// The picked objects as a WAD the merge takes them from.
struct Prepared {
  WadDocument wad;
  merge::Request request;                    // which objects of `wad`, where they go, the .WAS label
  std::map<ObjectRef, std::string> names;    // the models' names by their slot in `wad`, for the report
  std::optional<exchange::ObjectRecords> records;  // a WadSmith export's exact records (one object)
  // What the conversion lost or measured for the objects the merge took.
  std::function<std::vector<std::string>(const merge::Report&)> notesFor;
};

// A source file opened.
class Source {
 public:
  virtual ~Source() = default;
  virtual SourceListing list() const = 0;
  // The picked objects ready for the merge. Throws (naming the file) for a pick the file does
  // not hold, options that do not apply, a model that does not convert or build.
  virtual Prepared prepare(const BringIn& args, const WadDocument& destination) const = 0;

  std::filesystem::path path;
  std::string label;          // the path a new .WAS line names: the path as given
  std::optional<Game> game;   // a level's (its slots, sound ids and samples are that game's)
  Shared<LevelData> level;    // a level's data (its sound map and samples); null otherwise
  // The file as read, when it is a document (a WAD set, a level): the editor's crash journal
  // keeps a copy so that a merge replays from the same bytes.
  std::shared_ptr<const Document> document;
};

struct SourceFormat {
  const char* name;  // "wad", "level", "eq-s3d"... (a listing's format)
  const char* what;  // for messages: "a TR4 WAD", ...
  bool (*recognises)(std::span<const std::uint8_t> head);  // by the first 4 KiB; null: by extension only
  std::vector<const char*> extensions;                     // lower case, with the dot
  std::unique_ptr<Source> (*open)(const std::filesystem::path& path);
};

// The registry, in the order files are recognised.
const std::vector<SourceFormat>& sourceFormats();
// By content first, then by extension; null when no entry takes the file.
const SourceFormat* recogniseSource(const std::filesystem::path& path);
// Throws ParseError / std::runtime_error naming the file (and, for a file no entry takes, the
// kinds there are).
std::unique_ptr<Source> openSource(const std::filesystem::path& path);
// A WAD or level already read, as a source; `label` names it in .WAS lines.
std::unique_ptr<Source> documentSource(Document doc, const std::filesystem::path& path, std::string label);

// The destination slot of each pick of a source without slots: the one asked for, else the
// first free one (past those promised to the picks before it). Throws when none is free.
std::vector<std::uint32_t> assignSlots(const std::vector<Pick>& picks, const WadDocument& destination);

// One model of another engine's file in the common float form, as a bring-in converts it (its
// pictures and palette read first). Throws as openSource does, and ConvertError for a name the
// file lacks or parts that do not fit.
imported::Model loadForeignModel(const std::filesystem::path& path, ObjectKind kind, const std::string& name,
                                 const ConvertOptions& options = {});

}  // namespace wadsmith::usecases
