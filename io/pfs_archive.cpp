#include "io/pfs_archive.h"

#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <map>

#include "io/byte_reader.h"
#include "model/ascii_case.h"

namespace wadsmith::eq {

namespace {

// Walks an entry's block headers without inflating: how many blocks, how many bytes.
void measureBlocks(ByteReader& r, PfsEntry& e) {
  r.section("file at " + std::to_string(e.offset) + " blocks");
  if (e.size > kPfsMaxFileSize)
    r.fail("declared size " + std::to_string(e.size) + " is over the " + std::to_string(kPfsMaxFileSize) + " accepted");
  r.seek(e.offset);
  std::uint64_t inflated = 0;
  while (inflated < e.size) {
    std::size_t at = r.pos();
    std::uint32_t deflated = r.u32();
    std::uint32_t length = r.u32();
    if (static_cast<std::uint64_t>(length) > static_cast<std::uint64_t>(deflated) * 1032 + 64)
      r.fail("block of " + std::to_string(deflated) + " bytes cannot inflate to " + std::to_string(length), at);
    if (length == 0) r.fail("block inflates to nothing", at);
    r.bytes(deflated);
    inflated += length;
    ++e.blocks;
  }
  if (inflated != e.size)
    r.fail("blocks inflate to " + std::to_string(inflated) + " bytes, the directory says " + std::to_string(e.size));
  e.compressedSize = static_cast<std::uint32_t>(r.pos() - e.offset);
}

std::vector<std::uint8_t> inflateBlock(std::span<const std::uint8_t> in, std::uint32_t length, const std::string& file,
                                       const std::string& section, std::uint64_t at) {
  std::vector<std::uint8_t> out(length);
  z_stream s{};
  if (inflateInit(&s) != Z_OK) throw ParseError(file, section, at, "zlib inflateInit failed");
  s.next_in = const_cast<Bytef*>(in.data());
  s.avail_in = static_cast<uInt>(in.size());
  s.next_out = out.data();
  s.avail_out = static_cast<uInt>(out.size());
  int rc = inflate(&s, Z_FINISH);
  std::size_t produced = out.size() - s.avail_out;
  inflateEnd(&s);
  if (rc != Z_STREAM_END || produced != length)
    throw ParseError(file, section, at,
                     rc == Z_STREAM_END ? "block inflates to " + std::to_string(produced) + " bytes, declared " +
                                              std::to_string(length)
                     : rc == Z_BUF_ERROR && s.avail_out == 0 ? "block inflates to more than the declared " +
                                                                    std::to_string(length) + " bytes"
                                                              : "zlib error " + std::to_string(rc) + " in block");
  return out;
}

std::vector<std::string> readNames(std::span<const std::uint8_t> bytes, const std::string& file) {
  ByteReader r(bytes, file + " (name directory)");
  r.section("name directory");
  return r.records(r.u32(), 5, "name", [&] {
    auto b = r.bytes(r.count(r.u32(), 1, "name length"));
    std::string s(b.begin(), b.end());
    while (!s.empty() && s.back() == '\0') s.pop_back();  // the length counts the NUL
    return s;
  });
}

}  // namespace

std::uint32_t pfsNameCrc(std::string_view name) {
  std::uint32_t crc = 0;
  auto feed = [&](std::uint8_t byte) {
    crc ^= static_cast<std::uint32_t>(byte) << 24;
    for (int k = 0; k < 8; ++k) crc = (crc & 0x80000000u) ? (crc << 1) ^ 0x04C11DB7u : crc << 1;
  };
  for (char c : name) feed(static_cast<std::uint8_t>(std::tolower(static_cast<unsigned char>(c))));
  feed(0);
  return crc;
}

PfsArchive readPfs(std::shared_ptr<const std::vector<std::uint8_t>> data, const std::string& file) {
  PfsArchive a;
  a.file = file;
  a.data = data;
  ByteReader r(*data, file);
  r.section("header");
  const std::uint32_t directoryOffset = r.u32();
  auto magic = r.bytes(4);
  if (!std::equal(magic.begin(), magic.end(), "PFS ")) r.fail("not a PFS archive (no \"PFS \" at byte 4)", 4);
  a.version = r.u32();
  r.section("directory");
  r.seek(directoryOffset);
  auto all = r.records(r.u32(), 12, "directory entry", [&] {
    return PfsEntry{.crc = r.u32(), .offset = r.u32(), .size = r.u32()};
  });
  a.footer = r.copy(r.remaining());

  const PfsEntry* namesEntry = nullptr;
  for (auto& e : all) {
    measureBlocks(r, e);
    if (e.crc == kPfsNameDirectoryCrc) namesEntry = &e;
  }
  std::vector<std::string> names;
  if (namesEntry) names = readNames(extractPfs(a, *namesEntry), file);
  for (const auto& e : all)
    if (&e != namesEntry) a.entries.push_back(e);
  std::stable_sort(a.entries.begin(), a.entries.end(), [](const PfsEntry& x, const PfsEntry& y) { return x.offset < y.offset; });
  if (namesEntry && names.size() != a.entries.size())
    throw ParseError(file, "name directory", namesEntry->offset,
                     std::to_string(names.size()) + " names for " + std::to_string(a.entries.size()) + " files");
  // The archivers list names in data order; the CRC confirms each one. Where every name's CRC
  // is found, names go by CRC (order then does not matter); otherwise by order.
  std::map<std::uint32_t, std::string> byCrc;
  for (const auto& nm : names) byCrc[pfsNameCrc(nm)] = nm;
  bool allByCrc = !names.empty() && byCrc.size() == names.size() &&
                  std::all_of(a.entries.begin(), a.entries.end(), [&](const PfsEntry& e) { return byCrc.count(e.crc) != 0; });
  for (std::size_t i = 0; i < a.entries.size() && i < names.size(); ++i) {
    auto& e = a.entries[i];
    e.name = allByCrc ? byCrc[e.crc] : names[i];
    if (pfsNameCrc(e.name) == e.crc) ++a.namesByCrc;
  }
  return a;
}

std::vector<std::uint8_t> extractPfs(const PfsArchive& a, const PfsEntry& e) {
  std::string what = e.name.empty() ? "file at " + std::to_string(e.offset) : e.name;
  ByteReader r(*a.data, a.file);
  r.section(what + " blocks");
  if (e.size > kPfsMaxFileSize)
    r.fail("declared size " + std::to_string(e.size) + " is over the " + std::to_string(kPfsMaxFileSize) + " accepted");
  r.seek(e.offset);
  std::vector<std::uint8_t> out;
  out.reserve(e.size);
  for (std::uint32_t k = 0; out.size() < e.size; ++k) {
    std::size_t at = r.pos();
    std::uint32_t deflated = r.u32();
    std::uint32_t length = r.u32();
    if (length == 0 || static_cast<std::uint64_t>(length) > static_cast<std::uint64_t>(deflated) * 1032 + 64 ||
        out.size() + length > e.size)
      r.fail("block " + std::to_string(k) + " declares " + std::to_string(length) + " bytes from " +
                 std::to_string(deflated),
             at);
    auto in = r.bytes(deflated);
    auto block = inflateBlock(in, length, a.file, what + " block " + std::to_string(k), r.absolute(at));
    out.insert(out.end(), block.begin(), block.end());
  }
  return out;
}

const PfsEntry* findPfsEntry(const PfsArchive& a, std::string_view name) {
  std::string want = asciiLower(name);
  for (const auto& e : a.entries)
    if (asciiLower(e.name) == want) return &e;
  return nullptr;
}

}  // namespace wadsmith::eq
