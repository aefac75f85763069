#include "editor/session/session.h"

#include "io/document_io.h"
#include "model/catalog.h"
#include "model/names.h"

namespace wadsmith::session {

namespace {
std::filesystem::file_time_type stampOf(const std::filesystem::path& p) {
  std::error_code ec;
  auto t = std::filesystem::last_write_time(p, ec);
  return ec ? std::filesystem::file_time_type{} : t;
}
}  // namespace

Session::Session() : history_(std::make_unique<History<Document>>(Document(WadDocument::empty()), "new")) {}

void Session::open(const std::filesystem::path& path) { openDocument(loadDocument(path), path); }

void Session::openDocument(Document doc, std::filesystem::path path) {
  history_->reset(std::move(doc), "open " + path.filename().string());
  path_ = std::move(path);
  stamp_ = stampOf(path_);
  selection = {};
  panels = {};
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
      selection = {};
      return;
    }
    auto [a0, a1] = v.animationRange(*m);
    if (selection.animation >= a1 - a0) selection.animation = 0, selection.frame = 0;
  } else if (!v.findStatic(selection.object->slot)) {
    selection = {};
  }
}

void Session::apply(const std::string& label, const std::function<ops::Edited(const Document&)>& edit) {
  ops::Edited e = edit(document());  // throws EditError: nothing changes
  lastWarnings_ = std::move(e.warnings);
  history_->push(std::move(e.doc), label);
  changed();
}

bool Session::undo() {
  bool ok = history_->undo();
  if (ok) changed();
  return ok;
}
bool Session::redo() {
  bool ok = history_->redo();
  if (ok) changed();
  return ok;
}
void Session::jump(std::size_t step) {
  history_->jump(step);
  changed();
}

const std::vector<ValidationWarning>& Session::warnings() const {
  if (warningsVersion_ != version_) {
    warnings_ = validate(document());
    warningsVersion_ = version_;
  }
  return warnings_;
}

std::vector<ObjectEntry> Session::objects() const {
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
  std::vector<ObjectEntry> out;
  for (std::size_t m = 0; m < t.movables->size(); ++m) {
    ObjectEntry e;
    e.ref = {ObjectKind::Movable, (*t.movables)[m].objectId};
    e.name = movableNames[m];
    auto meshes = v.movableMeshes(m);
    e.meshes = meshes.size();
    for (const auto& s : meshes) e.usesShades |= s.mesh && s.mesh->usesShades();
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
  for (const auto& w : warnings())
    if (auto o = objectOf(*this, w))
      for (auto& e : out)
        if (e.ref.kind == o->kind && e.ref.slot == o->slot) ++e.warnings;
  return out;
}

void Session::openSource(const std::filesystem::path& path) {
  source_ = loadMergeSource(path);
  sourcePath_ = path;
  panels.merge = {};  // picks and the report were about the previous source
}

Session::Merged Session::merge(merge::Request request) {
  const auto* dst = std::get_if<WadDocument>(&document());
  if (!dst) throw merge::MergeError("objects merge into a WAD; the open document is a level");
  if (!source_) throw merge::MergeError("no source is open");
  describeSource(*source_, request);
  auto result = merge::mergeObjects(*dst, source_->wad, request);
  std::string label = "merge " + std::to_string(result.report.merged.size()) + " objects from " +
                      sourcePath_.filename().string();
  history_->push(Document(std::move(result.doc)), label);
  lastWarnings_ = result.report.warnings;
  changed();
  auto notes = mergeNotes(*source_, result.report);
  return {std::move(result.report), std::move(notes)};
}

std::optional<ObjectRef> objectOf(const Session& s, const ValidationWarning& w) {
  if (w.where.object) return w.where.object;
  if (!w.where.meshEntry) return std::nullopt;
  // The first object using the mesh entry.
  const ObjectView& v = s.view();
  const long entry = static_cast<long>(*w.where.meshEntry);
  if (auto m = v.movablesUsingMesh(entry); !m.empty()) return movableRef(v.movables()[m[0]].objectId);
  if (auto st = v.staticsUsingMesh(entry); !st.empty()) return staticRef(v.statics()[st[0]].objectId);
  return std::nullopt;
}

}  // namespace wadsmith::session
