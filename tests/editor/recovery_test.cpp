// Crash recovery: the session journals its history; a journal an editor left behind when it
// stopped restores the same history and the same documents, byte for byte. An editor that
// "crashes" here is a session whose journal is left in place and renamed to a process id that
// does not run (the screenshot test kills a real editor with SIGKILL).
#include <gtest/gtest.h>

#include <fstream>

#include "editor/cli/script.h"
#include "editor/interop/gltf_export.h"
#include "editor/session/actions.h"
#include "editor/session/recovery.h"
#include "editor/usecases/bring_in.h"
#include "editor/usecases/copy_animations.h"
#include "editor/usecases/documents.h"
#include "editor/usecases/value_json.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/wad_files.h"
#include "model/ops/args.h"
#include "model/ops/sound_ops.h"
#include "model/sound_use.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using session::Session;
namespace actions = session::actions;
namespace recovery = session::recovery;

constexpr unsigned long kDeadPid = 2147483000ul;  // beyond any pid_max

// The journal folders under `root`.
std::vector<std::filesystem::path> journals(const std::filesystem::path& root) {
  std::vector<std::filesystem::path> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(root, ec)) out.push_back(e.path());
  return out;
}

// What a crash leaves: the session's journal stays, owned by a process that no longer runs.
void crash(std::unique_ptr<Session>& s, const std::filesystem::path& root) {
  auto found = journals(root);
  ASSERT_EQ(found.size(), 1u);
  const std::string name = found[0].filename().string();
  const auto a = name.find('-'), b = name.rfind('-');
  std::filesystem::rename(found[0], root / (name.substr(0, a + 1) + std::to_string(kDeadPid) + name.substr(b)));
  s.reset();  // the session goes without closeRecovery(); its journal folder was moved away
}

// The file in a scratch folder, with its companions.
std::filesystem::path copyOf(const std::filesystem::path& file, const std::filesystem::path& dir) {
  const auto to = dir / file.filename();
  saveDocument(loadDocument(file), to);
  return to;
}

// A copy of a fixture in the test's scratch folder, opened in a session that journals under
// `root`.
struct Journaled {
  std::filesystem::path dir, root, file;
  std::unique_ptr<Session> s = std::make_unique<Session>();
  explicit Journaled(const std::filesystem::path& original = test::fixturesDir() / "sample.wad")
      : dir(test::scratchDir()), root(dir / "recovery"), file(copyOf(original, dir)) {
    s->enableRecovery(root);
    s->open(file);
  }
  // Crashes, then finds the one journal left and restores it into a new session.
  std::unique_ptr<Session> crashAndRestore() {
    crash(s, root);
    auto found = recovery::findUnsaved(root);
    EXPECT_EQ(found.size(), 1u);
    auto restored = std::make_unique<Session>();
    if (!found.empty()) recovery::restore(*restored, found[0], root);
    return restored;
  }
};

void expectSameHistory(const Session& a, const Session& b) {
  ASSERT_EQ(a.history().size(), b.history().size());
  EXPECT_EQ(a.history().position(), b.history().position());
  EXPECT_EQ(a.history().dirty(), b.history().dirty());
  for (std::size_t i = 0; i < a.history().size(); ++i) {
    EXPECT_EQ(a.history().label(i), b.history().label(i)) << "step " << i;
    const auto x = encodeDocument(a.history().step(i)), y = encodeDocument(b.history().step(i));
    EXPECT_EQ(test::firstDifference(x, y), -1) << "step " << i << " (" << a.history().label(i) << ") differs";
  }
}

