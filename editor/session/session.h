// The editor's state without any GL or UI: the open document and its undo history, what is
// selected, an optional merge source. Every change goes through an operation of model/ops or
// model/merge pushed on the history; panels and tests call the same methods.
#pragma once
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

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

  // Edits: `edit` builds the next version; its warnings are kept for the status bar.
  void apply(const std::string& label, const std::function<ops::Edited(const Document&)>& edit);
  bool undo();
  bool redo();
  void jump(std::size_t step);
  const std::vector<std::string>& lastWarnings() const { return lastWarnings_; }

  // The texture pages as RGBA images for display, decoded once per page (see PageDecoder).
  const PageImages& pageImages() const { return pages_.pages(document()); }

  // Objects with display names and per-object validation counts.
  std::vector<ObjectEntry> objects() const;
  const std::vector<ValidationWarning>& warnings() const;

  // Merge source: a WAD, or a level's objects (any game) as a WAD.
  void openSource(const std::filesystem::path& path);
  const WadDocument* source() const { return source_ ? &source_->wad : nullptr; }
  // The source level's game (its slot numbers are that game's); TR4 for a WAD.
  Game sourceGame() const { return source_ && source_->game ? *source_->game : Game::TR4; }
  const std::filesystem::path& sourcePath() const { return sourcePath_; }
  // One undo step. The request's source label is set as the CLI's merge sets it; the notes are
  // what the source's conversion lost for the merged objects (the CLI prints them as "note:").
  struct Merged {
    merge::Report report;
    std::vector<std::string> notes;
  };
  Merged merge(merge::Request request);

  Selection selection;
  PanelState panels;  // started afresh by open()

 private:
  void changed();
  void clampSelection();

  std::unique_ptr<History<Document>> history_;
  std::filesystem::path path_;
  std::filesystem::file_time_type stamp_{};
  std::uint64_t version_ = 0;
  mutable std::uint64_t viewVersion_ = ~0ull, warningsVersion_ = ~0ull;
  mutable std::unique_ptr<ObjectView> view_;
  mutable std::vector<std::unique_ptr<ObjectView>> retiredViews_;
  mutable std::vector<ValidationWarning> warnings_;
  std::vector<std::string> lastWarnings_;
  mutable PageDecoder pages_;
  std::optional<MergeSource> source_;
  std::filesystem::path sourcePath_;
};

// The object a validation warning is about (for click-to-locate).
std::optional<ObjectRef> objectOf(const Session& s, const ValidationWarning& w);

}  // namespace wadsmith::session
