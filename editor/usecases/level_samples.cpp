#include "editor/usecases/level_samples.h"

#include <map>

#include "io/file_io.h"
#include "io/utf8_path.h"
#include "model/level_sounds.h"

namespace wadsmith::usecases {

SharedBytes readMainSfx(const Source& source, const std::filesystem::path& path) {
  if (path.empty()) return {};
  const Game game = source.game.value_or(Game::TR4);
  if (game != Game::TR2 && game != Game::TR3)
    throw std::runtime_error("--main-sfx: only TR2 and TR3 levels keep their samples in MAIN.SFX; the source is " +
                             (source.game ? gameName(game) + " level" : source.label));
  SharedBytes bytes = readFileShared(path);
  std::vector<std::string> problems;
  if (splitMainSfx(bytes, problems).empty())
    throw std::runtime_error(utf8Name(path) + ": not a MAIN.SFX (" + (problems.empty() ? "empty" : problems.front()) + ")");
  return bytes;
}

std::vector<std::string> writeLevelSamples(const Source& source, const std::set<std::uint16_t>& sounds,
                                           const SharedBytes& mainSfx, const std::filesystem::path& dir,
                                           const std::string& shownDir) {
  std::vector<std::string> lines;
  if (!source.level || !isClassic(source.level->game) || sounds.empty()) return lines;
  const LevelData& d = *source.level;
  const std::string game = gameName(d.game);
  if (d.game != Game::TR1 && mainSfx.empty()) {
    std::string numbers;
    for (auto id : sounds) {
      auto indices = soundSampleIndices(d, id);
      if (indices.empty()) continue;
      numbers += (numbers.empty() ? "" : ", ") + std::to_string(id) + ":";
      for (auto i : indices) numbers += " " + std::to_string(i);
    }
    lines.push_back("samples: " + game + " keeps them in MAIN.SFX, not in the level (sound id: MAIN.SFX numbers " +
                    numbers + "); --main-sfx FILE writes them as WAV files");
    return lines;
  }
  std::vector<std::string> problems;
  const auto waves = levelSoundWaves(d, sounds, mainSfx, problems);
  std::map<std::uint16_t, std::string> names;
  for (const auto& w : waves) {
    // One file a sample, however many ids play it: tr1_sample_12.wav (its place in TR1's sample
    // index table), tr2_sfx_97.wav (its MAIN.SFX number).
    const std::string tr = "tr" + std::to_string(static_cast<int>(d.game));
    const std::string stem = d.game == Game::TR1 ? tr + "_sample_" + std::to_string(w.position)
                                                 : tr + "_sfx_" + std::to_string(w.sampleIndex);
    std::filesystem::path file = dir / (stem + ".wav");
    for (int k = 2; std::filesystem::exists(file) && readFileBytes(file) != w.wave.copy(); ++k)
      file = dir / (stem + "-" + std::to_string(k) + ".wav");  // never overwrite another file
    if (!std::filesystem::exists(file)) {
      std::filesystem::create_directories(dir);
      writeFileAtomic(file, w.wave);
    }
    names[w.soundId] += " " + utf8Name(file.filename());
  }
  for (const auto& [id, files] : names)
    lines.push_back("sound " + std::to_string(id) + " (" + game + "'s): samples" + files + " written to " + shownDir);
  for (const auto& p : problems) lines.push_back("warning: " + p);
  return lines;
}

}  // namespace wadsmith::usecases
