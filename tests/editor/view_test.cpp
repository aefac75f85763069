// View logic that needs no GL: picking, posing, texture mapping, camera framing, PNG.
#include <gtest/gtest.h>

#include "editor/view/camera.h"
#include "editor/view/geometry.h"
#include "editor/view/picking.h"
#include "editor/view/pose.h"
#include "editor/view/scripted_input.h"
#include "io/wad_files.h"
#include "model/ops/mesh_ops.h"
#include "model/texture_word.h"
#include "tests/support/test_support.h"

namespace wadsmith::view {
namespace {

Mesh square(std::int16_t z) {
  Mesh m;
  m.vertices = {{-100, -100, z}, {100, -100, z}, {100, 100, z}, {-100, 100, z}};
  Polygon q;
  q.quad = true;
  q.vertices = {0, 1, 2, 3};
  m.polygons = {q};
  return m;
}

TEST(Picking, RaysHitTheNearestFace) {
  Mesh far = square(0), near = square(500);
  Ray ray{{0, 0, 2000}, {0, 0, -1}};
  auto hit = pickFace(ray, {&far, &near}, {Mat4{}, Mat4{}});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->face.mesh, 1u);
  EXPECT_FLOAT_EQ(hit->distance, 1500);
  // Moving the near mesh aside with its transform: the far one is hit.
  hit = pickFace(ray, {&far, &near}, {Mat4{}, Mat4::translation({1000, 0, 0})});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->face.mesh, 0u);
  EXPECT_FALSE(pickFace({{500, 500, 2000}, {0, 0, -1}}, {&far}, {Mat4{}}));
  EXPECT_FALSE(pickFace({{0, 0, 2000}, {0, 0, 1}}, {&far}, {Mat4{}}));  // pointing away
}

// The renderer culls with glFrontFace(GL_CW): a face seen from its visible side (the side its
// stored normal points to, computed as the original files do) must wind clockwise on screen.
// Flipping Y alone would mirror the model and show the inside of every face.
TEST(Camera, UprightTurnsTheModelWithoutMirroringIt) {
  const Mat4 up = uprightMatrix();
  float det = up.at(0, 0) * (up.at(1, 1) * up.at(2, 2) - up.at(1, 2) * up.at(2, 1)) -
              up.at(0, 1) * (up.at(1, 0) * up.at(2, 2) - up.at(1, 2) * up.at(2, 0)) +
              up.at(0, 2) * (up.at(1, 0) * up.at(2, 1) - up.at(1, 1) * up.at(2, 0));
  EXPECT_FLOAT_EQ(det, 1.0f);
  EXPECT_GT(up.direction({0, -1, 0}).y, 0.99f);  // TR's up (-Y) is the display's up

  Mesh tri;
  tri.vertices = {{0, 0, 0}, {300, 40, 20}, {50, 250, -30}};
  Polygon t;
  t.vertices = {0, 1, 2};
  tri.polygons = {t};
  tri.normals = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
  const auto n = ops::computeNormals(tri)[0];
  const Vec3 outward = normalize(up.direction({float(n.x), float(n.y), float(n.z)}));
  Vec3 corners[3];
  for (int i = 0; i < 3; ++i) corners[i] = up.point({float(tri.vertices[i].x), float(tri.vertices[i].y), float(tri.vertices[i].z)});

  auto screenArea = [&](const Vec3& towardsEye) {
    OrbitCamera cam;
    cam.target = (corners[0] + corners[1] + corners[2]) * (1.0f / 3);
    cam.yaw = std::atan2(towardsEye.x, towardsEye.z);
    cam.pitch = std::asin(towardsEye.y);
    cam.distance = 2000;
    const Mat4 vp = cam.projection(1.0f) * cam.view();
    Vec3 a = vp.project(corners[0]), b = vp.project(corners[1]), c = vp.project(corners[2]);
    return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);  // > 0: counter-clockwise, y up
  };
  EXPECT_LT(screenArea(outward), 0) << "seen from its visible side, a face winds clockwise";
  EXPECT_GT(screenArea(-outward), 0) << "seen from behind, it winds the other way (culled)";
}

