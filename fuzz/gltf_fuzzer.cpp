// libFuzzer target: the glTF/GLB reader (tinygltf with our image loader), then the objects
// read from the scene (accessors, skins, animations sampled), each built into WAD records and
// written (fuzz/build_check.h) and, for an export's records, the one-object WAD they give:
// errors are ParseError, std::runtime_error or the records' std::invalid_argument only.
#include "editor/interop/tiny_gltf_config.h"

#include <cstdint>
#include <span>

#include "editor/interop/gltf_file.h"
#include "editor/interop/gltf_import.h"
#include "fuzz/build_check.h"
#include "io/parse_error.h"
#include "model/exchange/object_records.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    tinygltf::Model m;
    wadsmith::interop::readGltf(std::span(data, size), "fuzz/fuzz.glb", m);
    for (const auto& o : wadsmith::interop::gltfObjects(m, "fuzz.glb"))
    {
      if (o.records) wadsmith::exchange::objectDocument(*o.records);
      wadsmith::fuzz::buildAndWrite(o.model);
    }
  } catch (const wadsmith::ParseError&) {
  } catch (const std::invalid_argument&) {
  } catch (const std::runtime_error&) {
  }
  return 0;
}
