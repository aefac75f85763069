// Inserting and removing table records without leaving a reference dangling: a reference to a
// removed record moves to the next surviving record (or one past the end), which is where an
// empty range that pointed at it now begins.
#pragma once
#include <algorithm>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "model/ops/edit_context.h"

namespace wadsmith::ops {

template <class T>
std::size_t positionOf(const std::vector<T>& table, Id id) {
  for (std::size_t i = 0; i < table.size(); ++i)
    if (table[i].id == id) return i;
  throw EditError("internal: record id " + std::to_string(id) + " not found");
}

// Where references to removed records go.
using Replacements = std::unordered_map<Id, RecordRef>;

template <class T>
Replacements removeRecords(std::vector<T>& table, const std::unordered_set<Id>& remove) {
  Replacements r;
  RecordRef next = RecordRef::end();
  for (std::size_t i = table.size(); i-- > 0;) {
    if (remove.count(table[i].id))
      r[table[i].id] = next;
    else
      next = RecordRef::record(table[i].id);
  }
  std::erase_if(table, [&](const T& rec) { return remove.count(rec.id) > 0; });
  return r;
}

inline bool replaceRef(RecordRef& ref, const Replacements& r) {
  if (!ref.isRecord()) return false;
  auto it = r.find(ref.id);
  if (it == r.end()) return false;
  ref = it->second;
  return true;
}

// Applies replacements to every record reference of the tables; parts with no affected
// reference stay shared.
void replaceReferences(TablesEditor& e, const Replacements& r);

// The position where a record referenced by `ref` sits, or the table size for End/Raw.
template <class T>
std::size_t insertionPoint(const std::vector<T>& table, const RecordRef& ref) {
  if (ref.isRecord()) return positionOf(table, ref.id);
  return table.size();
}

}  // namespace wadsmith::ops

namespace wadsmith::ops {

// Where references to removed package segments (or mesh entries) go: the next surviving
// segment's start, or the package end.
using SegmentReplacements = std::unordered_map<Id, PackageRef>;

template <class Seg>
SegmentReplacements removeSegments(std::vector<Seg>& segments, const std::unordered_set<Id>& remove) {
  SegmentReplacements r;
  PackageRef next = PackageRef::end();
  for (std::size_t i = segments.size(); i-- > 0;) {
    if (remove.count(segments[i].id))
      r[segments[i].id] = next;
    else
      next = PackageRef::at(segments[i].id, 0);
  }
  std::erase_if(segments, [&](const Seg& s) { return remove.count(s.id) > 0; });
  return r;
}

// Applies segment replacements to every package reference (keyframe, command, link offsets
// and mesh pointer targets); a reference with a delta into a removed segment loses the delta.
void replacePackageReferences(TablesEditor& e, const SegmentReplacements& r);

}  // namespace wadsmith::ops