TEST(ScriptedInput, EventsBecomeMouseFrames) {
  auto frames = parseInputScript("click 10,20; drag right 0,0 60,30 ;shift-drag 5,5 7,9; wheel 3,4 -2");
  ASSERT_EQ(frames.size(), 3u + 9u + 9u + 2u);
  // A click: hover, press, release at the point.
  EXPECT_FALSE(frames[0].down[0]);
  EXPECT_TRUE(frames[1].down[0]);
  EXPECT_FALSE(frames[2].down[0]);
  EXPECT_EQ(frames[1].x, 10);
  EXPECT_EQ(frames[1].y, 20);
  // A drag holds its button while the mouse moves in steps to the end point.
  EXPECT_TRUE(frames[4].down[1] && !frames[4].down[0]);
  EXPECT_EQ(frames[10].x, 60);
  EXPECT_EQ(frames[10].y, 30);
  EXPECT_LT(frames[7].x, 60);
  EXPECT_GT(frames[7].x, 0);
  EXPECT_FALSE(frames[11].down[1]);
  EXPECT_TRUE(frames[13].shift && frames[13].down[0]);
  EXPECT_EQ(frames[21].wheel, -2);
  EXPECT_EQ(frames[22].wheel, 0);
  for (const char* bad : {"tap 1,2", "click 1", "click 1,2,3", "drag up 0,0 1,1", "wheel 1,1 lots", "shift-wheel 1,1 2"})
    EXPECT_THROW(parseInputScript(bad), std::runtime_error) << bad;
  EXPECT_TRUE(parseInputScript(" ; ").empty());
}

TEST(ScriptedInput, KeysHoldTheirModifiersForOneFrame) {
  auto frames = parseInputScript("click 10,20; key n; key shift+ctrl+Z; key escape; key space");
  ASSERT_EQ(frames.size(), 3u + 4 * 2u);
  EXPECT_EQ(frames[3].key, 'N');
  EXPECT_FALSE(frames[3].ctrl || frames[3].shift || frames[3].down[0]);
  EXPECT_EQ(frames[3].x, 10) << "the mouse stays where the click left it";
  EXPECT_EQ(frames[4].key, 0) << "released on the next frame";
  EXPECT_EQ(frames[5].key, 'Z');
  EXPECT_TRUE(frames[5].ctrl && frames[5].shift);
  EXPECT_FALSE(frames[7].ctrl || frames[7].shift) << "modifiers belong to their own key only";
  EXPECT_EQ(frames[7].key, kEscape);
  EXPECT_EQ(frames[9].key, ' ');
  for (const char* bad : {"key", "key ctrl+", "key f5", "key alt+z", "key a b", "shift-key a"})
    EXPECT_THROW(parseInputScript(bad), std::runtime_error) << bad;
}

TEST(ScriptedInput, ClicksOnLabelledWidgets) {
  auto frames = parseInputScript("click @M 101  MOVABLE_101 ; shift-click @Remove#2; click 5,6");
  ASSERT_EQ(frames.size(), 9u);
  EXPECT_EQ(frames[0].widget, "M 101  MOVABLE_101") << "inner spaces kept, the end trimmed";
  EXPECT_TRUE(frames[1].down[0] && !frames[2].down[0]);
  EXPECT_EQ(frames[4].widget, "Remove#2");
  EXPECT_TRUE(frames[4].shift);
  EXPECT_TRUE(frames[6].widget.empty());
  EXPECT_THROW(parseInputScript("click @ "), std::runtime_error);
}

