#include "model/foreign/gs_convert.h"

namespace wadsmith::gs {

foreign::Bitmap mdlSkinBitmap(const MdlModel& m, const MdlSkin& s, const Options& o, std::vector<std::string>& notes) {
  foreign::Bitmap b;
  b.width = m.skinWidth;
  b.height = m.skinHeight;
  std::size_t n = static_cast<std::size_t>(b.width) * static_cast<std::size_t>(b.height);
  b.rgba.resize(n * 4);
  if (s.type == 0) {
    b.bitsPerPixel = 8;
    b.palette = o.palette;
    if (b.palette.empty()) {
      notes.push_back("8-bit skin without a palette: drawn as a grey ramp (give the level's palette.pcx)");
      for (int i = 0; i < 256; ++i) b.palette.push_back({static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i)});
    }
    b.indices.assign(s.pixels.begin(), s.pixels.begin() + static_cast<std::ptrdiff_t>(n));
    foreign::fillFromPalette(b);
    if (o.overlay) foreign::maskPaletteIndex(b, 0);
    return b;
  }
  b.bitsPerPixel = 16;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint16_t v = static_cast<std::uint16_t>(s.pixels[i * 2] | (s.pixels[i * 2 + 1] << 8));
    std::uint8_t* o4 = &b.rgba[i * 4];
    if (s.type == 2) {  // 5-6-5
      o4[0] = static_cast<std::uint8_t>(((v >> 11) & 31) * 255 / 31);
      o4[1] = static_cast<std::uint8_t>(((v >> 5) & 63) * 255 / 63);
      o4[2] = static_cast<std::uint8_t>((v & 31) * 255 / 31);
      o4[3] = o.overlay && v == 0 ? 0 : 255;
    } else {  // 4-4-4-4 ARGB
      o4[0] = static_cast<std::uint8_t>(((v >> 8) & 15) * 17);
      o4[1] = static_cast<std::uint8_t>(((v >> 4) & 15) * 17);
      o4[2] = static_cast<std::uint8_t>((v & 15) * 17);
      o4[3] = static_cast<std::uint8_t>(((v >> 12) & 15) * 17);
    }
  }
  return b;
}

}  // namespace wadsmith::gs
