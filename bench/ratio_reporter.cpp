#include "bench/ratio_reporter.h"

#include <cstdio>

namespace wadsmith::bench {

void RatioReporter::ReportRuns(const std::vector<Run>& runs) {
  ConsoleReporter::ReportRuns(runs);
  for (const auto& r : runs) {
    if (r.run_type != Run::RT_Iteration && r.aggregate_name != "mean") continue;
    std::string name = r.run_name.function_name;
    auto slash = name.find('/');
    if (slash == std::string::npos) continue;
    bySubject_[name.substr(slash + 1)].push_back({name.substr(0, slash), r.GetAdjustedRealTime()});
  }
}

void RatioReporter::Finalize() {
  ConsoleReporter::Finalize();
  std::printf("\nRatios to the same-run baseline (lower is better):\n");
  for (const auto& [subject, entries] : bySubject_) {
    double base = 0;
    for (const auto& e : entries)
      if (e.what == "baseline") base = e.ns;
    if (base <= 0) continue;
    for (const auto& e : entries)
      if (e.what != "baseline") std::printf("  %-40s %-28s %8.2fx\n", subject.c_str(), e.what.c_str(), e.ns / base);
  }
}

int runWithRatios(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}

}  // namespace wadsmith::bench
