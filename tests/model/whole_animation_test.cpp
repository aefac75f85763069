// Whole-animation edits on Lara of a real WAD: every next animation and dispatch target of the
// file (Lara's and other movables') still names the same animation after an add, duplicate,
// delete or move, read back from the written bytes; the identities (add then delete, duplicate
// then delete the copy, move there and back) give the file's bytes back.
#include <gtest/gtest.h>

#include <filesystem>

#include "io/anim_xml.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "model/anim/interchange.h"
#include "model/anim/whole.h"
#include "tests/support/doc_diff.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using anim::Targets;

struct Wad {
  std::vector<std::uint8_t> bytes;
  Document doc;
};

Wad load(const char* name) {
  const auto path = test::corpusFile(name);
  Wad w;
  w.bytes = readFileBytes(path);
  w.doc = readDocument(w.bytes, path.string());
  return w;
}

Document written(const Document& d) { return readDocument(encodeDocument(d), "written"); }

// Every animation's next animation and dispatch targets, by table index (kNone: not a record).
constexpr long kNone = -1;
struct TargetList {
  std::vector<long> next;
  std::vector<std::vector<long>> dispatches;
  std::vector<std::vector<std::uint16_t>> keyframes;
};
TargetList targetsOf(const Document& d) {
  const ObjectView v(objectsOf(d));
  TargetList t;
  auto index = [&](const RecordRef& r) { return v.indexOf(r) ? long(*v.indexOf(r)) : kNone; };
  for (std::size_t a = 0; a < v.animations().size(); ++a) {
    t.next.push_back(index(v.animations()[a].nextAnimation));
    t.keyframes.push_back(v.keyframeWords(a));
    auto& ds = t.dispatches.emplace_back();
    const auto [s0, s1] = v.stateChangeRange(a);
    for (auto s = s0; s < s1; ++s) {
      const auto [d0, d1] = v.dispatchRange(s);
      for (auto x = d0; x < d1; ++x) ds.push_back(index(v.dispatches()[x].nextAnimation));
    }
  }
  return t;
}

// What the targets of `before` become when animation `order[i]` of before is animation i after
// (-1 in order: a new animation); `gone` maps a target of a deleted animation (kNone: dropped).
TargetList expected(const TargetList& before, const std::vector<long>& order, long deleted = kNone, long gone = kNone) {
  std::vector<long> now(before.next.size(), kNone);
  for (std::size_t i = 0; i < order.size(); ++i)
    if (order[i] >= 0 && now[std::size_t(order[i])] == kNone) now[std::size_t(order[i])] = long(i);  // a copy is not the original
  auto map = [&](long t) { return t == kNone ? kNone : t == deleted ? gone : now[std::size_t(t)]; };
  TargetList out;
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (order[i] < 0) {
      out.next.push_back(kNone), out.dispatches.emplace_back(), out.keyframes.emplace_back();
      continue;
    }
    const auto o = std::size_t(order[i]);
    const long next = map(before.next[o]);
    out.next.push_back(before.next[o] == deleted && gone == kNone ? long(i) : next);
    auto& ds = out.dispatches.emplace_back();
    for (long t : before.dispatches[o])
      if (t != deleted || gone != kNone) ds.push_back(map(t));
    out.keyframes.push_back(before.keyframes[o]);
  }
  return out;
}

std::vector<long> identityOrder(std::size_t n) {
  std::vector<long> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = long(i);
  return order;
}

std::size_t laraFirst(const Document& d) {
  const ObjectView v(objectsOf(d));
  return v.animationRange(*v.findMovable(0)).first;
}

void expectTargets(const TargetList& got, const TargetList& want, long skip = kNone, long skipped = 1) {
  ASSERT_EQ(got.next.size(), want.next.size());
  for (std::size_t i = 0; i < got.next.size(); ++i) {
    if (long(i) >= skip && long(i) < skip + skipped) continue;  // new animations
    EXPECT_EQ(got.next[i], want.next[i]) << "next animation of animation " << i;
    EXPECT_EQ(got.dispatches[i], want.dispatches[i]) << "dispatch targets of animation " << i;
    EXPECT_EQ(got.keyframes[i], want.keyframes[i]) << "keyframes of animation " << i;
  }
}

// `added` new animations at table index `at` of `got`: every other one as in `before`.
void expectOthersFollow(const TargetList& got, const TargetList& before, long at, long added = 1) {
  auto order = identityOrder(before.next.size());
  order.insert(order.begin() + at, std::size_t(added), -1);
  expectTargets(got, expected(before, order), at, added);
}

// Lara of tut1.WAD: the file, its targets, her movable index and animation range.
struct Lara {
  Wad w = load("wad/tut1.WAD");
  TargetList before = targetsOf(w.doc);
  ObjectView v{objectsOf(w.doc)};
  std::size_t m = *v.findMovable(0), first = v.animationRange(m).first, end = v.animationRange(m).second;
};

