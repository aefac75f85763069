// The one translation unit that compiles tinygltf: the writer below calls its serializers.
#define TINYGLTF_IMPLEMENTATION
#include "editor/interop/gltf_write.h"  // tinygltf first included here

#include <charconv>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string_view>
#include <utility>

namespace wadsmith::interop {
namespace {

using nlohmann::json;

// Extras made as tinygltf writes them from toValue's Value (gltf_file.h), in place: whole
// numbers past int's range as reals, nulls left out, an array or object with nothing left in it
// as null. False: `j` is left out.
bool asWritten(json& j) {
  if (j.is_null() || j.is_binary()) return false;
  if (j.is_number_integer()) {
    const auto v = j.get<std::int64_t>();
    if (v < INT32_MIN || v > INT32_MAX) j = static_cast<double>(v);
  } else if (j.is_array()) {
    auto& a = j.get_ref<json::array_t&>();
    a.erase(std::remove_if(a.begin(), a.end(), [](json& e) { return !asWritten(e); }), a.end());
    if (a.empty()) j = nullptr;
  } else if (j.is_object()) {
    auto& o = j.get_ref<json::object_t&>();
    for (auto it = o.begin(); it != o.end();) it = asWritten(it->second) ? std::next(it) : o.erase(it);
    if (o.empty()) j = nullptr;
  }
  return true;
}

// Frees a tree from its leaves up. nlohmann's destructor moves the elements of each array or
// object it frees onto a stack vector first: for Lara's 540,000 keyframe words, 25 MB more.
void release(json& j) {
  if (j.is_array()) {
    auto& a = j.get_ref<json::array_t&>();
    for (auto& e : a) release(e);
    a.clear();
  } else if (j.is_object()) {
    auto& o = j.get_ref<json::object_t&>();
    for (auto& [key, e] : o) release(e);
    o.clear();
  }
}

// A marker string standing for text N, and how it begins in the JSON (escaped, quoted).
const std::string kMarker = "\x01wadsmith text ";
const std::string kWrittenMarker = "\"\\u0001wadsmith text ";
std::string marker(std::size_t n) { return kMarker + std::to_string(n); }

SharedBytes piece(std::string_view bytes, std::shared_ptr<const void> owner) {
  return SharedBytes::ownedBy(std::move(owner), reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}
SharedBytes ownPiece(std::string text) {
  auto owner = std::make_shared<const std::string>(std::move(text));
  return piece(*owner, owner);
}

// `text` as nlohmann's dump(2) writes it nested `indent` spaces deep.
std::string indented(const std::string& compact, std::size_t indent) {
  const std::string pretty = json::parse(compact).dump(2);
  std::string out;
  out.reserve(pretty.size());
  for (char c : pretty) {
    out += c;
    if (c == '\n') out.append(indent, ' ');
  }
  return out;
}

// A text as it stands in the file, its first line at the place of its marker.
std::string written(SceneText::Text text, bool pretty, std::size_t indent) {
  if (text.lines && !pretty) {  // in place: the elements' line breaks become commas
    std::replace(text.json.begin(), text.json.end(), '\n', ',');
    text.json.insert(0, 1, '[') += ']';
    return std::move(text.json);
  }
  if (text.lines) {
    std::string out = "[\n";
    for (std::size_t from = 0; from < text.json.size();) {
      const std::size_t end = std::min(text.json.find('\n', from), text.json.size());
      if (from) out += ",\n";
      out.append(indent + 2, ' ') += indented(text.json.substr(from, end - from), indent + 2);
      from = end + 1;
    }
    out.append("\n").append(indent, ' ') += ']';
    return out;
  }
  if (pretty && (text.json[0] == '{' || text.json[0] == '[')) return indented(text.json, indent);
  return std::move(text.json);
}

// `skeleton` with each marker (a JSON string) replaced by its text: the file's pieces. The texts
// are freed as they are used.
void splice(std::shared_ptr<const std::string> skeleton, std::vector<SceneText::Text>& texts, bool pretty,
            std::vector<SharedBytes>& out) {
  const std::string& s = *skeleton;
  // A name in the source spelled like a marker would leave a text unused or used twice.
  auto refuse = [] { throw std::runtime_error("glTF: a name in the scene reads as WadSmith's text marker"); };
  std::size_t from = 0, found = 0;
  for (std::size_t at; (at = s.find(kWrittenMarker, from)) != std::string::npos; ++found) {
    const std::size_t digits = at + kWrittenMarker.size(), close = s.find('"', digits);
    std::size_t n = 0;
    const auto [end, ec] = std::from_chars(s.data() + digits, s.data() + close, n);
    if (ec != std::errc() || end != s.data() + close || n >= texts.size() || texts[n].json.empty()) refuse();
    out.push_back(piece(std::string_view(s).substr(from, at - from), skeleton));
    const std::size_t line = s.rfind('\n', at) + 1;  // 0 when there is none (compact)
    out.push_back(ownPiece(written(std::exchange(texts[n], {}), pretty, s.find_first_not_of(' ', line) - line)));
    from = close + 1;
  }
  if (found != texts.size()) refuse();
  out.push_back(piece(std::string_view(s).substr(from), skeleton));
}

SharedBytes littleEndian(std::initializer_list<std::uint32_t> words) {
  std::vector<std::uint8_t> b;
  for (auto w : words)
    for (int i = 0; i < 4; ++i) b.push_back(static_cast<std::uint8_t>(w >> (8 * i)));
  return SharedBytes(std::move(b));
}

std::size_t sizeOf(const std::vector<SharedBytes>& pieces) {
  return std::accumulate(pieces.begin(), pieces.end(), std::size_t(0), [](std::size_t n, auto& p) { return n + p.size(); });
}

// The pieces of a .glb: the JSON chunk (padded with spaces) and the BIN chunk (padded with zeros).
std::vector<SharedBytes> glb(std::vector<SharedBytes> jsonPieces, std::vector<SharedBytes> bin) {
  const std::size_t jsonSize = sizeOf(jsonPieces), binSize = sizeOf(bin);
  const std::size_t jsonPadding = (4 - jsonSize % 4) % 4, binPadding = (4 - binSize % 4) % 4;
  const std::size_t total = 20 + jsonSize + jsonPadding + (binSize ? 8 + binSize + binPadding : 0);
  std::vector<SharedBytes> out{littleEndian({0x46546C67, 2, std::uint32_t(total), std::uint32_t(jsonSize + jsonPadding),
                                             0x4E4F534A})};  // "glTF", version, length; "JSON"
  for (auto& p : jsonPieces) out.push_back(std::move(p));
  out.push_back(SharedBytes(std::vector<std::uint8_t>(jsonPadding, ' ')));
  if (binSize) {
    out.push_back(littleEndian({std::uint32_t(binSize + binPadding), 0x004E4942}));  // "BIN\0"
    for (auto& p : bin) out.push_back(std::move(p));
    out.push_back(SharedBytes(std::vector<std::uint8_t>(binPadding, 0)));
  }
  return out;
}

}  // namespace

tinygltf::Value SceneText::stash(json extras) {
  if (!asWritten(extras)) return {};
  texts_.push_back({extras.dump()});
  release(extras);
  return tinygltf::Value(marker(texts_.size() - 1));
}

int SceneText::Array::add(std::string element) {
  if (count) lines += '\n';
  lines += element;
  return count++;
}

int SceneText::add(const tinygltf::Accessor& accessor) {
  json j;
  tinygltf::SerializeGltfAccessor(accessor, j);
  return accessors_.add(j.dump());
}

int SceneText::add(const tinygltf::BufferView& view) {
  json j;
  tinygltf::SerializeGltfBufferView(view, j);
  return views_.add(j.dump());
}

int SceneText::add(const tinygltf::Animation& animation, json extras) {
  if (animation.channels.empty()) return -1;  // tinygltf leaves such an animation out
  json j;
  tinygltf::SerializeGltfAnimation(animation, j);
  if (asWritten(extras)) j["extras"] = std::move(extras);
  const int index = animations_.add(j.dump());
  release(j);
  return index;
}

std::vector<SharedBytes> writeGltf(const tinygltf::Model& model, std::vector<SharedBytes> bin, SceneText text,
                                   bool binary) {
  json j;
  tinygltf::SerializeGltfModel(&model, j);  // all but what `text` holds, buffers and images
  auto put = [&](const char* key, SceneText::Text t) {
    text.texts_.push_back(std::move(t));
    j[key] = marker(text.texts_.size() - 1);
  };
  if (text.accessors_.count) put("accessors", {std::move(text.accessors_.lines), true});
  if (text.animations_.count) put("animations", {std::move(text.animations_.lines), true});
  if (text.views_.count) put("bufferViews", {std::move(text.views_.lines), true});
  if (const std::size_t binSize = sizeOf(bin)) {
    json buffer{{"byteLength", binSize}};
    if (!binary) {  // the buffer as a data URI, a text like the others
      std::vector<std::uint8_t> bytes;
      bytes.reserve(binSize);
      for (auto& p : std::exchange(bin, {})) bytes.insert(bytes.end(), p.begin(), p.end());
      std::string uri = "\"data:application/octet-stream;base64,";
      uri += tinygltf::base64_encode(bytes.data(), static_cast<unsigned>(bytes.size()));
      text.texts_.push_back({uri + '"'});
      buffer["uri"] = marker(text.texts_.size() - 1);
    }
    j["buffers"] = json::array({std::move(buffer)});
  }
  for (const auto& image : model.images) {  // the export's images all lie in buffer views
    json i;
    tinygltf::SerializeGltfImage(image, image.uri, i);
    j["images"].push_back(std::move(i));
  }
  auto skeleton = std::make_shared<const std::string>(j.dump(binary ? -1 : 2));
  j = nullptr;
  std::vector<SharedBytes> pieces;
  splice(std::move(skeleton), text.texts_, !binary, pieces);
  if (binary) return glb(std::move(pieces), std::move(bin));
  pieces.push_back(ownPiece("\n"));  // tinygltf ends a .gltf with std::endl
  return pieces;
}

}  // namespace wadsmith::interop
