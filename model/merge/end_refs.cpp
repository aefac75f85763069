#include "model/merge/end_refs.h"

#include <algorithm>

namespace wadsmith::merge {
namespace {
bool end(const RecordRef& r) { return r.kind == RecordRef::Kind::End; }
bool end(const PackageRef& r) { return r.kind == PackageRef::Kind::End; }
bool has(const std::vector<Id>& ids, Id id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); }
}  // namespace

EndRefs collectEndRefs(const ObjectTables& t) {
  EndRefs e;
  for (const auto& a : *t.animations) {
    if (end(a.nextAnimation)) e.animationNext.push_back(a.id);
    if (end(a.stateChanges)) e.animationStateChanges.push_back(a.id);
    if (end(a.keyframes)) e.animationKeyframes.push_back(a.id);
    if (end(a.commands)) e.animationCommands.push_back(a.id);
  }
  for (const auto& d : *t.dispatches)
    if (end(d.nextAnimation)) e.dispatchNext.push_back(d.id);
  for (const auto& s : *t.stateChanges)
    if (end(s.dispatches)) e.stateChangeDispatches.push_back(s.id);
  for (const auto& m : *t.movables) {
    if (end(m.animations)) e.movableAnimations.push_back(m.id);
    if (end(m.pointers)) e.movablePointers.push_back(m.id);
    if (end(m.links)) e.movableLinks.push_back(m.id);
    if (end(m.keyframes)) e.movableKeyframes.push_back(m.id);
  }
  for (const auto& s : *t.statics)
    if (end(s.pointer)) e.staticPointer.push_back(s.id);
  for (const auto& p : *t.meshPointers)
    if (end(p.target)) e.pointerTarget.push_back(p.id);
  return e;
}

void pinEndRefs(ops::TablesEditor& e, const EndRefs& ends, const Appended& first) {
  auto record = [](std::optional<Id> id) { return RecordRef::record(*id); };
  auto segment = [](std::optional<Id> id) { return PackageRef::at(*id, 0); };
  bool animations = (first.animation && (!ends.animationNext.empty())) || (first.stateChange && !ends.animationStateChanges.empty()) ||
                    (first.keyframes && !ends.animationKeyframes.empty()) || (first.commands && !ends.animationCommands.empty());
  if (animations)
    for (auto& a : e.animations()) {
      if (first.animation && has(ends.animationNext, a.id)) a.nextAnimation = record(first.animation);
      if (first.stateChange && has(ends.animationStateChanges, a.id)) a.stateChanges = record(first.stateChange);
      if (first.keyframes && has(ends.animationKeyframes, a.id)) a.keyframes = segment(first.keyframes);
      if (first.commands && has(ends.animationCommands, a.id)) a.commands = segment(first.commands);
    }
  if (first.animation && !ends.dispatchNext.empty())
    for (auto& d : e.dispatches())
      if (has(ends.dispatchNext, d.id)) d.nextAnimation = record(first.animation);
  if (first.dispatch && !ends.stateChangeDispatches.empty())
    for (auto& s : e.stateChanges())
      if (has(ends.stateChangeDispatches, s.id)) s.dispatches = record(first.dispatch);
  bool movables = (first.animation && !ends.movableAnimations.empty()) || (first.pointer && !ends.movablePointers.empty()) ||
                  (first.links && !ends.movableLinks.empty()) || (first.keyframes && !ends.movableKeyframes.empty());
  if (movables)
    for (auto& m : e.movables()) {
      if (first.animation && has(ends.movableAnimations, m.id)) m.animations = record(first.animation);
      if (first.pointer && has(ends.movablePointers, m.id)) m.pointers = record(first.pointer);
      if (first.links && has(ends.movableLinks, m.id)) m.links = segment(first.links);
      if (first.keyframes && has(ends.movableKeyframes, m.id)) m.keyframes = segment(first.keyframes);
    }
  if (first.pointer && !ends.staticPointer.empty())
    for (auto& s : e.statics())
      if (has(ends.staticPointer, s.id)) s.pointer = record(first.pointer);
  if (first.mesh && !ends.pointerTarget.empty())
    for (auto& p : e.meshPointers())
      if (has(ends.pointerTarget, p.id)) p.target = segment(first.mesh);
}

}  // namespace wadsmith::merge
