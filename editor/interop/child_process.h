// Work run in a process of its own, so that a crash in third-party code (Assimp's importers
// double-free on some files) ends that process and not the editor with the user's edits. The
// child's answer comes back as bytes through a pipe.
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace wadsmith::interop {

struct ChildOutcome {
  std::vector<std::uint8_t> answer;  // what the child wrote
  std::string failure;               // how the child ended, when not normally ("killed by signal 6 (Aborted)")
};

#ifndef _WIN32
// POSIX: `work` runs in a fork of this process; what it returns is the answer.
ChildOutcome runForked(const std::function<std::vector<std::uint8_t>()>& work);
#else
// Windows: `exe` run with `args` (UTF-8), its standard output the answer.
ChildOutcome runProgram(const std::filesystem::path& exe, const std::vector<std::string>& args);
#endif
// The child program's side: `bytes` to standard output, unchanged (binary mode on Windows).
void writeAnswer(const std::vector<std::uint8_t>& bytes);

}  // namespace wadsmith::interop
