#include "editor/interop/assimp_isolated.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "editor/interop/child_process.h"
#include "editor/interop/imported_wire.h"
#include "io/file_io.h"
#include "io/platform.h"
#include "io/utf8_path.h"

namespace wadsmith::interop {
namespace {

constexpr std::uint8_t kModels = 'M', kError = 'E';

std::vector<imported::Model> fromAnswer(const ChildOutcome& o, const std::filesystem::path& file) {
  if (!o.failure.empty())
    throw std::runtime_error(utf8Name(file) + ": Assimp's importer crashed reading it (" + o.failure +
                             "); nothing was imported, and the editor goes on");
  if (o.answer.empty()) throw std::runtime_error(utf8Name(file) + ": Assimp's importer gave no answer");
  const std::span<const std::uint8_t> rest(o.answer.data() + 1, o.answer.size() - 1);
  if (o.answer[0] == kError) throw std::runtime_error(std::string(rest.begin(), rest.end()));
  if (o.answer[0] != kModels) throw std::runtime_error(utf8Name(file) + ": Assimp's importer gave a garbled answer");
  return decodeImported(rest, utf8Name(file) + " (as Assimp's importer read it)");
}

#ifdef _WIN32
std::string unitsWord(float units) {
  char b[32];
  std::snprintf(b, sizeof b, "%.9g", static_cast<double>(units));
  return b;
}

// The program that runs the child: this one when it is wadsmith.exe, else the one beside it.
std::filesystem::path childProgram() {
  const auto self = platform::executablePath();
  if (self.empty()) return {};
  auto beside = self.parent_path() / "wadsmith.exe";
  std::error_code ec;
  return std::filesystem::exists(beside, ec) ? beside : std::filesystem::path();
}
#endif

// The child's answer for `file`: 'M' and the models, or 'E' and the importer's error.
std::vector<std::uint8_t> assimpAnswer(const std::filesystem::path& file, float unitsPerMeter) {
  std::vector<std::uint8_t> out;
  try {
    out = encodeImported(assimpObjects(readFileBytes(file), file, unitsPerMeter));
    out.insert(out.begin(), kModels);
  } catch (const std::exception& e) {
    const std::string what = e.what();
    out.assign(what.begin(), what.end());
    out.insert(out.begin(), kError);
  }
  return out;
}

}  // namespace

std::vector<imported::Model> assimpObjectsIsolated(const std::filesystem::path& file, float unitsPerMeter) {
#ifndef _WIN32
  return fromAnswer(runForked([&] { return assimpAnswer(file, unitsPerMeter); }), file);
#else
  const auto program = childProgram();
  // No wadsmith.exe: in this process.
  if (program.empty()) return fromAnswer({assimpAnswer(file, unitsPerMeter), {}}, file);
  return fromAnswer(runProgram(program, {kAssimpChildFlag, utf8Name(file), unitsWord(unitsPerMeter)}), file);
#endif
}

int assimpChildMain(const std::vector<std::string>& args) {
  if (args.size() != 3 || args[0] != kAssimpChildFlag) return 2;
  writeAnswer(assimpAnswer(utf8Path(args[1]), std::strtof(args[2].c_str(), nullptr)));
  return 0;
}

}  // namespace wadsmith::interop
