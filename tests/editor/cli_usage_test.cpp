// The command line explains itself: help, version, completion and the reference in docs/cli.md
// come from the commands' definitions; usage errors name the option and exit 2.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "editor/cli/cli.h"
#include "editor/cli/progress_line.h"
#include "editor/version.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(CliUsage, HelpListsEveryCommandAndEachCommandItsOptions) {
  auto all = test::runWadsmith("--help");
  EXPECT_EQ(all.exit, 0) << all.out;
  for (const auto& c : cli::subcommands()) {
    EXPECT_TRUE(has(all.out, std::string("  ") + c.name)) << c.name << "\n" << all.out;
    auto one = test::runWadsmith(std::string(c.name) + " --help");
    EXPECT_EQ(one.exit, 0) << one.out;
    EXPECT_TRUE(has(one.out, std::string("wadsmith ") + c.name)) << one.out;
    EXPECT_TRUE(has(one.out, "Examples:")) << one.out;
  }
  EXPECT_TRUE(has(all.out, "Exit codes: 0")) << all.out;
  auto merge = test::runWadsmith("merge --help");
  for (const char* option : {"--into", "--from", "--movable", "--sprite", "--sounds", "--main-sfx", "--scale", "--turn", "-o,--output"})
    EXPECT_TRUE(has(merge.out, option)) << option << "\n" << merge.out;
  EXPECT_TRUE(has(merge.out, "{keep,replace,none}")) << "the values an option takes: " << merge.out;
  EXPECT_EQ(test::runWadsmith("help merge").out, merge.out);
}

TEST(CliUsage, VersionIsTheBuildsGitDescribe) {
  auto v = test::runWadsmith("--version");
  EXPECT_EQ(v.exit, 0);
  EXPECT_EQ(v.out, std::string(kVersion) + "\n");
}

TEST(CliUsage, UsageErrorsNameTheOptionAndExit2) {
  const auto wad = test::fixtureArg("sample.wad");
  struct Case {
    std::string args, message;
  } cases[] = {
      {"merge --into " + wad + " --from " + wad + " --movabel 3 -o x.wad",
       "wadsmith merge: unknown option --movabel (did you mean --movable?)"},
      {"export " + wad + " --al -o x.glb", "unknown option --al (did you mean --all?)"},
      {"save " + wad + " -o", "--output"},
      {"apply " + wad + " s.json -o x.wad --undo many", "--undo"},
      {"merge --into " + wad + " --from " + wad + " --all --scale 0 -o x.wad", "--scale"},
      {"merge --into " + wad + " --from " + wad + " --all --sounds loud -o x.wad", "--sounds"},
      {"merge --into " + wad + " --from " + wad + " --movable 1 --replace -o x.wad --as", "--as"},
      {"merge --from " + wad + " --all -o x.wad", "--into is required"},
      {"export " + wad + " -o x.glb", "--movable ID, --static ID or --all"},
      {"roundtrip", "FILE is required"},
      {"mrege", "unknown command 'mrege' (did you mean merge?)"},
      {"save " + wad + " extra.wad -o x.wad", "unexpected argument 'extra.wad'"},
  };
  for (const auto& c : cases) {
    auto r = test::runWadsmith(c.args);
    EXPECT_EQ(r.exit, 2) << c.args << "\n" << r.out;
    EXPECT_TRUE(has(r.out, c.message)) << c.args << "\n" << r.out;
  }
  // Findings and failures are 1, not 2.
  EXPECT_EQ(test::runWadsmith("roundtrip missing.wad").exit, 1);
  EXPECT_EQ(test::runWadsmith("validate --strict " + test::fixtureArg("quirks.wad")).exit, 1);
}

// The words CLI11 must read as the hand parser did: a negative number is a positional, options
// repeat, `-o` and `--output` are one option.
TEST(CliUsage, SpellingsOfTheEarlierParserStillWork) {
  auto negative = test::runWadsmith("roundtrip -5");
  EXPECT_EQ(negative.exit, 1) << negative.out;
  EXPECT_TRUE(has(negative.out, "error -5: cannot open")) << negative.out;
  const auto dir = test::scratchDir();
  auto two = test::runWadsmith("export " + test::fixtureArg("quirks.wad") + " --movable 100 --movable 102 --output " + (dir / "two.glb").string());
  EXPECT_EQ(two.exit, 0) << two.out;
  EXPECT_TRUE(has(two.out, "exported 2 objects")) << two.out;
}

TEST(CliUsage, DocsCliIsTheGeneratedReference) {
  auto md = test::runWadsmith("help --markdown");
  ASSERT_EQ(md.exit, 0) << md.out;
  if (!has(md.out, "## edit")) GTEST_SKIP() << "built without the editor: its options are not in this reference";
  std::ifstream in(test::sourceDir() / "docs" / "cli.md", std::ios::binary);
  std::stringstream file;
  file << in.rdbuf();
  EXPECT_EQ(md.out, file.str()) << "docs/cli.md is out of date: build/wadsmith help --markdown > docs/cli.md";
}

TEST(CliUsage, BashCompletionNamesEveryCommandOptionAndValue) {
  auto bash = test::runWadsmith("completion bash");
  ASSERT_EQ(bash.exit, 0) << bash.out;
  for (const auto& c : cli::subcommands()) EXPECT_TRUE(has(bash.out, std::string("    ") + c.name + ") words=")) << c.name;
  EXPECT_TRUE(has(bash.out, "--with-related ")) << bash.out;
  EXPECT_TRUE(has(bash.out, "--sounds) COMPREPLY=($(compgen -W \"keep replace none\"")) << bash.out;
  EXPECT_TRUE(has(bash.out, "complete -o filenames -F _wadsmith wadsmith")) << bash.out;
  EXPECT_EQ(test::runWadsmith("completion zsh").exit, 2);
}

std::string progressText(bool quiet, bool terminal) {
  std::FILE* f = std::tmpfile();
  const auto progress = cli::progressLine(quiet, terminal, f);
  progress(0, 2, "roundtrip a.wad");
  progress(1, 2, "roundtrip b.wad");
  progress(2, 2, "");
  std::string text(static_cast<std::size_t>(std::ftell(f)), '\0');
  std::rewind(f);
  text.resize(std::fread(text.data(), 1, text.size(), f));
  std::fclose(f);
  return text;
}

TEST(CliUsage, ProgressLineOnlyOnATerminalAndNotQuiet) {
  EXPECT_EQ(progressText(false, true), "\rroundtrip a.wad 1/2\rroundtrip b.wad 2/2\r" + std::string(19, ' ') + "\r");
  EXPECT_EQ(progressText(true, true), "");
  EXPECT_EQ(progressText(false, false), "");
  // Run as a script runs it (stderr a pipe): the results alone.
  auto r = test::runWadsmith("roundtrip " + test::fixtureArg("sample.wad") + " " + test::fixtureArg("quirks.wad"));
  EXPECT_EQ(r.exit, 0) << r.out;
  EXPECT_FALSE(has(r.out, "\r")) << r.out;
}

}  // namespace
}  // namespace wadsmith
