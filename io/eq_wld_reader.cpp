#include "io/eq_wld_reader.h"

#include "io/byte_reader.h"
#include "io/eq_wld_fragments.h"

namespace wadsmith::eq {

namespace {
constexpr std::uint8_t kKey[8] = {0x95, 0x3A, 0xC5, 0x2A, 0x95, 0x7A, 0x95, 0x6A};
}  // namespace

std::vector<std::uint8_t> decodeWldString(std::span<const std::uint8_t> encoded) {
  std::vector<std::uint8_t> out(encoded.begin(), encoded.end());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] ^= kKey[i % 8];
  return out;
}

World readWld(std::span<const std::uint8_t> bytes, const std::string& file) {
  World w;
  w.file = file;
  ByteReader r(bytes, file);
  r.section("header");
  std::uint32_t magic = r.u32();
  if (magic != kWldMagic) r.fail("not a .wld file (magic " + hexText(magic) + ", expected 0x54503D02)", 0);
  w.version = r.u32();
  if (w.version != kWldOldVersion && w.version != kWldNewVersion)
    r.fail("unknown version " + hexText(w.version) + " (old files 0x00015500, new 0x1000C800)", 4);
  std::uint32_t count = r.u32();
  w.regionCount = r.u32();
  r.u32();  // header word 4
  std::uint32_t hashSize = r.u32();
  r.u32();  // header word 6
  r.section("string hash");
  w.stringHash = decodeWldString(r.bytes(r.count(hashSize, 1, "string hash byte")));
  r.section("fragments");
  r.count(count, 12, "fragment");  // size, type and name reference at least
  w.fragments.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    Fragment f;
    f.offset = r.absolute();
    r.section("fragment " + std::to_string(i));
    std::uint32_t size = r.u32();
    f.type = r.u32();
    if (size < 4) r.fail("size " + std::to_string(size) + " leaves no room for the name reference", r.pos() - 8);
    auto body = r.bytes(r.count(size, 1, "fragment byte"));
    f.nameRef = static_cast<std::int32_t>(u32At(body));
    if (f.nameRef < 0) f.name = w.stringAt(-static_cast<std::int64_t>(f.nameRef));
    f.body.assign(body.begin() + 4, body.end());
    ByteReader fr(f.body, file, f.offset + 12);
    fr.section(fragmentLabel(i, f));
    f.parsed = parseFragmentBody(f.type, fr, w);
    f.unparsedBytes = std::holds_alternative<std::monostate>(f.parsed) ? f.body.size() : fr.remaining();
    w.fragments.push_back(std::move(f));
  }
  w.trailing = r.copy(r.remaining());
  return w;
}

}  // namespace wadsmith::eq
