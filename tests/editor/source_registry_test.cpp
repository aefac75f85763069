// The source registry (editor/usecases/sources.h): every entry recognises a file of its kind,
// lists its objects and brings one in; every model another engine's fixture or corpus file
// offers merges into a WAD that round-trips and validates; the arguments survive JSON.
#include <gtest/gtest.h>

#include <iostream>
#include <map>

#include "editor/usecases/bring_in.h"
#include "io/file_io.h"
#include "io/wad_codec.h"
#include "io/wad_files.h"
#include "model/import/import.h"
#include "model/object_view.h"
#include "model/validate.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

// Files of every kind the registry knows (fixtures/).
const std::map<std::string, std::vector<std::string>> kFixtures = {
    {"wad", {"quirks.wad"}},
    {"wad2", {"sample.wad2", "sample_zlib.wad2", "quirks.wad2"}},
    {"level", {"synthetic.phd", "synthetic.tr2", "synthetic_tr3.tr2", "synthetic.tr4", "synthetic.trc"}},
    {"eq-s3d", {"foreign_eq.s3d"}},
    {"eq-wld", {"foreign_eq.wld"}},
    {"3dgs-mdl", {"foreign_bones.mdl", "foreign_mdl3.mdl"}},
    {"3dgs-wmp", {"foreign_map.wmp"}},
    {"gltf", {"outside.gltf", "outside.glb"}},
    {"obj-fbx-dae", {"outside.obj"}},
};

// A listed object picked as the editor's panel picks it (a document's by its slot, a model by
// its name), into the first free slot of its kind.
usecases::Pick pickOf(const usecases::Source& source, ObjectKind kind, const ListedObject& e, const WadDocument& dst) {
  return {kind, source.document ? std::to_string(e.slot.value()) : e.name, import::firstFreeSlot(dst, kind == ObjectKind::Movable)};
}

TEST(SourceRegistry, EveryEntryRecognisesListsAndBringsIn) {
  const auto dir = test::scratchDir();
  const auto dst = loadWad(test::fixturesDir() / "sample.wad");
  for (const auto& f : usecases::sourceFormats()) {
    SCOPED_TRACE(f.name);
    const auto files = kFixtures.find(f.name);
    ASSERT_NE(files, kFixtures.end()) << "a source kind without a fixture here and in bring_in_proof_test.cpp";
    for (const auto& file : files->second) {
      SCOPED_TRACE(file);
      const auto path = test::fixturesDir() / file;
      ASSERT_EQ(usecases::recogniseSource(path), &f);
      const auto source = usecases::openSource(path);
      const auto listing = source->list();
      EXPECT_EQ(listing.format, f.name);
      const ObjectKind kind = listing.movables.empty() ? ObjectKind::Static : ObjectKind::Movable;
      ASSERT_FALSE(listing.of(kind).empty());
      usecases::BringIn args;
      args.picks = {pickOf(*source, kind, listing.of(kind).front(), dst)};
      const auto brought = usecases::bringIn(dst, *source, args, {dir / "sample.wad", dir / "out.wad"});
      ASSERT_EQ(brought.report.merged.size(), 1u);
      EXPECT_EQ(brought.report.merged[0].target(), (ObjectRef{kind, *args.picks[0].slot}));
      const auto bytes = writeWad(brought.doc);
      EXPECT_EQ(writeWad(readWad(bytes, "out.wad")), bytes);
    }
  }
}

// What the crash journal and scripts keep of a bring-in comes back the same.
TEST(SourceRegistry, BringInArgumentsSurviveJson) {
  usecases::BringIn a;
  a.source = "dir/golem.mdl";
  a.picks = {{ObjectKind::Movable, "mdl4-golem", 429}, {ObjectKind::Static, "0", std::nullopt}};
  a.replace = a.withRelated = true;
  a.sounds = merge::SoundMode::None;
  a.sprites = {463};
  a.mesh = 2;
  a.convert.scale = 20;
  a.convert.textures = {"t.s3d", "pics"};
  a.convert.palette = "palette.pcx";
  a.convert.frame = 3;
  a.convert.framesPerSecond = 15;
  a.convert.turn = -90;
  a.convert.floor = false;
  a.convert.overlay = a.convert.recomputeNormals = true;
  a.mainSfx = "MAIN.SFX";
  a.samples = "samples";
  const auto j = usecases::toJson(a);
  EXPECT_EQ(usecases::toJson(usecases::bringInFromJson(j)), j);
  const auto b = usecases::bringInFromJson(j);
  EXPECT_EQ(b.picks[0].slot, 429u);
  EXPECT_FALSE(b.picks[1].slot);
  EXPECT_EQ(b.convert, a.convert);
  EXPECT_EQ(b.sounds, a.sounds);
  EXPECT_FALSE(usecases::bringInFromJson({{"source", "x.wad"}}).sounds) << "left out: the source's default";
}

// Every model every fixture and corpus file of another engine offers merges into the sample
// WAD: the result writes, reads back to the same bytes, validates as cleanly as the sample, and
// holds the model with its meshes and animations.
TEST(SourceRegistry, EveryOtherEnginesModelMergesIntoAWadThatRoundTripsAndValidates) {
  std::vector<std::filesystem::path> files;
  for (const char* f : {"foreign_eq.s3d", "foreign_eq.wld", "foreign_bones.mdl", "foreign_mdl3.mdl", "foreign_map.wmp"})
    files.push_back(test::fixturesDir() / f);
  for (const auto& f : test::corpusFiles("eq", {".s3d", ".wld"})) files.push_back(f);
  for (const auto& f : test::corpusFiles("3dgs", {".mdl", ".wmp"})) files.push_back(f);
  const auto dir = test::scratchDir();
  const auto dst = loadWad(test::fixturesDir() / "sample.wad");
  const auto baseline = validate(Document(dst)).size();
  std::size_t merged = 0;
  for (const auto& file : files) {
    const auto source = usecases::openSource(file);
    const auto listing = source->list();
    for (const auto kind : {ObjectKind::Movable, ObjectKind::Static})
      for (const auto& e : listing.of(kind)) {
        SCOPED_TRACE(file.string() + " " + e.name);
        usecases::BringIn args;
        args.picks = {pickOf(*source, kind, e, dst)};
        const auto slot = *args.picks[0].slot;
        const auto r = usecases::bringIn(dst, *source, args, {dir / "sample.wad", dir / "out.wad"});
        const auto bytes = writeWad(r.doc);
        auto back = readWad(bytes, "merged");
        ASSERT_EQ(writeWad(back), bytes);
        back.sounds = r.doc.sounds;  // the .SFX/.SAM travel beside the .wad bytes
        EXPECT_EQ(validate(Document(back)).size(), baseline);
        const ObjectView v(back.objects);
        if (kind == ObjectKind::Movable) {
          auto mi = v.findMovable(slot);
          ASSERT_TRUE(mi);
          EXPECT_EQ(v.meshCount(*mi), e.meshes);
          auto [a0, a1] = v.animationRange(*mi);
          EXPECT_EQ(a1 - a0, std::max<std::size_t>(e.animations, 1));
        } else {
          ASSERT_TRUE(v.findStatic(slot));
        }
        EXPECT_FALSE(r.notes.empty());
        ++merged;
      }
  }
  EXPECT_GE(merged, 10u);
  std::cout << merged << " models merged\n";
}

}  // namespace
}  // namespace wadsmith
