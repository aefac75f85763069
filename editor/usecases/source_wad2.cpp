// Tomb Editor's wad2 as a source: the file opened as the TR4 WAD its objects convert to
// (model/wad2/classic_view.h), its sound infos from the XML catalog beside it carried as the
// WAD's .sfx/.sam. Objects are picked by the TR4 slot the listing shows (a number or its TR4
// name) or by their name in the wad2's own game ("FUSEBOX" of a TombEngine file). Objects with no
// TR4 counterpart take free ANIMATING / static slots: when the destination holds the ones the
// listing shows, the file is converted again around the destination's slots.
#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "editor/usecases/bring_in.h"
#include "io/document_io.h"
#include "io/samples_folder.h"
#include "io/utf8_path.h"
#include "io/wad2_sounds_xml.h"
#include "model/catalog.h"
#include "model/object_view.h"
#include "model/wad2/classic_view.h"
#include "model/wad2/to_classic.h"

namespace wadsmith::usecases {

namespace {

std::string upper(std::string s) {
  s.erase(std::remove(s.begin(), s.end(), '_'), s.end());
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// The destination's slots, less those the wad2's objects take by name (a clash there is the
// merge's to report or replace, as for a WAD): the free placements avoid the rest.
std::set<std::uint32_t> avoided(const std::vector<wad2::SlotChoice>& plan, const std::vector<std::uint32_t>& used) {
  std::set<std::uint32_t> out(used.begin(), used.end());
  for (const auto& c : plan)
    if (c.to && !c.free) out.erase(*c.to);
  return out;
}

template <class T>
std::vector<std::uint32_t> slotsOf(const std::vector<T>& records) {
  std::vector<std::uint32_t> out;
  for (const auto& r : records) out.push_back(r.objectId);
  return out;
}

class Wad2Source : public Source {
 public:
  Wad2Source(WadDocument view, const std::filesystem::path& file, std::string name) : view_(std::move(view)) {
    path = file;
    label = std::move(name);
    document = std::make_shared<const Document>(view_);
  }

  SourceListing list() const override {
    SourceListing out;
    out.format = "wad2";
    out.file = label;
    const auto& origin = *view_.wad2;
    out.properties.push_back({"target game", wad2::gameName(origin.file->game)});
    const ObjectView v(view_.objects);
    // Objects left out (no free slot, refused by the builder) are in the notes, not pickable.
    for (const auto& c : origin.slots.movables) {
      const auto m = c.to ? v.findMovable(*c.to) : std::nullopt;
      if (!m) continue;
      auto [a0, a1] = v.animationRange(*m);
      out.movables.push_back({c.to, catalog::movableLabel(*c.to), {}, v.movableMeshes(*m).size(), a1 - a0, 0, 0, 0, {c.why}});
    }
    for (const auto& c : origin.slots.statics)
      if (c.to && v.findStatic(*c.to)) out.statics.push_back({c.to, catalog::staticLabel(*c.to), {}, 1, 0, 0, 0, 0, {c.why}});
    out.notes = origin.report;
    return out;
  }

  Prepared prepare(const BringIn& a, const WadDocument& destination) const override {
    if (!(a.convert == ConvertOptions{}))
      throw std::runtime_error("--scale, --textures, --palette, --frame, --fps, --turn, --no-floor, --overlay and "
                               "--recompute-normals convert another engine's models; " + label + " is a wad2");
    if (a.mesh) throw std::runtime_error("one mesh is replaced from another engine's model or a 3D file's object; " + label + " is a wad2");
    const auto classic = around(destination);
    Prepared p;
    p.wad = classic.wad;
    auto& r = p.request;
    r.all = a.all, r.replace = a.replace, r.withRelated = a.withRelated, r.sprites = a.sprites;
    r.sourceLabel = label;
    r.tr4Slots = true;
    r.sounds = a.sounds.value_or(merge::SoundMode::Keep);
    for (const auto& pick : a.picks) {
      const bool movable = pick.kind == ObjectKind::Movable;
      const auto& plan = movable ? classic.slots.movables : classic.slots.statics;
      const auto& choice = plan[index(pick)];
      if (!choice.to) throw merge::MergeError(label + ": " + pick.name + " was left out: " + choice.why);
      (movable ? r.movables : r.statics).push_back(*choice.to);
      if (pick.slot && r.as) throw merge::MergeError("--as places exactly one object");
      if (pick.slot) r.as = pick.slot;
    }
    auto report = classic.report;
    if (const auto missing = samplesMissing(classic.wad); !missing.empty()) report.push_back(missing);
    p.notesFor = [report](const merge::Report&) { return report; };
    return p;
  }

 private:
  // The file converted with its free placements clear of the destination's slots (the view
  // itself when they already are).
  wad2::ClassicWad around(const WadDocument& destination) const {
    const auto& origin = *view_.wad2;
    wad2::ClassicOptions options;
    options.slots.takenMovables = avoided(origin.slots.movables, slotsOf(*destination.objects.movables));
    options.slots.takenStatics = avoided(origin.slots.statics, slotsOf(*destination.objects.statics));
    if (origin.sounds) options.sounds = &*origin.sounds;
    const auto plan = wad2::planSlots(*origin.file, options.slots);
    const auto same = [](const auto& a, const auto& b) {
      return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) { return x.to == y.to; });
    };
    if (same(plan.movables, origin.slots.movables) && same(plan.statics, origin.slots.statics))
      return {view_, origin.slots, origin.report};
    return wad2::toClassic(*origin.file, options);
  }