// Every action of the editor, a merge, undo, redo and a jump: each replays to the same bytes.
void everyAction(Session& s, const std::filesystem::path& source) {
  s.selection = {};
  s.selection.object = movableRef(427);
  s.selection.faces = {{3, 0}, {3, 2}};
  actions::setField(s, "set_face", "shine", 1);
  actions::setField(s, "set_face", "intensity", 20);
  actions::run(s, "set_face", {{"rotate", 1}});
  s.selection.mesh = 2;
  actions::run(s, "recompute_normals");
  actions::run(s, "flip_normals");
  actions::run(s, "recompute_sphere");
  s.selection.mesh.reset();
  actions::run(s, "convert_lighting", {{"to", "shades"}, {"light", ops::Value::List{0.2, 1, 0.3}}, {"ambient", 0.4}});
  actions::run(s, "convert_lighting", {{"to", "normals"}});
  s.selection.animation = 1;
  s.selection.frame = 2.5f;
  actions::setField(s, "set_animation", "speed", 1.75);
  actions::setField(s, "set_animation", "frame_duration", 3);
  actions::run(s, "add_state_change", {{"state", 7}});
  actions::setField(s, "set_state_change", "state", 9, {{"state_change", 1}});
  actions::run(s, "add_dispatch", {{"state_change", 1}});
  actions::setField(s, "set_dispatch", "out", 2, {{"state_change", 1}, {"dispatch", 0}});
  actions::run(s, "remove_dispatch", {{"state_change", 0}, {"dispatch", 0}});
  actions::run(s, "remove_state_change", {{"state_change", 0}});
  actions::run(s, "add_command", {{"command", actions::newCommand(s, static_cast<std::uint16_t>(CommandCode::Sound))}});
  actions::run(s, "set_command", {{"index", 0}, {"command", ops::Args{{"type", "jump"}, {"vertical", -20}, {"horizontal", 40}}}});
  actions::run(s, "remove_command", {{"index", 1}});
  s.undo();
  s.undo();
  s.redo();
  s.openSource(source);
  usecases::BringIn r;
  r.picks = {{ObjectKind::Movable, "101", std::nullopt}, {ObjectKind::Static, "5", std::nullopt}};
  s.bringIn(r);
  s.jump(3);
  s.selection = {};
  s.selection.object = staticRef(30);
  actions::run(s, "recompute_static_boxes");
  actions::setSelectedSlot(s, 31);
  actions::run(s, "delete_object");
  s.undo();
}

TEST(Recovery, JournalLinesVerifyAndATornLineEndsTheJournal) {
  auto dir = test::scratchDir();
  const nlohmann::json a = {{"step", "undo"}}, b = {{"step", "edit"}, {"label", "tab\there, newline\nthere"}};
  std::string text = recovery::journalLine(a) + recovery::journalLine(b);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2) << "one line per step, whatever the step holds";
  writeFileAtomic(dir / "j", std::vector<std::uint8_t>(text.begin(), text.end()));
  auto lines = recovery::readJournal(dir / "j");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1], b);
  // Torn inside the last line (no end of line), or its hash broken: the lines before stand.
  auto torn = text.substr(0, text.size() - 5);
  writeFileAtomic(dir / "j", std::vector<std::uint8_t>(torn.begin(), torn.end()));
  EXPECT_EQ(recovery::readJournal(dir / "j").size(), 1u);
  auto bad = text;
  bad[recovery::journalLine(a).size() + 3] ^= 1;
  writeFileAtomic(dir / "j", std::vector<std::uint8_t>(bad.begin(), bad.end()));
  EXPECT_EQ(recovery::readJournal(dir / "j").size(), 1u);
}

TEST(Recovery, EveryActionMergeUndoRedoAndJumpRestoresByteIdentical) {
  Journaled j;
  EXPECT_TRUE(journals(j.root).empty()) << "nothing is journaled before the first change";
  everyAction(*j.s, test::fixturesDir() / "quirks.wad");
  Session expected;
  expected.open(j.file);
  everyAction(expected, test::fixturesDir() / "quirks.wad");
  crash(j.s, j.root);

  auto found = recovery::findUnsaved(j.root);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].file, j.file);
  EXPECT_GT(found[0].edits, 20u);
  EXPECT_NE(found[0].summary().find("sample.wad: "), std::string::npos) << found[0].summary();
  Session restored;
  restored.enableRecovery(j.root);
  recovery::restore(restored, found[0], j.root);
  EXPECT_EQ(restored.path(), j.file);
  expectSameHistory(expected, restored);
  // The restored work is journaled again at once (the old journal is gone), and a clean close
  // leaves nothing.
  ASSERT_EQ(journals(j.root).size(), 1u);
  EXPECT_NE(journals(j.root)[0], found[0].dir);
  restored.closeRecovery();
  EXPECT_TRUE(journals(j.root).empty());
}

