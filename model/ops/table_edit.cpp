#include "model/ops/table_edit.h"

namespace wadsmith::ops {

namespace {
// Calls `fix(record)` on a table only if some record needs it, so untouched parts stay shared.
template <class T, class NeedsFn, class MutableFn, class FixFn>
void fixTable(const Shared<std::vector<T>>& current, MutableFn mutableTable, NeedsFn needs, FixFn fix) {
  if (std::none_of(current->begin(), current->end(), needs)) return;
  for (auto& rec : mutableTable()) fix(rec);
}
}  // namespace

void replaceReferences(TablesEditor& e, const Replacements& r) {
  if (r.empty()) return;
  auto touches = [&](const RecordRef& ref) { return ref.isRecord() && r.count(ref.id); };
  fixTable(e.tables().animations, [&]() -> auto& { return e.animations(); },
           [&](const Animation& a) { return touches(a.nextAnimation) || touches(a.stateChanges); },
           [&](Animation& a) {
             replaceRef(a.nextAnimation, r);
             replaceRef(a.stateChanges, r);
           });
  fixTable(e.tables().stateChanges, [&]() -> auto& { return e.stateChanges(); },
           [&](const StateChange& s) { return touches(s.dispatches); }, [&](StateChange& s) { replaceRef(s.dispatches, r); });
  fixTable(e.tables().dispatches, [&]() -> auto& { return e.dispatches(); },
           [&](const Dispatch& d) { return touches(d.nextAnimation); }, [&](Dispatch& d) { replaceRef(d.nextAnimation, r); });
  fixTable(e.tables().movables, [&]() -> auto& { return e.movables(); },
           [&](const Movable& m) { return touches(m.pointers) || touches(m.animations); },
           [&](Movable& m) {
             replaceRef(m.pointers, r);
             replaceRef(m.animations, r);
           });
  fixTable(e.tables().statics, [&]() -> auto& { return e.statics(); }, [&](const Static& s) { return touches(s.pointer); },
           [&](Static& s) { replaceRef(s.pointer, r); });
}

}  // namespace wadsmith::ops

namespace wadsmith::ops {

void replacePackageReferences(TablesEditor& e, const SegmentReplacements& r) {
  if (r.empty()) return;
  auto touches = [&](const PackageRef& p) { return p.isSegment() && r.count(p.segment); };
  auto fix = [&](PackageRef& p) {
    if (touches(p)) p = r.at(p.segment);
  };
  const auto& t = e.tables();
  if (std::any_of(t.animations->begin(), t.animations->end(),
                  [&](const Animation& a) { return touches(a.keyframes) || touches(a.commands); }))
    for (auto& a : e.animations()) fix(a.keyframes), fix(a.commands);
  if (std::any_of(t.movables->begin(), t.movables->end(),
                  [&](const Movable& m) { return touches(m.links) || touches(m.keyframes); }))
    for (auto& m : e.movables()) fix(m.links), fix(m.keyframes);
  if (std::any_of(t.meshPointers->begin(), t.meshPointers->end(), [&](const MeshPointer& p) { return touches(p.target); }))
    for (auto& p : e.meshPointers()) fix(p.target);
}

}  // namespace wadsmith::ops
