// Editing the runs owners name in segmented tables and packages (RunRef) without touching
// another owner's: where a new run goes, and how an owner gets a run of its own before it is
// edited. The one place these rules live: edit operations, merges and imports call them, for
// records (state changes, dispatches, mesh pointers, animations) and package words (an
// animation's keyframes and commands, a movable's link records) alike.
#pragma once
#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/draft.h"

namespace wadsmith {

// Every owner's run in table order (a record table or a list of owners), with `extra` empty
// places (owners about to be added) before the owner at `at`.
template <class Owner, class Owners>
std::vector<RunRef> ownerRuns(const Owners& owners, RunRef Owner::*run, std::size_t at = 0, std::size_t extra = 0) {
  std::vector<RunRef> out;
  auto add = [&](const Owner& rec) {
    if (out.size() == at) out.insert(out.end(), extra, RunRef{});
    out.push_back(rec.*run);
  };
  if constexpr (requires { owners.segments; }) {
    for (const auto& s : owners.segments)
      for (const auto& rec : s.items) add(rec);
  } else {
    for (const auto& rec : owners) add(rec);
  }
  if (out.size() < at + extra) out.insert(out.end(), at + extra - out.size(), RunRef{});
  return out;
}

// Elements before a segment.
template <class T>
std::size_t elementsBefore(const Package<T>& p, std::size_t segment) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < segment && i < p.segments.size(); ++i) n += p.segments[i].size();
  return n;
}

// Removes segments by id.
template <class T>
void eraseSegments(Cow<Package<T>>& table, const std::vector<Id>& ids) {
  if (ids.empty()) return;
  table.edit().segments.eraseIf([&](const Segment<T>& s) { return std::find(ids.begin(), ids.end(), s.id) != ids.end(); });
}

// Calls `fix(record)` on the records `needs(record)` selects, copying only their segments.
template <class T, class Needs, class Fix>
std::size_t editRecords(Draft& d, Cow<Package<T>>& table, Needs needs, Fix fix) {
  std::vector<Id> touched;
  for (const auto& s : table->segments)
    if (std::any_of(s.items.begin(), s.items.end(), needs)) touched.push_back(s.id);
  std::size_t n = 0;
  for (Id seg : touched)
    for (auto& rec : d.items(table, seg))
      if (needs(rec)) fix(rec), ++n;
  return n;
}

// Segment index of a run's first and last segment in a table, if the run is there.
template <class T>
std::optional<std::pair<std::size_t, std::size_t>> runSegments(const Package<T>& table, const RunRef& run) {
  if (!run.isSegments()) return std::nullopt;
  long a = table.find(run.first), b = table.find(run.last);
  if (a < 0 || b < a) return std::nullopt;
  return std::pair<std::size_t, std::size_t>(static_cast<std::size_t>(a), static_cast<std::size_t>(b));
}

// Segment positions by id, for looking up many runs at once (Package::find is a scan: a run
// per owner of a 65,535-record table would make that quadratic).
template <class T>
std::unordered_map<Id, std::size_t> segmentPositions(const Package<T>& table) {
  std::unordered_map<Id, std::size_t> out;
  out.reserve(table.segments.size());
  for (std::size_t i = 0; i < table.segments.size(); ++i) out.emplace(table.segments[i].id, i);
  return out;
}

inline std::optional<std::pair<std::size_t, std::size_t>> runSegments(const std::unordered_map<Id, std::size_t>& at,
                                                                        const RunRef& run) {
  if (!run.isSegments()) return std::nullopt;
  auto a = at.find(run.first), b = at.find(run.last);
  if (a == at.end() || b == at.end() || b->second < a->second) return std::nullopt;
  return std::pair(a->second, b->second);
}

