// `wadsmith info` on other engines' files: the text and JSON listings, the names merge takes,
// and a located error for a corrupt file.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "io/file_io.h"
#include "editor/usecases/sources.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

nlohmann::json infoJson(const std::filesystem::path& file) {
  auto r = test::runWadsmith("info " + file.string() + " --json");
  EXPECT_EQ(r.exit, 0) << r.out;
  return nlohmann::json::parse(r.out);
}

TEST(ForeignInfoCli, JsonListsMovablesAndStaticsByTheNamesMergeTakes) {
  std::vector<std::filesystem::path> files;
  for (const char* f : {"foreign_eq.s3d", "foreign_eq.wld", "foreign_bones.mdl", "foreign_mdl3.mdl", "foreign_map.wmp"})
    files.push_back(test::fixturesDir() / f);
  for (const char* c : {"eq/gfaydark.s3d", "eq/gfaydark_chr.wld", "eq/gfaydark_obj.wld", "3dgs/mdl3-crystal.mdl",
                        "3dgs/mdl4-golem.mdl", "3dgs/block.wmp"})
    if (auto p = test::corpusFile(c); !p.empty()) files.push_back(p);
  for (const auto& f : files) {
    SCOPED_TRACE(f.string());
    auto j = infoJson(f);
    ASSERT_TRUE(j.contains("movables"));
    ASSERT_TRUE(j.contains("statics"));
    for (const char* kind : {"movables", "statics"})
      for (std::size_t i = 0; i < j[kind].size(); ++i) {
        const auto& e = j[kind][i];
        EXPECT_EQ(e["index"], i);
        auto m = usecases::loadForeignModel(f, kind[0] == 'm' ? ObjectKind::Movable : ObjectKind::Static, e["name"].get<std::string>());
        EXPECT_EQ(m.meshes.size(), e["meshes"].get<std::size_t>());
      }
  }
  auto j = infoJson(test::fixturesDir() / "foreign_eq.s3d");
  EXPECT_EQ(j["format"], "eq-s3d");
  EXPECT_EQ(j["archive"].size(), 4u);
  EXPECT_EQ(j["archive"][1]["name"], "leaf.bmp");
  EXPECT_EQ(j["archive"][1]["blocks"], 2);
  EXPECT_EQ(j["worlds"][0]["fragment_types"]["0x36"], 3);
  EXPECT_EQ(j["movables"][0]["name"], "TINY_ACTORDEF");
  EXPECT_EQ(j["movables"][0]["container"], "foreign_eq.wld");
  EXPECT_EQ(j["movables"][0]["animations"], 2);
  EXPECT_EQ(j["statics"][1]["name"], "LOOSE_DMSPRITEDEF");
  auto mdl = infoJson(test::fixturesDir() / "foreign_bones.mdl");
  EXPECT_EQ(mdl["format"], "3dgs-mdl");
  EXPECT_EQ(mdl["properties"]["bone_groups"], "3");
  EXPECT_EQ(mdl["movables"][0]["name"], "foreign_bones");
  // Any source the registry knows lists its objects: a 3D file's object can become either kind,
  // an export's is what it was, at its slot.
  auto glb = infoJson(test::fixturesDir() / "outside.glb");
  EXPECT_EQ(glb["format"], "gltf");
  EXPECT_EQ(glb["movables"][0]["name"], "lamp");
  EXPECT_EQ(glb["statics"][0]["name"], "lamp");
  const auto exported = (test::scratchDir() / "export.glb").string();
  ASSERT_EQ(test::runWadsmith("export " + (test::fixturesDir() / "sample.wad").string() + " --movable 427 -o " + exported).exit, 0);
  auto records = infoJson(exported);
  ASSERT_EQ(records["movables"].size(), 1u);
  EXPECT_EQ(records["movables"][0]["slot"], 427);
  EXPECT_TRUE(records["statics"].empty());
}

TEST(ForeignInfoCli, TextNamesTheModels) {
  auto r = test::runWadsmith("info " + (test::fixturesDir() / "foreign_map.wmp").string());
  EXPECT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("3dgs-wmp"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("object1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("all"), std::string::npos) << r.out;
  r = test::runWadsmith("info " + (test::fixturesDir() / "foreign_eq.s3d").string());
  EXPECT_NE(r.out.find("leaf.bmp"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("TINY_ACTORDEF"), std::string::npos) << r.out;
}

TEST(ForeignInfoCli, CorruptFileFailsWithItsLocation) {
  auto dir = test::scratchDir();
  auto bytes = readFileBytes(test::fixturesDir() / "foreign_bones.mdl");
  bytes.resize(200);
  writeFileAtomic(dir / "cut.mdl", bytes);
  auto r = test::runWadsmith("info " + (dir / "cut.mdl").string());
  EXPECT_EQ(r.exit, 1);
  // Header 84 bytes, one 8x8 skin (4 + 64), four skin vertices (16): the triangles at 168.
  EXPECT_NE(r.out.find("cut.mdl: section triangles at byte 168: triangle count 38 needs 456 bytes, only 32 left"),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace wadsmith
