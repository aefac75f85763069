#include "editor/interop/assimp_import.h"

#include <assimp/cimport.h>
#include <assimp/config.h>
#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <regex>
#include <stdexcept>

#include "editor/interop/gltf_file.h"
#include "editor/interop/gltf_scene.h"
#include "editor/late_library.h"
#include "model/foreign/scene.h"
#include "io/file_io.h"
#include "io/utf8_path.h"

namespace wadsmith::interop {
namespace {

// Assimp through its C interface, opened on first use where it is a shared library (Linux:
// linked in, it and its C++ runtime cost every headless command ~3 ms of relocations at start),
// called directly where it is linked statically (Windows).
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

// A scene read by Assimp, released when the pointer goes.
using AssimpScene = std::unique_ptr<const aiScene, void (*)(const aiScene*)>;

// Reads `path` (UTF-8) with the aiProcess_* steps `flags` and the AI_CONFIG_* properties
// `integers`. An empty scene pointer with `error` set when Assimp refuses it; throws
// std::runtime_error when Assimp is not installed.
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

// A material's first texture of `type`; false where the material has none.
bool materialTexture(const aiMaterial* m, aiTextureType type, aiString& path) {
  return api().materialTexture(m, type, 0, &path, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr) == AI_SUCCESS;
}

Mat4 toMat(const aiMatrix4x4& a) {
  Mat4 m;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) m.at(r, c) = a[r][c];
  return m;
}
Vec3 toVec(const aiVector3D& v) { return {v.x, v.y, v.z}; }

struct Scene {
  const aiScene* s;
  std::string file;
  std::filesystem::path dir;
  std::vector<const aiNode*> nodes;  // depth-first
  std::map<const aiNode*, int> index;
  std::vector<int> parent;
  std::map<std::string, int> byName;

