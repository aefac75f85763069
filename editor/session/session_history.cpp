// The session's history: operations run as undo steps, undo / redo / jumps, and the crash
// journal every step goes to (editor/session/recovery.h).
#include "editor/session/recovery.h"
#include "editor/session/session.h"
#include "editor/usecases/value_json.h"

namespace wadsmith::session {

void Session::run(const ops::Call& call) {
  ops::Step step = ops::bind(call);  // an EditError here or in the edit: nothing changes
  ops::Edited e = step.run(document());
  lastWarnings_ = std::move(e.warnings);
  history_->push(std::move(e.doc), step.label);
  changed();
  record({{"step", "edit"}, {"op", call.op}, {"args", usecases::jsonOf(call.args)}, {"label", step.label}});
}

bool Session::undo() {
  bool ok = history_->undo();
  if (ok) changed(), record({{"step", "undo"}});
  return ok;
}
bool Session::redo() {
  bool ok = history_->redo();
  if (ok) changed(), record({{"step", "redo"}});
  return ok;
}
void Session::jump(std::size_t step) {
  if (step >= history_->size() || step == history_->position()) return;
  history_->jump(step);
  changed();
  record({{"step", "jump"}, {"to", step}});
}

void Session::enableRecovery(std::filesystem::path dir) { recoveryDir_ = std::move(dir); }

void Session::closeRecovery() {
  if (journal_) journal_->remove();
  journal_.reset();
  recoveryDir_.clear();
}

void Session::record(nlohmann::json step) {
  steps_.push_back(std::move(step));
  if (recoveryDir_.empty() || unjournaled_) return;
  try {
    if (journal_)
      journal_->append(steps_.back());
    else
      journal_ = std::make_unique<recovery::Journal>(recoveryDir_, *this);  // the file as opened, then every step
  } catch (const std::exception& e) {
    // The edit stands; only its journal failed (a full disk...). Say so, and stop journaling.
    lastWarnings_.push_back(std::string("crash recovery is off until the next save: ") + e.what());
    journal_.reset();
    unjournaled_ = true;
  }
}

}  // namespace wadsmith::session
