#include "model/ascii_case.h"
#include "model/foreign/convert_error.h"
#include "model/foreign/eq_convert_internal.h"
#include "model/foreign/face_tools.h"

namespace wadsmith::eq::detail {

void fail(const World& w, const Fragment& f, const std::string& what) {
  throw foreign::ConvertError(w.file, fragmentLabel(w.indexOf(f), f), f.offset, what);
}

const Fragment& follow(const World& w, const Fragment& from, FragmentRef ref, std::uint32_t type, const char* role) {
  const Fragment* t = w.resolve(ref);
  if (!t) fail(w, from, std::string(role) + " reference " + std::to_string(ref) + " names no fragment");
  if (t->type != type)
    fail(w, from, std::string(role) + " reference " + std::to_string(ref) + " names " + fragmentLabel(w.indexOf(*t), *t) +
                      ", expected " + hexText(type));
  return *t;
}

Look Materials::resolve(const Fragment& list, FragmentRef materialRef) {
  const Fragment& mf = follow(w_, list, materialRef, 0x30, "material");
  const auto& mat = bodyOf<Material>(w_, mf);
  Look look;
  const auto kind = materialKind(mat.renderMethod);
  look.kind = kind.value_or(MaterialKind::Opaque);
  if (!kind) ++unknownMethods_[mat.renderMethod];
  std::string key = mf.name;
  std::string bitmap;
  if (mat.bitmapInfo != 0) {
    const Fragment& refF = follow(w_, mf, mat.bitmapInfo, 0x05, "bitmap info");
    const Fragment& infoF = follow(w_, refF, bodyOf<Reference>(w_, refF).target, 0x04, "bitmap");
    const auto& info = bodyOf<BitmapInfo>(w_, infoF);
    if (!info.bitmaps.empty()) {
      const auto& names = bodyOf<BitmapNames>(w_, follow(w_, infoF, info.bitmaps[0], 0x03, "bitmap name"));
      if (!names.files.empty()) bitmap = names.files[0];
      if (info.bitmaps.size() > 1) animated_.insert(bitmap + " (" + std::to_string(info.bitmaps.size()) + " bitmaps)");
    }
  }
  look.color = foreign::colorForName(bitmap.empty() ? key : bitmap);
  if (bitmap.empty() || look.kind == MaterialKind::Invisible) return look;
  bool masked = look.kind == MaterialKind::Masked;
  std::string id = asciiLower(bitmap) + (masked ? "#masked" : "");
  if (auto it = images_.find(id); it != images_.end()) {
    look.image = it->second;
    return look;
  }
  auto pic = textures_.find(bitmap);
  if (!pic) {
    missing_.insert(bitmap);
    images_[id] = -1;
    return look;
  }
  found_.insert(asciiLower(bitmap));
  // Masked textures draw palette index 0 as a hole (51% of NEKPINE, 79% of BRAILING1).
  if (masked && !foreign::maskPaletteIndex(*pic, 0)) unmaskable_.insert(bitmap);
  look.image = static_cast<int>(out_.images.size());
  out_.images.push_back(foreign::toImage(*pic, bitmap + (masked ? " (masked)" : "")));
  images_[id] = look.image;
  return look;
}

std::vector<Look> Materials::forMesh(const Fragment& meshFragment) {
  const auto& m = bodyOf<Mesh>(w_, meshFragment);
  if (m.materialList == 0) return {};
  const Fragment& listF = follow(w_, meshFragment, m.materialList, 0x31, "material list");
  const auto& list = bodyOf<MaterialList>(w_, listF);
  std::vector<Look> looks;
  for (FragmentRef ref : list.materials) looks.push_back(resolve(listF, ref));
  return looks;
}

void Materials::addNotes() const {
  out_.notes.push_back("textures searched in " + textures_.describe() + ": " + std::to_string(found_.size()) +
                       " found" + (missing_.empty() ? "" : ", " + std::to_string(missing_.size()) +
                                                                " missing (their faces are solid colours): " +
                                                                foreign::joined(missing_)));
  for (const auto& p : textures_.problems()) out_.notes.push_back("unreadable picture: " + p);
  if (!animated_.empty())
    out_.notes.push_back("animated textures show their first bitmap: " + foreign::joined(animated_));
  if (!unmaskable_.empty())
    out_.notes.push_back("masked textures without a palette keep every pixel (no key colour): " +
                         foreign::joined(unmaskable_));
  for (const auto& [method, n] : unknownMethods_)
    out_.notes.push_back("render method " + hexText(method) + " is not known: " + std::to_string(n) +
                         " material(s) drawn opaque");
}

void FaceStats::addNotes(imported::Model& out, const std::string& where) const {
  auto note = [&](int n, const std::string& what) {
    if (n) out.notes.push_back(where + std::to_string(n) + " " + what);
  };
  note(invisible, "polygon(s) with an invisible (boundary) material left out");
  note(clampedUv, "face(s) whose texture repeats across them: clamped to one repetition");
  note(noUv, "face(s) of meshes without texture coordinates: solid colour");
  note(unmapped, "polygon(s) past the material runs: solid colour");
  note(masked, "face(s) with a masked texture (palette index 0 transparent)");
  note(translucent, "face(s) translucent or additive: TR4 draws them additive");
}

foreign::Vec3 trNormal(foreign::Vec3 zUp) {
  const foreign::Vec3 n = foreign::zUpToTr(zUp);
  const float len = geometry::length(n);
  return len > 1e-6f ? n * (1.0f / len) : foreign::Vec3{0, -1, 0};
}

std::vector<int> polygonMaterialIndex(const Mesh& m) {
  std::vector<int> out(m.polygons.size(), -1);
  std::size_t at = 0;
  for (const auto& run : m.polygonMaterials)
    for (std::size_t k = 0; k < run.count && at < out.size(); ++k) out[at++] = run.index;
  return out;
}

void addFace(imported::Mesh& out, const Mesh& m, std::size_t p, const std::array<int, 3>& corners,
             const std::vector<Look>& looks, int material, FaceStats& stats) {
  const auto& poly = m.polygons[p];
  Look look;
  if (material < 0 || static_cast<std::size_t>(material) >= looks.size()) {
    ++stats.unmapped;
    look.color = foreign::colorForName("unmapped");
  } else {
    look = looks[static_cast<std::size_t>(material)];
  }
  if (look.kind == MaterialKind::Invisible) {
    ++stats.invisible;
    return;
  }
  imported::Face f{.corners = 3, .vertices = {corners[0], corners[1], corners[2]}, .color = look.color};
  f.translucent = look.kind == MaterialKind::Translucent || look.kind == MaterialKind::Additive;
  stats.translucent += f.translucent;
  if (look.image >= 0) {
    if (m.uvs.size() < m.vertices.size()) {
      ++stats.noUv;
    } else {
      for (int k = 0; k < 3; ++k) {
        const auto& uv = m.uvs[poly.vertices[k]];
        f.uv[k] = {static_cast<float>(uv[0]) / 256.0f, static_cast<float>(uv[1]) / 256.0f};
      }
      if (!foreign::fitFaceUv(std::span(f.uv.data(), 3))) ++stats.clampedUv;
      // EverQuest counts v from the bottom row (a pine's top sits at v = 1); ours from the top.
      for (int k = 0; k < 3; ++k) f.uv[k].v = 1.0f - f.uv[k].v;
      f.image = look.image;
      stats.masked += look.kind == MaterialKind::Masked;
    }
  }
  out.faces.push_back(f);
}

}  // namespace wadsmith::eq::detail
