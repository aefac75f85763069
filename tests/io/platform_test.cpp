// Where the user's settings and the program live.
#include <gtest/gtest.h>

#include <cstdlib>

#include "io/platform.h"

namespace wadsmith {
namespace {

TEST(Platform, ExecutablePathIsThisTestProgram) {
  auto exe = platform::executablePath();
  ASSERT_FALSE(exe.empty());
  EXPECT_NE(exe.filename().string().find("io_tests"), std::string::npos) << exe;
}

#ifdef _WIN32
TEST(Platform, ConfigFolderIsUnderAppData) {
  auto dir = platform::configDirectory();
  EXPECT_EQ(dir.filename(), "WadSmith");
  EXPECT_EQ(dir.parent_path(), std::filesystem::path(_wgetenv(L"APPDATA")));
  EXPECT_FALSE(platform::driveRoots().empty()) << "at least C:\\";
}
#else
TEST(Platform, ConfigFolderFollowsXdg) {
  std::string saved = std::getenv("XDG_CONFIG_HOME") ? std::getenv("XDG_CONFIG_HOME") : "";
  ::setenv("XDG_CONFIG_HOME", "/tmp/xdg-here", 1);
  EXPECT_EQ(platform::configDirectory(), std::filesystem::path("/tmp/xdg-here/wadsmith"));
  ::setenv("XDG_CONFIG_HOME", "relative/ignored", 1);
  EXPECT_EQ(platform::configDirectory(), platform::homeDirectory() / ".config" / "wadsmith");
  ::unsetenv("XDG_CONFIG_HOME");
  EXPECT_EQ(platform::configDirectory(), platform::homeDirectory() / ".config" / "wadsmith");
  if (!saved.empty()) ::setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
  EXPECT_TRUE(platform::driveRoots().empty());
}
#endif

TEST(Platform, CommandLineIsTheWordsAfterTheProgram) {
  char a0[] = "prog", a1[] = "info", a2[] = "Tomb \xC3\x84gypten.wad";
  char* argv[] = {a0, a1, a2, nullptr};
  auto args = platform::commandLine(3, argv);
#ifndef _WIN32  // Windows reads the process's own command line instead
  ASSERT_EQ(args.size(), 2u);
  EXPECT_EQ(args[1], "Tomb \xC3\x84gypten.wad");
#endif
  (void)args;
}

}  // namespace
}  // namespace wadsmith
