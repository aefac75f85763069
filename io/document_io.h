// One entry point for either file kind, detected by its header (never by extension).
#pragma once
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "io/byte_rope.h"
#include "io/file_io.h"
#include "io/wad_codec.h"
#include "model/document.h"

namespace wadsmith {

// A .wad2 (Tomb Editor) opens as the classic WAD its objects convert to, carrying the file
// (model/wad2/classic_view.h): saved unchanged, it writes the file as read.
enum class FileKind { Wad, Level, Wad2, Unknown };
FileKind detectKind(std::span<const std::uint8_t> bytes);

// Throws ParseError (bad content) or std::runtime_error (unreadable file, unknown kind).
Document readDocument(std::span<const std::uint8_t> bytes, const std::string& fileName);
// Same, sharing the buffer (stored chunks and texture pages are slices of it).
Document readDocument(const SharedBytes& file, const std::string& fileName);
Document loadDocument(const std::filesystem::path& path);  // a WAD with its companions, a wad2 with its XML
Document loadDocument(const std::filesystem::path& path, const SharedBytes& bytes);  // read by readDocumentFile
// A document file's bytes, after finishing a save a crash interrupted (io/file_set.h).
SharedBytes readDocumentFile(const std::filesystem::path& path, FileHold hold = FileHold::Read);
// `verify` re-serializes even unchanged parts (the round-trip check).
std::vector<std::uint8_t> encodeDocument(const Document& doc, bool verify = false);
// The same as pieces (stored parts are not copied): for comparisons and streaming writes.
ByteRope encodeDocumentPieces(const Document& doc, bool verify = false);
void saveDocument(const Document& doc, const std::filesystem::path& path);

// The part of a file a byte is in, for "different at byte N (section S)" reports.
std::string sectionAt(std::span<const std::uint8_t> bytes, std::uint64_t offset);

}  // namespace wadsmith
