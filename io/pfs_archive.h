// EverQuest's PFS archives (.s3d, .eqg): a directory of files stored as zlib blocks, with the
// file names in one more file of the archive. Read-only; extraction inflates block by block and
// checks every declared size.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace wadsmith::eq {

constexpr std::uint32_t kPfsNameDirectoryCrc = 0x61580AC9;
// Largest file extraction accepts (a corrupt size fails instead of allocating gigabytes).
constexpr std::uint32_t kPfsMaxFileSize = 256u << 20;

struct PfsEntry {
  std::string name;  // from the name directory; "" when the archive has none for it
  std::uint32_t crc = 0, offset = 0, size = 0;
  std::uint32_t compressedSize = 0;  // block bytes including their 8-byte headers
  std::uint32_t blocks = 0;
};

struct PfsArchive {
  std::string file;
  std::shared_ptr<const std::vector<std::uint8_t>> data;
  std::uint32_t version = 0;
  std::vector<PfsEntry> entries;  // in data order, the name directory left out
  std::uint32_t namesByCrc = 0;   // names whose CRC matched their entry (the rest went by order)
  std::vector<std::uint8_t> footer;  // after the directory ("STEVE" and a date in the corpus)
};

// The CRC of a name as the directory stores it (CRC-32, polynomial 0x04C11DB7, not reflected,
// initial 0, over the lower-case name and its terminating NUL).
std::uint32_t pfsNameCrc(std::string_view name);

// Throws ParseError for anything that does not fit: bad magic, entries or blocks past the end,
// a name directory that does not match the entries.
PfsArchive readPfs(std::shared_ptr<const std::vector<std::uint8_t>> data, const std::string& file);
std::vector<std::uint8_t> extractPfs(const PfsArchive& archive, const PfsEntry& entry);
// Case-insensitive lookup; nullptr when absent.
const PfsEntry* findPfsEntry(const PfsArchive& archive, std::string_view name);

}  // namespace wadsmith::eq
