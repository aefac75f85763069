// Assimp's importers in a process of their own: the models come back as the in-process
// importer reads them, a damaged answer is a located error, and a crash in the child (Assimp
// 5.2 double-frees on some files) is an error naming the file while this process goes on.
#include <gtest/gtest.h>

#include <csignal>

#include "editor/interop/assimp_isolated.h"
#include "editor/interop/child_process.h"
#include "editor/interop/imported_wire.h"
#include "io/file_io.h"
#include "io/parse_error.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

imported::Model sampleModel() {
  imported::Model m;
  m.name = "thing";
  imported::Mesh mesh;
  mesh.name = "body";
  mesh.positions = {{1, 2, 3}, {4, 5, 6}, {-7, 8.5f, 9}};
  mesh.shades = {0.25f, 0.5f, 1};
  imported::Face f;
  f.vertices = {0, 1, 2, 0};
  f.image = 0;
  f.uv[1] = {0.5f, 1};
  f.translucent = true;
  mesh.faces = {f};
  m.meshes = {mesh};
  m.bones = {{"root", -1, {0, 0, 0}}};
  m.animations = {{"walk", 30, {{{1, 2, 3}, {{0.5f, 0.5f, 0.5f, 0.5f}}}}, {0.125f}}};
  m.images = {{"page", 1, 1, {1, 2, 3, 255}}};
  m.notes = {"a note"};
  return m;
}

TEST(ImportedWire, AModelComesBackFieldForField) {
  const auto bytes = interop::encodeImported({sampleModel(), sampleModel()});
  const auto back = interop::decodeImported(bytes, "answer");
  ASSERT_EQ(back.size(), 2u);
  const auto& m = back[1];
  EXPECT_EQ(m.name, "thing");
  ASSERT_EQ(m.meshes.size(), 1u);
  EXPECT_EQ(m.meshes[0].positions[2].y, 8.5f);
  EXPECT_EQ(m.meshes[0].shades[1], 0.5f);
  EXPECT_TRUE(m.meshes[0].faces[0].translucent);
  EXPECT_EQ(m.meshes[0].faces[0].uv[1].u, 0.5f);
  EXPECT_EQ(m.animations[0].frames[0].rotations[0].w, 0.5f);
  EXPECT_EQ(m.animations[0].frameResiduals[0], 0.125f);
  EXPECT_EQ(m.images[0].rgba[3], 255);
  EXPECT_EQ(m.notes[0], "a note");
  EXPECT_EQ(interop::encodeImported(back), bytes) << "every field carried";
}

TEST(ImportedWire, ADamagedAnswerIsALocatedError) {
  auto bytes = interop::encodeImported({sampleModel()});
  const auto cut = std::vector<std::uint8_t>(bytes.begin(), bytes.end() - 3);
  EXPECT_THROW(interop::decodeImported(cut, "answer"), ParseError);
  auto lie = bytes;
  lie[4] = 0xFF, lie[5] = 0xFF, lie[6] = 0xFF, lie[7] = 0x7F;  // two billion models
  try {
    interop::decodeImported(lie, "answer");
    FAIL() << "a count past the bytes was read";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("answer"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("count"), std::string::npos) << e.what();
  }
}

TEST(AssimpIsolated, TheChildReadsWhatThisProcessWould) {
  for (const char* name : {"outside.obj", "outside.dae", "outside.fbx"}) {
    const auto file = test::fixturesDir() / name;
    const auto here = interop::assimpObjects(readFileBytes(file), file, {});
    const auto there = interop::assimpObjectsIsolated(file);
    EXPECT_EQ(interop::encodeImported(there), interop::encodeImported(here)) << name;
  }
}

TEST(AssimpIsolated, TheImportersErrorComesBackInItsWords) {
  const auto file = test::scratchDir() / "garbage.fbx";
  writeFileAtomic(file, std::vector<std::uint8_t>{'n', 'o', 't', ' ', 'F', 'B', 'X'});
  try {
    interop::assimpObjectsIsolated(file);
    FAIL() << "garbage imported";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("garbage.fbx"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find("crashed"), std::string::npos) << e.what();
  }
}

#ifndef _WIN32
TEST(AssimpIsolated, ACrashEndsTheChildOnly) {
  const auto o = interop::runForked([]() -> std::vector<std::uint8_t> { std::abort(); });
  EXPECT_NE(o.failure.find("signal " + std::to_string(SIGABRT)), std::string::npos) << o.failure;
  const auto fine = interop::runForked([] { return std::vector<std::uint8_t>(200000, 7); });
  EXPECT_TRUE(fine.failure.empty()) << fine.failure;
  EXPECT_EQ(fine.answer, std::vector<std::uint8_t>(200000, 7)) << "an answer larger than the pipe";
}
#endif

}  // namespace
}  // namespace wadsmith
