// Writing a glTF scene as tinygltf writes a model, without its copies: tinygltf keeps extras as
// trees of tinygltf::Value and writes the whole model through one JSON tree, then one string,
// then the file, so an export of a whole WAD took 20 times the file it wrote. Here the large
// parts of the JSON are text as soon as they are made (extras, accessors, buffer views,
// animations: the model holds a marker string or nothing in their place), the buffer stays
// where it was made, and the file is written as a list of pieces that are never joined.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "model/bytes.h"

namespace tinygltf {
struct Accessor;
struct Animation;
struct BufferView;
class Model;
class Value;
}  // namespace tinygltf

namespace wadsmith::interop {

class SceneText {
 public:
  // The marker to put in the model where these extras go.
  tinygltf::Value stash(nlohmann::json extras);
  // The scene's accessors, buffer views and animations (with their extras), written as they are
  // made, each returning its index.
  int add(const tinygltf::Accessor& accessor);
  int add(const tinygltf::BufferView& view);
  int add(const tinygltf::Animation& animation, nlohmann::json extras);

  // A text in the JSON: a compact JSON value, or an array's compact elements one to a line.
  struct Text {
    std::string json;
    bool lines = false;
  };

 private:
  friend std::vector<SharedBytes> writeGltf(const tinygltf::Model&, std::vector<SharedBytes>, SceneText, bool);
  struct Array {
    std::string lines;
    int count = 0;
    int add(std::string element);
  };
  std::vector<Text> texts_;
  Array accessors_, views_, animations_;
};

// A .glb when `binary`, else a .gltf with its buffer embedded, as tinygltf's
// WriteGltfSceneToStream writes it: `model` (no buffers, accessors, buffer views or animations:
// they are in `text`), `bin` the pieces of its one buffer. The pieces of the file, in order.
std::vector<SharedBytes> writeGltf(const tinygltf::Model& model, std::vector<SharedBytes> bin, SceneText text,
                                   bool binary);

}  // namespace wadsmith::interop
