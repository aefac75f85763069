#include "io/sound_codec.h"

#include "io/level_record_io.h"
#include "io/record_reader.h"
#include "io/record_writer.h"
#include "io/was_codec.h"

namespace wadsmith {

SoundSet readWadSounds(const std::vector<std::uint8_t>* sfx, const std::vector<std::uint8_t>* sam,
                       std::uint32_t wadVersion, const std::string& sfxName) {
  SoundSet out;
  out.hasSfx = sfx != nullptr;
  out.hasSam = sam != nullptr;
  // The .SAM is text: one name a line, kept with its line endings (the .WAS reader's rules).
  std::vector<WasLine> lines;
  if (sam) {
    WasFile text = readWas(*sam);
    lines = std::move(text.lines);
    out.samFinalNewline = text.finalNewline;
  }
  std::vector<std::uint32_t> listIndices;
  std::vector<std::size_t> infoAt;  // each info's offset, for errors
  if (sfx) {
    ByteReader r(*sfx, sfxName);
    const std::size_t mapLength = wadSoundMapLength(wadVersion);
    r.section("sound map");
    if (sfx->empty()) r.fail("empty file");
    r.count(mapLength, 2, "sound map entry (" + std::to_string(mapLength) + " for a version " +
                              std::to_string(wadVersion) + " WAD)");
    out.map.resize(mapLength);
    for (auto& m : out.map) m = r.i16();
    r.section("sound infos");
    out.infos = r.records(r.u32(), 8, "sound info", [&] {
      infoAt.push_back(r.pos());
      return readRecord<SoundInfo>(r);
    });
    r.section("sample block");
    listIndices = r.records(r.u32(), 4, "sample", [&] { return r.u32(); });
    out.sfxTrailer = r.copy(r.remaining());

    // Every info's samples must exist: the engine reads them by index.
    const std::size_t samples = sam ? lines.size() : listIndices.size();
    ByteReader at(*sfx, sfxName);
    at.section("sound infos");
    for (std::size_t i = 0; i < out.infos.size(); ++i) {
      const auto& info = out.infos[i];
      if (std::size_t{info.sample} + info.sampleCount() > samples)
        at.fail("info " + std::to_string(i) + " plays samples " + std::to_string(info.sample) + ".." +
                    std::to_string(info.sample + info.sampleCount() - 1) + ", past the " + std::to_string(samples) + " " +
                    (sam ? "lines of the .SAM" : "samples of the sample block"),
                infoAt[i]);
    }
  }
  const std::size_t count = std::max(lines.size(), listIndices.size());
  out.samples.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    auto& s = out.samples[i];
    s.inSam = i < lines.size();
    if (s.inSam) {
      s.name = lines[i].text;
      s.crlf = lines[i].crlf;
    }
    if (i < listIndices.size()) s.listIndex = listIndices[i];
  }
  return out;
}

std::vector<std::uint8_t> writeSfx(const SoundSet& s) {
  std::vector<std::uint8_t> out;
  out.reserve(s.map.size() * 2 + s.infos.size() * 8 + s.samples.size() * 4 + 8 + s.sfxTrailer.size());
  ByteWriter w(out);
  for (auto m : s.map) w.i16(m);
  w.u32(static_cast<std::uint32_t>(s.infos.size()));
  for (const auto& i : s.infos) writeRecord(w, i);
  // The block runs to the last sample that has an index (a block shorter than the .SAM stays so).
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.samples.size(); ++i)
    if (s.samples[i].listIndex) n = i + 1;
  w.u32(static_cast<std::uint32_t>(n));
  for (std::size_t i = 0; i < n; ++i) w.u32(s.samples[i].listIndex.value_or(0));
  w.bytes(s.sfxTrailer);
  return out;
}

std::vector<std::uint8_t> writeSam(const SoundSet& s) {
  WasFile text;
  text.finalNewline = s.samFinalNewline;
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.samples.size(); ++i)
    if (s.samples[i].inSam) n = i + 1;
  for (std::size_t i = 0; i < n; ++i) text.lines.push_back({s.samples[i].name, s.samples[i].crlf});
  return writeWas(text);
}

}  // namespace wadsmith