  Scene(const aiScene* scene, std::string f, std::filesystem::path d) : s(scene), file(std::move(f)), dir(std::move(d)) {
    std::function<void(const aiNode*, int)> visit = [&](const aiNode* n, int p) {
      index[n] = int(nodes.size());
      byName.emplace(n->mName.C_Str(), int(nodes.size()));
      nodes.push_back(n);
      parent.push_back(p);
      for (unsigned c = 0; c < n->mNumChildren; ++c) visit(n->mChildren[c], index[n]);
    };
    visit(s->mRootNode, -1);
  }
  std::vector<Mat4> world(const std::vector<Mat4>& local) const {
    std::vector<Mat4> out(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) out[i] = parent[i] >= 0 ? out[parent[i]] * local[i] : local[i];
    return out;
  }
  std::vector<Mat4> restLocal() const {
    std::vector<Mat4> out;
    for (auto* n : nodes) out.push_back(toMat(n->mTransformation));
    return out;
  }
};

// The mesh tree: bones (scene nodes) parents first, with their bind world matrices.
struct Bones {
  std::vector<int> nodes, parent;
  std::vector<Mat4> bind;
  std::map<int, int> boneOfNode;
};

Bones bonesOf(const Scene& sc, const std::map<int, Mat4>& members) {
  Bones b;
  for (const auto& [node, bind] : members) {  // node indices are depth-first: parents first
    int p = sc.parent[node];
    while (p >= 0 && !members.count(p)) p = sc.parent[p];
    b.boneOfNode[node] = int(b.nodes.size());
    b.nodes.push_back(node);
    b.parent.push_back(p >= 0 ? b.boneOfNode[p] : (b.nodes.size() > 1 ? 0 : -1));
    b.bind.push_back(bind);
  }
  return b;
}

int imageFor(const Scene& sc, const aiMaterial* mat, std::vector<imported::Image>& out, std::map<std::string, int>& images,
             std::vector<std::string>& notes) {
  aiString path;
  if (!materialTexture(mat, aiTextureType_DIFFUSE, path) && !materialTexture(mat, aiTextureType_BASE_COLOR, path))
    return -1;
  const std::string p = path.C_Str();
  if (auto it = images.find(p); it != images.end()) return it->second;
  int result = -1;
  try {
    imported::Image img;
    if (const aiTexture* t = sc.s->GetEmbeddedTexture(p.c_str())) {
      if (t->mHeight == 0) {
        img = decodePicture({reinterpret_cast<const std::uint8_t*>(t->pcData), t->mWidth}, p);
      } else {
        img = {p, int(t->mWidth), int(t->mHeight), {}};
        for (std::size_t i = 0; i < std::size_t(t->mWidth) * t->mHeight; ++i)
          img.rgba.insert(img.rgba.end(), {t->pcData[i].r, t->pcData[i].g, t->pcData[i].b, t->pcData[i].a});
      }
    } else {
      std::string rel = p;
      std::replace(rel.begin(), rel.end(), '\\', '/');
      auto file = sc.dir / utf8Path(rel);
      if (!std::filesystem::exists(file)) file = sc.dir / utf8Path(rel).filename();
      img = decodePicture(readFileBytes(file), utf8Name(file));
    }
    img.name = p;
    out.push_back(std::move(img));
    result = int(out.size() - 1);
  } catch (const std::exception& e) {
    notes.push_back("texture " + p + " not loaded (" + e.what() + "): its faces take the material's colour");
  }
  images[p] = result;
  return result;
}

// Each vertex's bones and weights (the heaviest four; Assimp is asked for four at most).
void skinning(const Scene& sc, const Bones& bones, const aiMesh* mesh, foreign::SceneMesh& out) {
  if (!mesh->mNumBones) return;
  out.joints.assign(mesh->mNumVertices, {-1, -1, -1, -1});
  out.weights.assign(mesh->mNumVertices, {0, 0, 0, 0});
  for (unsigned bi = 0; bi < mesh->mNumBones; ++bi) {
    const aiBone* bone = mesh->mBones[bi];
    auto it = sc.byName.find(bone->mName.C_Str());
    if (it == sc.byName.end() || !bones.boneOfNode.count(it->second)) continue;
    for (unsigned w = 0; w < bone->mNumWeights; ++w) {
      const auto& vw = bone->mWeights[w];
      if (vw.mVertexId >= mesh->mNumVertices || !(vw.mWeight > 0)) continue;
      auto& joints = out.joints[vw.mVertexId];
      auto& weights = out.weights[vw.mVertexId];
      const auto slot = std::find(joints.begin(), joints.end(), -1) - joints.begin();
      const auto lightest = std::min_element(weights.begin(), weights.end()) - weights.begin();
      const auto k = slot < 4 ? slot : lightest;
      if (slot < 4 || vw.mWeight > weights[k]) joints[k] = bones.boneOfNode.at(it->second), weights[k] = vw.mWeight;
    }
  }
}

// One Assimp mesh of node `n` in the neutral form.
foreign::SceneMesh sceneMesh(const Scene& sc, const Bones& bones, bool skinned, std::size_t n, const aiMesh* mesh,
                             const Mat4& world, foreign::Scene& out, std::map<std::string, int>& images,
                             std::vector<std::string>& notes) {
  foreign::SceneMesh m;
  m.world = world;
  const aiMaterial* mat = sc.s->mMaterials[mesh->mMaterialIndex];
  m.image = mesh->HasTextureCoords(0) ? imageFor(sc, mat, out.images, images, notes) : -1;
  aiColor4D diffuse(0.8f, 0.8f, 0.8f, 1);  // each left as it is where the material has none
  api().materialColor(mat, AI_MATKEY_COLOR_DIFFUSE, &diffuse);
  float opacity = 1;
  unsigned one = 1;
  api().materialFloats(mat, AI_MATKEY_OPACITY, &opacity, &one);
  m.translucent = opacity < 1;
  const float rgb[3] = {diffuse.r, diffuse.g, diffuse.b};
  for (int c = 0; c < 3; ++c) m.color[c] = static_cast<std::uint8_t>(std::clamp(rgb[c], 0.f, 1.f) * 255);
  for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
    m.positions.push_back(toVec(mesh->mVertices[v]));
    if (mesh->HasNormals()) m.normals.push_back(toVec(mesh->mNormals[v]));
    if (mesh->HasTextureCoords(0)) m.uvs.push_back({mesh->mTextureCoords[0][v].x, mesh->mTextureCoords[0][v].y});
    if (mesh->HasVertexColors(0)) m.colors.push_back({mesh->mColors[0][v].r, mesh->mColors[0][v].g, mesh->mColors[0][v].b});
  }
  if (skinned) skinning(sc, bones, mesh, m);
  // Vertices without a bone: the mesh's node, or its nearest bone above.
  int own = int(n);
  while (own >= 0 && !bones.boneOfNode.count(own)) own = sc.parent[own];
  m.bone = own >= 0 ? bones.boneOfNode.at(own) : 0;
  for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
    const aiFace& face = mesh->mFaces[f];
    if (face.mNumIndices < 3) continue;
    for (unsigned i = 0; i < face.mNumIndices; ++i)
      if (face.mIndices[i] >= mesh->mNumVertices) throw std::runtime_error(sc.file + ": section scene at byte 0: a face names a vertex past its mesh");
    m.corners.insert(m.corners.end(), face.mIndices, face.mIndices + face.mNumIndices);
    m.sizes.push_back(face.mNumIndices);
  }
  return m;
}

