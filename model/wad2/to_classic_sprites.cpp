#include "model/wad2/to_classic_sprites.h"

#include <algorithm>
#include <map>
#include <optional>

#include "model/catalog.h"
#include "model/merge/sprite_transfer.h"
#include "model/wad2/slots.h"

namespace wadsmith::wad2 {
namespace {

// A sequence names its first texture with a 16-bit offset.
constexpr std::size_t kMaxTextures = 0x7FFF;

std::string sequenceLabel(const Document& doc, const SpriteSequence& s) {
  return std::string(gameName(doc.game)) + " sprite sequence " + std::to_string(s.objectId);
}

// Sprites laid out in rows on the pages of the packer's source, each scaled down (nearest
// texel) when larger than a page; the packer then lays them out tightly. Only well-formed
// sprites (width x height BGRA texels) are laid out, so the pages stay within the file's pixels.
class Layout {
 public:
  explicit Layout(TexturePages& pages) : pages_(pages) {}

  std::optional<wadsmith::SpriteTexture> place(const Sprite& s, std::vector<std::string>& report) {
    const std::string which = "sprite " + std::to_string(s.index.value_or(0));
    if (s.width < 1 || s.height < 1 || s.width > 0xFFFF || s.height > 0xFFFF ||
        static_cast<std::uint64_t>(s.width) * static_cast<std::uint64_t>(s.height) * 4 != s.pixels.size())
      return report.push_back(which + ": its size does not match its texels: left out"), std::nullopt;
    const int w = static_cast<int>(s.width), h = static_cast<int>(s.height);
    const double scale = std::min(1.0, double(kPageSize) / std::max(w, h));
    const int pw = std::max(1, static_cast<int>(w * scale)), ph = std::max(1, static_cast<int>(h * scale));
    if (pw != w || ph != h)
      report.push_back(which + " (" + std::to_string(w) + "x" + std::to_string(h) + ") scaled down to " + std::to_string(pw) +
                       "x" + std::to_string(ph) + " to fit a 256x256 page");
    if (x_ + pw > kPageSize) x_ = 0, y_ += rowHeight_, rowHeight_ = 0;
    if (page_.empty() || y_ + ph > kPageSize) {
      flush();
      page_.assign(kPageBytes, 0);
      x_ = y_ = rowHeight_ = 0;
    }
    for (int y = 0; y < ph; ++y)
      for (int x = 0; x < pw; ++x) {
        const auto sx = static_cast<std::size_t>(x * w / pw), sy = static_cast<std::size_t>(y * h / ph);
        const std::uint8_t* p = s.pixels.data() + (sy * static_cast<std::size_t>(w) + sx) * 4;  // BGRA
        const auto rgb = pageTexel(p[2], p[1], p[0], p[3]);
        std::copy(rgb.begin(), rgb.end(), page_.begin() + static_cast<long>((static_cast<std::size_t>(y_ + y) * kPageSize + static_cast<std::size_t>(x_ + x)) * 3));
      }
    wadsmith::SpriteTexture t;
    t.tile = static_cast<std::uint16_t>(pages_.pages.size());  // the page being filled goes there
    t.x = static_cast<std::uint8_t>(x_), t.y = static_cast<std::uint8_t>(y_);
    t.width = static_cast<std::uint16_t>((pw - 1) << 8), t.height = static_cast<std::uint16_t>((ph - 1) << 8);
    if (s.sides) {  // a classic WAD's sprite record keeps them (a wad2 made from one carries them back)
      const auto side = [](std::int32_t v) { return static_cast<std::int16_t>(std::clamp(v, -32768, 32767)); };
      t.left = side((*s.sides)[0]), t.top = side((*s.sides)[1]), t.right = side((*s.sides)[2]), t.bottom = side((*s.sides)[3]);
    }
    x_ += pw, rowHeight_ = std::max(rowHeight_, ph);
    return t;
  }
  // The page being filled goes into the pages.
  void flush() {
    if (!page_.empty()) pages_.pages.push_back(SharedBytes(std::move(page_)));
    page_.clear();
  }

 private:
  TexturePages& pages_;
  std::vector<std::uint8_t> page_;
  int x_ = 0, y_ = 0, rowHeight_ = 0;
};

}  // namespace

Shared<SpriteFile> classicSprites(const Document& doc, std::vector<std::string>& report) {
  if (doc.sequences.empty()) {
    if (!doc.sprites.empty()) report.push_back(std::to_string(doc.sprites.size()) + " sprite(s) in no sequence: not carried");
    return nullptr;
  }
  std::map<Id, const Sprite*> byId;
  for (const auto& s : doc.sprites)
    if (s) byId[s->id] = s.get();
  SpriteFile source;
  Layout layout(source.pages);
  std::map<Id, std::optional<wadsmith::SpriteTexture>> placed;  // a sprite named twice is laid out once
  std::vector<std::int32_t> ids;
  for (const auto& seq : doc.sequences) {
    std::string why;
    const auto slot = tr4SpriteSlot(doc, seq.objectId, &why);
    if (!slot || std::find(ids.begin(), ids.end(), static_cast<std::int32_t>(*slot)) != ids.end()) {
      report.push_back(sequenceLabel(doc, seq) + " (" + (slot ? "TR4's " + std::to_string(*slot) + " twice" : why) + "): not carried");
      continue;
    }
    wadsmith::SpriteSequence out;
    out.spriteId = static_cast<std::int32_t>(*slot);
    out.offset = static_cast<std::int16_t>(source.textures.size());
    std::size_t dangling = 0;
    for (const auto& ref : seq.sprites) {
      const auto it = ref.isRecord() ? byId.find(ref.id) : byId.end();
      if (it == byId.end()) {
        ++dangling;
        continue;
      }
      if (source.textures.size() >= kMaxTextures) {
        report.push_back(sequenceLabel(doc, seq) + ": past " + std::to_string(kMaxTextures) + " sprite textures, the rest left out");
        break;
      }
      auto at = placed.find(ref.id);
      if (at == placed.end()) at = placed.emplace(ref.id, layout.place(*it->second, report)).first;
      if (at->second) source.textures.push_back(*at->second);
    }
    if (dangling) report.push_back(sequenceLabel(doc, seq) + ": " + std::to_string(dangling) + " reference(s) naming no sprite left out");
    out.negativeLength = static_cast<std::int16_t>(-static_cast<int>(source.textures.size() - static_cast<std::size_t>(out.offset)));
    source.sequences.push_back(out);
    ids.push_back(out.spriteId);
    if (*slot != seq.objectId)
      report.push_back(sequenceLabel(doc, seq) + " -> " + std::to_string(*slot) + " (" + why + ")");
  }
  layout.flush();
  if (ids.empty()) return nullptr;
  auto swd = std::make_shared<SpriteFile>();
  swd->version = 129;
  std::sort(ids.begin(), ids.end());
  merge::transferSprites(*swd, source, ids, false);
  return swd;
}

}  // namespace wadsmith::wad2
