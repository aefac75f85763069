// The headless subcommands, run as a user would run them.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "io/file_io.h"
#include "io/utf8_path.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {



TEST(Cli, InfoListsObjectsWithWasNames) {
  auto r = test::runWadsmith("info " + test::fixtureArg("sample.wad"));
  EXPECT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("ANIMATING1"), std::string::npos);
  EXPECT_NE(r.out.find("ARCHITECTURE0"), std::string::npos);
  auto j = test::runWadsmith("info --json " + test::fixtureArg("quirks.wad"));
  ASSERT_EQ(j.exit, 0);
  auto info = nlohmann::json::parse(j.out);
  EXPECT_EQ(info["counts"]["movables"], 4);
  EXPECT_FALSE(info["quirks"].empty());
}

TEST(Cli, ValidateReportsTheSameFindingsAsInfo) {
  auto info = nlohmann::json::parse(test::runWadsmith("info --json " + test::fixtureArg("quirks.wad")).out);
  ASSERT_FALSE(info["warnings"].empty()) << "the quirks fixture holds out-of-range vertex indices";
  auto j = test::runWadsmith("validate --json " + test::fixtureArg("quirks.wad") + " " + test::fixtureArg("sample.wad"));
  ASSERT_EQ(j.exit, 0) << j.out;
  auto report = nlohmann::json::parse(j.out);
  ASSERT_EQ(report.size(), 2u);
  EXPECT_EQ(report[0]["warnings"], info["warnings"]);
  EXPECT_TRUE(report[1]["warnings"].empty()) << report[1];
  // Text: one line per finding with its location; --strict fails on findings only.
  auto text = test::runWadsmith("validate " + test::fixtureArg("quirks.wad"));
  EXPECT_EQ(text.exit, 0);
  EXPECT_NE(text.out.find(info["warnings"][0]["where"].get<std::string>()), std::string::npos) << text.out;
  EXPECT_EQ(test::runWadsmith("validate --strict " + test::fixtureArg("quirks.wad")).exit, 1);
  EXPECT_EQ(test::runWadsmith("validate --strict " + test::fixtureArg("sample.wad")).exit, 0);
}

TEST(Cli, RoundtripReportsIdentical) {
  auto r = test::runWadsmith("roundtrip " + test::fixtureArg("sample.wad") + " " + test::fixtureArg("quirks.wad"));
  EXPECT_EQ(r.exit, 0);
  EXPECT_NE(r.out.find("identical " + test::fixtureArg("quirks.wad")), std::string::npos);
}

TEST(Cli, SaveWritesIdenticalBytesAndTheWas) {
  auto dir = test::scratchDir();
  auto out = (dir / "copy.wad").string();
  auto r = test::runWadsmith("save " + test::fixtureArg("quirks.wad") + " -o " + out);
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_EQ(readFileBytes(out), readFileBytes(test::fixtureArg("quirks.wad")));
  EXPECT_EQ(readFileBytes(dir / "copy.was"), readFileBytes(test::fixtureArg("quirks.was")));
  // The sound files too (quirks.SAM in another case is found; the copy is named after the output).
  EXPECT_EQ(readFileBytes(dir / "copy.sfx"), readFileBytes(test::fixtureArg("quirks.sfx")));
  EXPECT_EQ(readFileBytes(dir / "copy.sam"), readFileBytes(test::fixtureArg("quirks.SAM")));
  // No temporary file is left behind.
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 4u);
}

TEST(Cli, DumpIsDeterministicJson) {
  auto a = test::runWadsmith("dump " + test::fixtureArg("sample.wad") + " --json");
  auto b = test::runWadsmith("dump " + test::fixtureArg("sample.wad") + " --json");
  ASSERT_EQ(a.exit, 0);
  EXPECT_EQ(a.out, b.out);
  auto j = nlohmann::json::parse(a.out);
  const auto& arm = j["movables"][0];
  EXPECT_EQ(arm["name"], "ANIMATING1");
  EXPECT_EQ(arm["animations"].size(), 2u);
  EXPECT_EQ(arm["animations"][0]["state_changes"][0]["dispatches"][0]["next_animation"], 1);
  EXPECT_EQ(arm["animations"][1]["commands"][0]["type"], "sound");
}

