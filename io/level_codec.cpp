#include "io/level_codec.h"

#include "model/level_textures.h"

namespace wadsmith {

namespace {
std::uint32_t versionOf(std::span<const std::uint8_t> b) {
  return b[0] | (b[1] << 8) | (b[2] << 16) | (std::uint32_t{b[3]} << 24);
}
}  // namespace

std::optional<Game> levelGame(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < 4) return std::nullopt;
  const std::uint32_t v = versionOf(bytes);
  if (v == kTr4Version || v == kTr4DemoVersion) return looksLikeTr5(bytes) ? Game::TR5 : Game::TR4;
  return classicGame(v);
}

LevelDocument readLevel(std::span<const std::uint8_t> bytes, const std::string& fileName) {
  return readLevel(SharedBytes(std::vector<std::uint8_t>(bytes.begin(), bytes.end())), fileName);
}

LevelDocument readLevel(const SharedBytes& file, const std::string& fileName) {
  const auto game = levelGame(file);
  if (game && isClassic(*game)) return readClassicLevel(file, fileName);
  return readTr4Level(file, fileName);  // words the error for anything else
}

ByteRope writeLevelPieces(const LevelDocument& doc, bool verify) {
  return isClassic(doc.game()) ? writeClassicLevelPieces(doc, verify) : writeTr4LevelPieces(doc, verify);
}

std::vector<std::uint8_t> writeLevel(const LevelDocument& doc, bool verify) { return writeLevelPieces(doc, verify).flatten(); }

std::vector<std::uint8_t> levelTiles32(const LevelDocument& doc) {
  return isClassic(doc.game()) ? classicTiles32(doc) : chunkPayload(doc.tiles32);
}

std::vector<SectionSpan> levelSectionSpans(std::span<const std::uint8_t> bytes) {
  const auto game = levelGame(bytes);
  return game && isClassic(*game) ? classicSectionSpans(bytes) : tr4SectionSpans(bytes);
}

}  // namespace wadsmith
