// Other engines' models built into WAD records (model/import): the keyframes read
// back from the written WAD, decoded by the keyframe decoder and posed by the test's own TR
// matrices (wad_pose_oracle.h), put every source vertex where the source's own frame puts it
// (EverQuest: the skeleton's tracks, foreign_oracle.h; 3D GameStudio: the frame's decoded
// vertex words), within a stated error.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>

#include "io/eq_wld_reader.h"
#include "io/file_io.h"
#include "io/gs_mdl_reader.h"
#include "io/wad_codec.h"
#include "model/foreign/eq_convert.h"
#include "model/foreign/gs_convert.h"
#include "model/import/build.h"
#include "tests/model/foreign_oracle.h"
#include "tests/model/wad_pose_oracle.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using test::D3;

constexpr double kPi = 3.14159265358979323846;
// What quantization may cost a vertex: its own rounding and its chain's rounded offsets (0.87
// each), and each rotation word of the chain (three-axis words are within 3 * 180/1024
// degrees) turning everything beyond it, at most the vertex's distance from the root.
double quantizationBound(int depth, double reach) { return 0.87 * (depth + 2) + depth * (3 * 180.0 / 1024) * kPi / 180 * reach; }

struct Built {
  WadDocument wad;
  std::size_t movable = 0;
  std::vector<int> meshOfBone;  // the TR mesh each model bone became
  std::vector<int> depth;       // per TR mesh: rotations from the root down to it
};

// Built, written and read back; which TR mesh each bone became (the test's own depth-first walk
// of the model's tree, checked against the WAD's link records).
Built buildAndReread(const imported::Model& m) {
  Built out;
  auto built = import::buildWad({{&m, 427}});
  out.wad = readWad(writeWad(built.wad), "built");
  const ObjectView v(out.wad.objects);
  out.movable = *v.findMovable(427);
  std::vector<std::vector<int>> children(m.bones.size());
  for (std::size_t b = 1; b < m.bones.size(); ++b) children[static_cast<std::size_t>(std::max(0, m.bones[b].parent))].push_back(int(b));
  std::vector<int> order, stack{0};
  while (!stack.empty()) {
    int b = stack.back();
    stack.pop_back();
    order.push_back(b);
    for (auto it = children[b].rbegin(); it != children[b].rend(); ++it) stack.push_back(*it);
  }
  out.meshOfBone.assign(m.bones.size(), -1);
  for (std::size_t k = 0; k < order.size(); ++k) out.meshOfBone[std::size_t(order[k])] = int(k);
  const Skeleton sk = v.skeleton(out.movable);
  EXPECT_EQ(sk.bones.size(), m.bones.size());
  out.depth.assign(sk.bones.size(), 1);
  for (std::size_t k = 1; k < sk.bones.size(); ++k) {
    const int bone = order[k];
    EXPECT_EQ(sk.bones[k].parent, out.meshOfBone[std::size_t(std::max(0, m.bones[std::size_t(bone)].parent))]) << "mesh " << k;
    out.depth[k] = out.depth[std::size_t(sk.bones[k].parent)] + 1;
  }
  return out;
}

struct PoseFit {
  double worst = 0;
  std::size_t checked = 0;
};