TEST(Cli, ErrorsNameFileSectionAndOffset) {
  auto dir = test::scratchDir();
  auto bytes = readFileBytes(test::fixtureArg("sample.wad"));
  bytes.resize(100);
  auto bad = dir / "cut.wad";
  writeFileAtomic(bad, bytes);
  auto r = test::runWadsmith("info " + bad.string());
  EXPECT_NE(r.exit, 0);
  EXPECT_NE(r.out.find(bad.string() + ": section texture pixels at byte "), std::string::npos) << r.out;
  auto rt = test::runWadsmith("roundtrip " + test::fixtureArg("sample.wad") + " " + bad.string());
  EXPECT_EQ(rt.exit, 1);
  auto missing = test::runWadsmith("info " + (dir / "nope.wad").string());
  EXPECT_NE(missing.exit, 0);
  EXPECT_NE(missing.out.find("nope.wad"), std::string::npos);
}

// Opening a level never searches zlib parameters (it would cost many compressions); --zlib does.
// A texture chunk whose zlib stream is damaged: the reader keeps it compressed, so `save` writes
// it as it was without looking inside (inflating every chunk made a no-edit save cost six times
// the level data), while `roundtrip` and `validate`, which decode, report it located.
TEST(Cli, DamagedTextureChunksAreReportedWhereTheyAre) {
  auto bytes = readFileBytes(test::fixturesDir() / "synthetic.tr4");
  // The 32-bit tiles chunk follows the 10-byte header: sizes, then its zlib stream.
  const std::uint32_t compressed = bytes[14] | bytes[15] << 8 | bytes[16] << 16 | static_cast<std::uint32_t>(bytes[17]) << 24;
  ASSERT_GT(compressed, 16u);
  for (std::size_t i = 18 + compressed / 2; i < 18 + compressed / 2 + 8; ++i) bytes[i] ^= 0x5A;
  auto dir = test::scratchDir();
  const auto file = (dir / "damaged.tr4").string();
  writeFileAtomic(file, bytes);
  const std::string located = file + ": section 32-bit tiles chunk at byte 10: ";
  auto rt = test::runWadsmith("roundtrip " + file);
  EXPECT_EQ(rt.exit, 1);
  EXPECT_EQ(rt.out.rfind("error " + located, 0), 0u) << rt.out;
  auto v = test::runWadsmith("validate --strict " + file);
  EXPECT_EQ(v.exit, 1);
  EXPECT_EQ(v.out.rfind(located, 0), 0u) << v.out;
  auto saved = test::runWadsmith("save " + file + " -o " + (dir / "out.tr4").string());
  EXPECT_EQ(saved.exit, 0) << saved.out;
  EXPECT_EQ(saved.out.find("32-bit tiles chunk"), std::string::npos) << "save decodes no texture chunk: " << saved.out;
  EXPECT_EQ(readFileBytes(dir / "out.tr4"), bytes) << "saving never changes what it cannot read";
}

// Names come in the code page of the tool that wrote them (Windows-1252 in a .WAS): the JSON commands print them, with U+FFFD for bytes that are not UTF-8, instead
// of failing with the JSON library's own message (found by the hostile-input suite).
TEST(Cli, NamesThatAreNotUtf8PrintAsJson) {
  auto dir = test::scratchDir();
  auto was = readFileBytes(test::fixturesDir() / "sample.was");
  was[3] = 0xC4;  // "ANIMATING1" -> "ANI\xC4ATING1"
  writeFileAtomic(dir / "latin.wad", readFileBytes(test::fixturesDir() / "sample.wad"));
  writeFileAtomic(dir / "latin.was", was);
  const std::string file = (dir / "latin.wad").string();
  for (const char* command : {"info --json ", "dump --json "}) {
    auto r = test::runWadsmith(command + file);
    EXPECT_EQ(r.exit, 0) << command << r.out;
    EXPECT_NO_THROW((void)nlohmann::json::parse(r.out)) << command;
    EXPECT_NE(r.out.find("ANI\xEF\xBF\xBD" "ATING1"), std::string::npos) << command << r.out.substr(0, 300);
  }
}

