// What crash recovery costs an edit: the same session action on karnak.WAD with and without its
// journal (one line appended and flushed to the disk per step), and the journal's start (the
// copy of the file as opened, written at the first edit after an open or a save) against a
// save of the same document.
#include <benchmark/benchmark.h>

#include <filesystem>

#include "bench/ratio_reporter.h"
#include "editor/session/actions.h"
#include "editor/session/recovery.h"
#include "io/document_io.h"

namespace {

using namespace wadsmith;

std::filesystem::path karnak() { return std::filesystem::path(WADSMITH_SHARED_DIR) / "corpus/wad/karnak.WAD"; }
std::filesystem::path scratch() { return std::filesystem::temp_directory_path() / "wadsmith-recovery-bench"; }

// An edit of one field of the first animated movable: cheap, so the journal's share shows.
void edits(benchmark::State& state, bool journaled) {
  std::filesystem::remove_all(scratch());
  session::Session s;
  if (journaled) s.enableRecovery(scratch());
  s.open(karnak());
  s.selection.object = movableRef(0);
  double speed = 0;
  for (auto _ : state) {
    session::actions::setField(s, "set_animation", "speed", speed);
    speed = speed > 100 ? 0 : speed + 0.5;
  }
  s.closeRecovery();
}
void baselineEdit(benchmark::State& state) { edits(state, false); }
void journaledEdit(benchmark::State& state) { edits(state, true); }

void baselineSave(benchmark::State& state) {
  std::filesystem::create_directories(scratch());
  auto doc = loadDocument(karnak());
  for (auto _ : state) saveDocument(doc, scratch() / "saved.wad");
}

// The first edit after an open: the base copy, the journal's header and the step.
void firstEdit(benchmark::State& state) {
  for (auto _ : state) {
    state.PauseTiming();
    std::filesystem::remove_all(scratch());
    session::Session s;
    s.enableRecovery(scratch() / "recovery");
    s.open(karnak());
    s.selection.object = movableRef(0);
    state.ResumeTiming();
    session::actions::setField(s, "set_animation", "speed", 2);
    state.PauseTiming();
    s.closeRecovery();
    state.ResumeTiming();
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (!std::filesystem::exists(karnak())) {
    std::printf("../shared/corpus/wad/karnak.WAD not present: nothing to measure\n");
    return 0;
  }
  benchmark::RegisterBenchmark("baseline/edit", baselineEdit)->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("journaled edit/edit", journaledEdit)->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("baseline/journal start", baselineSave)->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("first edit after an open/journal start", firstEdit)->Unit(benchmark::kMillisecond);
  return wadsmith::bench::runWithRatios(argc, argv);
}
