#include "io/wad2_sounds_xml.h"

#include <algorithm>
#include <charconv>
#include <pugixml.hpp>
#include <set>
#include <sstream>

#include "io/file_io.h"
#include "io/parse_error.h"
#include "io/wad2_codec.h"
#include "model/wad2/write_back.h"

namespace wadsmith {
namespace {

using wad2::CatalogSound;
using wad2::SoundLoop;

constexpr const char* kLoopNames[] = {"None", "OneShotWait", "OneShotRewound", "Looped"};

class Reader {
 public:
  Reader(std::span<const std::uint8_t> bytes, std::string file) : bytes_(bytes), file_(std::move(file)) {}

  [[noreturn]] void fail(const std::string& path, std::ptrdiff_t offset, const std::string& what) const {
    const auto at = static_cast<std::size_t>(std::clamp<std::ptrdiff_t>(offset, 0, std::ptrdiff_t(bytes_.size())));
    const auto line = 1 + std::count(bytes_.begin(), bytes_.begin() + std::ptrdiff_t(at), '\n');
    throw ParseError(file_, path, at, "line " + std::to_string(line) + ": " + what);
  }

  std::string text(pugi::xml_node n) const { return n.child_value(); }

  std::int64_t number(pugi::xml_node n, const std::string& path) const {
    std::string t = text(n);
    const auto b = t.find_first_not_of(" \t\r\n"), e = t.find_last_not_of(" \t\r\n");
    t = b == std::string::npos ? "" : t.substr(b, e - b + 1);
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || ec != std::errc() || end != t.data() + t.size() || v < INT32_MIN || v > INT32_MAX)
      fail(path, n.offset_debug(), "'" + t.substr(0, 40) + "' is not a 32-bit integer");
    return v;
  }

  bool boolean(pugi::xml_node n, const std::string& path) const {
    const std::string t = text(n);
    if (t == "true" || t == "1") return true;
    if (t == "false" || t == "0") return false;
    fail(path, n.offset_debug(), "'" + t.substr(0, 40) + "' is not true or false");
  }

  SoundLoop loop(pugi::xml_node n, const std::string& path) const {
    const std::string t = text(n);
    for (int i = 0; i < 4; ++i)
      if (t == kLoopNames[i]) return static_cast<SoundLoop>(i);
    fail(path, n.offset_debug(), "'" + t.substr(0, 40) + "' is not a LoopBehaviour (None, OneShotWait, OneShotRewound, Looped)");
  }

  CatalogSound sound(pugi::xml_node info) const {
    CatalogSound s{0, "", 0, 0, 0, 0, false, false, false, SoundLoop::None, {}, false, false};
    const std::string base = "WadSounds/SoundInfos/WadSoundInfo";
    for (pugi::xml_node f : info.children()) {
      const std::string name = f.name(), path = base + "/" + name;
      if (name == "Id") s.id = number(f, path);
      else if (name == "Name") s.name = text(f);
      else if (name == "Volume") s.volume = number(f, path);
      else if (name == "RangeInSectors") s.rangeInSectors = number(f, path);
      else if (name == "Chance") s.chance = number(f, path);
      else if (name == "PitchFactor") s.pitchFactor = number(f, path);
      else if (name == "DisablePanning") s.disablePanning = boolean(f, path);
      else if (name == "RandomizePitch") s.randomizePitch = boolean(f, path);
      else if (name == "RandomizeVolume") s.randomizeVolume = boolean(f, path);
      else if (name == "LoopBehaviour") s.loop = loop(f, path);
      else if (name == "Global") s.global = boolean(f, path);
      else if (name == "Indexed") s.indexed = boolean(f, path);
      else if (name == "Samples") samples(f, path, s.samples);
    }
    return s;
  }

  void samples(pugi::xml_node list, const std::string& path, std::vector<std::string>& out) const {
    for (pugi::xml_node w : list.children("WadSample")) {
      pugi::xml_node file = w.child("FileName");
      if (!file) fail(path + "/WadSample", w.offset_debug(), "a sample without a FileName");
      out.push_back(text(file));
    }
  }

 private:
  std::span<const std::uint8_t> bytes_;
  std::string file_;
};

void element(pugi::xml_node parent, const char* name, const std::string& value) {
  parent.append_child(name).text().set(value.c_str());
}

}  // namespace

