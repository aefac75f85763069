#include "io/level_data.h"

#include "io/record_reader.h"
#include "io/record_writer.h"

namespace wadsmith {

// TRNG levels have more sound map entries than the game's. The length is the one that makes the
// rest (sound details, sample indices, the closing bytes) end the data exactly, and whose sample
// index count equals the number of samples when that is known. Games whose sound map is always
// theirs take its length whatever follows (bytes after the sample indices are kept as the tail).
std::size_t soundMapLength(const ByteReader& r, const LevelLayout& layout, std::optional<std::uint32_t> sampleCount) {
  const std::size_t retail = traits(layout.game).soundMapLength;
  if (!layout.soundMapFromData) return retail;
  auto bytes = r.all();
  const std::uint64_t p = r.pos();
  auto fits = [&](std::size_t len, bool needSamples) {
    std::uint64_t q = p + 2 * len;
    if (q + 4 > bytes.size()) return false;
    q += 4 + 8ull * u32At(bytes, q);
    if (q + 4 > bytes.size()) return false;
    const std::uint32_t indices = u32At(bytes, q);
    const std::uint64_t end = q + 4 + 4ull * indices;
    if (end + layout.closingBytes != bytes.size()) return false;
    return !needSamples || !sampleCount || indices == *sampleCount;
  };
  if (fits(retail, true)) return retail;
  const std::size_t most = (bytes.size() - p) / 2;
  for (bool needSamples : {true, false})
    for (std::size_t len = 0; len <= most; ++len)
      if (fits(len, needSamples)) return len;
  return retail;  // let the reads that follow report what does not fit
}

LevelData readLevelData(const SharedBytes& payload, Game game, const std::string& fileName,
                        std::optional<std::uint32_t> sampleCount, Id& nextId, std::uint64_t base) {
  ByteReader r(payload, fileName, base);
  LevelData d;
  d.game = game;
  RecordReader io(r, levelLayout(game), "level data: ", &payload, &nextId);
  transferLevelData(io, d, sampleCount);
  return d;
}

std::vector<std::uint8_t> writeLevelData(const LevelData& d, Id idLimit, std::vector<SectionSpan>* spans,
                                         std::size_t sizeHint) {
  std::vector<std::uint8_t> out;
  out.reserve(std::max<std::size_t>(sizeHint + 4096, 1 << 16));
  ByteWriter w(out);
  RecordWriter io(w, levelLayout(d.game), idLimit, spans);
  transferLevelData(io, const_cast<LevelData&>(d));  // the writer only reads
  io.finish();
  return out;
}

}  // namespace wadsmith