TEST(ScriptedInput, DragsFromALabelledWidget) {
  auto frames = parseInputScript("drag left @Shine intensity 60,-4");
  ASSERT_EQ(frames.size(), 9u);
  EXPECT_EQ(frames[0].widget, "Shine intensity") << "the label runs to the offset";
  for (const auto& f : frames) EXPECT_TRUE(f.fromWidget);
  for (std::size_t i = 1; i < frames.size(); ++i) EXPECT_TRUE(frames[i].widget.empty()) << "found once, at the press";
  EXPECT_TRUE(frames[1].down[0] && frames[7].down[0] && !frames[8].down[0]);
  EXPECT_EQ(frames[1].x, 0);
  EXPECT_EQ(frames[8].x, 60);
  EXPECT_EQ(frames[8].y, -4);
  EXPECT_THROW(parseInputScript("drag left @ 60,0"), std::runtime_error);
  EXPECT_THROW(parseInputScript("drag sideways @Speed 60,0"), std::runtime_error);
}

TEST(Geometry, NormalLinesFollowTheMeshSizeNotItsStoredRadius) {
  Mesh m = square(0);  // 200 x 200
  m.radius = 8232;     // as Lara's meshes store it
  m.normals.assign(4, {0, 0, -16300});
  const float len = normalLineLength(m);
  EXPECT_NEAR(len, 0.15f * std::sqrt(2.0f) * 100, 0.01f);
  auto geo = buildGeometry(m, [](const Polygon&) { return FaceTexture{}; }, len);
  ASSERT_EQ(geo.normalLines.size(), 8u);
  EXPECT_NEAR(length(geo.normalLines[1] - geo.normalLines[0]), len, 0.01f);
  EXPECT_FLOAT_EQ(normalLineLength(Mesh{}), 0.15f * 64);  // no vertices: a visible minimum
}

TEST(Picking, BoxSelectUsesFaceCentres) {
  Mesh a = square(0);
  OrbitCamera cam;
  cam.yaw = 0, cam.pitch = 0, cam.distance = 1000;
  Mat4 vp = cam.projection(1.0f) * cam.view();
  auto all = facesInRect(vp, 400, 400, 0, 0, 400, 400, {&a}, {Mat4{}});
  EXPECT_EQ(all.size(), 1u);
  auto none = facesInRect(vp, 400, 400, 0, 0, 100, 100, {&a}, {Mat4{}});
  EXPECT_TRUE(none.empty());
}

TEST(Pose, KeyframesInterpolateAndTheSkeletonPlacesChildren) {
  auto doc = loadWad(test::fixturesDir() / "sample.wad");
  ObjectView v(doc.objects);
  auto skeleton = v.skeleton(0);
  auto keys = v.keyframes(1, 4);  // "swing": the column turns 45 degrees per keyframe, duration 2
  const Animation& swing = v.animations()[1];
  auto at = [&](float frame) { return animationPose(skeleton, keys, swing.frameDuration, frame); };
  // Frame 0: no turn; the column sits on the pedestal, the arm on top of the column.
  auto p0 = at(0);
  Vec3 column = p0.meshes[1].point({0, 0, 0}), arm = p0.meshes[2].point({0, 0, 0});
  EXPECT_NEAR(column.y, -160, 1e-3);
  EXPECT_NEAR(arm.y, -800, 1e-3);
  // The head is 768 along the arm's z: at frame 2 (keyframe 1) the column turned 45 degrees.
  auto p2 = at(2);
  EXPECT_EQ(p2.keyframe, 1u);
  Vec3 head0 = p0.meshes[3].point({0, 0, 0}), head2 = p2.meshes[3].point({0, 0, 0});
  float angle0 = std::atan2(head0.x, head0.z), angle2 = std::atan2(head2.x, head2.z);
  EXPECT_NEAR(std::abs(angle2 - angle0), radians(45), 0.02f);
  // Frame 1 lies halfway: 22.5 degrees.
  auto p1 = at(1);
  EXPECT_FLOAT_EQ(p1.blend, 0.5f);
  Vec3 head1 = p1.meshes[3].point({0, 0, 0});
  EXPECT_NEAR(std::abs(std::atan2(head1.x, head1.z) - angle0), radians(22.5f), 0.02f);
  // The root offset moves mesh 0.
  Keyframe k;
  k.offset = {10, -20, 30};
  auto p = animationPose(skeleton, {k}, 1, 0);
  Vec3 root = p.meshes[0].point({0, 0, 0});
  EXPECT_FLOAT_EQ(root.x, 10);
  EXPECT_FLOAT_EQ(root.y, -20);
}

