// A no-edit save of each level (read: inflate + parse; write: reuse the stored chunks), as a
// ratio to inflating its level data chunk alone in the same run (goal: at most 1.5x).
#include <benchmark/benchmark.h>

#include <filesystem>

#include "bench/ratio_reporter.h"
#include "io/file_io.h"
#include "io/level_codec.h"
#include "io/zlib_chunk.h"

namespace {

void registerLevel(const std::filesystem::path& path) {
  const wadsmith::SharedBytes bytes = wadsmith::readFileShared(path);
  auto doc = std::make_shared<wadsmith::LevelDocument>(wadsmith::readLevel(bytes, path.string()));
  std::string subject = path.filename().string();
  benchmark::RegisterBenchmark(("baseline/" + subject).c_str(), [doc](benchmark::State& s) {
    for (auto _ : s) {
      auto payload = wadsmith::inflateChunk(doc->levelChunk.compressed, doc->levelChunk.uncompressedSize, "", "", 0);
      benchmark::DoNotOptimize(payload.data());
    }
  });
  benchmark::RegisterBenchmark(("open+save/" + subject).c_str(), [bytes](benchmark::State& s) {
    for (auto _ : s) {
      auto out = wadsmith::writeLevel(wadsmith::readLevel(bytes, "bench.tr4"));
      benchmark::DoNotOptimize(out.data());
    }
  });
  // What `wadsmith roundtrip` does: read, serialize everything again, compare in place.
  benchmark::RegisterBenchmark(("roundtrip/" + subject).c_str(), [bytes](benchmark::State& s) {
    for (auto _ : s) {
      auto doc = wadsmith::readLevel(bytes, "bench.tr4");
      benchmark::DoNotOptimize(wadsmith::writeLevelPieces(doc, true).firstDifference(bytes));
    }
  });
  benchmark::RegisterBenchmark(("save/" + subject).c_str(), [doc](benchmark::State& s) {
    for (auto _ : s) {
      auto out = wadsmith::writeLevel(*doc);
      benchmark::DoNotOptimize(out.data());
    }
  });
  benchmark::RegisterBenchmark(("verified save/" + subject).c_str(), [doc](benchmark::State& s) {
    for (auto _ : s) {
      auto out = wadsmith::writeLevel(*doc, true);
      benchmark::DoNotOptimize(out.data());
    }
  });
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(WADSMITH_SHARED_DIR "/corpus/tr4", ec)) files.push_back(e.path());
  files.push_back(std::filesystem::path(WADSMITH_FIXTURES_DIR) / "synthetic.tr4");
  std::sort(files.begin(), files.end());
  for (const auto& f : files) registerLevel(f);
  return wadsmith::bench::runWithRatios(argc, argv);
}
