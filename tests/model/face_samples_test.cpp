// The sample book (model/import/face_samples.h) on coordinates a broken file gives: far past the
// image they make a solid sample, never an int overflow (the wad2 fuzzer's 3.9e25 texels).
#include <gtest/gtest.h>

#include "model/import/face_samples.h"

namespace wadsmith::import {
namespace {

std::vector<imported::Image> checkerImage() {
  imported::Image img;
  img.name = "checker";
  img.width = img.height = 2;
  img.rgba = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
  return {img};
}

imported::Face triangle(std::array<imported::Vec2, 3> uv) {
  imported::Face f;
  f.corners = 3;
  f.vertices = {0, 1, 2, 0};
  f.image = 0;
  f.uv = {uv[0], uv[1], uv[2], {}};
  f.color = {10, 20, 30};
  return f;
}

TEST(FaceSamples, CoordinatesFarPastTheImageGiveASolidSample) {
  const auto images = checkerImage();
  SampleBook book(64);
  for (float far : {3.9e25f, -1e9f, 1e8f}) {
    SCOPED_TRACE(far);
    const auto t = book.add(triangle({{{0, 0}, {far, 0}, {0, 1}}}), images);
    EXPECT_EQ(t.kind, FaceTexture::Kind::Solid);
  }
  EXPECT_EQ(book.count(), 1u);  // the three solid faces share one sample of their colour
}

TEST(FaceSamples, CoordinatesAFewRepeatsPastTheImageAreResampled) {
  const auto images = checkerImage();
  SampleBook book(64);
  const auto t = book.add(triangle({{{0, 0}, {3.3f, 0.2f}, {0.4f, 2.7f}}}), images);
  EXPECT_EQ(t.kind, FaceTexture::Kind::Resampled);
  EXPECT_EQ(book.count(), 1u);
}

}  // namespace
}  // namespace wadsmith::import
