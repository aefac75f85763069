#include "editor/interop/anim_import.h"

#include <algorithm>
#include <cctype>
#include <regex>

#include "editor/interop/import_file.h"
#include "io/utf8_path.h"
#include "model/anim/keyframes.h"
#include "model/anim/sampled.h"
#include "model/ascii_case.h"
#include "model/exchange/object_records.h"
#include "model/ops/keyframe_sampling.h"

namespace wadsmith::interop {
namespace {

// The file's object whose skeleton is the movable's: by bone names first, else by count.
const GltfObject& objectFor(const std::vector<GltfObject>& objects, std::size_t meshes, anim::BoneMatch& match,
                            const std::string& file) {
  const GltfObject* byOrder = nullptr;
  std::string refusal;
  for (const auto& o : objects) {
    if (!o.movable || o.model.animations.empty()) continue;
    try {
      auto m = anim::matchBones(o.model.bones, meshes);
      if (m.byName) return match = std::move(m), o;
      if (!byOrder) byOrder = &o, match = std::move(m);
    } catch (const ops::EditError& e) {
      if (refusal.empty()) refusal = o.name + ": " + e.what();
    }
  }
  if (byOrder) return *byOrder;
  throw ops::EditError(file + ": " + (refusal.empty() ? "holds no animated object" : refusal));
}

std::size_t animationIndex(const imported::Model& m, const std::string& wanted, const std::string& file) {
  for (std::size_t a = 0; a < m.animations.size(); ++a)
    if (m.animations[a].name == wanted) return a;
  if (!wanted.empty() && std::all_of(wanted.begin(), wanted.end(), [](unsigned char c) { return std::isdigit(c); }) &&
      wanted.size() < 6 && std::stoul(wanted) < m.animations.size())
    return std::stoul(wanted);
  std::string names;
  for (std::size_t a = 0; a < m.animations.size() && a < 5; ++a) names += (a ? ", \"" : "\"") + m.animations[a].name + "\"";
  throw ops::EditError(file + ": no animation \"" + wanted + "\" among its " + std::to_string(m.animations.size()) + " (" + names +
                       (m.animations.size() > 5 ? "...)" : ")"));
}

// Every animation, in the order of the numbers our export names them by ("CROCODILE 10 ..."):
// Blender writes its actions sorted by name (0, 1, 10, 11, ..., 2), not as it read them. Files
// named otherwise keep their order.
std::vector<std::size_t> allInNumberOrder(const imported::Model& m) {
  std::vector<std::size_t> order(m.animations.size());
  std::vector<unsigned long> numbers;
  const std::regex named("(.*?) (\\d{1,5})( .*)?");
  std::string prefix;
  for (std::size_t a = 0; a < order.size(); ++a) {
    order[a] = a;
    std::smatch w;
    if (!std::regex_match(m.animations[a].name, w, named) || (a && w[1] != prefix)) return order;
    prefix = w[1], numbers.push_back(std::stoul(w[2]));
  }
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return numbers[x] < numbers[y]; });
  return order;
}

// A new animation `at` of `movable` starting from animation `a` of a WadSmith export's records
// (`recorded`, whose movable is `slot`): the sampled angles then keep its word forms and angle
// triples, as they keep a replaced animation's.
Document seeded(const Document& d, std::size_t movable, std::size_t at, const WadDocument& recorded, std::uint32_t slot, std::size_t a) {
  const ObjectView from(recorded.objects), v(objectsOf(d));
  const auto source = from.findMovable(slot);
  const std::size_t meshes = v.meshCount(movable);
  if (!source || from.meshCount(*source) != meshes) return d;
  const auto run = anim::readKeyframes(from, from.animationRange(*source).first + a, meshes);
  return anim::editKeyframes(d, movable, v.animationRange(movable).first + at, [&](anim::KeyframeRun& r, Animation&) { r = run; });
}

}  // namespace

