#include "io/samples_folder.h"

#include <algorithm>
#include <cctype>

#include "io/file_io.h"
#include "io/utf8_path.h"

namespace wadsmith {

namespace {
std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}
std::uint32_t u32(std::span<const std::uint8_t> b, std::size_t at) {
  return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (static_cast<std::uint32_t>(b[at + 3]) << 24);
}
std::uint16_t u16(std::span<const std::uint8_t> b, std::size_t at) { return static_cast<std::uint16_t>(b[at] | (b[at + 1] << 8)); }
}  // namespace

SampleFolder::SampleFolder(std::filesystem::path dir) : dir_(std::move(dir)) {
  std::error_code ec;
  exists_ = std::filesystem::is_directory(dir_, ec);
  if (!exists_) return;
  for (const auto& e : std::filesystem::directory_iterator(dir_, ec))
    if (e.is_regular_file(ec)) files_[upper(utf8Name(e.path().filename()))] = e.path();
}

std::optional<std::filesystem::path> SampleFolder::find(const std::string& name) const {
  // Names are compared as TRLE on Windows would: in any case, without surrounding blanks.
  std::string n = name;
  while (!n.empty() && std::isspace(static_cast<unsigned char>(n.back()))) n.pop_back();
  while (!n.empty() && std::isspace(static_cast<unsigned char>(n.front()))) n.erase(n.begin());
  auto it = files_.find(upper(n));
  if (it == files_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::filesystem::path> findSamplesFolder(const std::filesystem::path& wad) {
  // Relative candidates ("in/../samples"): what is shown does not depend on the machine's paths.
  std::error_code ec;
  std::filesystem::path dir = wad.parent_path().empty() ? std::filesystem::path(".") : wad.parent_path();
  for (int up = 0; up < 3; ++up, dir /= "..")
    for (const auto& sub : {std::filesystem::path("sound") / "samples", std::filesystem::path("samples")})
      if (std::filesystem::is_directory(dir / sub, ec)) return dir / sub;
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

std::optional<WavAudio> parseWav(std::span<const std::uint8_t> b) {
  if (b.size() < 12 || b[0] != 'R' || b[1] != 'I' || b[2] != 'F' || b[3] != 'F' || b[8] != 'W' || b[9] != 'A' ||
      b[10] != 'V' || b[11] != 'E')
    return std::nullopt;
  WavAudio w;
  bool fmt = false, data = false;
  for (std::size_t at = 12; at + 8 <= b.size();) {
    const std::uint32_t size = u32(b, at + 4);
    const std::size_t body = at + 8;
    const std::size_t avail = std::min<std::size_t>(size, b.size() - body);
    if (b[at] == 'f' && b[at + 1] == 'm' && b[at + 2] == 't' && avail >= 16) {
      w.format = u16(b, body);
      w.channels = u16(b, body + 2);
      w.rate = u32(b, body + 4);
      w.bits = u16(b, body + 14);
      fmt = true;
    } else if (b[at] == 'd' && b[at + 1] == 'a' && b[at + 2] == 't' && b[at + 3] == 'a') {
      w.data = b.subspan(body, avail);  // a data chunk that claims more than the file keeps what is there
      data = true;
    }
    if (size > b.size() - body) break;
    at = body + size + (size & 1);
  }
  if (!fmt || !data) return std::nullopt;
  return w;
}

bool sameAudio(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) {
  auto x = parseWav(a), y = parseWav(b);
  if (!x || !y) return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
  return x->format == y->format && x->channels == y->channels && x->rate == y->rate && x->bits == y->bits &&
         x->data.size() == y->data.size() && std::equal(x->data.begin(), x->data.end(), y->data.begin());
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