// Every EverQuest keyframe of `actor`, built, against the oracle's pose of the tracks.
PoseFit checkEqActor(const eq::World& w, const std::string& actor, double scale) {
  const auto m = test::convertEqActor(w, actor, scale);  // the stated change alone: axes and scale
  const test::EqSkeletonOracle oracle(w, actor);
  const int rootPiece = oracle.pieceOf(m.bones.at(0).name);
  const auto corners = test::eqCorners(oracle, m, scale);
  const auto b = buildAndReread(m);
  const ObjectView v(b.wad.objects);
  auto [a0, a1] = v.animationRange(b.movable);
  EXPECT_EQ(a1 - a0, m.animations.size());
  PoseFit out;
  const auto meshes = v.movableMeshes(b.movable);
  for (std::size_t a = 0; a < m.animations.size() && a0 + a < a1; ++a) {
    const auto& anim = m.animations[a];
    const auto& rec = v.animations()[a0 + a];
    std::string prefix = anim.name == "rest" ? "" : anim.name;
    // 10 frames a second are a keyframe every 3 game frames: keyframe k is frame k. Other rates
    // are resampled with the first and last frames kept: keyframe k is frame k (n-1) / (K-1),
    // checked where that is a whole frame.
    const double ratio = 30.0 / anim.framesPerSecond;
    const std::size_t keys = v.keyframeCount(a0 + a);
    if (std::abs(ratio - std::round(ratio)) < 1e-3) {
      EXPECT_EQ(rec.frameDuration, std::lround(ratio)) << anim.name;
      EXPECT_EQ(keys, anim.frames.size()) << anim.name;
    }
    for (std::size_t k = 0; k < keys; ++k) {
      const double at = keys > 1 ? double(k) * double(anim.frames.size() - 1) / double(keys - 1) : 0;
      if (std::abs(at - std::round(at)) > 1e-6) continue;
      const auto f = static_cast<std::size_t>(std::lround(at));
      const auto tr = test::poseWadKeyframe(v, b.movable, a0 + a, k);
      const auto source = oracle.pose(prefix, f);
      for (const auto& c : corners) {
        const auto mesh = std::size_t(b.meshOfBone[std::size_t(c.bone)]);
        const D3 got = tr[mesh].apply(test::storedVertices(*meshes[mesh].mesh).at(std::size_t(c.index)));
        const D3 want = test::toTr(source[std::size_t(c.piece)].apply(c.local), scale);
        const double reach = test::distance(want, tr[0].t) + 1;
        const double slide = oracle.shiftAllowance(prefix, f, c.piece, rootPiece) * scale;
        const double err = test::distance(got, want);
        EXPECT_LE(err, slide + quantizationBound(b.depth[mesh], reach))
            << actor << " " << anim.name << " keyframe " << k << " piece " << oracle.skeleton->pieces[std::size_t(c.piece)].name;
        out.worst = std::max(out.worst, err - slide);
        ++out.checked;
      }
    }
  }
  return out;
}

TEST(ForeignImport, EqFixtureKeyframesPoseLikeItsTracks) {
  auto path = test::fixturesDir() / "foreign_eq.wld";
  auto w = eq::readWld(readFileBytes(path), path.string());
  auto r = checkEqActor(w, "TINY_ACTORDEF", 128);
  EXPECT_GT(r.checked, 20u);
  EXPECT_LT(r.worst, 2.0);
}

TEST(ForeignImport, EveryCorpusCharacterKeyframesPoseLikeItsTracks) {
  auto path = test::corpusFile("eq/gfaydark_chr.wld");
  WADSMITH_REQUIRE_CORPUS(path);
  auto w = eq::readWld(readFileBytes(path), path.string());
  double worst = 0;
  std::size_t checked = 0;
  for (const auto& s : eq::findModels(w)) {
    SCOPED_TRACE(s.name);
    // WIL's root flies 542 EverQuest units away in C05: past 16 bits at 128 (merge scales such a
    // model down when no scale is given); checked at 32.
    auto r = checkEqActor(w, s.name, s.name == "WIL_ACTORDEF" ? 32 : 128);
    worst = std::max(worst, r.worst);
    checked += r.checked;
  }
  EXPECT_GT(checked, 100000u);
  // Measured: 5.1 TR units at most beyond what the tracks' own sliding pieces cost (the
  // README's figure): the words are within 0.006 degrees here, so this is rounding, 0.87 per
  // vertex and per offset of chains up to 8 deep.
  EXPECT_LT(worst, 6.0);
  std::cout << "EverQuest corpus keyframes: " << checked << " vertex positions, worst " << worst << " TR units\n";
}

