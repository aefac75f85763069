#include "io/classic_codec.h"

#include <cstring>

#include "io/byte_reader.h"
#include "io/level_data.h"

namespace wadsmith {
namespace {

constexpr std::size_t kPaletteBytes = 256 * 3, kPalette16Bytes = 256 * 4;
constexpr std::size_t kTile8Bytes = 256 * 256, kTile16Bytes = 256 * 256 * 2;

std::uint32_t versionOf(std::span<const std::uint8_t> b) {
  return b.size() < 4 ? 0 : b[0] | (b[1] << 8) | (b[2] << 16) | (std::uint32_t{b[3]} << 24);
}

}  // namespace

std::optional<Game> classicGame(std::uint32_t version) {
  switch (version) {
    case kTr1Version: return Game::TR1;
    case kTr2Version: return Game::TR2;
    case kTr3Version:
    case kTr3VersionB: return Game::TR3;
    default: return std::nullopt;
  }
}

LevelDocument readClassicLevel(const SharedBytes& file, const std::string& fileName) {
  ByteReader r(file, fileName);
  r.section("header");
  if (file.empty()) r.fail("empty file");
  LevelDocument doc;
  doc.version = r.u32();
  const auto game = classicGame(doc.version);
  if (!game) r.fail("not a TR1-3 level (version " + std::to_string(doc.version) + ")", 0);
  auto take = [&](std::size_t n) {
    const std::size_t at = r.pos();
    r.bytes(n);
    return file.slice(at, n);
  };
  if (*game != Game::TR1) {
    r.section("palette");
    doc.classic.palette = take(kPaletteBytes);
    r.section("16-bit palette");
    doc.classic.palette16 = take(kPalette16Bytes);
  }
  r.section("texture tiles");
  const std::size_t tileBytes = kTile8Bytes + (*game == Game::TR1 ? 0 : kTile16Bytes);
  doc.classic.tileCount = static_cast<std::uint32_t>(r.count(r.u32(), tileBytes, "texture tile"));
  r.section("8-bit tiles");
  doc.classic.tiles8 = take(doc.classic.tileCount * kTile8Bytes);
  if (*game != Game::TR1) {
    r.section("16-bit tiles");
    doc.classic.tiles16 = take(doc.classic.tileCount * kTile16Bytes);
  }
  doc.samples = share<std::vector<LevelSample>>();  // TR1's are in the level data; TR2/3's in MAIN.SFX
  const std::size_t dataAt = r.pos();
  doc.loadedPayload = take(r.remaining());
  Id nextId = 1;
  doc.data = share<LevelData>(readLevelData(doc.loadedPayload, *game, fileName, std::nullopt, nextId, dataAt));
  doc.loadedData = doc.data;
  doc.nextId = nextId;
  return doc;
}

ByteRope writeClassicLevelPieces(const LevelDocument& doc, bool verify) {
  ByteRope out;
  ByteWriter& w = out.writer();
  w.u32(doc.version);
  out.append(doc.classic.palette);  // TR2/3; empty in TR1
  out.append(doc.classic.palette16);
  w.u32(doc.classic.tileCount);
  out.append(doc.classic.tiles8);
  out.append(doc.classic.tiles16);
  if (doc.data == doc.loadedData && !verify) {
    out.append(doc.loadedPayload);
    return out;
  }
  auto bytes = writeLevelData(*doc.data, doc.nextId, nullptr, doc.loadedPayload.size());
  // Content that serializes to what was loaded keeps the bytes as read.
  const SharedBytes& original = doc.loadedPayload;
  if (bytes.size() == original.size() && std::memcmp(bytes.data(), original.data(), bytes.size()) == 0)
    out.append(original);
  else
    out.append(SharedBytes(std::move(bytes)));
  return out;
}

std::vector<SectionSpan> classicSectionSpans(std::span<const std::uint8_t> bytes) {
  std::vector<SectionSpan> spans;
  const auto game = classicGame(versionOf(bytes));
  ByteReader r(bytes, "");
  try {
    r.u32();
    spans.push_back({"header", 0, r.pos()});
    if (game && *game != Game::TR1) {
      r.bytes(kPaletteBytes + kPalette16Bytes);
      spans.push_back({"palettes", 4, r.pos()});
    }
    std::size_t b = r.pos();
    const std::size_t tiles = r.count(r.u32(), kTile8Bytes, "tile");
    r.bytes(tiles * kTile8Bytes);
    spans.push_back({"8-bit tiles", b, r.pos()});
    if (game && *game != Game::TR1) {
      b = r.pos();
      r.bytes(tiles * kTile16Bytes);
      spans.push_back({"16-bit tiles", b, r.pos()});
    }
    spans.push_back({"level data", r.pos(), bytes.size()});
  } catch (const ParseError&) {
    spans.push_back({"(unreadable)", r.pos(), bytes.size()});
  }
  return spans;
}

}  // namespace wadsmith
