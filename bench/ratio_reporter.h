// Benchmarks are named "<what>/<subject>"; the one named "baseline/<subject>" is the same-run
// reference (memcpy of the same bytes, inflate of the same chunk...). After the normal table,
// every other benchmark of a subject is printed as a ratio to its baseline.
#pragma once
#include <benchmark/benchmark.h>

#include <map>
#include <string>

namespace wadsmith::bench {

class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override;
  void Finalize() override;

 private:
  struct Entry {
    std::string what;
    double ns = 0;
  };
  std::map<std::string, std::vector<Entry>> bySubject_;
};

// Runs the registered benchmarks with a RatioReporter (use from main()).
int runWithRatios(int argc, char** argv);

}  // namespace wadsmith::bench
