#include "io/samples_folder.h"

#include <cctype>

#include "io/file_io.h"
#include "io/utf8_path.h"
#include "model/ascii_case.h"
#include "model/level_sounds.h"

namespace wadsmith {

SampleFolder::SampleFolder(std::filesystem::path dir) : dir_(std::move(dir)) {
  std::error_code ec;
  exists_ = std::filesystem::is_directory(dir_, ec);
  if (!exists_) return;
  for (const auto& e : std::filesystem::directory_iterator(dir_, ec))
    if (e.is_regular_file(ec)) files_[asciiLower(utf8Name(e.path().filename()))] = e.path();
}

std::optional<std::filesystem::path> SampleFolder::find(const std::string& name) const {
  // Names are compared as TRLE on Windows would: in any case, without surrounding blanks.
  std::string n = name;
  while (!n.empty() && std::isspace(static_cast<unsigned char>(n.back()))) n.pop_back();
  while (!n.empty() && std::isspace(static_cast<unsigned char>(n.front()))) n.erase(n.begin());
  auto it = files_.find(asciiLower(n));
  if (it == files_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::filesystem::path> findSamplesFolder(const std::filesystem::path& wad) {
  // Relative candidates ("in/../samples"): what is shown does not depend on the machine's paths.
  std::error_code ec;
  std::filesystem::path dir = folderOf(wad);
  for (int up = 0; up < 3; ++up, dir /= "..")
    for (const auto& sub : {std::filesystem::path("sound") / "samples", std::filesystem::path("samples")})
      if (std::filesystem::is_directory(dir / sub, ec)) return dir / sub;
  return std::nullopt;
}

std::optional<std::filesystem::path> findMainSfx(const std::filesystem::path& level) {
  std::error_code ec;
  std::filesystem::path dir = folderOf(level);
  if (auto f = SampleFolder(dir).find("MAIN.SFX")) return f;
  for (int up = 0; up < 2; ++up, dir /= "..")
    for (const auto& e : std::filesystem::directory_iterator(dir, ec))
      if (e.is_directory(ec) && asciiLower(utf8Name(e.path().filename())) == "data")
        if (auto f = SampleFolder(e.path()).find("MAIN.SFX")) return f;
  return std::nullopt;
}

SampleFolder samplesFolderFor(const std::filesystem::path& file, const std::optional<std::string>& given) {
  if (given) return SampleFolder(utf8Path(*given));
  if (auto found = findSamplesFolder(file)) return SampleFolder(*found);
  return SampleFolder();
}

Shared<SoundSet> withSampleBytes(const Shared<SoundSet>& sounds, const SampleFolder& folder) {
  if (!sounds || !folder.exists()) return sounds;
  auto out = std::make_shared<SoundSet>(*sounds);
  for (auto& s : out->samples)
    if (auto file = s.wav.empty() ? folder.find(s.name) : std::nullopt) s.wav = readFileShared(*file);
  return out;
}

ValidationOptions validationOptions(const SampleFolder& samples) {
  ValidationOptions o;
  // The folder is copied in: the options may outlive the caller's SampleFolder.
  if (samples.exists()) o.sampleExists = [samples](const std::string& n) { return samples.has(n); };
  return o;
}

std::vector<PlacedWav> placeEmbeddedWavs(WadDocument& doc, const std::filesystem::path& dir) {
  std::vector<PlacedWav> out;
  if (!doc.sounds) return out;
  bool any = false;
  for (const auto& s : doc.sounds->samples) any |= !s.wav.empty();
  if (!any) return out;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw std::runtime_error(utf8Name(dir) + ": cannot create the samples folder: " + ec.message());
  // The folder's WAVs by the size of their audio: a sample whose audio is already there (under
  // any name) uses that file. Samples written below join the index.
  std::map<std::size_t, std::vector<std::pair<std::string, std::vector<std::uint8_t>>>> byAudioSize;
  auto audioSize = [](std::span<const std::uint8_t> b) {
    auto w = parseWav(b);
    return w ? w->data.size() : b.size();
  };
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.is_regular_file(ec)) {
      auto bytes = readFileBytes(e.path());
      const auto n = audioSize(bytes);
      byAudioSize[n].emplace_back(utf8Name(e.path().filename()), std::move(bytes));
    }
  auto sounds = std::make_shared<SoundSet>(*doc.sounds);
  for (auto& s : sounds->samples) {
    if (s.wav.empty()) continue;
    PlacedWav p;
    p.proposed = s.name;
    auto& candidates = byAudioSize[audioSize(s.wav)];
    for (const auto& [name, bytes] : candidates)
      if (sameAudio(bytes, s.wav)) {
        p.name = name;
        p.how = PlacedWav::How::SameFileThere;
        break;
      }
    if (p.name.empty()) {
      const std::filesystem::path proposed = utf8Path(s.name);
      const std::string stem = utf8Name(proposed.stem()), ext = utf8Name(proposed.extension());
      const SampleFolder folder(dir);
      for (int n = 1;; ++n) {
        const std::string name = n == 1 ? s.name : stem + "_" + std::to_string(n) + ext;
        if (folder.has(name)) continue;  // a different file of that name: never overwritten
        writeFileAtomic(dir / utf8Path(name), s.wav);
        p.name = name;
        p.how = n == 1 ? PlacedWav::How::Written : PlacedWav::How::Renamed;
        candidates.emplace_back(name, s.wav.copy());
        break;
      }
    }
    s.name = p.name;
    s.wav = {};
    out.push_back(p);
  }
  doc.sounds = sounds;
  return out;
}

}  // namespace wadsmith
