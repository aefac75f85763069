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

  // A new step; anything that could be redone is dropped. Inside a group the group's single
  // step is replaced instead, so a drag or a merge is one undo step.
  void push(Doc next, std::string label) {
    if (group_ && groupStart_ == at_ && at_ + 1 == steps_.size() && groupHasStep_) {
      steps_[at_].doc = std::move(next);
      return;
    }
    steps_.resize(at_ + 1);
    if (savedAt_ && *savedAt_ > at_) savedAt_.reset();
    steps_.push_back({std::move(next), group_ ? *group_ : std::move(label)});
    ++at_;
    if (group_) {
      groupStart_ = at_;
      groupHasStep_ = true;
    }
  }

  void beginGroup(std::string label) {
    group_ = std::move(label);
    groupStart_ = at_;
    groupHasStep_ = false;
  }
  void endGroup() { group_.reset(); }
  bool inGroup() const { return group_.has_value(); }

  bool canUndo() const { return at_ > 0; }
  bool canRedo() const { return at_ + 1 < steps_.size(); }
  bool undo() {
    if (!canUndo()) return false;
    endGroup();
    --at_;
    return true;
  }
  bool redo() {
    if (!canRedo()) return false;
    endGroup();
    ++at_;
    return true;
  }
  // Jumps to a step (the history panel).
  void jump(std::size_t step) {
    if (step < steps_.size()) at_ = step, endGroup();
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
    endGroup();
  }

 private:
  struct Step {
    Doc doc;
    std::string label;
  };
  std::vector<Step> steps_;
  std::size_t at_ = 0;
  std::optional<std::size_t> savedAt_ = 0;
  std::optional<std::string> group_;
  std::size_t groupStart_ = 0;
  bool groupHasStep_ = false;
};

}  // namespace wadsmith