  // The wad2 object a pick names: its TR4 slot as listed (number or TR4 name), else its name in
  // the file's own game.
  std::size_t index(const Pick& pick) const {
    const bool movable = pick.kind == ObjectKind::Movable;
    const auto& origin = *view_.wad2;
    const auto& plan = movable ? origin.slots.movables : origin.slots.statics;
    std::optional<std::uint32_t> slot;
    try {
      slot = slotArg(pick.name, movable ? "--movable" : "--static", movable);
    } catch (const std::runtime_error&) {
    }
    for (std::size_t i = 0; i < plan.size(); ++i)
      if (slot && plan[i].to == slot) return i;
    for (std::size_t i = 0; i < plan.size(); ++i) {
      const auto& c = plan[i];
      const std::string who = c.why.substr(0, c.why.find(':'));
      if (upper(who) == upper(pick.name)) return i;
    }
    throw merge::MergeError(label + ": no " + (movable ? "movable " : "static ") + pick.name +
                            ": name one by the TR4 slot `info` lists or by its name in the file's game");
  }

  // The WAVs the carried sounds name that the samples folder near the file lacks.
  std::string samplesMissing(const WadDocument& wad) const {
    if (!wad.sounds) return "";
    const auto folder = samplesFolderFor(path, std::nullopt);
    const auto missing = missingSamples(*wad.sounds, {folder});
    if (missing.empty()) return "";
    std::string line = std::to_string(missing.size()) + " sample(s) the sound catalog names are not in the samples folder";
    line += folder.exists() ? " " + utf8Name(folder.dir()) : " (none found near the file)";
    line += ":";
    for (const auto& m : missing) line += " " + m;
    return line;
  }

  WadDocument view_;
};

}  // namespace

bool looksLikeWad2(std::span<const std::uint8_t> head) { return detectKind(head) == FileKind::Wad2; }

std::unique_ptr<Source> wad2Source(WadDocument view, const std::filesystem::path& path, std::string label) {
  return std::make_unique<Wad2Source>(std::move(view), path, std::move(label));
}

std::unique_ptr<Source> openWad2Source(const std::filesystem::path& path) {
  auto doc = loadDocument(path);
  return wad2Source(std::move(std::get<WadDocument>(doc)), path, utf8Name(path));
}

}  // namespace wadsmith::usecases
