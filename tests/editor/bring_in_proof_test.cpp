// Merge and import are one use case, whichever door: for every kind of source the registry
// knows (and every game's level), the same bring-in through the command line (`wadsmith merge`,
// `wadsmith import`) and through the editor's session writes the same files, byte for byte:
// the WAD set (.wad, .was, .sfx, .sam, .swd) and the samples folder beside it; and the editor's
// report says what the command line prints.
#include <gtest/gtest.h>

#include <functional>
#include <iostream>
#include <map>
#include <set>

#include "editor/session/session.h"
#include "fixtures/generator/raw_bytes.h"
#include "io/file_io.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

struct Case {
  std::string source;   // a fixture, or a file the test makes
  std::string command;  // the CLI's options; "import" cases use import's syntax
  std::function<void(usecases::BringIn&)> args;  // the same for the session
  bool samples = false;  // WAV files must arrive
};

usecases::Pick pick(ObjectKind kind, std::string name, std::optional<std::uint32_t> slot = std::nullopt) {
  return {kind, std::move(name), slot};
}
constexpr auto M = ObjectKind::Movable;
constexpr auto S = ObjectKind::Static;

std::vector<Case> cases(const std::filesystem::path& dir) {
  std::vector<Case> out = {
      {"quirks.wad", "--movable 101 --static 5", [](auto& a) { a.picks = {pick(M, "101"), pick(S, "5")}; }},
      // A wad2: its sound infos from sample.xml beside it.
      {"sample.wad2", "--movable 427 --as 430", [](auto& a) { a.picks = {pick(M, "427", 430)}; }},
      {"synthetic.phd", "--movable WOLF --as 60", [](auto& a) { a.picks = {pick(M, "WOLF", 60)}; }, true},
      {"synthetic.tr2", "--movable 7 --as 60", [](auto& a) { a.picks = {pick(M, "7", 60)}; }},
      {"synthetic_tr3.tr2", "--movable 7 --as 60 --main-sfx " + (dir / "MAIN.SFX").string(),
       [dir](auto& a) { a.picks = {pick(M, "7", 60)}, a.mainSfx = dir / "MAIN.SFX"; }, true},
      {"synthetic.tr4", "--movable 427 --replace", [](auto& a) { a.picks = {pick(M, "427")}, a.replace = true; }},
      {"synthetic.trc", "--movable 416 --as 431", [](auto& a) { a.picks = {pick(M, "416", 431)}; }},
      {"foreign_eq.s3d", "--movable TINY", [](auto& a) { a.picks = {pick(M, "TINY")}; }},
      {"foreign_eq.wld", "--static CRATE --turn 90", [](auto& a) { a.picks = {pick(S, "CRATE")}, a.convert.turn = 90; }},
      {"foreign_bones.mdl", "--movable 0 --scale 20 --fps 15",
       [](auto& a) { a.picks = {pick(M, "0")}, a.convert.scale = 20, a.convert.framesPerSecond = 15; }},
      {"foreign_map.wmp", "--static all --as 12", [](auto& a) { a.picks = {pick(S, "all", 12)}; }},
      {"outside.glb", "--movable lamp --as 431", [](auto& a) { a.picks = {pick(M, "lamp", 431)}; }},
      {"outside.obj", "--static outside", [](auto& a) { a.picks = {pick(S, "outside")}; }},
      // `wadsmith import`: a WadSmith export's exact records, and one mesh of a movable replaced.
      {(dir / "export.glb").string(), "import --movable 100", [](auto& a) { a.picks = {pick(M, "", 100)}; }},
      {"outside.gltf", "import --movable 427 --mesh 1", [](auto& a) { a.picks = {pick(M, "", 427)}, a.mesh = 1; }},
  };
  // A real level's embedded WAVs go into the samples folder.
  if (const auto level = test::corpusFile("tr4/TEST1.TR4"); !level.empty())
    out.push_back({level.string(), "--movable DOG --with-related", [](auto& a) { a.picks = {pick(M, "DOG")}, a.withRelated = true; }, true});
  else
    std::cout << "corpus absent: the real level's case is left out\n";
  return out;
}

