// Reading glTF 2.0 files (.gltf JSON with embedded or external buffers, .glb binary) through
// tinygltf (writing: gltf_write.h).
// Images: PNG through libpng, JPEG through stb_image; pixels are decoded when read. Reading
// never throws past a ParseError naming the file (tinygltf's message says what and where in
// the JSON), and refuses buffers and images larger than the limits below.
#pragma once
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "model/imported.h"
#include <span>
#include <string>
#include <vector>

namespace tinygltf {
class Model;
class Value;
}  // namespace tinygltf

namespace wadsmith::interop {

// A texture picture: PNG (libpng), JPEG (stb_image), BMP or PCX (the foreign readers), as RGBA.
// Throws ParseError / std::runtime_error naming `name`.
imported::Image decodePicture(std::span<const std::uint8_t> bytes, const std::string& name);

bool looksLikeGlb(std::span<const std::uint8_t> bytes);
// `file` names errors and locates external buffers and images (beside it).
void readGltf(std::span<const std::uint8_t> bytes, const std::filesystem::path& file, tinygltf::Model& out);

nlohmann::json toJson(const tinygltf::Value& v);
tinygltf::Value toValue(const nlohmann::json& j);

}  // namespace wadsmith::interop
