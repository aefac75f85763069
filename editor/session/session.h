// The editor's state without any GL or UI: the open document and its undo history, what is
// selected, an optional source to bring objects in from. Every change goes through an operation
// of model/ops or a use case (editor/usecases) pushed on the history; panels and tests call the
// same methods.
#pragma once
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "editor/progress.h"
#include "editor/session/audio_out.h"
#include "editor/session/merge_preview.h"
#include "editor/session/panel_state.h"
#include "editor/session/texture_pages.h"
#include "editor/view/picking.h"
#include "editor/usecases/bring_in.h"
#include "io/samples_folder.h"
#include "model/object_view.h"
#include "model/ops/operations.h"
#include "model/validate.h"
#include "undo/history.h"

namespace wadsmith::session {

// What is selected (model/ops/selection.h): the operations take their arguments from it.
using Selection = ops::Selection;

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

  // Runs a call of the table of operations (model/ops/operations.h) as one undo step labelled
  // as the table says; its warnings are kept for the status bar, and the journal stores the
  // call. An EditError leaves everything as it was.
  void run(const ops::Call& call);
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

  // A source to bring objects in from (editor/usecases/sources.h: a WAD, a level of any game,
  // another engine's file, a 3D file), opened and listed once.
  void openSource(const std::filesystem::path& path);
  const usecases::Source* source() const { return source_.get(); }
  const SourceListing& sourceListing() const;
  const std::filesystem::path& sourcePath() const { return sourcePath_; }
  // One undo step: the use case (usecases/bring_in.h) from the open source into the open WAD;
  // the samples it brings go beside the document's file, as the CLI writes them beside its
  // output.
  usecases::Brought bringIn(const usecases::BringIn& args, const Progress& progress = {});
  // The object highlighted in the Merge panel (panels.merge.highlighted) as it would come in;
  // null when none is. Made once per highlighted object, panel options and document version.
  const MergePreview* mergePreview() const;

  // The TRLE samples folder the open WAD's .SAM names WAVs in (found near the file, listed once
  // per file), and a sample's WAV bytes: from that folder, or embedded (a level).
  const SampleFolder& samples() const;
  std::optional<std::vector<std::uint8_t>> sampleWav(std::size_t sample) const;
  // The sprites (a WAD's .SWD, a level's sprite textures over its tiles) and their pages as
  // RGBA images, decoded once per page.
  Shared<SpriteFile> sprites() const;
  const PageImages& spritePageImages() const;
  // Where samples play; null until the GUI sets one (then nothing plays).
  std::shared_ptr<AudioOut> audio;
  // The selected object, or every object when none is selected, as a glTF (.glb or .gltf).
  void exportGltf(const std::filesystem::path& path, bool all, const Progress& progress = {}) const;

  // Crash recovery (editor/session/recovery.h): every history change since the file was opened
  // is journaled under `dir` (the user's config folder's recovery/), flushed to the disk step
  // by step; a save clears the journal and closeRecovery() (a clean exit) removes it.
  void enableRecovery(std::filesystem::path dir);
  void closeRecovery();
  // The history's steps since the file was opened, as the journal records them.
  const std::vector<nlohmann::json>& journalSteps() const { return steps_; }

  Selection selection;
  PanelState panels;  // started afresh by open()
  // Keeps the selection within the document: an object it has, an animation of that movable.
  void clampSelection();

 private:
  void changed();
  void record(nlohmann::json step);
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
  std::unique_ptr<usecases::Source> source_;
  mutable SourceListing sourceListing_;  // of the source with serial listedSerial_
  mutable std::size_t listedSerial_ = 0;
  std::filesystem::path sourcePath_;
  mutable std::optional<SampleFolder> samples_;
  mutable PageDecoder spritePages_;
  std::size_t sourceSerial_ = 0;  // which opened source a journaled bring-in used
  std::map<std::size_t, std::shared_ptr<const Document>> mergeSources_;  // by serial, as read (documents only)
  mutable std::unique_ptr<MergePreview> preview_;
  mutable std::string previewKey_;  // what preview_ was made from
  std::filesystem::path recoveryDir_;
  std::unique_ptr<recovery::Journal> journal_;
  std::vector<nlohmann::json> steps_;
  bool unjournaled_ = false;  // journaling failed (a full disk...) since the open or save
};

// The object a validation warning is about (for click-to-locate).
std::optional<ObjectRef> objectOf(const Session& s, const ValidationWarning& w);

}  // namespace wadsmith::session