TEST(WholeAnimations, DeleteKeepsEveryTargetOnItsAnimation) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  const auto w = load("wad/tut1.WAD");
  const auto before = targetsOf(w.doc);
  const long g = long(laraFirst(w.doc) + 5);
  auto order = identityOrder(before.next.size());
  order.erase(order.begin() + g);
  const auto dropped = anim::deleteAnimation(w.doc, 0, 5, Targets::Drop);
  expectTargets(targetsOf(written(dropped.doc)), expected(before, order, g));
  EXPECT_FALSE(dropped.warnings.empty()) << "the dispatches into animation 5 are reported";
  // Kept: the raw number, which now names the animation after it.
  expectTargets(targetsOf(written(anim::deleteAnimation(w.doc, 0, 5, Targets::Keep).doc)), expected(before, order, g, g));
}

TEST(WholeAnimations, AddDuplicateMoveKeepEveryTarget) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  const auto w = load("wad/tut1.WAD");
  const auto before = targetsOf(w.doc);
  const long first = long(laraFirst(w.doc));
  const auto add = targetsOf(written(anim::addAnimation(w.doc, 0, 3, std::nullopt).doc));
  expectOthersFollow(add, before, first + 3);
  EXPECT_EQ(add.next[std::size_t(first + 3)], first + 3) << "a new animation goes on to itself";
  EXPECT_EQ(add.dispatches[std::size_t(first + 3)], std::vector<long>{});

  auto duplicated = identityOrder(before.next.size());
  duplicated.insert(duplicated.begin() + first + 8, first + 7);
  expectTargets(targetsOf(written(anim::duplicateAnimation(w.doc, 0, 7).doc)), expected(before, duplicated));

  auto moved = identityOrder(before.next.size());
  moved.erase(moved.begin() + first + 3);
  moved.insert(moved.begin() + first + 9, first + 3);
  expectTargets(targetsOf(written(anim::moveAnimation(w.doc, 0, 3, 9).doc)), expected(before, moved));
}

TEST(WholeAnimations, IdentitiesGiveTheFileBack) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  const auto w = load("wad/tut1.WAD");
  const std::size_t count = [&] {
    const ObjectView v(objectsOf(w.doc));
    const auto [a0, a1] = v.animationRange(*v.findMovable(0));
    return a1 - a0;
  }();
  for (std::size_t at : {std::size_t(0), std::size_t(3), count}) {
    const auto added = anim::addAnimation(w.doc, 0, at, std::nullopt).doc;
    EXPECT_NE(encodeDocument(added), w.bytes);
    EXPECT_EQ(encodeDocument(anim::deleteAnimation(added, 0, at, Targets::Drop).doc), w.bytes) << "add then delete at " << at;
  }
  for (std::size_t a : {std::size_t(0), std::size_t(7), count - 1})
    EXPECT_EQ(encodeDocument(anim::deleteAnimation(anim::duplicateAnimation(w.doc, 0, a).doc, 0, a + 1, Targets::Drop).doc), w.bytes)
        << "duplicate then delete the copy of " << a;
  for (auto [a, to] : {std::pair<std::size_t, std::size_t>{0, 3}, {7, 100}, {count - 1, 2}}) {
    const auto moved = anim::moveAnimation(w.doc, 0, a, to).doc;
    EXPECT_NE(encodeDocument(moved), w.bytes);
    EXPECT_EQ(encodeDocument(anim::moveAnimation(moved, 0, to, a).doc), w.bytes) << "move " << a << " to " << to << " and back";
  }
}

TEST(WholeAnimations, AnAddWritesOnlyWhatItMust) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  const auto w = load("wad/tut1.WAD");
  const auto out = encodeDocument(anim::addAnimation(w.doc, 0, std::nullopt, std::nullopt).doc);
  const auto diff = test::diffParts(w.bytes, out);
  EXPECT_TRUE(diff.meshes.empty());
  EXPECT_FALSE(diff.sections.contains("commands"));
  EXPECT_FALSE(diff.sections.contains("state changes"));
  EXPECT_EQ(out.size(), w.bytes.size() + 40 + 2 * (9 + 2 * 15)) << "one animation record and one rest-pose keyframe";
}

