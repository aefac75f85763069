#include "editor/session/session.h"

#include "editor/session/recovery.h"
#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "model/sound_use.h"
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
  unjournaled_ = false;
  std::erase_if(mergeSources_, [&](const auto& source) { return source.first != sourceSerial_; });
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
  usecases::saveWithCompanions(document(), path);
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
  const bool movable = selection.object->movable();
  const auto found = movable ? v.findMovable(selection.object->slot) : v.findStatic(selection.object->slot);
  if (!found) {
    selection = {.sound = selection.sound};
  } else if (movable) {
    auto [a0, a1] = v.animationRange(*found);
    if (selection.animation >= a1 - a0) selection.animation = 0, selection.frame = 0;
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
  const auto* wad = std::get_if<WadDocument>(&document());
  const ObjectNames names =
      wad ? objectNames(*wad) : usecases::catalogNames(t, std::get<LevelDocument>(document()).game());
  // Per pointer whether its mesh uses shades, summed: a run's answer in O(1) however many
  // pointers the objects claim (runs may overlap; every movable can claim 65,535).
  std::vector<std::size_t> shadesBefore(v.meshPointers().size() + 1, 0);
  for (std::size_t i = 0; i < v.meshPointers().size(); ++i) {
    const auto slot = v.pointerMesh(i);
    shadesBefore[i + 1] = shadesBefore[i] + (slot.mesh && slot.mesh->usesShades() ? 1 : 0);
  }
  std::vector<ObjectEntry> out;
  for (std::size_t m = 0; m < t.movables->size(); ++m) {
    auto [p0, p1] = v.runRange((*t.movables)[m].pointers);
    auto [a0, a1] = v.animationRange(m);
    out.push_back({.ref = movableRef((*t.movables)[m].objectId), .name = names.movables[m], .meshes = p1 - p0,
                   .animations = a1 - a0, .usesShades = shadesBefore[p1] > shadesBefore[p0]});
  }
  for (std::size_t s = 0; s < t.statics->size(); ++s) {
    auto mesh = v.staticMesh(s);
    out.push_back({.ref = staticRef((*t.statics)[s].objectId), .name = names.statics[s], .meshes = 1,
                   .usesShades = mesh && mesh->mesh && mesh->mesh->usesShades()});
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

Shared<SpriteFile> Session::sprites() const {
  if (const auto* w = std::get_if<WadDocument>(&document())) return w->sprites;
  return nullptr;
}

const PageImages& Session::spritePageImages() const {
  static const std::vector<SharedBytes> none;
  const auto f = sprites();
  return spritePages_.pages(f ? f->pages.pages : none);
}

const SampleFolder& Session::samples() const {
  if (!samples_) samples_ = path_.empty() ? SampleFolder() : samplesFolderFor(path_, std::nullopt);
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
