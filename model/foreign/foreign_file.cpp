#include "model/foreign/foreign_file.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "model/ascii_case.h"
#include "model/foreign/convert_error.h"
#include "model/foreign/face_tools.h"
#include "model/foreign/gs_convert.h"

namespace wadsmith::foreign {

namespace {

bool digits(const std::string& s) {
  return !s.empty() && s.size() < 9 && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

// The first pass: finds no picture, notes every name asked.
class PictureNames : public TextureSource {
 public:
  std::optional<Bitmap> find(const std::string& name) const override {
    names.push_back(name);
    return std::nullopt;
  }
  std::string describe() const override { return {}; }
  mutable std::vector<std::string> names;
};

imported::Model convertAs(const ForeignFile& f, const Candidate& c, const ModelOptions& opt, const TextureSource& pictures,
                          const Palette& palette) {
  const float scale = opt.scale > 0 ? opt.scale : f.worlds.empty() ? gs::kDefaultScale : eq::kDefaultScale;
  if (!f.worlds.empty())
    return eq::convertModel(f.worlds[c.world].second, c.eqSource, {scale, opt.floor}, pictures);
  const gs::Options go{.scale = scale, .floor = opt.floor, .frame = opt.frame,
                       .framesPerSecond = opt.framesPerSecond > 0 ? opt.framesPerSecond : 10,
                       .overlay = opt.overlay, .palette = palette.colours};
  if (!f.mdl) return gs::convertWmp(*f.wmp, c.mapName, go, pictures);
  auto m = gs::convertMdl(*f.mdl, c.name, c.kind == ObjectKind::Movable, go);
  if (!palette.note.empty()) m.notes.push_back(palette.note);
  return m;
}

void addMdlProperties(const gs::MdlModel& m, SourceListing& l) {
  auto prop = [&](const std::string& k, const std::string& v) { l.properties.emplace_back(k, v); };
  prop("version", "MDL" + std::to_string(m.version));
  prop("skins", std::to_string(m.skins.size()) + " of " + std::to_string(m.skinWidth) + "x" + std::to_string(m.skinHeight) +
                    (m.skins.empty() ? "" : ", type " + std::to_string(m.skins[0].type)));
  prop("vertices", std::to_string(m.frames.empty() ? 0 : m.frames[0].vertices.size()));
  prop("triangles", std::to_string(m.triangles.size()));
  prop("frames", std::to_string(m.frames.size()) + (m.frames.empty() ? "" : m.frames[0].type == 2 ? ", word-packed" : ", byte-packed"));
  const std::size_t groups = gs::mdlBoneGroups(m).size();
  prop("bone_groups", std::to_string(groups > 1 ? groups : 0));
  prop("header_bones", std::to_string(m.boneCount));
  l.notes.push_back(groups > 1 ? "a movable (one mesh per bone group) or a static from one frame"
                                       : "no bone vertices: a static from one frame, or a one-mesh movable keeping each frame's rigid part");
}

void addWorlds(const ForeignFile& f, SourceListing& l) {
  for (const auto& [container, w] : f.worlds) {
    WorldSummary s{.name = container.empty() ? f.name : container, .version = w.version,
                   .fragments = w.fragments.size()};
    for (const auto& fr : w.fragments) ++s.fragmentTypes[fr.type];
    s.models = eq::findModels(w).size();
    if (s.models == 0 && s.fragmentTypes.count(0x36))
      l.notes.push_back(s.name + ": " + std::to_string(s.fragmentTypes[0x36]) + " meshes" +
                        (w.regionCount ? " drawn through " + std::to_string(w.regionCount) + " BSP regions (zone geometry)" : "") +
                        ", no actor: not offered as models");
    l.worlds.push_back(std::move(s));
  }
}

ListedObject listed(const ForeignFile& f, const Candidate& c, const Palette& palette) {
  ListedObject e;
  // One model whose parts do not fit (a mesh reference to an unknown fragment type...) is
  // listed with the reason; the others stay usable.
  try {
    e = listedModel(convert(f, c, {}, NoTextures{}, palette));
  } catch (const ConvertError& err) {
    e.notes.push_back(std::string("cannot be converted: ") + err.what());
  }
  e.name = c.name, e.container = c.container;
  return e;
}

}  // namespace

std::vector<Candidate> candidates(const ForeignFile& f) {
  std::vector<Candidate> out;
  std::set<std::string> used;
  for (std::size_t w = 0; w < f.worlds.size(); ++w)
    for (const auto& src : eq::findModels(f.worlds[w].second)) {
      Candidate c{src.movable() ? ObjectKind::Movable : ObjectKind::Static, src.name, f.worlds[w].first, w, src, {}};
      // Names repeat across the worlds of one archive only rarely; the later ones say where.
      if (!used.insert(asciiLower(c.name)).second) c.name = c.container + ":" + c.name;
      out.push_back(c);
    }
  if (f.mdl) {
    out.push_back({ObjectKind::Movable, f.stem, "", 0, {}, {}});
    out.push_back({ObjectKind::Static, f.stem, "", 0, {}, {}});
  }
  if (f.wmp)
    for (const auto& n : gs::wmpStaticNames(*f.wmp)) out.push_back({ObjectKind::Static, n, "", 0, {}, n});
  return out;
}

const Candidate& findCandidate(const ForeignFile& f, const std::vector<Candidate>& all, ObjectKind kind, const std::string& name) {
  std::vector<const Candidate*> ofKind;
  for (const auto& c : all)
    if (c.kind == kind) ofKind.push_back(&c);
  auto matches = [&](const Candidate& c) {
    std::string a = asciiLower(c.name), b = asciiLower(name);
    return a == b || a == b + "_actordef" || (!c.container.empty() && a == asciiLower(c.container) + ":" + b + "_actordef") ||
           (!c.mapName.empty() && squeezed(c.name) == squeezed(name));
  };
  for (const auto* c : ofKind)
    if (matches(*c)) return *c;
  if (digits(name) && std::stoul(name) < ofKind.size()) return *ofKind[std::stoul(name)];
  const char* what = kind == ObjectKind::Movable ? "movable" : "static";
  std::string list;
  for (const auto* c : ofKind) list += (list.empty() ? "" : ", ") + c->name;
  throw ConvertError(f.file + ": no " + what + " \"" + name + "\"; " + what + "s: " + (list.empty() ? "none" : list));
}

bool needsPalette(const ForeignFile& f) {
  return f.mdl && std::any_of(f.mdl->skins.begin(), f.mdl->skins.end(), [](const gs::MdlSkin& s) { return s.type == 0; });
}

std::vector<std::string> pictureNames(const ForeignFile& f, const Candidate& model, const ModelOptions& options) {
  if (f.mdl) return {};  // its skins are inside it
  PictureNames asked;
  convertAs(f, model, options, asked, {});
  return std::move(asked.names);
}

imported::Model convert(const ForeignFile& f, const Candidate& model, const ModelOptions& options, const TextureSource& pictures,
                        const Palette& palette) {
  auto m = convertAs(f, model, options, pictures, palette);
  if (options.turn != 0) {
    turnModel(m, options.turn);
    m.notes.push_back("turned " + fixed(options.turn) +
                      " degrees about the vertical (counter-clockwise seen from above)");
  }
  return m;
}

ListedObject listedModel(const imported::Model& m) {
  ListedObject e{.name = m.name, .meshes = m.meshes.size(), .animations = m.animations.size(),
                 .notes = m.notes};
  for (const auto& a : m.animations) e.frames += a.frames.size();
  for (const auto& mesh : m.meshes) e.vertices += mesh.positions.size(), e.faces += mesh.faces.size();
  return e;
}

SourceListing listing(const ForeignFile& f, const Palette& palette) {
  SourceListing l{.format = f.format, .file = f.file, .properties = f.properties, .archive = f.archive};
  addWorlds(f, l);
  if (f.mdl) addMdlProperties(*f.mdl, l);
  if (f.wmp) {
    l.properties.emplace_back("version", std::to_string(f.wmp->version));
    l.properties.emplace_back("blocks", std::to_string(f.wmp->blocks.size()));
    l.properties.emplace_back("objects", std::to_string(f.wmp->objects.size()));
  }
  for (const auto& c : candidates(f)) (c.kind == ObjectKind::Movable ? l.movables : l.statics).push_back(listed(f, c, palette));
  return l;
}

}  // namespace wadsmith::foreign