// anim import without --replace: an exported animation comes back as a new one, appended or at
// --as N, with the same exchange form but for its numbers, which name the movable's animations as
// they were (those from N on are one further); every other target follows.
TEST(WholeAnimations, AnimImportAppendsOrInserts) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  const Lara l;
  const auto& [w, before, v, m, first, end] = l;
  const auto file = anim::exportAnimation(v, m, first + 103);
  for (std::size_t n : {end - first, std::size_t(3)}) {
    SCOPED_TRACE("as " + std::to_string(n));
    const auto imported = anim::importNewAnimation(w.doc, 0, n == end - first ? std::nullopt : std::optional(n), file, Targets::Keep);
    const Document out = written(imported.edited.doc);
    expectOthersFollow(targetsOf(out), before, long(first + n));
    auto back = anim::exportAnimation(ObjectView(objectsOf(out)), m, first + n);
    auto want = file;
    auto shift = [&](int& t) { t += t >= int(n) ? 1 : 0; };
    shift(want.nextAnimation);
    for (auto& sc : want.stateChanges)
      for (auto& dp : sc.dispatches) shift(dp.nextAnimation);
    back.name = want.name;
    EXPECT_EQ(back, want);
  }
}

TEST(WholeAnimations, CorpusAnimFilesAppendToLara) {
  const auto dir = test::corpusFile("anim/LARA");
  WADSMITH_REQUIRE_CORPUS(dir);
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  const Lara l;
  const auto& [w, before, v, m, first, end] = l;
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    SCOPED_TRACE(e.path().filename().string());
    const auto file = readAnimFile(readFileBytes(e.path()), e.path().string());
    const auto imported = anim::importNewAnimation(w.doc, 0, std::nullopt, file, Targets::Own);
    const Document out = written(imported.edited.doc);
    expectOthersFollow(targetsOf(out), before, long(end));
    const auto back = anim::exportAnimation(ObjectView(objectsOf(out)), m, end);
    EXPECT_EQ(back.keyframes.size(), file.keyframes.size());
    EXPECT_EQ(back.frameRate, file.frameRate);
    EXPECT_EQ(back.stateId, file.stateId);
    ++files;
  }
  EXPECT_GT(files, 10u);
}

// Lara's animations 100..109 of karnak.WAD copied onto Lara of tut1.WAD: the copies have the
// source's keyframes, targets among them point at the copies, the others go as each mode says, and
// every target the destination had stays on its animation.
TEST(WholeAnimations, CopyAnimationsFromAnotherWad) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  const auto w = load("wad/tut1.WAD"), k = load("wad/karnak.WAD");
  const auto before = targetsOf(w.doc), source = targetsOf(k.doc);
  const ObjectView v(objectsOf(w.doc)), sv(objectsOf(k.doc));
  const auto range = v.animationRange(*v.findMovable(0));
  const long d0 = long(range.first), d1 = long(range.second);  // plain values: clang 14 lambdas take no bindings
  const long s0 = long(sv.animationRange(*sv.findMovable(0)).first) + 100;
  for (auto mode : {Targets::Keep, Targets::Own, Targets::Drop}) {
    SCOPED_TRACE(int(mode));
    const auto copied = anim::copyAnimations(w.doc, 0, std::nullopt, k.doc, 0, 100, 10, mode);
    EXPECT_FALSE(copied.warnings.empty()) << "the targets that leave the copied animations are reported";
    const auto got = targetsOf(written(copied.doc));
    expectOthersFollow(got, before, long(d1), 10);
    for (long i = 0; i < 10; ++i) {
      const auto c = std::size_t(long(d1) + i), src = std::size_t(s0 + i);
      auto map = [&](long t) {
        if (t >= s0 && t < s0 + 10) return long(d1) + t - s0;  // a copy
        if (mode == Targets::Own) return long(c);
        return t - long(sv.animationRange(*sv.findMovable(0)).first) + long(d0);  // Keep: the same number here
      };
      EXPECT_EQ(got.keyframes[c], source.keyframes[src]);
      const bool nextLeaves = source.next[src] < s0 || source.next[src] >= s0 + 10;
      EXPECT_EQ(got.next[c], mode == Targets::Drop && nextLeaves ? long(c) : map(source.next[src]));
      std::vector<long> want;
      for (long t : source.dispatches[src])
        if (mode != Targets::Drop || (t >= s0 && t < s0 + 10)) want.push_back(map(t));
      EXPECT_EQ(got.dispatches[c], want) << "copy " << i;
    }
  }
}

TEST(WholeAnimations, CopyAnimationsNeedTheSameBones) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  const auto w = load("wad/tut1.WAD");
  const ObjectView v(objectsOf(w.doc));
  for (const auto& m : v.movables()) {
    const auto n = v.meshCount(*v.findMovable(m.objectId));
    if (n == v.meshCount(*v.findMovable(0)) || v.animationRange(*v.findMovable(m.objectId)).first == v.animationRange(*v.findMovable(m.objectId)).second) continue;
    try {
      anim::copyAnimations(w.doc, 0, std::nullopt, w.doc, m.objectId, 0, std::nullopt, Targets::Keep);
      ADD_FAILURE() << "a movable of " << n << " bones gave Lara its animations";
    } catch (const ops::EditError& e) {
      EXPECT_NE(std::string(e.what()).find(std::to_string(n)), std::string::npos) << e.what();
    }
    return;
  }
}

}  // namespace
}  // namespace wadsmith
