#include "model/merge/keyframe_convert.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "model/keyframe.h"
#include "model/object_view.h"

namespace wadsmith::merge {

namespace {

constexpr std::size_t kHeaderWords = 9;  // bounding box and root offset

// The tables with `keyframes` in `format`, `size(animation, index)` setting each animation's
// keyframe size.
template <class Size>
ObjectTables withKeyframes(const ObjectTables& t, WordPackage keyframes, KeyframeFormat format, Size size) {
  ObjectTables out = t;
  auto animations = *t.animations;
  std::size_t index = 0;
  for (auto& s : animations.segments) {
    auto items = s.items.vector();
    for (auto& a : items) size(a, index++);
    s.items = share<std::vector<Animation>>(std::move(items));
  }
  out.animations = share<RecordTable<Animation>>(std::move(animations));
  out.keyframes = share<WordPackage>(std::move(keyframes));
  out.keyframeFormat = format;
  return out;
}

// TR2/3: converts every one-axis rotation word the movables' keyframes reach, in place.
ObjectTables tr2ToTr4(const ObjectTables& t, std::map<std::uint32_t, KeyframeLosses>& losses) {
  ObjectView v(t);
  std::vector<std::uint16_t> words = t.keyframes->flatten();
  enum Role : std::uint8_t { kNone, kOneAxis, kFirst, kSecond };
  std::vector<std::uint8_t> role(words.size(), kNone);
  for (std::size_t a = 0; a < v.animations().size(); ++a) {
    const auto owner = v.movableOfAnimation(a);
    if (!owner) continue;
    auto& loss = losses[v.movables()[*owner].objectId];
    const std::size_t meshes = v.meshCount(*owner), size = v.animations()[a].keyframeSize;
    const auto start = v.runStart(v.animations()[a].keyframes);
    if (!start || size == 0) continue;
    for (std::size_t f = 0, n = v.keyframeCount(a); f < n; ++f) {
      const std::size_t at = *start + f * size, end = std::min(at + size, words.size());
      std::size_t p = at + kHeaderWords;
      for (std::size_t m = 0; m < meshes && p < end; ++m) {
        if ((words[p] & 0xC000) == 0) {  // three axes: two words, the same in TR4
          if (p + 1 >= end) break;
          loss.conflicts += role[p] == kOneAxis || role[p + 1] == kOneAxis;
          if (role[p] == kNone) role[p] = kFirst, role[p + 1] = kSecond;
          p += 2;
          continue;
        }
        if (role[p] == kNone) {
          loss.highBits += (words[p] & 0x3C00) != 0;
          words[p] = static_cast<std::uint16_t>((words[p] & 0xC000) | ((words[p] & 0x03FF) << 2));
          role[p] = kOneAxis;
        } else if (role[p] != kOneAxis) {
          ++loss.conflicts;
        }
        ++p;
      }
    }
  }
  auto package = *t.keyframes;
  std::size_t at = 0;
  for (auto& s : package.segments) {
    const std::size_t n = s.size();
    s.items = share<std::vector<std::uint16_t>>(words.begin() + static_cast<long>(at), words.begin() + static_cast<long>(at + n));
    at += n;
  }
  return withKeyframes(t, std::move(package), KeyframeFormat::Tr4, [](Animation&, std::size_t) {});
}

// TR1: rebuilds each keyframe segment (every animation's keyframes start one) in TR4's layout.
ObjectTables tr1ToTr4(const ObjectTables& t, std::map<std::uint32_t, KeyframeLosses>& losses) {
  ObjectView v(t);
  // The movable whose animations' keyframes each segment holds.
  std::unordered_map<Id, std::size_t> segmentOwner;
  for (std::size_t a = 0; a < v.animations().size(); ++a) {
    const auto& run = v.animations()[a].keyframes;
    if (!run.isSegments()) continue;
    if (auto owner = v.movableOfAnimation(a)) segmentOwner.emplace(run.first, *owner);
  }
  WordPackage package;
  for (const auto& s : t.keyframes->segments) {
    const std::vector<std::uint16_t> old = s.items.vector();
    auto it = segmentOwner.find(s.id);
    if (it == segmentOwner.end()) {  // no animation of a movable starts here: kept as stored
      package.segments.push_back(s);
      continue;
    }
    const auto& movable = v.movables()[it->second];
    auto& loss = losses[movable.objectId];
    const std::size_t meshes = v.meshCount(it->second);
    std::vector<std::uint16_t> out;
    std::size_t at = 0;
    const std::span<const std::uint16_t> words(old);
    for (std::size_t n; (n = tr1KeyframeWords(words.subspan(at))) != 0; at += n) {
      out.insert(out.end(), old.begin() + static_cast<long>(at), old.begin() + static_cast<long>(at + kHeaderWords));
      const std::size_t stored = old[at + kHeaderWords];
      for (std::size_t m = 0; m < meshes; ++m) {
        if (m < stored) {
          const std::size_t w = at + 10 + 2 * m;
          out.push_back(old[w + 1]);  // TR1 stores the low word first
          out.push_back(old[w]);
        } else {
          out.push_back(0), out.push_back(0);
        }
      }
      if (stored > meshes) loss.extraRotations += stored - meshes;
    }
    loss.unconverted += old.size() - at;
    out.insert(out.end(), old.begin() + static_cast<long>(at), old.end());
    package.segments.push_back({s.id, share<std::vector<std::uint16_t>>(std::move(out))});
  }
  return withKeyframes(t, std::move(package), KeyframeFormat::Tr4, [&](Animation& a, std::size_t index) {
    if (const auto owner = v.movableOfAnimation(index))
      a.keyframeSize = static_cast<std::uint8_t>(std::min<std::size_t>(kHeaderWords + 2 * v.meshCount(*owner), 255));
  });
}

// A TR4 one-axis angle (4096 steps) to the nearest of 1024.
std::uint16_t angle10(std::uint16_t w) { return static_cast<std::uint16_t>((((w & 0x0FFF) + 2) >> 2) & 0x03FF); }

// The words of one TR4 keyframe segment in `format`, each keyframe `size` words of `meshes`
// rotations; words after the last whole keyframe stay as they are.
std::vector<std::uint16_t> keyframesFromTr4(const std::vector<std::uint16_t>& in, std::size_t meshes, std::size_t size,
                                            KeyframeFormat format) {
  std::vector<std::uint16_t> out;
  std::size_t at = 0;
  for (; size > kHeaderWords && at + size <= in.size(); at += size) {
    out.insert(out.end(), in.begin() + static_cast<long>(at), in.begin() + static_cast<long>(at + kHeaderWords));
    if (format == KeyframeFormat::Tr1) out.push_back(static_cast<std::uint16_t>(meshes));
    std::size_t p = at + kHeaderWords;
    const std::size_t end = at + size;
    for (std::size_t m = 0; m < meshes; ++m) {
      std::uint16_t first = 0, second = 0;  // three axes: X bits 20-29, Y 10-19, Z 0-9
      if (p < end && (in[p] & 0xC000) != 0) {
        const std::uint32_t a = angle10(in[p]), axis = in[p] >> 14;
        const std::uint32_t xyz = axis == 1 ? a << 20 : axis == 2 ? a << 10 : a;
        if (format != KeyframeFormat::Tr1) out.push_back(static_cast<std::uint16_t>((in[p] & 0xC000) | a));
        first = static_cast<std::uint16_t>(xyz >> 16), second = static_cast<std::uint16_t>(xyz & 0xFFFF);
        ++p;
      } else if (p + 1 < end) {
        first = in[p], second = in[p + 1];
        if (format != KeyframeFormat::Tr1) out.insert(out.end(), {first, second});
        p += 2;
      } else if (format == KeyframeFormat::Tr1) {
        p = end;  // ran out of words: TR1 turns the rest by nothing
      } else {
        break;
      }
      if (format == KeyframeFormat::Tr1) out.insert(out.end(), {second, first});
    }
    if (format != KeyframeFormat::Tr1) out.insert(out.end(), in.begin() + static_cast<long>(p), in.begin() + static_cast<long>(end));
  }
  out.insert(out.end(), in.begin() + static_cast<long>(at), in.end());
  return out;
}

}  // namespace

ObjectTables fromTr4Keyframes(const ObjectTables& merged, const ObjectTables& level) {
  const KeyframeFormat format = level.keyframeFormat;
  if (format == KeyframeFormat::Tr4) return merged;
  std::unordered_map<Id, const Segment<std::uint16_t>*> had;
  for (const auto& s : level.keyframes->segments) had[s.id] = &s;
  std::unordered_map<Id, std::uint8_t> hadSize;
  for (const auto& s : level.animations->segments)
    for (const auto& a : s.items) hadSize[a.id] = a.keyframeSize;
  ObjectView v(merged);
  std::unordered_map<Id, std::pair<std::size_t, std::size_t>> owner;  // new segment -> meshes, words a keyframe
  for (std::size_t a = 0; a < v.animations().size(); ++a) {
    const auto& anim = v.animations()[a];
    if (const auto m = v.movableOfAnimation(a); m && anim.keyframes.isSegments() && !had.count(anim.keyframes.first))
      owner.emplace(anim.keyframes.first, std::pair{v.meshCount(*m), std::size_t{anim.keyframeSize}});
  }
  WordPackage package;
  for (const auto& s : merged.keyframes->segments) {
    if (auto it = had.find(s.id); it != had.end()) package.segments.push_back(*it->second);
    else if (auto o = owner.find(s.id); o != owner.end() && s.items)
      package.segments.push_back({s.id, share<std::vector<std::uint16_t>>(keyframesFromTr4(s.items.vector(), o->second.first, o->second.second, format))});
    else package.segments.push_back(s);
  }
  return withKeyframes(merged, std::move(package), format, [&](Animation& a, std::size_t) {
    if (auto it = hadSize.find(a.id); it != hadSize.end()) a.keyframeSize = it->second;
    else if (format == KeyframeFormat::Tr1) a.keyframeSize = 0;
  });
}

ObjectTables toTr4Keyframes(const ObjectTables& t, std::map<std::uint32_t, KeyframeLosses>& losses) {
  switch (t.keyframeFormat) {
    case KeyframeFormat::Tr4: return t;
    case KeyframeFormat::Tr2: return tr2ToTr4(t, losses);
    case KeyframeFormat::Tr1: return tr1ToTr4(t, losses);
  }
  return t;
}

}  // namespace wadsmith::merge