TEST(Recovery, ASaveClearsTheJournalAndTheRestoreKnowsWhatWasSaved) {
  Journaled j;
  j.s->selection.object = movableRef(427);
  actions::run(*j.s, "recompute_normals");
  actions::run(*j.s, "add_state_change", {{"state", 3}});
  EXPECT_EQ(journals(j.root).size(), 1u);
  j.s->save();
  EXPECT_TRUE(journals(j.root).empty()) << "a save leaves nothing unsaved";
  EXPECT_TRUE(recovery::findUnsaved(j.root).empty());
  actions::run(*j.s, "flip_normals");  // after the save: journaled again, the save and the steps before it too
  j.s->undo();
  j.s->undo();  // before the save point
  const auto savedBytes = readFileBytes(j.file);
  auto restored = j.crashAndRestore();
  EXPECT_EQ(restored->history().size(), 4u);
  EXPECT_EQ(restored->history().position(), 1u);
  EXPECT_TRUE(restored->dirty());
  restored->redo();
  EXPECT_FALSE(restored->dirty()) << "step 2 is what the file holds";
  EXPECT_EQ(encodeDocument(restored->document()), savedBytes);
}

TEST(Recovery, TheBaseIsTheFileAsOpenedEvenWhenTheDiskChangedSince) {
  Journaled j;
  const auto opened = readFileBytes(j.file);
  j.s->selection.object = movableRef(427);
  actions::run(*j.s, "recompute_normals");
  const auto edited = encodeDocument(j.s->document());
  crash(j.s, j.root);
  // Another program rewrites the file before the editor starts again.
  saveDocument(loadDocument(test::fixturesDir() / "quirks.wad"), j.file);
  Session restored;
  recovery::restore(restored, recovery::findUnsaved(j.root).at(0), j.root);
  EXPECT_EQ(encodeDocument(restored.history().step(0)), opened);
  EXPECT_EQ(encodeDocument(restored.document()), edited);
  EXPECT_TRUE(restored.dirty());
  EXPECT_TRUE(restored.history().canUndo());
  restored.undo();
  EXPECT_TRUE(restored.dirty()) << "the file on disk is neither step";
}

TEST(Recovery, ATornLastStepIsLostAndTheStepsBeforeItRestore) {
  Journaled j;
  j.s->selection.object = movableRef(427);
  actions::run(*j.s, "recompute_normals");
  const auto first = encodeDocument(j.s->document());
  actions::run(*j.s, "flip_normals");
  // The crash struck while the last line was being written.
  const auto journal = journals(j.root).at(0) / "journal";
  auto bytes = readFileBytes(journal);
  bytes.resize(bytes.size() - 7);
  writeFileAtomic(journal, bytes);
  auto restored = j.crashAndRestore();
  EXPECT_EQ(restored->history().size(), 2u);
  EXPECT_EQ(encodeDocument(restored->document()), first);
}

TEST(Recovery, JournalsOfRunningEditorsAndEmptyOnesAreNotOffered) {
  Journaled j;
  j.s->selection.object = movableRef(427);
  actions::run(*j.s, "recompute_normals");
  EXPECT_TRUE(recovery::findUnsaved(j.root).empty()) << "this process still runs: its journal is its own";
  // A folder an editor created but died before writing its header, and a stranger's folder.
  std::filesystem::create_directories(j.root / ("00112233aabbccdd-" + std::to_string(kDeadPid) + "-0011aabb"));
  std::filesystem::create_directories(j.root / "notes");
  EXPECT_TRUE(recovery::findUnsaved(j.root).empty());
  j.s->closeRecovery();
  EXPECT_EQ(journals(j.root).size(), 2u) << "what is not a journal of ours stays";
}

