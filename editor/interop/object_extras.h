// The records of an exported object as the JSON a glTF file carries in `extras` (the
// "wadsmith" member), and back. Keys follow the JSON dump's (state_id, frame_duration, speed,
// next_animation...), values are as stored so an import restores them exactly.
//   object (the object's root node): kind, slot, was_line, meshes (each: center, radius,
//     sphere_unknown, vertices, normals or shades, faces [corners, v0, v1, v2, (v3), texture
//     word, attributes, unknown], padding), pointers, links, keyframe_words, command_words,
//     keyframe_offset, visibility, collision, flags, samples, pages (image indices)
//   animation (each glTF animation): index, every Animation field, keyframe_offset,
//     command_offset, state_changes [{state, dispatches [{in, out, next_animation, next_frame}]}]
// Parsing names what is wrong and where ("node 3 extras: meshes[2].faces[7]: ...").
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "model/exchange/object_records.h"

namespace wadsmith::interop {

constexpr int kExtrasVersion = 1;

// `pageImages`: the glTF image holding each of the records' pages.
nlohmann::json objectExtras(const exchange::ObjectRecords& r, const std::vector<int>& pageImages);
nlohmann::json animationExtras(const exchange::AnimationRecord& a, std::size_t index);

// Throws std::runtime_error prefixed with `where`.
// The pages come back empty: `pageImages` says which glTF image holds each.
exchange::ObjectRecords parseObjectExtras(const nlohmann::json& j, const std::string& where, std::vector<int>& pageImages);
exchange::AnimationRecord parseAnimationExtras(const nlohmann::json& j, const std::string& where, std::size_t& index);

}  // namespace wadsmith::interop
