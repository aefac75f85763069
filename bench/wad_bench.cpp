// Open + save and the round trip of every corpus WAD (and the fixtures), as ratios to copying the
// same bytes.
#include <benchmark/benchmark.h>

#include <cstring>
#include <filesystem>

#include "bench/ratio_reporter.h"
#include "io/file_io.h"
#include "io/wad_codec.h"

namespace {

std::vector<std::filesystem::path> wadFiles() {
  std::vector<std::filesystem::path> out;
  for (const char* dir : {WADSMITH_SHARED_DIR "/corpus/wad", WADSMITH_FIXTURES_DIR}) {
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
      auto ext = e.path().extension().string();
      if (ext == ".wad" || ext == ".WAD") out.push_back(e.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

void registerFile(const std::filesystem::path& path) {
  auto bytes = std::make_shared<std::vector<std::uint8_t>>(wadsmith::readFileBytes(path));
  const wadsmith::SharedBytes shared = wadsmith::readFileShared(path);
  std::string subject = path.filename().string();
  benchmark::RegisterBenchmark(("baseline/" + subject).c_str(), [bytes](benchmark::State& s) {
    for (auto _ : s) {
      std::vector<std::uint8_t> copy(bytes->size());
      std::memcpy(copy.data(), bytes->data(), bytes->size());
      benchmark::DoNotOptimize(copy.data());
    }
    s.SetBytesProcessed(static_cast<std::int64_t>(s.iterations() * bytes->size()));
  });
  benchmark::RegisterBenchmark(("read/" + subject).c_str(), [bytes](benchmark::State& s) {
    for (auto _ : s) benchmark::DoNotOptimize(wadsmith::readWad(*bytes, "bench.wad"));
  });
  // What `wadsmith roundtrip` does: read sharing the buffer, write as pieces, compare in place.
  benchmark::RegisterBenchmark(("roundtrip/" + subject).c_str(), [shared](benchmark::State& s) {
    for (auto _ : s) benchmark::DoNotOptimize(wadsmith::writeWadPieces(wadsmith::readWad(shared, "bench.wad")).firstDifference(shared));
    s.SetBytesProcessed(static_cast<std::int64_t>(s.iterations() * shared.size()));
  });
  benchmark::RegisterBenchmark(("read+write/" + subject).c_str(), [bytes](benchmark::State& s) {
    for (auto _ : s) {
      auto out = wadsmith::writeWad(wadsmith::readWad(*bytes, "bench.wad"));
      benchmark::DoNotOptimize(out.data());
    }
    s.SetBytesProcessed(static_cast<std::int64_t>(s.iterations() * bytes->size()));
  });
}

}  // namespace

int main(int argc, char** argv) {
  for (const auto& f : wadFiles()) registerFile(f);
  return wadsmith::bench::runWithRatios(argc, argv);
}