// MDL: each keyframe against the source frame's decoded vertex words (the frame keyframe k
// shows at 10 frames a second, one every 3 game frames), within the converter's reported
// rigid-fit residual plus quantization.
PoseFit checkMdl(const std::filesystem::path& path) {
  const auto src = gs::readMdl(readFileBytes(path), path.string());
  gs::Options o;
  o.floor = false;
  const auto m = gs::convertMdl(src, path.stem().string(), true, o);
  const auto b = buildAndReread(m);
  const ObjectView v(b.wad.objects);
  auto [a0, a1] = v.animationRange(b.movable);
  const auto meshes = v.movableMeshes(b.movable);
  auto decoded = [&](std::size_t f, std::size_t i) {
    const auto& raw = src.frames[f].vertices[i].raw;
    return test::toTr({double(src.scale[0]) * raw[0] + src.offset[0], double(src.scale[1]) * raw[1] + src.offset[1],
                       double(src.scale[2]) * raw[2] + src.offset[2]},
                      gs::kDefaultScale);
  };
  // Each source vertex is where frame 0's keyframe puts one stored vertex of its group's mesh.
  const auto first = test::poseWadKeyframe(v, b.movable, a0, 0);
  std::vector<std::pair<std::size_t, std::size_t>> where;
  for (std::size_t i = 0; i < src.frames[0].vertices.size(); ++i) {
    std::pair<std::size_t, std::size_t> best{0, 0};
    double bestD = 1e30;
    for (std::size_t mesh = 0; mesh < meshes.size(); ++mesh) {
      if (meshes.size() > 1 && m.meshes[std::size_t(std::find(b.meshOfBone.begin(), b.meshOfBone.end(), int(mesh)) - b.meshOfBone.begin())].name !=
                                   "bone " + std::to_string(src.frames[0].vertices[i].bone))
        continue;
      const auto stored = test::storedVertices(*meshes[mesh].mesh);
      for (std::size_t k = 0; k < stored.size(); ++k)
        if (double d = test::distance(first[mesh].apply(stored[k]), decoded(0, i)); d < bestD) bestD = d, best = {mesh, k};
    }
    where.push_back(best);
  }
  PoseFit out;
  std::size_t frame = 0;
  for (std::size_t a = 0; a < m.animations.size() && a0 + a < a1; ++a) {
    const auto& anim = m.animations[a];
    EXPECT_EQ(v.animations()[a0 + a].frameDuration, 3);
    EXPECT_EQ(v.keyframeCount(a0 + a), anim.frames.size());
    for (std::size_t k = 0; k < anim.frames.size(); ++k, ++frame) {
      const auto tr = test::poseWadKeyframe(v, b.movable, a0 + a, k);
      double here = 0;
      for (std::size_t i = 0; i < where.size(); ++i) {
        const auto [mesh, at] = where[i];
        const D3 got = tr[mesh].apply(test::storedVertices(*meshes[mesh].mesh)[at]);
        const D3 want = decoded(frame, i);
        here = std::max(here, test::distance(got, want));
        ++out.checked;
      }
      const double allowed = anim.frameResiduals.at(k) + quantizationBound(*std::max_element(b.depth.begin(), b.depth.end()), 1500);
      EXPECT_LE(here, allowed) << path << " " << anim.name << " keyframe " << k;
      out.worst = std::max(out.worst, here - anim.frameResiduals.at(k));
    }
  }
  EXPECT_EQ(frame, src.frames.size());
  return out;
}

TEST(ForeignImport, MdlKeyframesPutEachBoneGroupWhereItsFramePutsIt) {
  auto r = checkMdl(test::fixturesDir() / "foreign_bones.mdl");
  EXPECT_GT(r.checked, 100u);
  EXPECT_LT(r.worst, 3.0);
  auto golem = test::corpusFile("3dgs/mdl4-golem.mdl");
  WADSMITH_REQUIRE_CORPUS(golem);
  auto g = checkMdl(golem);
  EXPECT_LT(g.worst, 6.0);
  std::cout << "mdl4-golem keyframes: worst " << g.worst << " TR units beyond the rigid fit's residual\n";
}

}  // namespace
}  // namespace wadsmith
