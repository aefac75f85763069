// The editor's state without any GL or UI: the open document and its undo history, what is
// selected, an optional merge source. Every change goes through an operation of model/ops or
// model/merge pushed on the history; panels and tests call the same methods.
#pragma once
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "editor/session/panel_state.h"
#include "editor/session/texture_pages.h"
#include "editor/view/picking.h"
#include "io/merge_source.h"
#include "model/merge/merge.h"
#include "model/object_view.h"
#include "model/ops/edit_context.h"
#include "model/validate.h"
#include "undo/history.h"

namespace wadsmith::session {

struct Selection {
  std::optional<ObjectRef> object;
  std::size_t animation = 0;       // index within the movable
  float frame = 0;                 // from the animation's first frame
  std::set<view::FaceRef> faces;   // faces of the selected object's meshes
  std::optional<std::size_t> mesh; // a mesh of the object (mesh tools)
};

// An edit as data: the session action, its arguments and the selection it acted on. Every
// action describes itself (editor/session/actions.cpp), so the crash journal can replay it
// through the same code (actions::replay) and get the same document.
struct ActionCall {
  std::string action;  // "set_face_field", "merge"... (actions.h)
  nlohmann::json args;
  Selection selection;
};
nlohmann::json toJson(const Selection& s);
Selection selectionFromJson(const nlohmann::json& j);

class Session;
namespace recovery {
class Journal;
struct Unsaved;
void restore(Session& s, const Unsaved& unsaved, const std::filesystem::path& root);
}  // namespace recovery

struct ObjectEntry {
  ObjectRef ref;
  std::string name;
  std::size_t meshes = 0, animations = 0;
  bool usesShades = false;
  std::size_t warnings = 0;
};

class Session {
 public:
  Session();
  ~Session();

  // Files. Errors are thrown with the reader's message; the session is unchanged then.
  void open(const std::filesystem::path& path);
  void openDocument(Document doc, std::filesystem::path path);
  void save();
  void saveAs(const std::filesystem::path& path);
  const std::filesystem::path& path() const { return path_; }
  bool dirty() const { return history_->dirty(); }
  // The file on disk changed since it was opened or saved (another tool wrote it).
  bool changedOnDisk() const;
  void reload();

  const Document& document() const { return history_->current(); }
  const History<Document>& history() const { return *history_; }
  // The semantic view of the current version (rebuilt when the document changes). A view
  // replaced by an edit stays alive until settle(): a panel that took references from view()
  // early in a frame and pressed an edit button halfway through still reads valid (older) data.
  const ObjectView& view() const;
  // Drops the views replaced since the last call; the GUI calls it between frames.
  void settle() { retiredViews_.clear(); }
  std::uint64_t version() const { return version_; }

  // Edits: `edit` builds the next version; its warnings are kept for the status bar. `call`
  // says what the edit was, for the crash journal; an edit without one cannot be replayed
  // and switches recovery off until the next save or open.
  void apply(const ActionCall& call, const std::string& label, const std::function<ops::Edited(const Document&)>& edit);
  void apply(const std::string& label, const std::function<ops::Edited(const Document&)>& edit);
  bool undo();
  bool redo();
  void jump(std::size_t step);
  const std::vector<std::string>& lastWarnings() const { return lastWarnings_; }

  // The texture pages as RGBA images for display, decoded once per page (see PageDecoder).
  const PageImages& pageImages() const { return pages_.pages(document()); }

  // Objects with display names and per-object validation counts (made once per version).
  const std::vector<ObjectEntry>& objects() const;
  // The first object (movables first) whose mesh pointers land on a mesh entry.
  std::optional<ObjectRef> meshUser(long entry) const;
  const std::vector<ValidationWarning>& warnings() const;

  // Merge source: a WAD, or a TR4 level's objects as a WAD.
  void openSource(const std::filesystem::path& path);
  const WadDocument* source() const { return source_ ? &source_->wad : nullptr; }
  const std::filesystem::path& sourcePath() const { return sourcePath_; }
  // One undo step. The request's source label is set as the CLI's merge sets it; the notes are
  // what the source's conversion lost for the merged objects (the CLI prints them as "note:").
  struct Merged {
    merge::Report report;
    std::vector<std::string> notes;
  };
  Merged merge(merge::Request request);

  // Crash recovery (editor/session/recovery.h): every history change since the file was opened
  // is journaled under `dir` (the user's config folder's recovery/), flushed to the disk step
  // by step; a save clears the journal and closeRecovery() (a clean exit) removes it.
  void enableRecovery(std::filesystem::path dir);
  void closeRecovery();
  const recovery::Journal* journal() const { return journal_.get(); }
  // The history's steps since the file was opened, as the journal records them.
  const std::vector<nlohmann::json>& journalSteps() const { return steps_; }

  Selection selection;
  PanelState panels;  // started afresh by open()

 private:
  void changed();
  void clampSelection();
  void record(nlohmann::json step);
  void restartJournal();
  friend class recovery::Journal;
  friend void recovery::restore(Session& s, const recovery::Unsaved& unsaved, const std::filesystem::path& root);

  std::unique_ptr<History<Document>> history_;
  std::filesystem::path path_;
  std::filesystem::file_time_type stamp_{};
  std::uint64_t version_ = 0;
  mutable std::uint64_t viewVersion_ = ~0ull, warningsVersion_ = ~0ull;
  mutable std::unique_ptr<ObjectView> view_;
  mutable std::vector<std::unique_ptr<ObjectView>> retiredViews_;
  mutable std::vector<ValidationWarning> warnings_;
  mutable std::uint64_t objectsVersion_ = ~0ull;
  mutable std::vector<ObjectEntry> objects_;
  mutable std::uint64_t meshUsersVersion_ = ~0ull;
  mutable std::unordered_map<long, ObjectRef> meshUsers_;
  std::vector<std::string> lastWarnings_;
  mutable PageDecoder pages_;
  std::optional<MergeSource> source_;
  std::filesystem::path sourcePath_;
  std::size_t sourceSerial_ = 0;  // which opened source a journaled merge used
  std::map<std::size_t, std::shared_ptr<const Document>> mergeSources_;  // by serial, as read
  std::filesystem::path recoveryDir_;
  std::unique_ptr<recovery::Journal> journal_;
  std::vector<nlohmann::json> steps_;
  bool unjournaled_ = false;  // an edit without an ActionCall happened since the open or save
};

// The object a validation warning is about (for click-to-locate).
std::optional<ObjectRef> objectOf(const Session& s, const ValidationWarning& w);

}  // namespace wadsmith::session
