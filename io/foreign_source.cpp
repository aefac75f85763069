#include "io/foreign_source.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <functional>
#include <optional>
#include <set>
#include <stdexcept>

#include "io/eq_wld_reader.h"
#include "io/file_io.h"
#include "io/foreign_textures.h"
#include "io/gs_mdl_reader.h"
#include "io/gs_wmp_reader.h"
#include "io/parse_error.h"
#include "io/pfs_archive.h"
#include "io/picture_readers.h"
#include "model/foreign/convert_error.h"
#include "model/foreign/eq_convert.h"
#include "model/foreign/face_tools.h"
#include "model/foreign/gs_convert.h"

namespace wadsmith::foreign {

namespace {

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool isPfs(std::span<const std::uint8_t> b) { return b.size() >= 12 && b[4] == 'P' && b[5] == 'F' && b[6] == 'S' && b[7] == ' '; }
bool isWld(std::span<const std::uint8_t> b) {
  return b.size() >= 4 && (b[0] | (b[1] << 8) | (b[2] << 16) | (static_cast<std::uint32_t>(b[3]) << 24)) == eq::kWldMagic;
}

// What a source file holds, parsed once.
struct Opened {
  SourceFormat format = SourceFormat::Unknown;
  std::filesystem::path path;
  std::optional<eq::PfsArchive> archive;
  std::vector<std::pair<std::string, eq::World>> worlds;  // container name ("" for a plain .wld), world
  std::optional<gs::MdlModel> mdl;
  std::optional<gs::WmpMap> wmp;
  std::optional<Bitmap> picture;
};

Opened open(const std::filesystem::path& path) {
  Opened o;
  o.path = path;
  auto bytes = std::make_shared<const std::vector<std::uint8_t>>(readFileBytes(path));
  std::string file = path.string();
  o.format = detectSourceFormat(*bytes);
  switch (o.format) {
    case SourceFormat::EqArchive:
      o.archive = eq::readPfs(bytes, file);
      for (const auto& e : o.archive->entries)
        if (lower(e.name).ends_with(".wld")) o.worlds.emplace_back(e.name, eq::readWld(eq::extractPfs(*o.archive, e), file + ":" + e.name));
      break;
    case SourceFormat::EqWorld: o.worlds.emplace_back("", eq::readWld(*bytes, file)); break;
    case SourceFormat::GsModel: o.mdl = gs::readMdl(*bytes, file); break;
    case SourceFormat::GsMap: o.wmp = gs::readWmp(*bytes, file); break;
    case SourceFormat::Bmp: o.picture = readBmp(*bytes, file); break;
    case SourceFormat::Pcx: o.picture = readPcx(*bytes, file); break;
    case SourceFormat::Unknown:
      throw std::runtime_error(file + ": not a model source (EverQuest .s3d/.wld, 3D GameStudio .mdl/.wmp)");
  }
  return o;
}

// One model a listing offers, and how to convert it.
struct Candidate {
  ObjectKind kind;
  std::string name, container;
  std::size_t world = 0;
  eq::ModelSource eqSource;
  std::string mapName;  // WMP: "objectN" or "all"
};

std::vector<Candidate> candidates(const Opened& o) {
  std::vector<Candidate> out;
  std::set<std::string> used;
  for (std::size_t w = 0; w < o.worlds.size(); ++w)
    for (const auto& src : eq::findModels(o.worlds[w].second)) {
      Candidate c{src.movable() ? ObjectKind::Movable : ObjectKind::Static, src.name, o.worlds[w].first, w, src, {}};
      // Names repeat across the worlds of one archive only rarely; the later ones say where.
      if (!used.insert(lower(c.name)).second) c.name = c.container + ":" + c.name;
      out.push_back(c);
    }
  if (o.mdl) {
    std::string stem = o.path.stem().string();
    out.push_back({ObjectKind::Movable, stem, "", 0, {}, {}});
    out.push_back({ObjectKind::Static, stem, "", 0, {}, {}});
  }
  if (o.wmp)
    for (const auto& n : gs::wmpStaticNames(*o.wmp)) out.push_back({ObjectKind::Static, n, "", 0, {}, n});
  return out;
}

std::filesystem::path findPalette(const Opened& o, const LoadOptions& opt) {
  if (!opt.palette.empty()) return opt.palette;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(o.path.parent_path().empty() ? "." : o.path.parent_path(), ec))
    if (lower(e.path().filename().string()) == "palette.pcx") return e.path();
  return {};
}

imported::Model convertAs(const Opened& o, const Candidate& c, const LoadOptions& opt, bool withTextures);

imported::Model convert(const Opened& o, const Candidate& c, const LoadOptions& opt, bool withTextures) {
  auto m = convertAs(o, c, opt, withTextures);
  if (opt.turn != 0) {
    turnModel(m, opt.turn);
    char b[128];
    std::snprintf(b, sizeof b, "turned %.1f degrees about the vertical (counter-clockwise seen from above)", opt.turn);
    m.notes.push_back(b);
  }
  return m;
}

imported::Model convertAs(const Opened& o, const Candidate& c, const LoadOptions& opt, bool withTextures) {
  TextureChain chain;
  if (withTextures) {
    for (const auto& p : opt.textures) chain.add(openTextureSource(p));
    std::error_code ec;
    auto dir = o.path.parent_path().empty() ? std::filesystem::path(".") : o.path.parent_path();
    if (o.archive) {
      chain.add(std::make_unique<ArchiveTextures>(*o.archive));
    } else if (!o.worlds.empty()) {
      // EverQuest keeps a .wld's bitmaps in the archive of the same name, and objects and
      // characters of a zone often use the zone's own (gfaydark_obj -> gfaydark.s3d).
      std::string stem = o.path.stem().string();
      std::vector<std::string> archives{stem + ".s3d"};
      if (auto cut = stem.find('_'); cut != std::string::npos) archives.push_back(stem.substr(0, cut) + ".s3d");
      for (const auto& a : archives)
        for (const auto& e : std::filesystem::directory_iterator(dir, ec))
          if (lower(e.path().filename().string()) == lower(a)) {
            auto bytes = std::make_shared<const std::vector<std::uint8_t>>(readFileBytes(e.path()));
            if (isPfs(*bytes)) chain.add(std::make_unique<ArchiveTextures>(eq::readPfs(bytes, e.path().generic_string())));
          }
      chain.add(std::make_unique<DirectoryTextures>(dir));
    } else {
      chain.add(std::make_unique<DirectoryTextures>(dir));
    }
  }
  NoTextures none;
  const TextureSource& textures = withTextures ? static_cast<const TextureSource&>(chain) : none;
  if (!o.worlds.empty()) {
    eq::ConvertOptions eo;
    if (opt.scale > 0) eo.scale = opt.scale;
    eo.floor = opt.floor;
    return eq::convertModel(o.worlds[c.world].second, c.eqSource, eo, textures);
  }
  if (o.mdl) {
    gs::MdlOptions mo;
    if (opt.scale > 0) mo.scale = opt.scale;
    mo.floor = opt.floor;
    mo.frame = opt.frame;
    mo.framesPerSecond = opt.framesPerSecond > 0 ? opt.framesPerSecond : 10;
    mo.overlay = opt.overlay;
    bool eightBit = std::any_of(o.mdl->skins.begin(), o.mdl->skins.end(), [](const gs::MdlSkin& s) { return s.type == 0; });
    std::string paletteNote;
    if (eightBit)
      if (auto pal = findPalette(o, opt); !pal.empty()) {
        // A palette that does not read leaves the skin grey, as no palette does; it is said.
        try {
          Bitmap p = readPicture(readFileBytes(pal), pal.generic_string());
          mo.palette = p.palette;
          paletteNote = p.palette.empty() ? pal.generic_string() + " has no palette" : "8-bit skin coloured with " + pal.generic_string();
        } catch (const std::runtime_error& e) {
          paletteNote = std::string("palette unreadable: ") + e.what();
        }
      }
    auto m = gs::convertMdl(*o.mdl, c.name, c.kind == ObjectKind::Movable, mo);
    if (!paletteNote.empty()) m.notes.push_back(paletteNote);
    return m;
  }
  gs::WmpOptions wo;
  if (opt.scale > 0) wo.scale = opt.scale;
  wo.floor = opt.floor;
  return gs::convertWmp(*o.wmp, c.mapName, wo, textures);
}

bool digits(const std::string& s) {
  return !s.empty() && s.size() < 9 && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

std::string squeeze(const std::string& s) {
  std::string out;
  for (char c : s)
    if (!std::isspace(static_cast<unsigned char>(c))) out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  return out;
}

}  // namespace

SourceFormat detectSourceFormat(std::span<const std::uint8_t> bytes) {
  if (isPfs(bytes)) return SourceFormat::EqArchive;
  if (isWld(bytes)) return SourceFormat::EqWorld;
  if (gs::looksLikeMdl(bytes)) return SourceFormat::GsModel;
  if (gs::looksLikeWmp(bytes)) return SourceFormat::GsMap;
  if (looksLikeBmp(bytes)) return SourceFormat::Bmp;
  if (looksLikePcx(bytes)) return SourceFormat::Pcx;
  return SourceFormat::Unknown;
}

const char* sourceFormatName(SourceFormat f) {
  switch (f) {
    case SourceFormat::EqArchive: return "eq-s3d";
    case SourceFormat::EqWorld: return "eq-wld";
    case SourceFormat::GsModel: return "3dgs-mdl";
    case SourceFormat::GsMap: return "3dgs-wmp";
    case SourceFormat::Bmp: return "bmp";
    case SourceFormat::Pcx: return "pcx";
    case SourceFormat::Unknown: break;
  }
  return "unknown";
}

bool isModelSource(std::span<const std::uint8_t> bytes) {
  auto f = detectSourceFormat(bytes);
  return f != SourceFormat::Unknown && f != SourceFormat::Bmp && f != SourceFormat::Pcx;
}

SourceListing listForeignSource(const std::filesystem::path& path) {
  Opened o = open(path);
  SourceListing l;
  l.format = o.format;
  l.file = path.string();
  auto prop = [&](const std::string& k, const std::string& v) { l.properties.emplace_back(k, v); };
  if (o.archive) {
    prop("pfs_version", std::to_string(o.archive->version));
    prop("names_matching_crc", std::to_string(o.archive->namesByCrc) + " of " + std::to_string(o.archive->entries.size()));
    for (const auto& e : o.archive->entries) l.archive.push_back({e.name, e.size, e.compressedSize, e.blocks, e.offset, e.crc});
  }
  for (const auto& [container, w] : o.worlds) {
    WorldSummary s;
    s.name = container.empty() ? path.filename().string() : container;
    s.version = w.version;
    s.fragments = w.fragments.size();
    for (const auto& f : w.fragments) ++s.fragmentTypes[f.type];
    s.models = eq::findModels(w).size();
    if (s.models == 0 && s.fragmentTypes.count(0x36))
      l.notes.push_back(s.name + ": " + std::to_string(s.fragmentTypes[0x36]) + " meshes" +
                        (w.regionCount ? " drawn through " + std::to_string(w.regionCount) + " BSP regions (zone geometry)" : "") +
                        ", no actor: not offered as models");
    l.worlds.push_back(std::move(s));
  }
  if (o.mdl) {
    const auto& m = *o.mdl;
    prop("version", "MDL" + std::to_string(m.version));
    prop("skins", std::to_string(m.skins.size()) + " of " + std::to_string(m.skinWidth) + "x" + std::to_string(m.skinHeight) +
                      (m.skins.empty() ? "" : ", type " + std::to_string(m.skins[0].type)));
    prop("vertices", std::to_string(m.frames.empty() ? 0 : m.frames[0].vertices.size()));
    prop("triangles", std::to_string(m.triangles.size()));
    prop("frames", std::to_string(m.frames.size()) +
                       (m.frames.empty() ? "" : m.frames[0].type == 2 ? ", word-packed" : ", byte-packed"));
    prop("bone_groups", std::to_string(gs::mdlHasBones(m) ? gs::mdlBoneGroups(m).size() : 0));
    prop("header_bones", std::to_string(m.boneCount));
    l.notes.push_back(gs::mdlHasBones(m) ? "a movable (one mesh per bone group) or a static from one frame"
                                         : "no bone vertices: a static from one frame, or a one-mesh movable keeping each frame's rigid part");
  }
  if (o.wmp) {
    prop("version", std::to_string(o.wmp->version));
    prop("blocks", std::to_string(o.wmp->blocks.size()));
    prop("objects", std::to_string(o.wmp->objects.size()));
  }
  if (o.picture) {
    prop("size", std::to_string(o.picture->width) + "x" + std::to_string(o.picture->height));
    prop("bits_per_pixel", std::to_string(o.picture->bitsPerPixel));
    prop("palette", std::to_string(o.picture->palette.size()));
    l.notes.push_back("a picture: it textures models, it holds none");
  }
  for (const auto& c : candidates(o)) {
    ModelEntry e;
    e.name = c.name;
    e.container = c.container;
    imported::Model m;
    // One model whose parts do not fit (a mesh reference to an unknown fragment type...) is
    // listed with the reason; the others stay usable.
    try {
      m = convert(o, c, {}, false);
    } catch (const ConvertError& err) {
      e.notes.push_back(std::string("cannot be converted: ") + err.what());
      (c.kind == ObjectKind::Movable ? l.movables : l.statics).push_back(std::move(e));
      continue;
    }
    e.meshes = m.meshes.size();
    e.animations = m.animations.size();
    for (const auto& a : m.animations) e.frames += a.frames.size();
    for (const auto& mesh : m.meshes) e.vertices += mesh.positions.size(), e.faces += mesh.faces.size();
    e.notes = m.notes;
    (c.kind == ObjectKind::Movable ? l.movables : l.statics).push_back(std::move(e));
  }
  return l;
}

imported::Model loadForeignModel(const std::filesystem::path& path, ObjectKind kind, const std::string& name,
                                 const LoadOptions& options) {
  Opened o = open(path);
  auto all = candidates(o);
  std::vector<const Candidate*> ofKind;
  for (const auto& c : all)
    if (c.kind == kind) ofKind.push_back(&c);
  const char* what = kind == ObjectKind::Movable ? "movable" : "static";
  auto matches = [&](const Candidate& c) {
    std::string a = lower(c.name), b = lower(name);
    return a == b || a == b + "_actordef" || (!c.container.empty() && a == lower(c.container) + ":" + b + "_actordef") ||
           (!c.mapName.empty() && squeeze(c.name) == squeeze(name));
  };
  const Candidate* pick = nullptr;
  for (const auto* c : ofKind)
    if (matches(*c)) {
      pick = c;
      break;
    }
  if (!pick && digits(name) && std::stoul(name) < ofKind.size()) pick = ofKind[std::stoul(name)];
  if (!pick) {
    std::string list;
    for (const auto* c : ofKind) list += (list.empty() ? "" : ", ") + c->name;
    throw ConvertError(path.string() + ": no " + what + " \"" + name + "\"; " + what + "s: " + (list.empty() ? "none" : list));
  }
  return convert(o, *pick, options, true);
}

}  // namespace wadsmith::foreign
