#include "io/document_io.h"

#include "io/byte_reader.h"
#include "io/file_io.h"
#include "io/file_set.h"
#include "io/level_codec.h"
#include "io/utf8_path.h"
#include "io/wad2_codec.h"
#include "io/wad2_sounds_xml.h"
#include "io/wad_files.h"
#include "model/wad2/classic_view.h"

namespace wadsmith {

FileKind detectKind(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < 4) return FileKind::Unknown;
  const std::uint32_t v = u32At(bytes);
  if (v == 129 || v == 130) return FileKind::Wad;
  // "Wad2" is the obsolete variant: its reader says so.
  if ((bytes[0] == 'W' && bytes[1] == 'A' && bytes[2] == 'D' && bytes[3] == '2') ||
      (bytes[0] == 'W' && bytes[1] == 'a' && bytes[2] == 'd' && bytes[3] == '2'))
    return FileKind::Wad2;
  if (bytes[0] == 'T' && bytes[1] == 'R' && bytes[2] == '4') return FileKind::Level;
  // TR1-3 version words are small numbers; an EverQuest archive also starts with a u32 (its
  // directory offset), then "PFS ".
  const bool pfs = bytes.size() >= 8 && bytes[4] == 'P' && bytes[5] == 'F' && bytes[6] == 'S' && bytes[7] == ' ';
  if (levelGame(bytes) && !pfs) return FileKind::Level;
  return FileKind::Unknown;
}

namespace {

// The sound catalog beside a wad2; one that does not read leaves the WAD without sounds, said in
// the conversion's report.
WadDocument loadWad2(const std::filesystem::path& path, const SharedBytes& bytes) {
  std::optional<wad2::SoundCatalog> sounds;
  std::vector<std::string> notes;
  try {
    sounds = readSoundCatalogBeside(path);
  } catch (const ParseError& e) {
    notes.push_back(std::string(e.what()) + ": the WAD has no sounds");
  }
  return wad2::classicView(share<wad2::Document>(readWad2(bytes, utf8Name(path))), std::move(sounds), std::move(notes));
}

}  // namespace

Document readDocument(const SharedBytes& file, const std::string& fileName) {
  switch (detectKind(file)) {
    case FileKind::Wad: return readWad(file, fileName);
    case FileKind::Wad2: return wad2::classicView(share<wad2::Document>(readWad2(file, fileName)), std::nullopt);
    case FileKind::Level: return readLevel(file, fileName);
    case FileKind::Unknown: break;
  }
  return readDocument(file.span(), fileName);
}

Document readDocument(std::span<const std::uint8_t> bytes, const std::string& fileName) {
  // Each reader of a span reads a copy of it.
  if (detectKind(bytes) != FileKind::Unknown)
    return readDocument(SharedBytes(std::vector<std::uint8_t>(bytes.begin(), bytes.end())), fileName);
  // Let the WAD reader word the error (empty file, wrong version...).
  if (bytes.size() < 4) return readWad(bytes, fileName);
  throw ParseError(fileName, "header", 0,
                   "neither a TR4 WAD (version 129/130), a Tomb Editor wad2 (\"WAD2\") nor a Tomb Raider level (TR1 0x20, TR2 0x2D, TR3 0xFF180038 or "
                   "0xFF080038, TR4/TR5 \"TR4\\0\")");
}

SharedBytes readDocumentFile(const std::filesystem::path& path, FileHold hold) {
  completeInterruptedSave(path);  // a save a crash interrupted: the whole new set, not a mix
  return readFileShared(path, hold);
}

Document loadDocument(const std::filesystem::path& path) { return loadDocument(path, readDocumentFile(path)); }

Document loadDocument(const std::filesystem::path& path, const SharedBytes& bytes) {
  switch (detectKind(bytes)) {
    case FileKind::Wad: return loadWad(path, bytes);
    case FileKind::Wad2: return loadWad2(path, bytes);
    case FileKind::Level: return readLevel(bytes, utf8Name(path));  // shares the buffer
    case FileKind::Unknown: break;
  }
  return readDocument(bytes.span(), utf8Name(path));
}

std::vector<std::uint8_t> encodeDocument(const Document& doc, bool verify) {
  if (const auto* w = std::get_if<WadDocument>(&doc); w && w->wad2) return writeWad2(wad2::wad2Of(*w));
  if (const auto* w = std::get_if<WadDocument>(&doc)) return writeWad(*w);
  return writeLevel(std::get<LevelDocument>(doc), verify);
}

ByteRope encodeDocumentPieces(const Document& doc, bool verify) {
  if (const auto* l = std::get_if<LevelDocument>(&doc)) return writeLevelPieces(*l, verify);
  if (std::get<WadDocument>(doc).wad2) {
    ByteRope rope;
    rope.append(SharedBytes(encodeDocument(doc, verify)));
    return rope;
  }
  return writeWadPieces(std::get<WadDocument>(doc));
}

void saveDocument(const Document& doc, const std::filesystem::path& path) {
  if (const auto* w = std::get_if<WadDocument>(&doc); w && w->wad2) return saveWad2View(*w, path);  // with its XML
  if (const auto* w = std::get_if<WadDocument>(&doc)) return saveWad(*w, path);
  writeFileAtomic(path, writeLevel(std::get<LevelDocument>(doc)));
}

static std::vector<SectionSpan> sectionSpans(std::span<const std::uint8_t> bytes) {
  if (detectKind(bytes) == FileKind::Wad2) return {{"wad2 header", 0, std::min<std::uint64_t>(bytes.size(), 8)}, {"wad2 chunks", 8, bytes.size()}};
  return detectKind(bytes) == FileKind::Level ? levelSectionSpans(bytes) : wadSectionSpans(bytes);
}

std::string sectionAt(std::span<const std::uint8_t> bytes, std::uint64_t offset) {
  for (const auto& s : sectionSpans(bytes))
    if (offset >= s.begin && offset < s.end) return s.name;
  return offset >= bytes.size() ? "end of file" : "?";
}

}  // namespace wadsmith