wad2::SoundCatalog readSoundCatalog(std::span<const std::uint8_t> bytes, const std::string& file) {
  Reader r(bytes, file);
  if (bytes.size() > kMaxSoundCatalog)
    r.fail("WadSounds", 0, std::to_string(bytes.size()) + " bytes: larger than a sound catalog may be");
  pugi::xml_document doc;
  const auto result = doc.load_buffer(bytes.data(), bytes.size(), pugi::parse_default, pugi::encoding_auto);
  if (!result) r.fail("WadSounds", result.offset, std::string("not well-formed XML: ") + result.description());
  pugi::xml_node root = doc.child("WadSounds");
  if (!root) r.fail("WadSounds", 0, "no <WadSounds> element: not a Tomb Editor sound catalog");
  wad2::SoundCatalog out;
  std::set<std::int64_t> ids;
  for (pugi::xml_node info : root.child("SoundInfos").children("WadSoundInfo")) {
    out.sounds.push_back(r.sound(info));
    if (!ids.insert(out.sounds.back().id).second)
      r.fail("WadSounds/SoundInfos/WadSoundInfo", info.offset_debug(),
             "a second sound info with id " + std::to_string(out.sounds.back().id));
  }
  return out;
}

std::vector<std::uint8_t> writeSoundCatalog(const wad2::SoundCatalog& catalog) {
  pugi::xml_document doc;
  auto decl = doc.append_child(pugi::node_declaration);
  decl.append_attribute("version") = "1.0";
  decl.append_attribute("encoding") = "utf-8";
  auto root = doc.append_child("WadSounds");
  root.append_attribute("xmlns:xsi") = "http://www.w3.org/2001/XMLSchema-instance";
  root.append_attribute("xmlns:xsd") = "http://www.w3.org/2001/XMLSchema";
  auto infos = root.append_child("SoundInfos");
  auto flag = [](bool b) { return std::string(b ? "true" : "false"); };
  for (const auto& s : catalog.sounds) {
    auto n = infos.append_child("WadSoundInfo");
    element(n, "Id", std::to_string(s.id));
    element(n, "Name", s.name);
    element(n, "Volume", std::to_string(s.volume));
    element(n, "RangeInSectors", std::to_string(s.rangeInSectors));
    element(n, "Chance", std::to_string(s.chance));
    element(n, "PitchFactor", std::to_string(s.pitchFactor));
    element(n, "DisablePanning", flag(s.disablePanning));
    element(n, "RandomizePitch", flag(s.randomizePitch));
    element(n, "RandomizeVolume", flag(s.randomizeVolume));
    element(n, "LoopBehaviour", kLoopNames[static_cast<int>(s.loop) & 3]);
    auto samples = n.append_child("Samples");
    for (const auto& name : s.samples) element(samples.append_child("WadSample"), "FileName", name);
    element(n, "Global", flag(s.global));
    element(n, "Indexed", flag(s.indexed));
  }
  std::ostringstream out;
  doc.save(out, "  ", pugi::format_default, pugi::encoding_utf8);
  const std::string text = out.str();
  return {text.begin(), text.end()};
}

std::filesystem::path soundCatalogPath(const std::filesystem::path& wad2) {
  auto p = wad2;
  return p.replace_extension(".xml");
}

std::optional<wad2::SoundCatalog> readSoundCatalogBeside(const std::filesystem::path& wad2) {
  const auto xml = soundCatalogPath(wad2);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(xml, ec)) return std::nullopt;
  return readSoundCatalog(readFileBytes(xml), xml.string());
}

void saveWad2WithSounds(const std::filesystem::path& wad2, const wad2::Document& doc, const SoundSet* sounds) {
  writeFileAtomic(wad2, writeWad2(doc));
  if (sounds) writeFileAtomic(soundCatalogPath(wad2), writeSoundCatalog(wad2::catalogOf(*sounds)));
}

void saveWad2View(const WadDocument& view, const std::filesystem::path& wad2, std::vector<std::string>* notes) {
  writeFileAtomic(wad2, writeWad2(wad2::wad2Of(view, notes)));
  const auto catalog = wad2::catalogBack(*view.wad2, view.sounds.get());
  if (!catalog) return;
  std::optional<wad2::SoundCatalog> there;
  try {
    there = readSoundCatalogBeside(wad2);
  } catch (const ParseError&) {
  }
  if (there != catalog) writeFileAtomic(soundCatalogPath(wad2), writeSoundCatalog(*catalog));
}

std::vector<std::string> missingSamples(const SoundSet& sounds, const std::vector<SampleFolder>& folders) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const auto& s : sounds.samples) {
    if (s.name.empty() || !seen.insert(s.name).second) continue;
    const bool found = std::any_of(folders.begin(), folders.end(), [&](const SampleFolder& f) { return f.has(s.name); });
    if (!found) out.push_back(s.name);
  }
  return out;
}

}  // namespace wadsmith
