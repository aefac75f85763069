// The glTF writer (editor/interop/gltf_write.h) writes, byte for byte, what tinygltf's own
// writer writes for the same scene, .glb and .gltf: the export's files stay what they were
// while it keeps a fraction of tinygltf's memory.
#include <gtest/gtest.h>

#include "editor/interop/tiny_gltf_config.h"

#include <sstream>

#include "editor/interop/gltf_file.h"
#include "editor/interop/gltf_write.h"

namespace wadsmith {
namespace {

using nlohmann::json;

// Extras that tinygltf's Value writes its own way: whole numbers past int's range, nulls, empty
// arrays and objects (nested too), text that needs escapes.
json awkwardExtras(int i) {
  return {{"wadsmith",
           {{"index", i},
            {"big", 4294967295u},
            {"negative", -5000000000LL},
            {"real", 0.1},
            {"none", nullptr},
            {"empty", json::array()},
            {"nested", {{"empty", json::object()}, {"list", {1, nullptr, json::array(), "\xC3\xA9\"\n"}}}}}}};
}

// One small scene as tinygltf keeps it (`classic`), and as the export keeps it (`model`, `text`,
// `bin`).
struct Scenes {
  tinygltf::Model classic, model;
  interop::SceneText text;
  std::vector<std::uint8_t> bin{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
};

void addElements(Scenes& s, int i) {
  tinygltf::BufferView v;
  v.buffer = 0;
  v.byteOffset = std::size_t(i) * 4;
  v.byteLength = 4;
  v.target = TINYGLTF_TARGET_ARRAY_BUFFER;
  s.classic.bufferViews.push_back(v);
  s.text.add(v);
  tinygltf::Accessor a;
  a.bufferView = i;
  a.componentType = TINYGLTF_COMPONENT_TYPE_FLOAT;
  a.count = 1;
  a.type = TINYGLTF_TYPE_SCALAR;
  a.minValues = {0.5};
  a.maxValues = {1e30};
  s.classic.accessors.push_back(a);
  s.text.add(a);
  tinygltf::Node n;
  n.name = "node " + std::to_string(i);
  n.translation = {1.5, -2, 0.25};
  s.model.nodes.push_back(n);
  s.model.nodes.back().extras = s.text.stash(awkwardExtras(i));
  n.extras = interop::toValue(awkwardExtras(i));
  s.classic.nodes.push_back(n);
  tinygltf::Animation anim;
  anim.name = "animation " + std::to_string(i);
  tinygltf::AnimationSampler sampler;
  sampler.input = 0;
  sampler.output = 1;
  sampler.interpolation = "LINEAR";
  anim.samplers.push_back(sampler);
  tinygltf::AnimationChannel channel;
  channel.sampler = 0;
  channel.target_node = i;
  channel.target_path = "translation";
  anim.channels.push_back(channel);
  s.text.add(anim, awkwardExtras(i));
  anim.extras = interop::toValue(awkwardExtras(i));
  s.classic.animations.push_back(anim);
}

Scenes scenes() {
  Scenes s;
  for (auto* m : {&s.classic, &s.model}) {
    m->asset.version = "2.0";
    m->asset.generator = "test";
    m->scenes.emplace_back();
    m->scenes[0].nodes = {0, 1};
    m->defaultScene = 0;
    tinygltf::Image image;
    image.name = "page 0";
    image.mimeType = "image/png";
    image.bufferView = 2;
    m->images.push_back(image);
  }
  s.classic.buffers.emplace_back();
  s.classic.buffers[0].data = s.bin;
  for (int i = 0; i < 3; ++i) addElements(s, i);
  return s;
}

std::string tinygltfWrites(const tinygltf::Model& m, bool binary) {
  tinygltf::TinyGLTF t;
  std::ostringstream out;
  EXPECT_TRUE(t.WriteGltfSceneToStream(&m, out, !binary, binary));
  return out.str();
}

std::string weWrite(Scenes s, bool binary) {
  const std::vector<std::uint8_t> head(s.bin.begin(), s.bin.begin() + 5), tail(s.bin.begin() + 5, s.bin.end());
  auto pieces = interop::writeGltf(s.model, {SharedBytes(head), SharedBytes(tail)}, std::move(s.text), binary);
  std::string out;
  for (const auto& p : pieces) out.append(p.begin(), p.end());
  return out;
}

TEST(GltfWrite, WritesWhatTinygltfWrites) {
  for (bool binary : {true, false}) {
    auto s = scenes();
    const std::string expected = tinygltfWrites(s.classic, binary);
    EXPECT_EQ(weWrite(std::move(s), binary), expected) << (binary ? ".glb" : ".gltf");
  }
}

TEST(GltfWrite, ANameSpelledLikeAMarkerIsRefused) {
  auto s = scenes();
  s.model.nodes[0].name = "\x01wadsmith text 0";
  EXPECT_THROW(weWrite(std::move(s), true), std::runtime_error);
}

}  // namespace
}  // namespace wadsmith
