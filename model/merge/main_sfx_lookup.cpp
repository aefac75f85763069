#include "model/merge/main_sfx_lookup.h"

#include <string>
#include <tuple>

#include "model/level_sounds.h"

namespace wadsmith::merge {

namespace {

std::string describeAudio(const WavAudio& w) {
  return (w.format == 1 ? "PCM " : "format " + std::to_string(w.format) + " ") + std::to_string(w.rate) + " Hz " +
         std::to_string(w.bits) + "-bit " + (w.channels == 1 ? "mono" : w.channels == 2 ? "stereo" : std::to_string(w.channels) + " channels");
}

// The format most of MAIN.SFX's WAVE files have (what an appended sample is converted to).
std::optional<WavAudio> commonFormat(const std::vector<SharedBytes>& waves) {
  std::map<std::tuple<std::uint16_t, std::uint16_t, std::uint32_t, std::uint16_t>, std::size_t> count;
  std::optional<WavAudio> best;
  std::size_t most = 0;
  for (const auto& w : waves)
    if (auto a = parseWav(w); a && ++count[{a->format, a->channels, a->rate, a->bits}] > most) most = count[{a->format, a->channels, a->rate, a->bits}], best = a;
  return best;
}

struct Lookup {
  std::optional<std::uint32_t> number;
  std::string why;  // when there is none
};

// One sample's number: from the source level of the same game as it is, else found among the
// WAVE files by its audio, else appended when asked (converted to `format`).
Lookup lookUp(const SoundSample& s, MainSfxSamples& sfx, const std::optional<WavAudio>& format) {
  const std::size_t have = sfx.waves.size() - sfx.appended.size();
  if (sfx.sourceNumbers && s.wav.empty() && s.listIndex) {
    if (!sfx.waves.empty() && *s.listIndex >= have)
      return {{}, "its MAIN.SFX number " + std::to_string(*s.listIndex) + " is past the given MAIN.SFX's " + std::to_string(have) + " samples"};
    return {s.listIndex, {}};
  }
  if (s.wav.empty()) return {{}, "it is not in the samples folder (--samples DIR names it)"};
  if (sfx.waves.empty()) return {{}, "no MAIN.SFX was given (--main-sfx FILE, or data/MAIN.SFX where the game keeps it)"};
  for (std::size_t i = 0; i < sfx.waves.size(); ++i)
    if (sameAudio(sfx.waves[i], s.wav)) return {static_cast<std::uint32_t>(i), {}};
  const auto audio = parseWav(s.wav);
  if (!audio) return {{}, "it is no RIFF/WAVE file"};
  const std::string what = "MAIN.SFX has no WAVE file of its audio (" + describeAudio(*audio) + ", " + std::to_string(audio->data.size()) + " bytes)";
  if (!sfx.append) return {{}, what + "; --main-sfx-out FILE appends it"};
  auto wave = format ? pcmWave(*audio, *format) : std::nullopt;
  if (!wave) return {{}, what + " and it does not convert to MAIN.SFX's " + (format ? describeAudio(*format) : "(no format)")};
  sfx.waves.push_back(SharedBytes(std::move(*wave)));
  sfx.appended.push_back(sfx.waves.back());
  return {static_cast<std::uint32_t>(sfx.waves.size() - 1), {}};
}

}  // namespace

std::map<std::size_t, std::uint32_t> mainSfxNumbers(const LevelData& data, const SoundSet& source, SoundReport& report,
                                                    MainSfxSamples& sfx) {
  std::map<std::size_t, std::uint32_t> out;
  const auto format = commonFormat(sfx.waves);
  const std::size_t given = sfx.waves.size() - sfx.appended.size();
  for (auto& n : report.ids) {
    if (n.what != SoundNote::What::Added && n.what != SoundNote::What::Replaced) continue;
    const SoundInfo& info = *source.info(n.id);
    const std::size_t waves = sfx.waves.size(), appended = sfx.appended.size();
    std::map<std::size_t, std::uint32_t> mine;
    std::vector<std::string> lines;
    std::string why;
    for (int k = 0; k < info.sampleCount() && why.empty() && static_cast<std::size_t>(info.sample + k) < source.samples.size(); ++k) {
      const auto at = static_cast<std::size_t>(info.sample + k);
      const SoundSample& s = source.samples[at];
      const std::string name = s.name.empty() ? "sample " + std::to_string(at) : s.name;
      const Lookup l = lookUp(s, sfx, format);
      if (!l.number) why = "the sample " + name + (sfx.sourceLabel.empty() ? "" : " from " + sfx.sourceLabel) + ": " + l.why;
      else mine[at] = *l.number, lines.push_back(name + " = MAIN.SFX " + std::to_string(*l.number) + (*l.number >= given && !sfx.sourceNumbers ? " (appended)" : ""));
    }
    if (why.empty()) {
      out.insert(mine.begin(), mine.end());
      n.samples = std::move(lines);
      continue;
    }
    sfx.waves.resize(waves), sfx.appended.resize(appended);  // an id goes whole or not at all
    const bool has = n.id < data.soundMap->size() && (*data.soundMap)[n.id] >= 0;
    n.what = has ? SoundNote::What::Kept : SoundNote::What::NotInSource, n.samples.clear();
    n.difference = std::string(kNotCarried) + why;
  }
  return out;
}

}  // namespace wadsmith::merge