// Local transforms of every node at `seconds` into an animation (keys interpolated linearly,
// rotations by slerp; nodes without a channel keep their transform).
std::vector<Mat4> poseAt(const Scene& sc, const aiAnimation* a, double seconds) {
  auto local = sc.restLocal();
  const double tps = a->mTicksPerSecond > 0 ? a->mTicksPerSecond : 25.0;
  const double tick = seconds * tps;
  for (unsigned c = 0; c < a->mNumChannels; ++c) {
    const aiNodeAnim* ch = a->mChannels[c];
    auto it = sc.byName.find(ch->mNodeName.C_Str());
    if (it == sc.byName.end()) continue;
    aiVector3D s, t;
    aiQuaternion r;
    sc.nodes[it->second]->mTransformation.Decompose(s, r, t);
    auto lerpKeys = [&](const auto* keys, unsigned n, auto& value, auto blend) {
      if (!n) return;
      unsigned k = 0;
      while (k + 1 < n && keys[k + 1].mTime <= tick) ++k;
      if (k + 1 >= n || tick <= keys[0].mTime) {
        value = keys[tick <= keys[0].mTime ? 0 : n - 1].mValue;
        return;
      }
      const double span = keys[k + 1].mTime - keys[k].mTime;
      value = blend(keys[k].mValue, keys[k + 1].mValue, float(span > 0 ? (tick - keys[k].mTime) / span : 0));
    };
    auto lerp = [](const aiVector3D& x, const aiVector3D& y, float f) { return x + (y - x) * f; };
    lerpKeys(ch->mPositionKeys, ch->mNumPositionKeys, t, lerp);
    lerpKeys(ch->mScalingKeys, ch->mNumScalingKeys, s, lerp);
    lerpKeys(ch->mRotationKeys, ch->mNumRotationKeys, r, [](const aiQuaternion& x, const aiQuaternion& y, float f) {
      aiQuaternion q;
      aiQuaternion::Interpolate(q, x, y, f);
      return q.Normalize();
    });
    local[it->second] = matrixOf({toVec(t), Quat{r.w, r.x, r.y, r.z}, toVec(s)});
  }
  return local;
}

// The bones: the nodes skin weights name (bind from the offset matrices), else every node with a mesh.
Bones findBones(const Scene& sc, bool& skinned) {
  std::map<int, Mat4> members;
  const auto world = sc.world(sc.restLocal());
  skinned = false;
  for (std::size_t n = 0; n < sc.nodes.size(); ++n)
    for (unsigned k = 0; k < sc.nodes[n]->mNumMeshes; ++k) {
      const aiMesh* m = sc.s->mMeshes[sc.nodes[n]->mMeshes[k]];
      for (unsigned b = 0; b < m->mNumBones; ++b) {
        auto it = sc.byName.find(m->mBones[b]->mName.C_Str());
        if (it == sc.byName.end()) continue;
        skinned = true;
        members.try_emplace(it->second, world[n] * geometry::inverseAffine(toMat(m->mBones[b]->mOffsetMatrix)));
      }
    }
  if (!skinned)
    for (std::size_t n = 0; n < sc.nodes.size(); ++n)
      if (sc.nodes[n]->mNumMeshes) members.emplace(int(n), world[n]);
  if (members.empty()) throw std::runtime_error(sc.file + ": section scene at byte 0: holds no mesh");
  return bonesOf(sc, members);
}

