// Progress of a long operation (opening a large level, an export, a merge of many objects), as
// the operation reports it: how much of how much is done, and what it is doing. The use cases
// call it; the editor shows a progress bar, the command line may print a line. No UI here.
//
// A use case takes `const Progress&` and calls it at steps it can count (once per object, per
// file), from points where the session is unchanged: the editor redraws its panels from the
// session while the bar is shown, so the new document is committed after the last report.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace wadsmith {

class Progress {
 public:
  using Report = std::function<void(std::size_t done, std::size_t total, std::string_view label)>;
  Progress() = default;
  explicit Progress(Report report) : report_(std::move(report)) {}
  // `done` of `total` steps finished (total 0: not known yet); `label` says what is being done.
  void operator()(std::size_t done, std::size_t total, std::string_view label) const {
    if (report_) report_(done, total, label);
  }

 private:
  Report report_;  // none: the operation runs silently (scripts, tests)
};

}  // namespace wadsmith
