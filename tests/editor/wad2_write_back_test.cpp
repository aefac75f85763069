// An edited wad2 saves back chunk by chunk (model/wad2/write_back.h): an edit of one animation
// field, one face's attribute or one static's box, made through the operations on the classic
// view, changes only that object's chunk (and, inside it, only the record edited); the other
// chunks keep the bytes they were read from; an edit undone gives the file back byte for byte.
#include <gtest/gtest.h>

#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/wad2_codec.h"
#include "io/wad2_sounds_xml.h"
#include "model/catalog.h"
#include "model/draft.h"
#include "model/object_view.h"
#include "model/ops/operations.h"
#include "model/wad2/classic_view.h"
#include "model/wad2/write_back.h"
#include "tests/support/test_support.h"
#include "undo/history.h"

namespace wadsmith {
namespace {

std::vector<std::filesystem::path> files() {
  auto out = test::corpusFiles("wad2", {".wad2"});
  out.insert(out.begin(), test::fixturesDir() / "sample.wad2");
  return out;
}

struct Opened {
  std::filesystem::path path;
  std::vector<std::uint8_t> bytes;
  Document doc;
  const WadDocument& wad() const { return std::get<WadDocument>(doc); }
};
Opened open(const std::filesystem::path& p) { return {p, readFileBytes(p), loadDocument(p)}; }

// The document's chunk tree, one level per object: the chunk each top record was read from.
struct Chunks {
  std::vector<SharedBytes> textures, movables, statics;
};
Chunks chunks(const wad2::Document& d) {
  Chunks c;
  for (const auto& t : d.textures) c.textures.push_back(t->keep.source);
  for (const auto& m : d.movables) c.movables.push_back(m->keep.source);
  for (const auto& s : d.statics) c.statics.push_back(s->keep.source);
  return c;
}
bool same(const SharedBytes& a, const SharedBytes& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}
// The positions whose chunk differs between two lists of one length.
std::vector<std::size_t> differing(const std::vector<SharedBytes>& a, const std::vector<SharedBytes>& b) {
  std::vector<std::size_t> out;
  EXPECT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (!same(a[i], b[i])) out.push_back(i);
  return out;
}

// The file the edited view saves as, read back.
wad2::Document savedBack(const Document& edited) {
  const auto path = test::scratchDir() / "edited.wad2";
  usecases::saveWithCompanions(edited, path);
  return readWad2(readFileBytes(path), path.string());
}

std::size_t indexOfSlot(const std::vector<wad2::SlotChoice>& plan, std::uint32_t slot) {
  for (std::size_t i = 0; i < plan.size(); ++i)
    if (plan[i].to == slot) return i;
  ADD_FAILURE() << "slot " << slot << " not in the plan";
  return 0;
}

class Wad2WriteBack : public ::testing::TestWithParam<std::filesystem::path> {};

// With no edit, the splice gives the file back: every record O and N agree on is W's.
TEST_P(Wad2WriteBack, AnUneditedViewWritesTheFileBack) {
  const Opened f = open(GetParam());
  const auto& origin = *f.wad().wad2;
  EXPECT_EQ(writeWad2(wad2::writeBack(origin, f.wad())), f.bytes);
}

// One animation's frame duration: that movable's chunk changes, and in it that animation's only.
TEST_P(Wad2WriteBack, AnAnimationFieldChangesOnlyItsAnimation) {
  const Opened f = open(GetParam());
  const ObjectView v(f.wad().objects);
  std::optional<std::size_t> movable;
  for (std::size_t i = 0; i < v.movables().size() && !movable; ++i)
    if (auto [a, e] = v.animationRange(i); e > a) movable = i;
  if (!movable) GTEST_SKIP() << "no animation";
  const std::uint32_t slot = v.movables()[*movable].objectId;
  const auto first = v.animationRange(*movable).first;
  const int duration = v.animations()[first].frameDuration == 7 ? 8 : 7;
  const auto edited = ops::bind({"set_animation", {{"movable", slot}, {"animation", 0}, {"frame_duration", duration}}}).run(f.doc).doc;
  const auto& file = *f.wad().wad2->file;
  const auto back = savedBack(edited);
  const std::size_t at = indexOfSlot(f.wad().wad2->slots.movables, slot);
  EXPECT_EQ(differing(chunks(file).movables, chunks(back).movables), std::vector<std::size_t>{at});
  EXPECT_TRUE(differing(chunks(file).statics, chunks(back).statics).empty());
  EXPECT_TRUE(differing(chunks(file).textures, chunks(back).textures).empty());
  const auto& w = *file.movables[at];
  const auto& b = *back.movables[at];
  ASSERT_EQ(b.animations.size(), w.animations.size());
  EXPECT_EQ(b.animations[0]->frameRate, duration);
  for (std::size_t k = 1; k < w.animations.size(); ++k) EXPECT_TRUE(same(b.animations[k]->keep.source, w.animations[k]->keep.source)) << k;
  for (std::size_t k = 0; k < w.meshes.size(); ++k) EXPECT_TRUE(same(b.meshes[k]->keep.source, w.meshes[k]->keep.source)) << k;
  for (std::size_t k = 0; k < w.animations[0]->keyframes.size(); ++k)
    EXPECT_TRUE(same(b.animations[0]->keyframes[k].keep.source, w.animations[0]->keyframes[k].keep.source)) << "keyframe " << k;
}

// One face's shine: the object's chunk changes, its other meshes and faces keep their bytes.
TEST_P(Wad2WriteBack, AFaceAttributeChangesOnlyItsFace) {
  const Opened f = open(GetParam());
  const auto& file = *f.wad().wad2->file;
  const auto& plan = f.wad().wad2->slots;
  std::optional<std::size_t> at;
  for (std::size_t i = 0; i < file.movables.size() && !at; ++i)
    if (plan.movables[i].to && !file.movables[i]->meshes.empty() && !file.movables[i]->meshes[0]->polygons.empty()) at = i;
  if (!at) GTEST_SKIP() << "no movable with faces";
  const auto& polygon = file.movables[*at]->meshes[0]->polygons[0];
  const int shine = polygon.shine == 9 ? 10 : 9;
  const auto edited = ops::bind({"set_face", {{"movable", *plan.movables[*at].to}, {"mesh", 0}, {"faces", ops::Value::List{0}},
                                               {"shine", true}, {"intensity", shine}}}).run(f.doc).doc;
  const auto back = savedBack(edited);
  EXPECT_EQ(differing(chunks(file).movables, chunks(back).movables), std::vector<std::size_t>{*at});
  EXPECT_TRUE(differing(chunks(file).textures, chunks(back).textures).empty());
  const auto& w = *file.movables[*at];
  const auto& b = *back.movables[*at];
  ASSERT_EQ(b.meshes.size(), w.meshes.size());
  ASSERT_EQ(b.meshes[0]->polygons.size(), w.meshes[0]->polygons.size()) << "the mesh was taken whole";
  EXPECT_EQ(b.meshes[0]->polygons[0].shine, shine);
  for (std::size_t k = 1; k < w.meshes.size(); ++k) EXPECT_TRUE(same(b.meshes[k]->keep.source, w.meshes[k]->keep.source)) << k;
  for (std::size_t k = 1; k < w.meshes[0]->polygons.size(); ++k)
    EXPECT_TRUE(same(b.meshes[0]->polygons[k].keep.source, w.meshes[0]->polygons[k].keep.source)) << "face " << k;
  EXPECT_TRUE(same(b.animations.empty() ? SharedBytes() : b.animations[0]->keep.source,
                   w.animations.empty() ? SharedBytes() : w.animations[0]->keep.source));
}

// One static's collision box: that static's chunk changes, its mesh keeps its bytes.
TEST_P(Wad2WriteBack, AStaticBoxChangesOnlyThatStatic) {
  Opened f = open(GetParam());
  auto& wad = std::get<WadDocument>(f.doc);
  if (wad.objects.statics->empty()) GTEST_SKIP() << "no static";
  auto statics = *wad.objects.statics;
  statics[0].collision.minX -= 16;
  const std::uint32_t slot = statics[0].objectId;
  wad.objects.statics = share<std::vector<Static>>(std::move(statics));
  const auto& file = *wad.wad2->file;
  const auto back = savedBack(f.doc);
  const std::size_t at = indexOfSlot(wad.wad2->slots.statics, slot);
  EXPECT_EQ(differing(chunks(file).statics, chunks(back).statics), std::vector<std::size_t>{at});
  EXPECT_TRUE(differing(chunks(file).movables, chunks(back).movables).empty());
  EXPECT_EQ(back.statics[at]->collisionMin.x, file.statics[at]->collisionMin.x - 16);
  EXPECT_EQ(back.statics[at]->collisionMax, file.statics[at]->collisionMax);
  EXPECT_TRUE(same(back.statics[at]->mesh->keep.source, file.statics[at]->mesh->keep.source));
}

// An edit and its inverse (a new document equal in value, as an undo by a second edit makes):
// the bytes of the file; the history's own undo gives back the document itself.
TEST_P(Wad2WriteBack, AnEditUndoneGivesTheBytesBack) {
  const Opened f = open(GetParam());
  if (f.wad().objects.statics->empty()) GTEST_SKIP() << "no static";
  Document doc = f.doc;
  auto& wad = std::get<WadDocument>(doc);
  auto statics = *wad.objects.statics;
  const auto flags = statics[0].flags;
  statics[0].flags ^= 1;
  wad.objects.statics = share<std::vector<Static>>(statics);
  statics[0].flags = flags;
  wad.objects.statics = share<std::vector<Static>>(statics);
  ASSERT_FALSE(wad2::unchangedView(wad));
  const auto path = test::scratchDir() / "undone.wad2";
  usecases::saveWithCompanions(doc, path);
  EXPECT_EQ(readFileBytes(path), f.bytes);
}

// A movable of the file with at least `animations` animations (its index in the file and slot).
std::optional<std::pair<std::size_t, std::uint32_t>> movableWith(const Opened& f, std::size_t animations) {
  const auto& file = *f.wad().wad2->file;
  const auto& plan = f.wad().wad2->slots.movables;
  for (std::size_t i = 0; i < file.movables.size() && i < plan.size(); ++i)
    if (plan[i].to && file.movables[i]->animations.size() >= animations) return std::make_pair(i, static_cast<std::uint32_t>(*plan[i].to));
  return std::nullopt;
}
std::vector<SharedBytes> sources(const auto& list) {
  std::vector<SharedBytes> out;
  for (const auto& x : list) out.push_back(x.keep.source);
  return out;
}
// `b` is `a` with one element inserted: true when every element of `a` kept its bytes.
bool oneInserted(const std::vector<SharedBytes>& a, const std::vector<SharedBytes>& b) {
  if (b.size() != a.size() + 1) return false;
  for (std::size_t skip = 0; skip < b.size(); ++skip) {
    bool all = true;
    for (std::size_t k = 0; k < a.size() && all; ++k) all = same(a[k], b[k < skip ? k : k + 1]);
    if (all) return true;
  }
  return false;
}
// Saved, the edit undone by the history gives the file back.
void undoGivesTheBytes(const Opened& f, const Document& edited) {
  History<Document> history(f.doc);
  history.push(edited, "edit");
  history.undo();
  const auto path = test::scratchDir() / "undone_list.wad2";
  usecases::saveWithCompanions(history.current(), path);
  EXPECT_EQ(readFileBytes(path), f.bytes);
}

// An animation deleted from the middle: the others keep their keyframes' bytes, and those that
// name no animation from it on (whose numbers moved, or whose dispatches to it were dropped)
// their whole chunk; the other movables keep theirs.
TEST_P(Wad2WriteBack, AnAnimationDeletedFromTheMiddleLeavesTheOthersBytes) {
  const Opened f = open(GetParam());
  const auto found = movableWith(f, 3);
  if (!found) GTEST_SKIP() << "no movable with 3 animations";
  const auto [at, slot] = *found;
  const auto& w = *f.wad().wad2->file->movables[at];
  const std::size_t gone = w.animations.size() / 2;
  const auto edited = ops::bind({"delete_animation", {{"movable", slot}, {"animation", static_cast<std::int64_t>(gone)}}}).run(f.doc).doc;
  const auto back = savedBack(edited);
  const auto& file = *f.wad().wad2->file;
  EXPECT_EQ(differing(chunks(file).movables, chunks(back).movables), std::vector<std::size_t>{at});
  const auto& b = *back.movables[at];
  ASSERT_EQ(b.animations.size(), w.animations.size() - 1);
  for (std::size_t k = 0; k < w.animations.size(); ++k) {
    if (k == gone) continue;
    const auto& was = *w.animations[k];
    const auto& now = *b.animations[k < gone ? k : k - 1];
    EXPECT_EQ(sources(now.keyframes).size(), sources(was.keyframes).size()) << k;
    EXPECT_TRUE(differing(sources(was.keyframes), sources(now.keyframes)).empty()) << "animation " << k;
    bool namesPast = was.nextAnimation.isRecord() && !(was.nextAnimation.id < w.animations[gone]->id);
    for (const auto& s : was.stateChanges)
      for (const auto& d : s.dispatches) namesPast = namesPast || (d.nextAnimation.isRecord() && !(d.nextAnimation.id < w.animations[gone]->id));
    if (!namesPast) {
      EXPECT_TRUE(same(now.keep.source, was.keep.source)) << "animation " << k;
    }
  }
  undoGivesTheBytes(f, edited);
}

// A keyframe inserted, and a state change added: the other keyframes and state changes keep
// their bytes; the inverse edit gives the file back.
TEST_P(Wad2WriteBack, AKeyframeOrStateChangeAddedLeavesTheOthersBytes) {
  const Opened f = open(GetParam());
  const auto found = movableWith(f, 1);
  if (!found) GTEST_SKIP() << "no animation";
  const auto [at, slot] = *found;
  const auto& list = f.wad().wad2->file->movables[at]->animations;
  std::size_t k = 0;
  while (k + 1 < list.size() && list[k]->keyframes.size() < 2) ++k;
  const auto& w = *list[k];
  if (w.keyframes.size() < 2) GTEST_SKIP() << "no animation of two keyframes";
  const ops::Args animation{{"movable", slot}, {"animation", static_cast<std::int64_t>(k)}};
  auto args = animation;
  args["frame"] = static_cast<std::int64_t>(w.frameRate);  // between the first two keyframes' frames
  const auto inserted = ops::bind({"insert_keyframe", args}).run(f.doc).doc;
  auto added = animation;
  added["state"] = 99;
  added["dispatches"] = ops::Value::List{ops::Args{{"in", 0}, {"out", 1}, {"next_animation", 0}, {"next_frame", 0}}};
  const auto withState = ops::bind({"add_state_change", added}).run(f.doc).doc;
  const auto one = savedBack(inserted);
  const auto& a = *one.movables[at]->animations[k];
  EXPECT_TRUE(oneInserted(sources(w.keyframes), sources(a.keyframes)));  // dispatch frames after it move
  const auto two = savedBack(withState);
  const auto& s = *two.movables[at]->animations[k];
  ASSERT_EQ(s.stateChanges.size(), w.stateChanges.size() + 1);
  auto kept = sources(s.stateChanges);
  kept.pop_back();
  EXPECT_TRUE(differing(sources(w.stateChanges), kept).empty());
  EXPECT_TRUE(differing(sources(w.keyframes), sources(s.keyframes)).empty());
  auto remove = animation;
  remove["state_change"] = static_cast<std::int64_t>(w.stateChanges.size());
  const auto undone = ops::bind({"remove_state_change", remove}).run(withState).doc;
  const auto path = test::scratchDir() / "state_undone.wad2";
  usecases::saveWithCompanions(undone, path);
  EXPECT_EQ(readFileBytes(path), f.bytes);
  undoGivesTheBytes(f, inserted);
}

// A vertex and a face added to a mesh: the mesh's other vertices keep their floats and its other
// faces their bytes; the new ones come from the conversion.
TEST_P(Wad2WriteBack, AVertexAndFaceAddedLeaveTheOthersBytes) {
  const Opened f = open(GetParam());
  const auto& entries = *f.wad().objects.meshes;
  if (entries.empty() || !entries[0].mesh || entries[0].mesh->polygons.empty()) GTEST_SKIP() << "no mesh with faces";
  const auto edited = editDocument(f.doc, [](Draft& e) {
    Mesh m = *e.meshes.get()[0].mesh;
    Vec3s v = m.vertices[0];
    v.x = static_cast<std::int16_t>(v.x + 8);
    m.vertices.push_back(v);
    if (!m.normals.empty()) m.normals.push_back(m.normals[0]);
    if (!m.shades.empty()) m.shades.push_back(m.shades[0]);
    Polygon p = m.polygons[0];
    p.quad = false, p.vertices = {0, 1, static_cast<std::uint16_t>(m.vertices.size() - 1), 0};
    m.polygons.push_back(p);
    e.meshes.edit()[0].mesh = share<Mesh>(std::move(m));
  });
  const auto& file = *f.wad().wad2->file;
  const auto back = savedBack(edited);
  std::vector<std::pair<const wad2::Mesh*, const wad2::Mesh*>> meshes;  // file's, saved
  for (std::size_t i = 0; i < file.movables.size() && i < back.movables.size(); ++i)
    for (std::size_t k = 0; k < file.movables[i]->meshes.size() && k < back.movables[i]->meshes.size(); ++k)
      meshes.emplace_back(file.movables[i]->meshes[k].get(), back.movables[i]->meshes[k].get());
  for (std::size_t i = 0; i < file.statics.size() && i < back.statics.size(); ++i)
    meshes.emplace_back(file.statics[i]->mesh.get(), back.statics[i]->mesh.get());
  std::size_t changed = 0;
  for (const auto& [w, b] : meshes) {
    if (!w || !b || same(w->keep.source, b->keep.source)) continue;
    ++changed;
    ASSERT_EQ(b->positions.size(), w->positions.size() + 1);
    EXPECT_TRUE(std::equal(w->positions.begin(), w->positions.end(), b->positions.begin()));
    EXPECT_GT(b->polygons.size(), w->polygons.size());
    for (std::size_t k = 0; k < w->polygons.size() && k < b->polygons.size(); ++k)
      EXPECT_TRUE(same(w->polygons[k].keep.source, b->polygons[k].keep.source)) << "face " << k;
  }
  EXPECT_EQ(changed, 1u);
}

// `into` with fixtures/sample.wad's movable 427 merged (`options`: the merge's), saved as `out`,
// read back.
wad2::Document mergedSample(const std::filesystem::path& into, const std::string& options, const std::filesystem::path& out) {
  const auto r = test::runWadsmith("merge --into \"" + into.string() + "\" --from \"" + (test::fixturesDir() / "sample.wad").string() +
                                   "\" --movable 427 " + options + " -o \"" + out.string() + "\"");
  EXPECT_EQ(r.exit, 0) << r.out;
  return readWad2(readFileBytes(out), out.string());
}

// A merge into a wad2: the file's own records keep their chunks, the merged objects come after
// them as new records (their faces on new textures), the catalog beside the file stays.
// A command added to an animation whose TombEngine commands the view never held (type 7, which
// TR4 has not): they stay, in their places; the file's other commands keep their bytes.
TEST(Wad2WriteBack, ACommandAddedKeepsTheCommandsTheViewNeverHeld) {
  const auto path = test::corpusFile("wad2/Puzzles_Switches__TEN_Pulley.wad2");
  WADSMITH_REQUIRE_CORPUS(path);
  const Opened f = open(path);
  const auto& file = *f.wad().wad2->file;
  const auto& plan = f.wad().wad2->slots.movables;
  for (std::size_t i = 0; i < file.movables.size(); ++i)
    for (std::size_t k = 0; k < file.movables[i]->animations.size(); ++k) {
      const auto& w = *file.movables[i]->animations[k];
      const auto type7 = std::count_if(w.commands.begin(), w.commands.end(), [](const wad2::Command& c) { return c.type == 7; });
      if (type7 == 0 || !plan[i].to) continue;
      const ops::Args args{{"movable", static_cast<std::int64_t>(*plan[i].to)}, {"animation", static_cast<std::int64_t>(k)},
                           {"command", ops::Args{{"type", "flipeffect"}, {"frame", 0}, {"effect", 32}}}};
      const auto back = savedBack(ops::bind({"add_command", args}).run(f.doc).doc);
      const auto& b = *back.movables[i]->animations[k];
      ASSERT_EQ(b.commands.size(), w.commands.size() + 1) << "animation " << k;
      EXPECT_EQ(std::count_if(b.commands.begin(), b.commands.end(), [](const wad2::Command& c) { return c.type == 7; }), type7);
      auto kept = sources(b.commands);  // the added one last
      EXPECT_EQ(b.commands.back().type, 6);
      kept.pop_back();
      EXPECT_TRUE(differing(sources(w.commands), kept).empty()) << "the file's commands keep their bytes and order";
      return;
    }
  FAIL() << "no animation with TombEngine's command 7";
}

TEST(Wad2WriteBack, AMergeAddsTheObjectsAndKeepsTheFilesRecords) {
  const auto into = test::fixturesDir() / "sample.wad2";
  const auto out = test::scratchDir() / "merged.wad2";
  const auto back = mergedSample(into, "--as 428", out);
  const auto file = readWad2(readFileBytes(into), into.string());
  ASSERT_EQ(back.movables.size(), file.movables.size() + 1);
  const auto a = chunks(file), b = chunks(back);
  for (std::size_t i = 0; i < a.movables.size(); ++i) EXPECT_TRUE(same(a.movables[i], b.movables[i])) << "movable " << i;
  EXPECT_EQ(differing(a.statics, b.statics), std::vector<std::size_t>{});
  ASSERT_GE(b.textures.size(), a.textures.size());
  for (std::size_t i = 0; i < a.textures.size(); ++i) EXPECT_TRUE(same(a.textures[i], b.textures[i])) << "texture " << i;
  const auto& added = *back.movables.back();
  EXPECT_EQ(added.objectId, 428);
  EXPECT_EQ(added.meshes.size(), file.movables[0]->meshes.size());
  EXPECT_EQ(added.animations.size(), file.movables[0]->animations.size());
  EXPECT_EQ(readFileBytes(soundCatalogPath(out)), readFileBytes(soundCatalogPath(into)));
}

// Objects added to a wad2 go where WadTool's writer puts them (its lists are sorted by id): a
// movable numbered below the file's own comes first; the file's own keep their chunks.
TEST(Wad2WriteBack, AddedObjectsGoInIdOrder) {
  const auto into = test::fixturesDir() / "sample.wad2";
  const auto back = mergedSample(into, "--as 100", test::scratchDir() / "sorted.wad2");
  const auto file = readWad2(readFileBytes(into), into.string());
  ASSERT_EQ(back.movables.size(), 2u);
  EXPECT_EQ(back.movables[0]->objectId, 100);
  EXPECT_TRUE(same(back.movables[1]->keep.source, file.movables[0]->keep.source));
}

// Into a TombEngine wad2 with no catalog beside it: the object takes TombEngine's number for its
// name, and the sounds it plays go into a new catalog beside the file (TR4's ids are TombEngine's).
TEST(Wad2WriteBack, AMergeIntoATombEngineFileNumbersTheObjectAndItsSoundsAsTombEngineDoes) {
  const auto into = test::corpusFile("wad2/Enemies__TR4_Bat.wad2");
  if (into.empty()) GTEST_SKIP() << "../shared/corpus/wad2 absent";
  const auto out = test::scratchDir() / "bat.wad2";
  const auto back = mergedSample(into, "", out);
  const auto file = readWad2(readFileBytes(into), into.string());
  ASSERT_EQ(back.movables.size(), 2u);
  EXPECT_TRUE(same(back.movables[0]->keep.source, file.movables[0]->keep.source));
  EXPECT_EQ(catalog::tombEngineMovableName(static_cast<std::uint32_t>(back.movables[1]->objectId)), "ANIMATING1");
  const auto sounds = readSoundCatalogBeside(out);
  ASSERT_TRUE(sounds);
  EXPECT_TRUE(sounds->find(71) && sounds->find(126));
}

INSTANTIATE_TEST_SUITE_P(All, Wad2WriteBack, ::testing::ValuesIn(files()),
                         [](const auto& i) {
                           std::string n = i.param.stem().string();
                           for (auto& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

}  // namespace
}  // namespace wadsmith
