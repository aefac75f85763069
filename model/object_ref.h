// How users and operations name an object: a movable or a static by its slot id.
#pragma once
#include <compare>
#include <cstdint>
#include <string>

namespace wadsmith {

enum class ObjectKind { Movable, Static };

struct ObjectRef {
  ObjectKind kind = ObjectKind::Movable;
  std::uint32_t slot = 0;
  bool movable() const { return kind == ObjectKind::Movable; }
  // "movable 9", "static 10".
  std::string text() const { return std::string(movable() ? "movable " : "static ") + std::to_string(slot); }
  friend auto operator<=>(const ObjectRef&, const ObjectRef&) = default;
};

inline ObjectRef movableRef(std::uint32_t slot) { return {ObjectKind::Movable, slot}; }
inline ObjectRef staticRef(std::uint32_t slot) { return {ObjectKind::Static, slot}; }

}  // namespace wadsmith
