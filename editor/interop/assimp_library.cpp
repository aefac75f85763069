#include "editor/interop/assimp_library.h"

#include <stdexcept>

#include "editor/late_library.h"

namespace wadsmith::interop {

namespace {

struct AssimpApi {
  decltype(&aiCreatePropertyStore) createPropertyStore = nullptr;
  decltype(&aiReleasePropertyStore) releasePropertyStore = nullptr;
  decltype(&aiSetImportPropertyInteger) setPropertyInteger = nullptr;
  decltype(&aiImportFileExWithProperties) importFile = nullptr;
  decltype(&aiGetErrorString) errorString = nullptr;
  decltype(&aiReleaseImport) releaseImport = nullptr;
  decltype(&aiGetMaterialTexture) materialTexture = nullptr;
  decltype(&aiGetMaterialColor) materialColor = nullptr;
  decltype(&aiGetMaterialFloatArray) materialFloats = nullptr;
};

#ifdef WADSMITH_ASSIMP_DLOPEN
const AssimpApi& api() {
  static AssimpApi a;
  static LateLibrary lib(WADSMITH_ASSIMP_DLOPEN);
  static const bool bound = [] {
    lib.bind(a.createPropertyStore, "aiCreatePropertyStore").bind(a.releasePropertyStore, "aiReleasePropertyStore");
    lib.bind(a.setPropertyInteger, "aiSetImportPropertyInteger").bind(a.importFile, "aiImportFileExWithProperties");
    lib.bind(a.errorString, "aiGetErrorString").bind(a.releaseImport, "aiReleaseImport");
    lib.bind(a.materialTexture, "aiGetMaterialTexture").bind(a.materialColor, "aiGetMaterialColor");
    lib.bind(a.materialFloats, "aiGetMaterialFloatArray");
    return static_cast<bool>(lib);
  }();
  if (!bound) throw std::runtime_error("Assimp (OBJ, FBX and DAE files): " + lib.error());
  return a;
}
#else
const AssimpApi& api() {
  static const AssimpApi a{aiCreatePropertyStore, aiReleasePropertyStore, aiSetImportPropertyInteger,
                           aiImportFileExWithProperties, aiGetErrorString, aiReleaseImport,
                           aiGetMaterialTexture, aiGetMaterialColor, aiGetMaterialFloatArray};
  return a;
}
#endif

}  // namespace

AssimpScene readAssimpScene(const std::string& path, unsigned flags,
                            const std::vector<std::pair<const char*, int>>& integers, std::string& error) {
  const AssimpApi& a = api();
  std::unique_ptr<aiPropertyStore, void (*)(aiPropertyStore*)> store(a.createPropertyStore(), a.releasePropertyStore);
  for (const auto& [name, value] : integers) a.setPropertyInteger(store.get(), name, value);
  // A plain function pointer for the deleter: the library's stays valid to the end.
  static void (*release)(const aiScene*) = a.releaseImport;
  AssimpScene scene(a.importFile(path.c_str(), flags, nullptr, store.get()), [](const aiScene* s) {
    if (s) release(s);
  });
  if (!scene) error = a.errorString();
  return scene;
}

bool materialTexture(const aiMaterial* m, aiTextureType type, aiString& path) {
  return api().materialTexture(m, type, 0, &path, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr) == AI_SUCCESS;
}

bool materialColor(const aiMaterial* m, const char* key, unsigned type, unsigned index, aiColor4D& out) {
  return api().materialColor(m, key, type, index, &out) == AI_SUCCESS;
}

bool materialFloat(const aiMaterial* m, const char* key, unsigned type, unsigned index, float& out) {
  unsigned one = 1;
  return api().materialFloats(m, key, type, index, &out, &one) == AI_SUCCESS;
}

}  // namespace wadsmith::interop
