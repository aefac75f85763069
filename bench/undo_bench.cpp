// Undo costs on tut1.WAD: memory held by 1,000 single-mesh edits beyond the document (goal:
// < 16 MB), and undo/redo time as a ratio to copying a document value (the O(1) baseline).
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <filesystem>
#include <random>

#include "bench/ratio_reporter.h"
#include "io/document_io.h"
#include "model/ops/mesh_ops.h"
#include "undo/history.h"

namespace {

using namespace wadsmith;

std::filesystem::path tut1() { return std::filesystem::path(WADSMITH_SHARED_DIR) / "corpus/wad/tut1.WAD"; }

std::size_t heapInUse() { return mallinfo2().uordblks; }

// 1,000 edits that each change one face of one mesh (a new mesh, a new mesh table, the rest
// shared).
void thousandEdits(History<Document>& h, std::mt19937& rng) {
  const auto& t = objectsOf(h.current());
  std::vector<std::pair<std::uint32_t, std::size_t>> targets;  // movable slot, mesh
  ObjectView v(t);
  for (std::size_t m = 0; m < t.movables->size(); ++m) {
    auto meshes = v.movableMeshes(m);
    for (std::size_t k = 0; k < meshes.size(); ++k)
      if (meshes[k].mesh && !meshes[k].mesh->polygons.empty()) targets.push_back({(*t.movables)[m].objectId, k});
  }
  for (int i = 0; i < 1000; ++i) {
    auto [slot, mesh] = targets[rng() % targets.size()];
    ops::FaceChange c;
    c.intensity = static_cast<int>(rng() % 32);
    auto e = ops::setFaces(h.current(), {ObjectKind::Movable, slot}, mesh, {0}, c);
    h.push(std::move(e.doc), "set face");
  }
}

void memoryOfThousandEdits(benchmark::State& state) {
  auto doc = loadDocument(tut1());
  for (auto _ : state) {
    std::mt19937 rng(7);
    std::size_t before = heapInUse();
    History<Document> h(doc);
    thousandEdits(h, rng);
    double held = static_cast<double>(heapInUse() - before) / (1024.0 * 1024.0);
    state.counters["held_MB"] = held;
    state.counters["per_edit_KB"] = held * 1024.0 / 1000.0;
  }
}

void baseline(benchmark::State& state) {
  auto doc = loadDocument(tut1());
  for (auto _ : state) {
    Document copy = doc;
    benchmark::DoNotOptimize(copy);
  }
}

void undoRedo(benchmark::State& state) {
  History<Document> h(loadDocument(tut1()));
  std::mt19937 rng(7);
  thousandEdits(h, rng);
  for (auto _ : state) {
    h.undo();
    h.redo();
    benchmark::DoNotOptimize(&h.current());
  }
}

void undoRedoShortHistory(benchmark::State& state) {
  History<Document> h(loadDocument(tut1()));
  auto e = ops::setFaces(h.current(), {ObjectKind::Movable, 8}, 0, {0}, ops::FaceChange{.shine = true});
  h.push(e.doc, "one");
  for (auto _ : state) {
    h.undo();
    h.redo();
    benchmark::DoNotOptimize(&h.current());
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (!std::filesystem::exists(tut1())) {
    std::printf("../shared/corpus/wad/tut1.WAD not present: nothing to measure\n");
    return 0;
  }
  benchmark::RegisterBenchmark("baseline/undo", baseline);
  benchmark::RegisterBenchmark("undo+redo in 1001 steps/undo", undoRedo);
  benchmark::RegisterBenchmark("undo+redo in 2 steps/undo", undoRedoShortHistory);
  benchmark::RegisterBenchmark("1000 single-mesh edits/memory", memoryOfThousandEdits)->Iterations(1)->Unit(benchmark::kMillisecond);
  return wadsmith::bench::runWithRatios(argc, argv);
}