// The file's one object in the neutral form; `notes` gets the pictures that did not load.
foreign::Scene sceneOf(const Scene& sc, const Bones& bones, bool skinned, std::vector<std::string>& notes) {
  foreign::Scene out;
  out.file = sc.file;
  for (std::size_t b = 0; b < bones.nodes.size(); ++b)
    out.bones.push_back({sc.nodes[bones.nodes[b]]->mName.C_Str(), bones.parent[b], bones.bind[b]});
  const auto world = sc.world(sc.restLocal());
  std::map<std::string, int> images;
  for (std::size_t n = 0; n < sc.nodes.size(); ++n)
    for (unsigned k = 0; k < sc.nodes[n]->mNumMeshes; ++k) {
      const aiMesh* mesh = sc.s->mMeshes[sc.nodes[n]->mMeshes[k]];
      if (mesh->mPrimitiveTypes & (aiPrimitiveType_TRIANGLE | aiPrimitiveType_POLYGON))
        out.meshes.push_back(sceneMesh(sc, bones, skinned, n, mesh, world[n], out, images, notes));
    }
  for (unsigned a = 0; a < sc.s->mNumAnimations; ++a) {
    const aiAnimation* anim = sc.s->mAnimations[a];
    const double tps = anim->mTicksPerSecond > 0 ? anim->mTicksPerSecond : 25.0;
    const std::vector<int> nodes = bones.nodes;
    auto boneWorld = [&sc, anim, nodes](float seconds) {
      const auto w = sc.world(poseAt(sc, anim, seconds));
      std::vector<Mat4> out;
      for (int n : nodes) out.push_back(w[n]);
      return out;
    };
    out.animations.push_back({anim->mName.length ? anim->mName.C_Str() : "animation " + std::to_string(a), int(a),
                              std::max(0.0, anim->mDuration / tps), boneWorld});
  }
  return out;
}

// Assimp's refusal located as every reader's is: the file, the format as the section, and the
// byte where the line (and column) Assimp names starts; the end of the file when it ran out;
// else the start (Assimp said no more).
std::string assimpRefusal(const std::string& name, const std::filesystem::path& file, std::span<const std::uint8_t> bytes,
                          const std::string& why) {
  std::string format = file.extension().string();
  if (!format.empty()) format.erase(0, 1);
  for (auto& c : format) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::size_t at = 0;
  std::smatch m;
  if (std::regex_search(why, m, std::regex(R"(line (\d{1,9})(?:\D{1,8}col (\d{1,9}))?)"))) {
    const long line = std::stol(m[1].str()), col = m[2].matched ? std::stol(m[2].str()) : 1;
    for (long l = 1; l < line && at < bytes.size(); ++at)
      if (bytes[at] == '\n') ++l;
    at = std::min(bytes.size(), at + static_cast<std::size_t>(std::max(0L, col - 1)));
  } else if (why.find("end of file") != std::string::npos) {
    at = bytes.size();
  }
  std::string said = why;
  while (!said.empty() && (said.back() == '\n' || said.back() == '\r' || said.back() == ' ')) said.pop_back();
  std::replace(said.begin(), said.end(), '\n', ' ');
  return name + ": section " + (format.empty() ? "scene" : format) + " at byte " + std::to_string(at) + ": " +
         (said.empty() ? "not a scene Assimp can read" : said);
}

}  // namespace

std::vector<imported::Model> assimpObjects(std::span<const std::uint8_t> bytes, const std::filesystem::path& file,
                                           float unitsPerMeter) {
  const std::string name = utf8Name(file);
  std::string error;
  const AssimpScene read = readAssimpScene(
      name,
      aiProcess_JoinIdenticalVertices | aiProcess_SortByPType | aiProcess_FlipUVs | aiProcess_ValidateDataStructure |
          aiProcess_LimitBoneWeights,
      {{AI_CONFIG_FBX_CONVERT_TO_M, 1}, {AI_CONFIG_PP_SBP_REMOVE, aiPrimitiveType_POINT | aiPrimitiveType_LINE}},
      error);
  const aiScene* s = read.get();
  if (!s || !s->mRootNode) throw std::runtime_error(assimpRefusal(name, file, bytes, error));
  const Scene sc(s, name, file.parent_path());
  bool skinned = false;
  const Bones bones = findBones(sc, skinned);
  std::vector<std::string> notes;
  foreign::Scene scene = sceneOf(sc, bones, skinned, notes);
  scene.name = file.stem().string();
  scene.space.scale = unitsPerMeter > 0 ? unitsPerMeter : 512;
  imported::Model model = foreign::sceneModel(scene);
  model.notes = notes;
  model.notes.push_back(std::string(skinned ? "skinned: one mesh per bone, each vertex with its heaviest bone"
                                            : "one mesh per node with meshes") +
                        "; " + std::to_string(int(scene.space.scale)) + " TR units per unit");
  return {model};
}

}  // namespace wadsmith::interop