// Where a new run for the owner at position `owner` (of `runs`, every owner's run in table
// order) goes: before the run of the first later owner that has one, which keeps the table in
// owner order as the classic tools write it, else at the end; never between two segments of
// one run.
template <class T>
std::size_t placeRun(const Package<T>& table, const std::vector<RunRef>& runs, std::size_t owner) {
  const auto positions = segmentPositions(table);
  std::size_t at = table.segments.size();
  for (std::size_t i = owner + 1; i < runs.size(); ++i)
    if (auto s = runSegments(positions, runs[i])) {
      at = s->first;
      break;
    }
  // Runs of several segments, by first segment: `at` moves past each that straddles it (in
  // order, so one pass; the runs may overlap, so a later one may straddle the moved `at`).
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  for (const auto& r : runs)
    if (auto s = runSegments(positions, r); s && s->second > s->first) spans.push_back(*s);
  std::sort(spans.begin(), spans.end());
  for (const auto& [first, last] : spans)
    if (first < at && at <= last) at = last + 1;
  return at;
}

// Whether the owner at `owner` is the only one naming any segment of its run, and the run is
// one segment (then it can be edited in place).
template <class T>
bool ownsRun(const Package<T>& table, const std::vector<RunRef>& runs, std::size_t owner) {
  const auto positions = segmentPositions(table);
  const auto mine = runSegments(positions, runs[owner]);
  if (!mine || mine->first != mine->second) return false;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (i == owner) continue;
    if (auto s = runSegments(positions, runs[i]); s && s->first <= mine->first && mine->first <= s->second) return false;
  }
  return true;
}

// The segments of `gone`'s run no run of `runs` names (a removed owner's own).
template <class T>
std::vector<Id> onlyOwn(const Package<T>& table, const RunRef& gone, const std::vector<RunRef>& runs) {
  const auto positions = segmentPositions(table);
  const auto mine = runSegments(positions, gone);
  if (!mine) return {};
  for (const auto& r : runs)
    if (auto s = runSegments(positions, r); s && s->first <= mine->second && mine->first <= s->second) return {};
  std::vector<Id> ids;
  for (auto i = mine->first; i <= mine->second; ++i) ids.push_back(table.segments[i].id);
  return ids;
}

// A segment the owner alone names, holding its run's elements: its own segment when it owns
// one, else a copy (records get fresh ids) placed by placeRun (copy on write: the other owners
// keep the original). `setRun` points the owner at the new segment.
template <class T, class SetRun>
Id ownRun(Draft& d, Cow<Package<T>>& table, const std::vector<RunRef>& runs, std::size_t owner, SetRun setRun) {
  if (ownsRun(*table, runs, owner)) return runs[owner].first;
  std::vector<T> copies;
  if (auto s = runSegments(segmentPositions(*table), runs[owner]))
    for (auto i = s->first; i <= s->second; ++i)
      for (T rec : table->segments[i].items) {
        if constexpr (requires { rec.id; }) rec.id = d.newId();
        copies.push_back(rec);
      }
  const Id seg = d.insertSegment(table, placeRun(*table, runs, owner), std::move(copies));
  setRun(RunRef::segment(seg));
  return seg;
}

// ownRun for the run `member` of the record `owner` of a segmented table (an animation's state
// changes, keyframe or command words; a state change's dispatches), every record of `owners`
// being an owner in table order.
template <class Owner, class T>
Id ownRunOf(Draft& d, Cow<RecordTable<Owner>>& owners, RunRef Owner::*member, Cow<Package<T>>& table, Id owner) {
  std::vector<RunRef> runs;
  std::optional<std::pair<std::size_t, RecordSlot>> at;
  for (const auto& s : owners->segments)
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s.items[i].id == owner) at = {runs.size(), RecordSlot{s.id, i}};
      runs.push_back(s.items[i].*member);
    }
  if (!at) throw std::logic_error("internal: no record " + std::to_string(owner));
  return ownRun(d, table, runs, at->first, [&](RunRef r) { d.record(owners, at->second).*member = r; });
}

}  // namespace wadsmith