bool isSceneAnimationFile(const std::filesystem::path& path) {
  const auto ext = asciiLower(path.extension().string());
  return ext == ".glb" || ext == ".gltf" || ext == ".fbx" || ext == ".dae";
}

SceneAnimationImport importSceneAnimations(const Document& d, std::uint32_t slot, const std::filesystem::path& path,
                                           const SceneAnimationOptions& o) {
  const std::string file = utf8Name(path);
  const auto ext = asciiLower(path.extension().string());
  const auto objects = ext == ".glb" || ext == ".gltf" ? loadGltfObjects(path) : loadAssimpObjects(path);
  const ObjectView v(objectsOf(d));
  const std::size_t movable = ops::movableIndex(v, slot);
  const auto tree = v.skeleton(movable);
  anim::BoneMatch match;
  const GltfObject& object = objectFor(objects, tree.bones.size(), match, file);
  std::vector<std::size_t> taken;
  if (o.all)
    taken = allInNumberOrder(object.model);
  else
    taken.push_back(o.animation ? animationIndex(object.model, *o.animation, file) : 0);
  SceneAnimationImport out;
  out.notes.push_back(object.name + ": bones matched by " + (match.byName ? "name" : "order"));
  for (const auto& b : match.unmatched) out.notes.push_back("bone \"" + b + "\" turns no mesh: left out");
  out.boneError.assign(tree.bones.size(), 0.0);
  Document doc = d;
  const bool ours = object.records && object.records->animations.size() == object.model.animations.size();
  const auto recorded = ours && !o.replace ? std::optional(exchange::objectDocument(*object.records)) : std::nullopt;
  const auto [a0, a1] = v.animationRange(movable);
  const std::size_t first = o.replace.value_or(o.at.value_or(a1 - a0));
  for (std::size_t k = 0; k < taken.size(); ++k) {
    const std::size_t target = first + k, a = taken[k];
    if (!o.replace) doc = anim::addBareAnimation(doc, slot, target);
    // Without our records (Blender keeps none), a replaced animation keeps its own frame duration.
    const int duration = o.frameDuration  ? o.frameDuration
                         : ours           ? object.records->animations[a].frameDuration
                         : o.replace      ? std::max(1, int(v.animations()[ops::animationOf(v, slot, target)].frameDuration))
                                          : 1;
    if (!o.replace && recorded) doc = seeded(doc, movable, target, *recorded, object.records->ref.slot, a);
    const ObjectView now(objectsOf(doc));
    const auto base = anim::exportAnimation(now, movable, ops::animationOf(now, slot, target));
    const auto& source = object.model.animations[a];
    auto sampled = anim::sampledAnimation(object.model, source, tree, match, duration, base);
    // The speed and acceleration kept over the new length (as the .anim import computes them).
    const Animation& record = now.animations()[ops::animationOf(now, slot, target)];
    const double frames = double(std::max<std::size_t>(sampled.keyframes.size(), 2) - 1) * sampled.frameRate;
    sampled.endVelocity = sampled.startVelocity + record.accel / 65536.0 * frames;
    sampled.endLateralVelocity = sampled.startLateralVelocity + record.lateralAccel / 65536.0 * frames;
    auto result = anim::importAnimation(doc, slot, target, sampled, o.targets);
    doc = std::move(result.edited.doc);
    if (!o.replace && !sampled.keyframes.empty()) doc = ops::recomputeKeyframeBoxes(doc, slot, target, 0, 0, 0).doc;
    for (std::size_t b = 0; b < out.boneError.size() && b < result.boneError.size(); ++b)
      out.boneError[b] = std::max(out.boneError[b], result.boneError[b]);
    for (auto& n : result.notes) out.notes.push_back(source.name + ": " + n);
    out.animations.push_back(source.name);
  }
  out.edited.doc = std::move(doc);
  return out;
}

}  // namespace wadsmith::interop
