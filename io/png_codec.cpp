#include "io/png_codec.h"

#include <png.h>

#include <stdexcept>

#include "io/byte_reader.h"
#include "io/parse_error.h"

namespace wadsmith::png {
namespace {

// Chunks as stored: libpng's simplified API says what is wrong but not where, so the chunk
// list is walked first (lengths only) to locate a truncation or a bad length, and the first
// IDAT locates errors in the image data.
std::uint64_t checkChunks(std::span<const std::uint8_t> b, const std::string& file) {
  std::uint64_t firstData = 8;
  bool seenData = false;
  std::size_t at = 8;
  while (true) {
    if (b.size() - at < 12) throw ParseError(file, "chunks", at, "the file ends before IEND");
    std::uint32_t len = png_get_uint_32(&b[at]);
    std::string type(reinterpret_cast<const char*>(&b[at + 4]), 4);
    if (len > 0x7FFFFFFFu || len > b.size() - at - 12)
      throw ParseError(file, printable(type), at, "chunk length " + std::to_string(len) + " runs past the end of the file");
    if (type == "IDAT" && !seenData) firstData = at, seenData = true;
    if (type == "IEND") break;
    at += 12 + std::size_t(len);
  }
  return firstData;
}

}  // namespace

bool looksLikePng(std::span<const std::uint8_t> bytes) {
  return bytes.size() >= 8 && png_sig_cmp(bytes.data(), 0, 8) == 0;
}

std::vector<std::uint8_t> encode(int width, int height, std::span<const std::uint8_t> rgba) {
  if (width <= 0 || height <= 0 || rgba.size() != std::size_t(width) * height * 4)
    throw std::invalid_argument("png::encode: the pixels do not match the size");
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = static_cast<png_uint_32>(width);
  image.height = static_cast<png_uint_32>(height);
  image.format = PNG_FORMAT_RGBA;
  png_alloc_size_t size = 0;
  if (!png_image_write_to_memory(&image, nullptr, &size, 0, rgba.data(), 0, nullptr))
    throw std::runtime_error(std::string("PNG: ") + image.message);
  std::vector<std::uint8_t> out(size);
  if (!png_image_write_to_memory(&image, out.data(), &size, 0, rgba.data(), 0, nullptr))
    throw std::runtime_error(std::string("PNG: ") + image.message);
  out.resize(size);
  return out;
}

imported::Image decode(std::span<const std::uint8_t> bytes, const std::string& file) {
  if (!looksLikePng(bytes)) throw ParseError(file, "signature", 0, "not a PNG file");
  const std::uint64_t dataAt = checkChunks(bytes, file);
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, bytes.data(), bytes.size()))
    throw ParseError(file, "IHDR", 8, image.message);
  if (image.width == 0 || image.height == 0 || image.width > kMaxSide || image.height > kMaxSide) {
    png_image_free(&image);
    throw ParseError(file, "IHDR", 8,
                     "picture size " + std::to_string(image.width) + "x" + std::to_string(image.height) +
                         " is outside 1.." + std::to_string(kMaxSide));
  }
  image.format = PNG_FORMAT_RGBA;
  imported::Image img;
  img.width = static_cast<int>(image.width);
  img.height = static_cast<int>(image.height);
  img.rgba.resize(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, img.rgba.data(), 0, nullptr))
    throw ParseError(file, "IDAT", dataAt, image.message);
  return img;
}

}  // namespace wadsmith::png