TEST(Cli, InfoSearchesZlibParametersOnlyWhenAsked) {
  auto level = (test::fixturesDir() / "synthetic.tr4").string();
  auto plain = test::runWadsmith("info " + level + " --json");
  ASSERT_EQ(plain.exit, 0) << plain.out;
  EXPECT_EQ(plain.out.find("zlib_params"), std::string::npos);
  auto searched = test::runWadsmith("info " + level + " --json --zlib");
  ASSERT_EQ(searched.exit, 0) << searched.out;
  EXPECT_NE(searched.out.find("\"zlib_params\": {"), std::string::npos) << "the synthetic level's streams are reproducible";
  EXPECT_NE(test::runWadsmith("info " + level + " --bogus").exit, 0);
}

TEST(Cli, NonRegularInputsAreRefusedInWords) {
  auto dir = test::scratchDir();
  auto r = test::runWadsmith("info " + dir.string());
  EXPECT_EQ(r.exit, 1);
  EXPECT_EQ(r.out, dir.string() + ": is a directory, not a file\n");
#ifndef _WIN32
  auto zero = test::runWadsmith("validate /dev/zero");
  EXPECT_EQ(zero.exit, 1);
  EXPECT_EQ(zero.out, "/dev/zero: not a regular file (a character device)\n");
#endif
}

// Windows passes file names as UTF-16; they must reach the file system intact (the narrow API
// would turn them into the ANSI code page). Companions are found in any case of the extension.
TEST(Cli, NonAsciiFileNamesOpenAndSave) {
  auto dir = test::scratchDir();
  const std::string in = "Tomb \xC3\x84gypten.wad", out = "Kopie \xC3\x84gypten.wad";
  writeFileAtomic(dir / utf8Path(in), readFileBytes(test::fixtureArg("sample.wad")));
  writeFileAtomic(dir / utf8Path("Tomb \xC3\x84gypten.WAS"), readFileBytes(test::fixtureArg("sample.was")));
  auto quoted = [&](const std::string& name) { return "\"" + utf8Name(dir) + "/" + name + "\""; };
  auto info = test::runWadsmith("info " + quoted(in));
  ASSERT_EQ(info.exit, 0) << info.out;
  EXPECT_NE(info.out.find("ANIMATING1"), std::string::npos) << "the .WAS names were read: " << info.out;
  auto r = test::runWadsmith("save " + quoted(in) + " -o " + quoted(out));
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find(out), std::string::npos) << r.out;
  EXPECT_EQ(readFileBytes(dir / utf8Path(out)), readFileBytes(test::fixtureArg("sample.wad")));
  EXPECT_EQ(readFileBytes(dir / utf8Path("Kopie \xC3\x84gypten.was")), readFileBytes(test::fixtureArg("sample.was")));
  auto missing = test::runWadsmith("info " + quoted("Fehlt \xC3\x84gypten.wad"));
  EXPECT_EQ(missing.exit, 1);
  EXPECT_NE(missing.out.find("Fehlt \xC3\x84gypten.wad: cannot open: "), std::string::npos) << missing.out;
}

TEST(Cli, UnknownCommandFails) {
  EXPECT_EQ(test::runWadsmith("frobnicate").exit, 2);
}

// The editor's options go through the same parser: errors name the option before any window.
TEST(Cli, EditorOptionErrorsNameTheOption) {
  auto bogus = test::runWadsmith("edit --bogus");
  if (bogus.out.find("(not in this build") != std::string::npos) GTEST_SKIP() << "built without the editor";
  EXPECT_EQ(bogus.exit, 2);
  EXPECT_NE(bogus.out.find("wadsmith edit: unknown option --bogus"), std::string::npos) << bogus.out;
  auto missing = test::runWadsmith("edit " + test::fixtureArg("sample.wad") + " --screenshot");
  EXPECT_EQ(missing.exit, 2);
  EXPECT_NE(missing.out.find("wadsmith edit: --screenshot"), std::string::npos) << missing.out;
  auto two = test::runWadsmith("edit a.wad b.wad");
  EXPECT_NE(two.out.find("unexpected argument 'b.wad'"), std::string::npos) << two.out;
  auto size = test::runWadsmith("edit --size 1x1");
  EXPECT_NE(size.out.find("--size out of range"), std::string::npos) << size.out;
}

}  // namespace
}  // namespace wadsmith
