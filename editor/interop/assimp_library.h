// Assimp through its C interface, opened on first use where it is a shared library (Linux:
// linked in, it and its C++ runtime cost every headless command ~3 ms of relocations at start),
// called directly where it is linked statically (Windows).
#pragma once
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <assimp/cimport.h>
#include <assimp/material.h>
#include <assimp/scene.h>

namespace wadsmith::interop {

// A scene read by Assimp, released when the pointer goes.
using AssimpScene = std::unique_ptr<const aiScene, void (*)(const aiScene*)>;

// Reads `path` (UTF-8) with the aiProcess_* steps `flags` and the AI_CONFIG_* properties
// `integers`. An empty scene pointer with `error` set when Assimp refuses it; throws
// std::runtime_error when Assimp is not installed.
AssimpScene readAssimpScene(const std::string& path, unsigned flags,
                            const std::vector<std::pair<const char*, int>>& integers, std::string& error);

// A material's first texture of `type`, a colour, a number (keys as AI_MATKEY_* spell them);
// false where the material has none.
bool materialTexture(const aiMaterial* m, aiTextureType type, aiString& path);
bool materialColor(const aiMaterial* m, const char* key, unsigned type, unsigned index, aiColor4D& out);
bool materialFloat(const aiMaterial* m, const char* key, unsigned type, unsigned index, float& out);

}  // namespace wadsmith::interop
