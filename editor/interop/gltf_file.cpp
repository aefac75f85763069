// tinygltf is compiled in gltf_write.cpp (its writer uses tinygltf's own serializers).
#include "editor/interop/gltf_file.h"

#include "editor/interop/tiny_gltf_config.h"

#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_JPEG
#define STBI_NO_STDIO
#define STBI_MAX_DIMENSIONS 16384
#include <stb/stb_image.h>

#include <algorithm>
#include <optional>
#include <cstring>

#include "io/file_io.h"
#include "io/parse_error.h"
#include "io/picture_readers.h"
#include "io/png_codec.h"
#include "io/utf8_path.h"

namespace wadsmith::interop {
namespace {

constexpr std::uint64_t kMaxExternalFile = 512u << 20;

// The file being read, so that a picture embedded in it that does not decode is located in it:
// "FILE: section image 0 (IDAT) at byte N" with N in the file, not in the picture.
struct ImageContext {
  std::span<const std::uint8_t> file;
  const tinygltf::Model& model;     // what tinygltf has read so far (buffers, views)
  std::optional<ParseError> first;  // the first embedded picture that did not decode
};

// tinygltf hands a picture in a buffer view over as the view claims it, without checking that
// the view lies inside its buffer: this does (a view past its buffer is refused, never read).
bool viewInsideBuffer(const tinygltf::Model& m, const tinygltf::Image& image) {
  if (image.bufferView < 0) return true;
  if (static_cast<std::size_t>(image.bufferView) >= m.bufferViews.size()) return false;
  const auto& view = m.bufferViews[static_cast<std::size_t>(image.bufferView)];
  if (view.buffer < 0 || static_cast<std::size_t>(view.buffer) >= m.buffers.size()) return false;
  const std::size_t have = m.buffers[static_cast<std::size_t>(view.buffer)].data.size();
  return view.byteOffset <= have && view.byteLength <= have - view.byteOffset && view.byteLength <= 0x7FFFFFFFu;
}

bool loadImage(tinygltf::Image* image, const int index, std::string* err, std::string*, int, int,
               const unsigned char* bytes, int size, void* user) {
  auto& context = *static_cast<ImageContext*>(user);
  if (!viewInsideBuffer(context.model, *image)) {
    if (err) *err += "image " + std::to_string(index) + ": its buffer view runs past its buffer\n";
    return false;
  }
  try {
    auto pic = decodePicture({bytes, static_cast<std::size_t>(std::max(size, 0))}, "image " + std::to_string(index));
    image->width = pic.width;
    image->height = pic.height;
    image->component = 4;
    image->bits = 8;
    image->pixel_type = TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE;
    image->image = std::move(pic.rgba);
    return true;
  } catch (const std::exception& x) {
    const auto* e = dynamic_cast<const ParseError*>(&x);
    if (e && !context.first && size > 0) {
      // tinygltf hands over a copy of the buffer: the picture's bytes are found in the file
      // (only when one fails, so the search costs nothing otherwise).
      const auto file = context.file;
      const auto at = std::search(file.begin(), file.end(), bytes, bytes + size);
      if (at != file.end())
        context.first.emplace("", e->file() + " (" + e->section() + ")",
                              static_cast<std::uint64_t>(at - file.begin()) + e->offset(), e->problem());
    }
    if (err) *err += std::string(x.what()) + "\n";
    return false;
  }
}

bool fileExists(const std::string& path, void*) {
  std::error_code ec;
  return std::filesystem::is_regular_file(utf8Path(path), ec);
}
std::string expandPath(const std::string& path, void*) { return path; }
bool readWhole(std::vector<unsigned char>* out, std::string* err, const std::string& path, void*) {
  try {
    std::error_code ec;
    auto size = std::filesystem::file_size(utf8Path(path), ec);
    if (!ec && size > kMaxExternalFile) {
      if (err) *err += path + ": larger than " + std::to_string(kMaxExternalFile >> 20) + " MiB\n";
      return false;
    }
    *out = readFileBytes(utf8Path(path));
    return true;
  } catch (const std::exception& e) {
    if (err) *err += std::string(e.what()) + "\n";
    return false;
  }
}

// tinygltf passes the JSON library's message on; where the JSON is not valid, this says where
// (the byte in the file) and what, in words. Only called once tinygltf has refused the file.
void refuseInvalidJson(std::span<const std::uint8_t> bytes, const std::string& name, const char* section) {
  std::size_t at = 0, size = bytes.size();
  if (looksLikeGlb(bytes)) {
    if (bytes.size() < 20 || std::memcmp(bytes.data() + 16, "JSON", 4) != 0) return;
    at = 20;
    size = std::min<std::size_t>(u32At(bytes, 12), bytes.size() - 20);  // the chunk's declared length
  }
  const auto json = bytes.subspan(at, size);
  try {
    (void)nlohmann::json::parse(json.begin(), json.end());
  } catch (const nlohmann::json::parse_error& e) {
    std::string what = e.what(), detail = "a syntax error";
    if (auto from = what.find("syntax error "); from != std::string::npos) {
      detail = what.substr(from + 13);
      detail = detail.substr(0, detail.find("; last read"));
    }
    throw ParseError(name, section, at + (e.byte > 0 ? e.byte - 1 : 0), "not valid JSON (" + detail + ")");
  } catch (const nlohmann::json::exception&) {
    throw ParseError(name, section, at, "not valid JSON");
  }
}

}  // namespace

imported::Image decodePicture(std::span<const std::uint8_t> b, const std::string& name) {
  if (png::looksLikePng(b)) return png::decode(b, name);
  if (foreign::looksLikeBmp(b) || foreign::looksLikePcx(b)) {
    auto bmp = foreign::looksLikeBmp(b) ? foreign::readBmp(b, name) : foreign::readPcx(b, name);
    return {name, bmp.width, bmp.height, std::move(bmp.rgba)};
  }
  if (b.size() > 0x7FFFFFFF) throw std::runtime_error(name + ": picture too large");
  int w = 0, h = 0, n = 0;
  stbi_uc* px = stbi_load_from_memory(b.data(), static_cast<int>(b.size()), &w, &h, &n, 4);
  if (!px) throw std::runtime_error(name + ": not a PNG, JPEG, BMP or PCX picture (" + stbi_failure_reason() + ")");
  imported::Image img{name, w, h, std::vector<std::uint8_t>(px, px + std::size_t(w) * h * 4)};
  stbi_image_free(px);
  return img;
}

bool looksLikeGlb(std::span<const std::uint8_t> b) { return b.size() >= 4 && std::memcmp(b.data(), "glTF", 4) == 0; }

void readGltf(std::span<const std::uint8_t> bytes, const std::filesystem::path& file, tinygltf::Model& out) {
  tinygltf::TinyGLTF t;
  ImageContext images{bytes, out, std::nullopt};
  t.SetImageLoader(loadImage, &images);
  t.SetFsCallbacks({fileExists, expandPath, readWhole, nullptr, nullptr});  // reading writes nothing
  std::string err, warn;
  const std::string name = utf8Name(file);
  const std::string dir = utf8Name(file.parent_path());
  bool ok;
  if (bytes.size() > 0xFFFFFFFFu) throw ParseError(name, "glTF", 0, "larger than 4 GiB");
  if (looksLikeGlb(bytes)) {
    ok = t.LoadBinaryFromMemory(&out, &err, &warn, bytes.data(), static_cast<unsigned>(bytes.size()), dir);
  } else {
    ok = t.LoadASCIIFromString(&out, &err, &warn, reinterpret_cast<const char*>(bytes.data()),
                               static_cast<unsigned>(bytes.size()), dir);
  }
  if (!ok) {
    refuseInvalidJson(bytes, name, looksLikeGlb(bytes) ? "GLB JSON chunk" : "glTF JSON");
    if (images.first) throw ParseError(name, images.first->section(), images.first->offset(), images.first->problem());
    while (!err.empty() && (err.back() == '\n' || err.back() == ' ')) err.pop_back();
    std::replace(err.begin(), err.end(), '\n', ';');
    throw ParseError(name, looksLikeGlb(bytes) ? "GLB" : "glTF JSON", 0, err.empty() ? "not a glTF file" : err);
  }
}

nlohmann::json toJson(const tinygltf::Value& v) {
  switch (v.Type()) {
    case tinygltf::NULL_TYPE: return nullptr;
    case tinygltf::BOOL_TYPE: return v.Get<bool>();
    case tinygltf::INT_TYPE: return v.Get<int>();
    case tinygltf::REAL_TYPE: {
      double d = v.Get<double>();
      // Whole numbers past int's range arrive as reals: keep them whole.
      if (std::floor(d) == d && std::abs(d) < 9.0e15) return static_cast<std::int64_t>(d);
      return d;
    }
    case tinygltf::STRING_TYPE: return v.Get<std::string>();
    case tinygltf::ARRAY_TYPE: {
      nlohmann::json a = nlohmann::json::array();
      for (std::size_t i = 0; i < v.ArrayLen(); ++i) a.push_back(toJson(v.Get(static_cast<int>(i))));
      return a;
    }
    case tinygltf::OBJECT_TYPE: {
      nlohmann::json o = nlohmann::json::object();
      for (const auto& k : v.Keys()) o[k] = toJson(v.Get(k));
      return o;
    }
    case tinygltf::BINARY_TYPE: return nullptr;
  }
  return nullptr;
}

tinygltf::Value toValue(const nlohmann::json& j) {
  if (j.is_boolean()) return tinygltf::Value(j.get<bool>());
  if (j.is_number_integer()) {
    auto v = j.get<std::int64_t>();
    if (v >= INT32_MIN && v <= INT32_MAX) return tinygltf::Value(static_cast<int>(v));
    return tinygltf::Value(static_cast<double>(v));
  }
  if (j.is_number()) return tinygltf::Value(j.get<double>());
  if (j.is_string()) return tinygltf::Value(j.get<std::string>());
  if (j.is_array()) {
    tinygltf::Value::Array a;
    a.reserve(j.size());
    for (const auto& e : j) a.push_back(toValue(e));
    return tinygltf::Value(std::move(a));
  }
  if (j.is_object()) {
    tinygltf::Value::Object o;
    for (const auto& [k, e] : j.items()) o[k] = toValue(e);
    return tinygltf::Value(std::move(o));
  }
  return tinygltf::Value();
}

}  // namespace wadsmith::interop
