// A bring-in's arguments as JSON (the crash journal, edit scripts): every field by name, paths
// as UTF-8, what is left out takes its default.
#include <stdexcept>

#include "editor/usecases/bring_in.h"
#include "io/utf8_path.h"

namespace wadsmith::usecases {

namespace {

using nlohmann::json;

constexpr std::pair<merge::SoundMode, const char*> kSoundModes[] = {
    {merge::SoundMode::Keep, "keep"}, {merge::SoundMode::Replace, "replace"}, {merge::SoundMode::None, "none"}};

json convertJson(const ConvertOptions& o) {
  json textures = json::array();
  for (const auto& t : o.textures) textures.push_back(utf8Name(t));
  return {{"scale", o.scale}, {"textures", textures}, {"palette", utf8Name(o.palette)}, {"frame", o.frame},
          {"fps", o.framesPerSecond}, {"turn", o.turn}, {"floor", o.floor}, {"overlay", o.overlay},
          {"recompute_normals", o.recomputeNormals}};
}

ConvertOptions convertFromJson(const json& j) {
  ConvertOptions o;
  o.scale = j.value("scale", o.scale);
  for (const auto& t : j.value("textures", json::array())) o.textures.push_back(utf8Path(t.get<std::string>()));
  o.palette = utf8Path(j.value("palette", std::string()));
  o.frame = j.value("frame", o.frame);
  o.framesPerSecond = j.value("fps", o.framesPerSecond);
  o.turn = j.value("turn", o.turn);
  o.floor = j.value("floor", o.floor);
  o.overlay = j.value("overlay", o.overlay);
  o.recomputeNormals = j.value("recompute_normals", o.recomputeNormals);
  return o;
}

}  // namespace

json toJson(const BringIn& a) {
  json picks = json::array();
  for (const auto& p : a.picks) {
    json pick = {{"kind", p.kind == ObjectKind::Movable ? "movable" : "static"}, {"name", p.name}};
    if (p.slot) pick["slot"] = *p.slot;
    picks.push_back(pick);
  }
  json j = {{"source", utf8Name(a.source)}, {"picks", picks}, {"all", a.all}, {"replace", a.replace},
            {"with_related", a.withRelated}, {"sprites", a.sprites}, {"convert", convertJson(a.convert)},
            {"main_sfx", utf8Name(a.mainSfx)}, {"main_sfx_out", utf8Name(a.mainSfxOut)}, {"samples", utf8Name(a.samples)}};
  for (const auto& [mode, name] : kSoundModes)
    if (a.sounds == mode) j["sounds"] = name;
  if (a.mesh) j["mesh"] = *a.mesh;
  return j;
}

BringIn bringInFromJson(const json& j) {
  BringIn a;
  a.source = utf8Path(j.at("source").get<std::string>());
  for (const auto& p : j.value("picks", json::array())) {
    Pick pick{p.at("kind") == "movable" ? ObjectKind::Movable : ObjectKind::Static, p.at("name").get<std::string>(), std::nullopt};
    if (p.contains("slot")) pick.slot = p["slot"].get<std::uint32_t>();
    a.picks.push_back(pick);
  }
  a.all = j.value("all", false);
  a.replace = j.value("replace", false);
  a.withRelated = j.value("with_related", false);
  if (j.contains("sounds")) {
    for (const auto& [mode, name] : kSoundModes)
      if (j["sounds"] == name) a.sounds = mode;
    if (!a.sounds) throw std::runtime_error("sounds takes keep, replace or none");
  }
  a.sprites = j.value("sprites", std::vector<std::int32_t>{});
  if (j.contains("mesh")) a.mesh = j["mesh"].get<std::size_t>();
  a.convert = convertFromJson(j.value("convert", json::object()));
  a.mainSfx = utf8Path(j.value("main_sfx", std::string()));
  a.mainSfxOut = utf8Path(j.value("main_sfx_out", std::string()));
  a.samples = utf8Path(j.value("samples", std::string()));
  return a;
}

}  // namespace wadsmith::usecases
