#include "editor/session/session.h"

#include "editor/interop/gltf_export.h"
#include "editor/session/recovery.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/level_codec.h"
#include "io/utf8_path.h"
#include "model/import/import.h"
#include "model/merge/level_extract.h"
#include "model/sound_use.h"
#include "model/catalog.h"
#include "model/names.h"
#include "model/visited_ranges.h"

#include <map>

namespace wadsmith::session {

namespace {
std::filesystem::file_time_type stampOf(const std::filesystem::path& p) {
  std::error_code ec;
  auto t = std::filesystem::last_write_time(p, ec);
  return ec ? std::filesystem::file_time_type{} : t;
}
}  // namespace

Session::Session() : history_(std::make_unique<History<Document>>(Document(WadDocument::empty()), "new")) {}
Session::~Session() = default;

void Session::open(const std::filesystem::path& path) { openDocument(loadDocument(path), path); }

void Session::openDocument(Document doc, std::filesystem::path path) {
  history_->reset(std::move(doc), "open " + path.filename().string());
  // A new history: the previous file's journal goes (its changes were saved or discarded).
  if (journal_) journal_->remove();
  journal_.reset();
  steps_.clear();
  snapshots_.clear();
  unjournaled_ = false;
  for (auto it = mergeSources_.begin(); it != mergeSources_.end();)
    it = it->first == sourceSerial_ ? std::next(it) : mergeSources_.erase(it);
  path_ = std::move(path);
  stamp_ = stampOf(path_);
  selection = {};
  panels = {};
  samples_.reset();
  lastWarnings_.clear();
  changed();
  // Start on the first movable (or static) so the viewport shows something.
  const auto& t = objectsOf(document());
  if (!t.movables->empty())
    selection.object = ObjectRef{ObjectKind::Movable, (*t.movables)[0].objectId};
  else if (!t.statics->empty())
    selection.object = ObjectRef{ObjectKind::Static, (*t.statics)[0].objectId};
}

void Session::save() { saveAs(path_); }

void Session::saveAs(const std::filesystem::path& path) {
  saveDocument(document(), path);
  path_ = path;
  stamp_ = stampOf(path_);
  history_->markSaved();
  // Nothing is unsaved now: the journal goes, and the next change writes a new one (the file as
  // opened, every step since, this save among them).
  steps_.push_back({{"step", "saved"}});
  if (journal_) journal_->remove();
  journal_.reset();
}

bool Session::changedOnDisk() const {
  if (path_.empty()) return false;
  auto now = stampOf(path_);
  return now != std::filesystem::file_time_type{} && now != stamp_;
}

void Session::reload() {
  auto keep = selection;
  open(path_);
  selection = keep;
  clampSelection();
}

const ObjectView& Session::view() const {
  if (viewVersion_ != version_) {
    if (view_) retiredViews_.push_back(std::move(view_));
    view_ = std::make_unique<ObjectView>(objectsOf(document()));
    viewVersion_ = version_;
  }
  return *view_;
}

void Session::changed() {
  ++version_;
  clampSelection();
}

void Session::clampSelection() {
  if (!selection.object) return;
  const ObjectView& v = view();
  if (selection.object->kind == ObjectKind::Movable) {
    auto m = v.findMovable(selection.object->slot);
    if (!m) {
      selection = {.sound = selection.sound};
      return;
    }
    auto [a0, a1] = v.animationRange(*m);
    if (selection.animation >= a1 - a0) selection.animation = 0, selection.frame = 0;
  } else if (!v.findStatic(selection.object->slot)) {
    selection = {.sound = selection.sound};
  }
}

const std::vector<ValidationWarning>& Session::warnings() const {
  if (warningsVersion_ != version_) {
    warnings_ = validate(document(), validationOptions(samples()));
    warningsVersion_ = version_;
  }
  return warnings_;
}

const std::vector<ObjectEntry>& Session::objects() const {
  if (objectsVersion_ == version_) return objects_;
  const ObjectView& v = view();
  const auto& t = v.tables();
  std::vector<std::string> movableNames, staticNames;
  if (const auto* w = std::get_if<WadDocument>(&document())) {
    auto n = objectNames(*w);
    movableNames = std::move(n.movables), staticNames = std::move(n.statics);
  } else {
    const Game game = std::get<LevelDocument>(document()).game();
    for (const auto& m : *t.movables) movableNames.push_back(catalog::movableLabel(m.objectId, game));
    for (const auto& s : *t.statics) staticNames.push_back(catalog::staticLabel(s.objectId, game));
  }
  // Per pointer whether its mesh uses shades, summed: a run's answer in O(1) however many
  // pointers the objects claim (runs may overlap; every movable can claim 65,535).
  std::vector<std::size_t> shadesBefore(v.meshPointers().size() + 1, 0);
  for (std::size_t i = 0; i < v.meshPointers().size(); ++i) {
    const auto slot = v.pointerMesh(i);
    shadesBefore[i + 1] = shadesBefore[i] + (slot.mesh && slot.mesh->usesShades() ? 1 : 0);
  }
  std::vector<ObjectEntry> out;
  for (std::size_t m = 0; m < t.movables->size(); ++m) {
    ObjectEntry e;
    e.ref = {ObjectKind::Movable, (*t.movables)[m].objectId};
    e.name = movableNames[m];
    auto [p0, p1] = v.runRange((*t.movables)[m].pointers);
    e.meshes = p1 - p0;
    e.usesShades = shadesBefore[p1] > shadesBefore[p0];
    auto [a0, a1] = v.animationRange(m);
    e.animations = a1 - a0;
    out.push_back(e);
  }
  for (std::size_t s = 0; s < t.statics->size(); ++s) {
    ObjectEntry e;
    e.ref = {ObjectKind::Static, (*t.statics)[s].objectId};
    e.name = staticNames[s];
    e.meshes = 1;
    auto mesh = v.staticMesh(s);
    e.usesShades = mesh && mesh->mesh && mesh->mesh->usesShades();
    out.push_back(e);
  }
  std::map<ObjectRef, std::size_t> byRef;
  for (std::size_t i = out.size(); i-- > 0;) byRef[out[i].ref] = i;
  for (const auto& w : warnings())
    if (auto o = objectOf(*this, w))
      if (auto it = byRef.find(*o); it != byRef.end()) ++out[it->second].warnings;
  objects_ = std::move(out);
  objectsVersion_ = version_;
  return objects_;
}

void Session::openSource(const std::filesystem::path& path) {
  source_ = loadMergeSource(path);
  sourcePath_ = path;
  mergeSources_[++sourceSerial_] = source_->document;  // a journaled merge copies it from here
  panels.merge = {};  // picks and the report were about the previous source
}

Session::Merged Session::merge(merge::Request request) {
  const auto* dst = std::get_if<WadDocument>(&document());
  if (!dst) throw merge::MergeError("objects merge into a WAD; the open document is a level");
  if (!source_) throw merge::MergeError("no source is open");
  if (source_->foreign) throw merge::MergeError("the source is another engine's file: its models are merged by name");
  return mergeFrom(*dst, *source_, std::move(request));
}

Session::Merged Session::mergeForeign(const std::vector<ForeignPick>& picks, const ForeignOptions& options, bool replace) {
  const auto* dst = std::get_if<WadDocument>(&document());
  if (!dst) throw merge::MergeError("objects merge into a WAD; the open document is a level");
  if (!source_ || !source_->foreign) throw merge::MergeError("no other engine's file is open");
  // Built for this merge only: the listing stays the open source.
  const MergeSource built = loadMergeSource(sourcePath_, picks, options);
  merge::Request request;
  for (const auto& p : picks) (p.kind == foreign::ObjectKind::Movable ? request.movables : request.statics).push_back(p.slot);
  request.replace = replace;
  return mergeFrom(*dst, built, std::move(request));
}

Session::Merged Session::mergeFrom(const WadDocument& dst, const MergeSource& source, merge::Request request) {
  describeSource(source, request);
  auto result = merge::mergeObjects(dst, source.wad, request);
  // WAVs a level source embeds go into the samples folder (never over a different file).
  std::vector<std::string> placed;
  const auto folder = samples().exists() ? samples().dir() : path_.parent_path() / "samples";
  for (const auto& p : placeEmbeddedWavs(result.doc, folder))
    placed.push_back("sample " + p.name + (p.how == PlacedWav::How::SameFileThere ? ": the same audio is already in "
                                                                                     : ": written to ") +
                     folder.generic_string() + (p.how == PlacedWav::How::Renamed ? " (renamed: another " + p.proposed + " is there)" : ""));
  samples_.reset();
  std::string label = "merge " + std::to_string(result.report.merged.size()) + " objects from " +
                      sourcePath_.filename().string();
  history_->push(Document(std::move(result.doc)), label);
  lastWarnings_ = result.report.warnings;
  changed();
  if (source_ && &source == &*source_) {
    nlohmann::json req = {{"movables", request.movables}, {"statics", request.statics}, {"all", request.all},
                          {"replace", request.replace}, {"with_related", request.withRelated},
                          {"sounds", static_cast<int>(request.sounds)}, {"sprites", request.sprites}};
    if (request.as) req["as"] = *request.as;
    record({{"step", "merge"}, {"source", sourceSerial_}, {"source_path", utf8Name(sourcePath_)},
            {"source_label", source_->label}, {"request", req}, {"label", label}});
  } else {
    recordDocument(label);  // built for this merge (another engine's models): kept as the result
  }
  auto notes = mergeNotes(source, result.report);
  return {std::move(result.report), std::move(notes), std::move(placed)};
}

Shared<SpriteFile> Session::sprites() const {
  if (const auto* w = std::get_if<WadDocument>(&document())) return w->sprites;
  return nullptr;
}

const PageImages& Session::spritePageImages() const {
  const auto f = sprites();
  const std::size_t n = f ? f->pages.pages.size() : 0;
  spriteImages_.resize(n);
  spriteSources_.resize(n);
  for (std::size_t p = 0; p < n; ++p) {
    const SharedBytes& page = f->pages.pages[p];
    if (spriteImages_[p] && spriteSources_[p].data() == page.data() && spriteSources_[p].size() == page.size()) continue;
    spriteImages_[p] = std::make_shared<const RgbaPage>(decodeWadPage(page));
    spriteSources_[p] = page;
  }
  return spriteImages_;
}

const SampleFolder& Session::samples() const {
  if (!samples_) {
    auto dir = path_.empty() ? std::nullopt : findSamplesFolder(path_);
    samples_ = dir ? SampleFolder(*dir) : SampleFolder();
  }
  return *samples_;
}

std::optional<std::vector<std::uint8_t>> Session::sampleWav(std::size_t sample) const {
  const auto sounds = documentSounds(document());
  if (!sounds || sample >= sounds->samples.size()) return std::nullopt;
  const auto& s = sounds->samples[sample];
  if (!s.wav.empty()) return s.wav.copy();
  auto file = samples().find(s.name);
  if (!file) return std::nullopt;
  try {
    return readFileBytes(*file);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

void Session::openImportFile(const std::filesystem::path& path) {
  auto objects = interop::loadImportFile(path);
  importObjects_ = std::move(objects);
  importPath_ = path;
  panels.import.object = 0;
  panels.import.report.clear();
  panels.import.movable = importObjects_.front().movable;
  // The export's own slot, else the first free slot a builder would pick (ANIMATING1..., PLANT0...).
  if (const auto& r = importObjects_.front().records) {
    panels.import.slot = static_cast<int>(r->ref.slot);
  } else if (const auto* wad = std::get_if<WadDocument>(&document())) {
    if (auto slot = import::firstFreeSlot(*wad, panels.import.movable)) panels.import.slot = static_cast<int>(*slot);
  }
}

exchange::ImportResult Session::importObject(std::size_t object, const exchange::ImportRequest& request) {
  const auto* dst = std::get_if<WadDocument>(&document());
  if (!dst) throw merge::MergeError("objects import into a WAD; the open document is a level");
  if (object >= importObjects_.size()) throw merge::MergeError("no 3D file is open to import from");
  std::vector<std::string> notes;
  const auto& o = importObjects_[object];
  ObjectRef as = request.target;
  if (request.mesh) as = {o.movable ? ObjectKind::Movable : ObjectKind::Static, request.target.slot};
  exchange::ImportRequest req = request;
  req.sourceLabel = importPath_.filename().string();
  if (o.records) req.records = &*o.records;
  auto result = exchange::importObject(*dst, interop::objectWad(o, as, notes), req);
  result.lines.insert(result.lines.begin(), notes.begin(), notes.end());
  const std::string label = "import " + importPath_.filename().string() + " as " + request.target.text() +
                            (request.mesh ? " mesh " + std::to_string(*request.mesh) : "");
  history_->push(Document(result.doc), label);
  lastWarnings_ = result.merge.warnings;
  changed();
  recordDocument(label);
  return result;
}

void Session::exportGltf(const std::filesystem::path& path, bool all) const {
  const auto* wad = std::get_if<WadDocument>(&document());
  std::vector<ObjectRef> objects;
  if (all || !selection.object) {
    for (const auto& e : this->objects()) objects.push_back(e.ref);
  } else {
    objects.push_back(*selection.object);
  }
  if (wad) {
    interop::writeGltfFile(*wad, objects, path);
  } else {
    // A level's objects as the merge sees them (its tiles made WAD pages).
    const auto& level = std::get<LevelDocument>(document());
    interop::writeGltfFile(merge::extractLevelObjects(level, levelTiles32(level)).wad, objects, path, nullptr,
                           path_.filename().string());
  }
}

std::optional<ObjectRef> objectOf(const Session& s, const ValidationWarning& w) {
  if (w.where.object) return w.where.object;
  if (!w.where.meshEntry) return std::nullopt;
  return s.meshUser(static_cast<long>(*w.where.meshEntry));
}

std::optional<ObjectRef> Session::meshUser(long entry) const {
  if (meshUsersVersion_ != version_) {
    // The first object using each mesh entry, in one pass over the pointer table (runs may
    // overlap: a pointer is looked at with the first movable whose run holds it).
    const ObjectView& v = view();
    const auto& t = v.tables();
    meshUsers_.clear();
    VisitedRanges pointerOwners(v.meshPointers().size());
    for (std::size_t m = 0; m < t.movables->size(); ++m) {
      auto [p0, p1] = v.runRange((*t.movables)[m].pointers);
      const ObjectRef ref{ObjectKind::Movable, (*t.movables)[m].objectId};
      pointerOwners.mark(p0, p1, m, [&](std::size_t i) { meshUsers_.emplace(v.pointerMesh(i).entryIndex, ref); });
    }
    for (std::size_t s = 0; s < t.statics->size(); ++s)
      if (auto slot = v.staticMesh(s)) meshUsers_.emplace(slot->entryIndex, ObjectRef{ObjectKind::Static, (*t.statics)[s].objectId});
    meshUsersVersion_ = version_;
  }
  auto it = meshUsers_.find(entry);
  return it == meshUsers_.end() ? std::nullopt : std::optional(it->second);
}

}  // namespace wadsmith::session
