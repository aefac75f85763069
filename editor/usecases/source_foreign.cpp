// Other engines' files as sources (EverQuest .s3d/.wld, 3D GameStudio .mdl/.wmp): read as
// records once; each picked model converted to the common float form with its pictures and
// palette read first, and the picks built together into WAD records at their slots
// (import::buildWad: pictures several models share become one sample).
#include <algorithm>
#include <stdexcept>

#include "editor/usecases/bring_in.h"
#include "io/foreign_textures.h"
#include "io/utf8_path.h"
#include "model/import/build.h"

namespace wadsmith::usecases {

namespace {

class ForeignSource : public Source {
 public:
  ForeignSource(const std::filesystem::path& file, foreign::ReadForeign read) : read_(std::move(read)) {
    path = file;
    label = utf8Name(file);
  }

  SourceListing list() const override {
    const auto palette = foreign::needsPalette(read_.records) ? foreign::readPalette(path, {}) : foreign::Palette{};
    return foreign::listing(read_.records, palette);
  }

  Prepared prepare(const BringIn& a, const WadDocument& destination) const override {
    // Another engine's models have no TR4 slot: each takes the one asked for, or the first free.
    if (a.all) throw std::runtime_error("--all: name the models of " + label + " with --movable NAME and --static NAME");
    if (a.picks.empty()) throw std::runtime_error("nothing to merge: name a model with --movable NAME or --static NAME");
    const auto slots = assignSlots(a.picks, destination);
    // Converted one by one (each keeps its own notes), built together.
    auto models = std::make_shared<std::vector<imported::Model>>();
    for (const auto& p : a.picks) models->push_back(model(p.kind, p.name, a.convert));
    std::vector<import::Placement> placements;
    for (std::size_t i = 0; i < a.picks.size(); ++i) placements.push_back({&(*models)[i], slots[i]});
    import::BuildOptions build;
    build.recomputeNormals = a.convert.recomputeNormals;
    build.fitToRange = a.convert.scale == 0;  // a scale nobody chose gives way to TR's range (reported)
    auto built = import::buildWad(placements, build);
    Prepared out;
    out.wad = std::move(built.wad);
    out.request.replace = a.replace;
    out.request.sourceLabel = label + (a.picks.size() == 1 ? " " + models->front().name : "");
    auto lines = std::make_shared<std::map<ObjectRef, std::vector<std::string>>>();
    for (std::size_t i = 0; i < a.picks.size(); ++i) {
      const ObjectRef ref{a.picks[i].kind, slots[i]};
      (ref.movable() ? out.request.movables : out.request.statics).push_back(ref.slot);
      out.names[ref] = a.picks[i].name;
      (*lines)[ref] = import::reportLines((*models)[i], built.models[i]);
    }
    out.notesFor = [lines](const merge::Report& report) {
      std::vector<std::string> notes;
      for (const auto& m : report.merged)
        if (auto it = lines->find(m.source()); it != lines->end()) notes.insert(notes.end(), it->second.begin(), it->second.end());
      return notes;
    };
    return out;
  }

  // One model in the common float form; everything its conversion needs is read first: the
  // pictures it looks up, the palette.
  imported::Model model(ObjectKind kind, const std::string& name, const ConvertOptions& options) const {
    const auto& file = read_.records;
    const auto all = foreign::candidates(file);
    const auto& picked = foreign::findCandidate(file, all, kind, name);
    const auto pictures = foreign::readPictures(foreign::picturePlaces(path, read_, options.textures),
                                                foreign::pictureNames(file, picked, options));
    const auto palette = foreign::needsPalette(file) ? foreign::readPalette(path, options.palette) : foreign::Palette{};
    return foreign::convert(file, picked, options, pictures, palette);
  }

 private:
  foreign::ReadForeign read_;
};

}  // namespace

imported::Model loadForeignModel(const std::filesystem::path& path, ObjectKind kind, const std::string& name,
                                 const ConvertOptions& options) {
  const auto source = openSource(path);
  const auto* foreign = dynamic_cast<const ForeignSource*>(source.get());
  if (!foreign) throw std::runtime_error(utf8Name(path) + ": not another engine's models (EverQuest .s3d/.wld, 3D GameStudio .mdl/.wmp)");
  return foreign->model(kind, name, options);
}

std::unique_ptr<Source> foreignSource(const std::filesystem::path& path, foreign::ReadForeign read) {
  return std::make_unique<ForeignSource>(path, std::move(read));
}

}  // namespace wadsmith::usecases