const char* const kSet[] = {".wad", ".was", ".sfx", ".sam", ".swd"};

void copySampleSet(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  for (const char* ext : kSet) std::filesystem::copy_file(test::fixturesDir() / ("sample" + std::string(ext)), dir / ("sample" + std::string(ext)));
}

std::map<std::string, std::vector<std::uint8_t>> filesIn(const std::filesystem::path& dir) {
  std::map<std::string, std::vector<std::uint8_t>> out;
  if (std::filesystem::is_directory(dir))
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
      if (e.is_regular_file()) out[std::filesystem::relative(e.path(), dir).generic_string()] = readFileBytes(e.path());
  return out;
}

void expectSameFiles(const std::filesystem::path& cli, const std::filesystem::path& editor, bool samples) {
  for (const char* ext : kSet) {
    const auto a = cli / ("out" + std::string(ext)), b = editor / ("out" + std::string(ext));
    ASSERT_EQ(std::filesystem::exists(a), std::filesystem::exists(b)) << ext;
    if (std::filesystem::exists(a)) {
      EXPECT_EQ(test::firstDifference(readFileBytes(a), readFileBytes(b)), -1) << ext;
    }
  }
  const auto cliSamples = filesIn(cli / "samples");
  EXPECT_EQ(cliSamples, filesIn(editor / "samples"));
  EXPECT_EQ(!cliSamples.empty(), samples) << "WAV files beside the result";
}

std::string cliCommand(const Case& c, const std::filesystem::path& source, const std::filesystem::path& dir) {
  const auto into = (dir / "sample.wad").string(), out = (dir / "out.wad").string();
  if (c.command.starts_with("import "))
    return "import " + into + " " + source.string() + " " + c.command.substr(7) + " -o " + out;
  return "merge --into " + into + " --from " + source.string() + " " + c.command + " -o " + out;
}

TEST(BringInProof, TheCommandLineAndTheEditorWriteTheSameFilesForEverySourceKind) {
  const auto root = test::scratchDir();
  auto sfx = fixtures::tinyWave(30, 2), second = fixtures::tinyWave(50, 7);
  sfx.insert(sfx.end(), second.begin(), second.end());
  writeFileAtomic(root / "MAIN.SFX", sfx);
  ASSERT_EQ(test::runWadsmith("export " + (test::fixturesDir() / "quirks.wad").string() + " --movable 100 -o " +
                              (root / "export.glb").string()).exit, 0);
  std::set<std::string> kinds;
  int n = 0;
  for (const auto& c : cases(root)) {
    SCOPED_TRACE(c.source + " " + c.command);
    const auto source = std::filesystem::path(c.source).is_absolute() ? std::filesystem::path(c.source) : test::fixturesDir() / c.source;
    kinds.insert(usecases::recogniseSource(source)->name);
    // Two levels down: the samples folder each finds near its WAD is its own (findSamplesFolder).
    const auto cliDir = root / std::to_string(n) / "cli", editorDir = root / std::to_string(n) / "editor";
    ++n;
    copySampleSet(cliDir);
    copySampleSet(editorDir);
    const auto cli = test::runWadsmith(cliCommand(c, source, cliDir));
    ASSERT_EQ(cli.exit, 0) << cli.out;

    session::Session s;
    s.open(editorDir / "sample.wad");
    s.openSource(source);
    usecases::BringIn args;
    args.source = source;
    c.args(args);
    const auto brought = s.bringIn(args);
    s.saveAs(editorDir / "out.wad");
    expectSameFiles(cliDir, editorDir, c.samples);
    // The editor's report is what the command line printed (but for the folders named).
    for (const auto& line : usecases::reportLines(brought))
      if (line.find(editorDir.string()) == std::string::npos) {
        EXPECT_NE(cli.out.find(line + "\n"), std::string::npos) << line;
      }
  }
  std::set<std::string> all;
  for (const auto& f : usecases::sourceFormats()) all.insert(f.name);
  EXPECT_EQ(kinds, all) << "every kind of source the registry knows";
}

}  // namespace
}  // namespace wadsmith