// A 3D file's object and another engine's models brought in are journaled as calls of the
// table's "bring_in" (no document kept beside the journal) and restored byte for byte with the
// operations (a sound edit among them), undo and saves around them.
TEST(Recovery, BringInsFromFilesReplayAsCallsOfTheTable) {
  Journaled j;
  Session& s = *j.s;
  s.selection.object = movableRef(427);
  actions::run(s, "recompute_normals");
  actions::selectSound(s, 71);
  actions::setField(s, "set_sound_info", "volume", 50);
  s.openSource(test::fixturesDir() / "outside.gltf");
  usecases::BringIn import;
  import.picks = {{ObjectKind::Movable, "", 429}};
  s.bringIn(import);
  s.openSource(test::fixturesDir() / "foreign_bones.mdl");
  const auto& listing = s.sourceListing();
  ASSERT_FALSE(listing.movables.empty());
  usecases::BringIn model;
  model.picks = {{ObjectKind::Movable, listing.movables[0].name, 431}};
  s.bringIn(model);
  actions::run(s, "delete_object", {{"movable", 431}});
  s.undo();
  actions::run(s, "flip_normals");
  ASSERT_EQ(journals(j.root).size(), 1u);
  std::size_t kept = 0, calls = 0;
  for (const auto& e : std::filesystem::directory_iterator(journals(j.root)[0])) kept += e.path().filename() != "journal";
  for (const auto& step : s.journalSteps()) calls += step.value("op", "") == "bring_in";
  EXPECT_EQ(kept, 1u) << "only the base: the bring-ins are calls";
  EXPECT_EQ(calls, 2u);

  std::vector<std::pair<std::string, std::vector<std::uint8_t>>> before;
  for (std::size_t i = 0; i < s.history().size(); ++i) before.push_back({s.history().label(i), encodeDocument(s.history().step(i))});
  const auto position = s.history().position();
  auto restored = j.crashAndRestore();
  ASSERT_EQ(restored->history().size(), before.size());
  EXPECT_EQ(restored->history().position(), position);
  for (std::size_t i = 0; i < before.size(); ++i) {
    EXPECT_EQ(restored->history().label(i), before[i].first) << "step " << i;
    EXPECT_EQ(test::firstDifference(encodeDocument(restored->history().step(i)), before[i].second), -1)
        << "step " << i << " (" << before[i].first << ") differs";
  }
  // It journals again (the documents of the restored steps written anew): one more crash
  // restores the same and the edit after it.
  restored->enableRecovery(j.root);
  actions::run(*restored, "flip_normals");
  j.s = std::move(restored);
  auto again = j.crashAndRestore();
  EXPECT_EQ(again->history().size(), before.size() + 1 - (before.size() - 1 - position));
}

// A level, a corpus WAD and wad2 files: the base and the replay are exact for every file kind; a
// wad2's base keeps the sound catalog beside it (its sounds come from there).
TEST(Recovery, LevelsAndCorpusWadsRestoreByteIdentical) {
  std::vector<std::filesystem::path> files = {test::fixturesDir() / "synthetic.tr4", test::fixturesDir() / "sample.wad2"};
  if (auto bat = test::corpusFile("wad2/Enemies__TR4_Bat.wad2"); !bat.empty()) files.push_back(bat);
  if (auto karnak = test::corpusFile("wad/karnak.WAD"); !karnak.empty()) files.push_back(karnak);
  if (auto level = test::corpusFile("tr4/TEST1.TR4"); !level.empty()) files.push_back(level);
  for (const auto& original : files) {
    SCOPED_TRACE(original.string());
    Journaled j(original);
    Session expected;
    expected.open(j.file);
    for (Session* x : {j.s.get(), &expected}) {
      const ObjectView& v = x->view();
      std::optional<std::size_t> animated;
      for (std::size_t m = 0; m < v.movables().size(); ++m)
        if (auto [a0, a1] = v.animationRange(m); a1 > a0) animated = m;
      ASSERT_TRUE(animated);
      x->selection.object = movableRef(v.movables()[*animated].objectId);
      actions::run(*x, "recompute_sphere");
      actions::setField(*x, "set_animation", "speed", 3.25);
      actions::run(*x, "add_state_change", {{"state", 12}});
      x->undo();
    }
    const auto restored = j.crashAndRestore();
    expectSameHistory(expected, *restored);
    if (const auto* wad = std::get_if<WadDocument>(&expected.document()); wad && wad->wad2) {
      const auto* back = std::get_if<WadDocument>(&restored->document());
      ASSERT_TRUE(back && (wad->sounds == back->sounds || (wad->sounds && back->sounds && *wad->sounds == *back->sounds)));
      if (original.filename() == "sample.wad2") {
        EXPECT_FALSE(wad->sounds->infos.empty()) << "the catalog beside the file was read";
      }
    }
  }
  if (files.size() == 2) GTEST_SKIP() << "../shared corpus not present: only the fixtures were restored";
}

// Every file the document writes (the WAD with its companions, or the level).
std::vector<std::pair<std::string, std::vector<std::uint8_t>>> filesOf(const Document& d) {
  std::vector<std::pair<std::string, std::vector<std::uint8_t>>> files;
  if (const auto* w = std::get_if<WadDocument>(&d)) files = companionFiles(*w);
  files.emplace_back("document", encodeDocument(d));
  return files;
}