TEST(TextureMapping, EveryShapeAndFlip) {
  TextureSample s;
  s.x = 10, s.y = 20, s.addW = 31, s.addH = 15;
  auto corners = [&](bool quad, int corner, bool flip) {
    Polygon p;
    p.quad = quad;
    WadTextureWord w;
    w.sample = 1, w.corner = static_cast<std::uint8_t>(corner), w.flipped = flip;
    p.texture = w.encode(quad);
    return wadFaceUVs(p, s);
  };
  const Texel TL{10, 20}, TR{42, 20}, BR{42, 36}, BL{10, 36};
  auto same = [](const Texel& a, const Texel& b) { return a.u == b.u && a.v == b.v; };
  auto q = corners(true, 0, false);
  EXPECT_TRUE(same(q[0], TL) && same(q[1], TR) && same(q[2], BR) && same(q[3], BL));
  auto qf = corners(true, 0, true);
  EXPECT_TRUE(same(qf[0], TR) && same(qf[1], TL) && same(qf[2], BL) && same(qf[3], BR));
  // Triangles: the right angle at TL, TR, BR, BL for shapes 0, 2, 4, 6.
  const Texel order[4] = {TL, TR, BR, BL};
  for (int shape = 0; shape < 4; ++shape) {
    auto t = corners(false, shape * 2, false);
    EXPECT_TRUE(same(t[0], order[shape])) << shape;
    EXPECT_TRUE(same(t[1], order[(shape + 1) % 4])) << shape;
    EXPECT_TRUE(same(t[2], order[(shape + 3) % 4])) << shape;
    auto f = corners(false, shape * 2, true);
    const Texel mirrored[4] = {TR, TL, BL, BR};
    EXPECT_TRUE(same(f[0], mirrored[shape])) << shape;
  }
  // Geometry gets them normalised to the page.
  Mesh m = square(0);
  WadDocument doc;
  doc.samples = share<std::vector<TextureSample>>(std::vector<TextureSample>{s, s});
  m.polygons[0].texture = 1;
  auto g = buildGeometry(m, wadTextures(doc), 50);
  ASSERT_EQ(g.opaque.size(), 6u);
  EXPECT_FLOAT_EQ(g.opaque[0].uv[0], 10 / 256.0f);
  EXPECT_FLOAT_EQ(g.opaque[1].uv[0], 42 / 256.0f);
}

TEST(Camera, FramingFitsTheSphere) {
  for (float aspect : {0.5f, 1.0f, 16.0f / 9}) {
    OrbitCamera cam;
    Vec3 c{100, -200, 50};
    float r = 300;
    cam.frame(c, r, aspect);
    Mat4 vp = cam.projection(aspect) * cam.view();
    Vec3 centre = vp.project(c);
    EXPECT_NEAR(centre.x, 0, 1e-4);
    EXPECT_NEAR(centre.y, 0, 1e-4);
    Vec3 right = normalize(cross(normalize(c - cam.eye()), {0, 1, 0}));
    for (Vec3 p : {c + right * r, c - right * r, c + Vec3{0, r, 0}, c - Vec3{0, r, 0}}) {
      Vec3 ndc = vp.project(p);
      EXPECT_LE(std::abs(ndc.x), 1.0f);
      EXPECT_LE(std::abs(ndc.y), 1.0f);
    }
  }
}

}  // namespace
}  // namespace wadsmith::view
