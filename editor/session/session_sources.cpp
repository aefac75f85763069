// The session's doors to the use cases (editor/usecases): a source opened beside the document,
// objects brought in from it as one undo step, objects exported.
#include "editor/session/recovery.h"
#include "editor/session/session.h"
#include "editor/usecases/documents.h"
#include "editor/usecases/value_json.h"
#include "io/utf8_path.h"

namespace wadsmith::session {

void Session::openSource(const std::filesystem::path& path) {
  auto source = usecases::openSource(path);
  auto listing = source->list();
  if (!source->document && listing.movables.empty() && listing.statics.empty())
    throw std::runtime_error(utf8Name(path) + ": holds no objects to bring in (" + listing.format + ")");
  source_ = std::move(source);
  sourcePath_ = path;
  mergeSources_[++sourceSerial_] = source_->document;  // a journaled bring-in copies it from here
  sourceListing_ = std::move(listing);
  listedSerial_ = sourceSerial_;
  panels.merge = {};  // picks and the report were about the previous source
}

const SourceListing& Session::sourceListing() const {
  if (listedSerial_ != sourceSerial_) {  // a source the crash journal reopened
    sourceListing_ = source_ ? source_->list() : SourceListing{};
    listedSerial_ = sourceSerial_;
  }
  return sourceListing_;
}

usecases::Brought Session::bringIn(const usecases::BringIn& given, const Progress& progress) {
  usecases::BringIn args = given;
  args.source = sourcePath_;  // the open source is what comes in (and what the journal names)
  if (!source_) throw merge::MergeError("no source is open");
  auto brought = usecases::bringIn(document(), *source_, args, {path_, path_, progress});
  samples_.reset();  // WAVs may have arrived in the samples folder
  history_->push(brought.document(), brought.label);
  lastWarnings_ = brought.report.warnings;
  changed();
  if (source_->document)
    record({{"step", "merge"}, {"source", sourceSerial_}, {"source_path", utf8Name(sourcePath_)}, {"source_label", source_->label},
            {"args", usecases::toJson(args)}, {"label", brought.label}});
  else  // replayed by the table's entry from the file (usecases/bring_in.h)
    record({{"step", "edit"}, {"op", "bring_in"}, {"args", usecases::jsonOf(usecases::bringInCall(args, path_))}, {"label", brought.label}});
  return brought;
}

const MergePreview* Session::mergePreview() const {
  const auto& panel = panels.merge;
  if (!source_ || !panel.highlighted) return nullptr;
  // Everything the preview depends on: the source, the document, the object and the options.
  const auto& h = *panel.highlighted;
  const std::string key = std::to_string(sourceSerial_) + " " + std::to_string(version_) + " " + h.text() + " " +
                          std::to_string(static_cast<int>(panel.mode)) + " " + std::to_string(panel.asSlot) + " " +
                          std::to_string(panel.oneMesh) + " " + std::to_string(panel.scale) + " " + panel.textures + " " +
                          std::to_string(panel.frame) + " " + std::to_string(panel.framesPerSecond) + " " +
                          std::to_string(panel.recomputeNormals);
  if (!preview_ || key != previewKey_) {
    preview_ = makeMergePreview(*this, h);
    previewKey_ = key;
  }
  return preview_.get();
}

void Session::exportGltf(const std::filesystem::path& path, bool all, const Progress& progress) const {
  std::vector<ObjectRef> objects;  // none: every object
  if (!all && selection.object) objects.push_back(*selection.object);
  usecases::exportObjects(document(), objects, path, utf8Name(path_), progress);
}

}  // namespace wadsmith::session