// An entry a layer above the model registers (as bringing objects in will): the table is open
// to it, and the walk below covers it like the built-in ones.
const bool kRegistered = [] {
  ops::registerOperation({"test_upper_case_sample", {{"sample", ops::ParamKind::Integer}},
                          [](const ops::ArgReader& a) {
                            const auto sample = a.index("sample");
                            return ops::Step{".SAM line " + std::to_string(sample) + ": upper case", [=](const Document& d) {
                                               const auto sounds = documentSounds(d);
                                               if (!sounds || sample >= sounds->samples.size()) throw ops::EditError("no such sample");
                                               std::string name = sounds->samples[sample].name;
                                               for (auto& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
                                               return ops::setSample(d, sample, name);
                                             }};
                          },
                          {{"sample", 0}}});
  return true;
}();

// The 3D file the walk imports animations from (written by the walk: sample.wad's movable 427).
std::filesystem::path walkGlb() { return std::filesystem::path(test::wadsmithBinary()).parent_path() / "test-scratch" / "walk-movable427.glb"; }

// Bringing objects in, registered as the program does (with the walk's example: a movable of
// quirks.wad merged).
const bool kBringIn = [] {
  usecases::registerBringInOperation(
      {{"source", (test::fixturesDir() / "quirks.wad").string()},
       {"picks", ops::Value::List{ops::Args{{"kind", "movable"}, {"name", "101"}}}}});
  usecases::registerCopyAnimationsOperation();
  usecases::registerSceneAnimationOperation({{"movable", 427}, {"file", walkGlb().string()}, {"all", true}});
  return true;
}();

// The example's arguments are the entry's parameters, and it gives every one not optional.
void expectDeclared(const ops::Operation& op) {
  std::set<std::string> keys;
  for (const auto& p : op.params) {
    const bool object = p.kind == ops::ParamKind::Object;
    for (const auto& key : object ? std::vector<std::string>{"movable", "static"} : std::vector<std::string>{p.key}) keys.insert(key);
    const bool given = object ? op.example.contains("movable") || op.example.contains("static") : op.example.contains(p.key);
    EXPECT_TRUE(given || p.optional) << p.key << " missing from the example";
  }
  for (const auto& [key, value] : op.example) EXPECT_TRUE(keys.contains(key)) << key << " is no parameter";
}

// sample.wad with something to recompute: movable 427's normals flipped, the static's boxes
// emptied.
Document disturbedSample() {
  const Document flipped = ops::flipNormals(loadDocument(test::fixturesDir() / "sample.wad"), movableRef(427), std::nullopt).doc;
  return editDocument(flipped, [](Draft& e) { e.statics.edit()[0].visibility = e.statics.edit()[0].collision = {}; });
}

// The table walked: every operation (the registered one too) runs from a script by its name,
// from the session as the same step, undoes to the same bytes of every file, and replays from
// the crash journal to the same bytes.
TEST(OperationTable, EveryOperationIsScriptableUndoableAndReplayedFromTheJournal) {
  ASSERT_TRUE(kRegistered && kBringIn);
  ASSERT_GT(ops::operations().size(), 25u);
  const Document start = disturbedSample();
  std::filesystem::create_directories(walkGlb().parent_path());
  interop::writeGltfFile(usecases::documentObjects(start).wad, {movableRef(427)}, walkGlb());
  for (const auto& op : ops::operations()) {
    SCOPED_TRACE(op.name);
    expectDeclared(op);
    nlohmann::json line = usecases::jsonOf(op.example);
    line["op"] = op.name;
    const auto steps = cli::parseScript(nlohmann::json::array({line}));
    ASSERT_EQ(steps.size(), 1u);

    Journaled j;
    j.s->openDocument(start, j.file);
    const auto opened = filesOf(j.s->document());
    const auto scripted = filesOf(steps[0].step.run(j.s->document()).doc);
    j.s->run({op.name, op.example});
    const auto edited = filesOf(j.s->document());
    EXPECT_FALSE(edited == opened) << "the example changes nothing";
    EXPECT_TRUE(edited == scripted) << "the script's step and the session's differ";
    EXPECT_EQ(j.s->history().label(1), steps[0].step.label);
    ASSERT_TRUE(j.s->undo());
    EXPECT_TRUE(filesOf(j.s->document()) == opened) << "undo does not give the opened bytes";
    ASSERT_TRUE(j.s->redo());
    auto restored = j.crashAndRestore();
    ASSERT_EQ(restored->history().size(), 2u);
    EXPECT_EQ(restored->history().label(1), steps[0].step.label);
    EXPECT_TRUE(filesOf(restored->document()) == edited) << "the journal replays to other bytes";
  }
}

}  // namespace
}  // namespace wadsmith
