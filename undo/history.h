// Undo history: a stack of immutable documents. Every operation, a merge included, is a new
// document that shares its unchanged parts with the previous one, so a step costs what it
// changed and undo/redo only move an index.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace wadsmith {

template <class Doc>
class History {
 public:
  explicit History(Doc initial, std::string label = "open") { steps_.push_back({std::move(initial), std::move(label)}); }

  const Doc& current() const { return steps_[at_].doc; }
  const std::string& label(std::size_t step) const { return steps_[step].label; }
  const Doc& step(std::size_t i) const { return steps_[i].doc; }
  std::size_t size() const { return steps_.size(); }
  std::size_t position() const { return at_; }  // index of the current step

  // A new step; anything that could be redone is dropped. (A drag is one step because the
  // editor commits a field on release, not by folding steps: the crash journal replays each.)
  void push(Doc next, std::string label) {
    steps_.resize(at_ + 1);
    if (savedAt_ && *savedAt_ > at_) savedAt_.reset();
    steps_.push_back({std::move(next), std::move(label)});
    ++at_;
  }

  bool canUndo() const { return at_ > 0; }
  bool canRedo() const { return at_ + 1 < steps_.size(); }
  bool undo() {
    if (!canUndo()) return false;
    --at_;
    return true;
  }
  bool redo() {
    if (!canRedo()) return false;
    ++at_;
    return true;
  }
  // Jumps to a step (the history panel).
  void jump(std::size_t step) {
    if (step < steps_.size()) at_ = step;
  }

  // Unsaved-changes tracking: the step that was last written to disk.
  void markSaved() { savedAt_ = at_; }
  // The step the file on disk holds, if any (a restored history: see editor/session/recovery.h).
  void restoreSaved(std::optional<std::size_t> step) { savedAt_ = step && *step < steps_.size() ? step : std::nullopt; }
  bool dirty() const { return !savedAt_ || *savedAt_ != at_; }

  // Drops every step but the current one (e.g. after reloading a file).
  void reset(Doc doc, std::string label) {
    steps_.clear();
    steps_.push_back({std::move(doc), std::move(label)});
    at_ = 0;
    savedAt_ = 0;
  }

 private:
  struct Step {
    Doc doc;
    std::string label;
  };
  std::vector<Step> steps_;
  std::size_t at_ = 0;
  std::optional<std::size_t> savedAt_ = 0;
};

}  // namespace wadsmith
