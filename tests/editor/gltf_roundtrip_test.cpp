// glTF export -> import identity on every object of the fixtures and of the corpus WADs and
// levels: the file's records come back exactly (ObjectRecords, pixels included), and importing
// the file over the object gives the same object (tests/support/object_signature.h: geometry,
// face attributes, flips and corners with their samples' pixels, keyframe words, state changes,
// dispatches, commands, boxes). Every exported file goes through the Khronos validator
// (0 errors), which the test runs with node when tests/gltf-validator is installed.
#include <gtest/gtest.h>
#include "editor/interop/tiny_gltf_config.h"

#include <cstdio>
#include <fstream>

#include "editor/interop/gltf_export.h"
#include "editor/interop/gltf_file.h"
#include "editor/interop/gltf_import.h"
#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "model/exchange/import_object.h"
#include "model/exchange/object_records.h"
#include "model/merge/merge.h"
#include "tests/editor/gltf_validator.h"
#include "tests/support/object_signature.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

struct Checked {
  std::size_t objects = 0, identical = 0;
  std::vector<std::filesystem::path> files;  // for the validator
};

void roundTripEveryObject(const std::filesystem::path& source, const std::filesystem::path& dir, Checked& checked,
                          std::size_t keepFiles, std::size_t every = 1) {
  const auto doc = usecases::documentObjects(loadDocument(source)).wad;
  std::size_t n = 0, seen = 0;
  for (const auto& key : test::objectKeys(doc)) {
    if (seen++ % every) continue;
    SCOPED_TRACE(source.filename().string() + " " + key.text());
    const auto records = exchange::objectRecords(doc, key);
    const bool binary = n % 2 == 0;  // both container kinds
    std::vector<std::uint8_t> bytes;
    for (const auto& piece : interop::exportGltf(doc, {key}, binary)) bytes.insert(bytes.end(), piece.begin(), piece.end());
    const auto file = dir / (source.stem().string() + "_" + (key.movable() ? "m" : "s") + std::to_string(key.slot) +
                             (binary ? ".glb" : ".gltf"));
    if (n < keepFiles) {
      writeFileAtomic(file, bytes);
      checked.files.push_back(file);
    }
    ++n;
    tinygltf::Model back;
    interop::readGltf(bytes, file, back);
    auto objects = interop::gltfObjects(back, file.string());
    ASSERT_EQ(objects.size(), 1u);
    ASSERT_TRUE(objects[0].records.has_value()) << (objects[0].notes.empty() ? "" : objects[0].notes.back());
    EXPECT_TRUE(*objects[0].records == records) << "the records read back differ";

    // Imported over itself, the object is what merging it over itself gives (a merge rebuilds
    // the packages; the quirks fixture's odd offsets do not all survive that), and for the
    // corpus that is the object as it was.
    exchange::ImportRequest req;
    req.target = key;
    req.replace = true;
    req.records = &*objects[0].records;
    auto result = exchange::importObject(doc, exchange::objectDocument(*objects[0].records), req);
    merge::Request same;
    (key.movable() ? same.movables : same.statics).push_back(key.slot);
    same.replace = true;
    const auto merged = merge::mergeObjects(doc, doc, same).doc;
    const auto after = test::objectSignature(result.doc, key);
    EXPECT_EQ(test::signatureDifference(test::objectSignature(merged, key), after), "");
    if (test::signatureDifference(test::objectSignature(doc, key), after).empty()) ++checked.identical;
    ++checked.objects;
  }
}

TEST(GltfRoundTrip, EveryFixtureObject) {
  Checked checked;
  const auto dir = test::scratchDir();
  for (const char* f : {"sample.wad", "quirks.wad", "version130.wad", "synthetic.tr4"})
    roundTripEveryObject(test::fixturesDir() / f, dir, checked, 1000);
  EXPECT_GT(checked.objects, 3u);
  EXPECT_GE(checked.identical + 2, checked.objects);  // all but quirks.wad's odd keyframe offsets
  test::expectValidGltf(checked.files);
}

// Under AddressSanitizer every object would take most of the suite's time: every fifth there
// (all of them in the release build's run).
#if defined(WADSMITH_UNDER_ASAN)
constexpr std::size_t kEvery = 5;
#else
constexpr std::size_t kEvery = 1;
#endif

TEST(GltfRoundTrip, EveryCorpusObject) {
  auto files = test::corpusFiles("wad", {".wad"});
  for (const auto& l : test::corpusFiles("tr4", {".tr4"})) files.push_back(l);
  if (files.empty()) GTEST_SKIP() << "no ../shared corpus WADs or levels: skipped";
  Checked checked;
  const auto dir = test::scratchDir();
  for (const auto& f : files) roundTripEveryObject(f, dir, checked, 100000, kEvery);
  if (kEvery > 1) std::printf("AddressSanitizer build: every %zuth object\n", kEvery);
  std::printf("exported and imported back %zu corpus objects of %zu files: %zu identical\n", checked.objects, files.size(),
              checked.identical);
  EXPECT_EQ(checked.identical, checked.objects);
  test::expectValidGltf(checked.files);
  for (const auto& f : checked.files) std::filesystem::remove(f);
}

}  // namespace
}  // namespace wadsmith
