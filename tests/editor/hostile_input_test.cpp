// The hostile-input suite: mutants of every fixture (and, when present, of the corpus files)
// through every command (read, info, dump, validate, roundtrip, save, merge both ways, apply)
// and the editor's views, in process. For each case and command:
//  - no crash, no hang, no sanitizer report (the suite runs under ASan/UBSan in CI);
//  - time within kSecondsPerCommand and peak memory growing by at most kMegabytesPerCase;
//  - a file the reader refuses fails every command with `FILE: section S at byte N: reason`;
//  - a file it accepts saves back byte for byte, and any refusal is in words (no C++ internals).
// What it covers: the fixtures in full (hostile_inputs.h: truncations at every section boundary,
// counts and first indices of the first, middle and last records at 0/1/0x7FFF/max, repeating
// and overlapping runs, keyframe offsets going back and forth, bit flips, chunk sizes and a zlib
// bomb for levels), WADs built to multiply work, and a deterministic sample of the same kinds of
// each corpus WAD and level; and the other readers (EverQuest, 3D GameStudio, pictures, .WAS,
// wad2 through the document's paths) with format-blind mutants. 3,529 cases, about 18,600 commands (80 s in the release build).
#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <regex>
#include <sstream>
#include <thread>

#include "editor/cli/commands.h"
#include "editor/session/actions.h"
#include "editor/session/session.h"
#include "editor/view/pose.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "tests/editor/hostile_inputs.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

// Bounds per command and per case, generous for a shared 2-core machine: the release build
// takes well under a tenth of them. Sanitizers make the largest cases (dumping 65,535-record
// tables of a 2 MB file to 29 MB of JSON) about ten times slower.
// Memory too: AddressSanitizer keeps up to 256 MiB of freed blocks in quarantine and pads every
// block, so the same case peaks ~4x higher (the worst measured: 201 MiB released, 917 MiB under
// the sanitizers).
#if defined(WADSMITH_UNDER_ASAN)
constexpr double kSecondsPerCommand = 120;
constexpr long kMegabytesPerCase = 1536;
#else
constexpr double kSecondsPerCommand = 20;
constexpr long kMegabytesPerCase = 768;
#endif
// A case that runs away is stopped here, before it takes the machine: the process's resident
// memory is watched and the suite aborts past this (a regression once made one case take 21 GB).
constexpr long kAbortMegabytes = 4096;

// The second field of /proc/self/statm, read with system calls only. A command may fork (the
// Assimp import runs in a child): a child forked while this thread held stdio's or the
// allocator's lock (fopen, fscanf) would wait on it forever, and did under ASan on a loaded machine.
long residentPages() {
  char text[128];
  const int fd = ::open("/proc/self/statm", O_RDONLY);
  if (fd < 0) return 0;
  const ssize_t n = ::read(fd, text, sizeof text - 1);
  ::close(fd);
  if (n <= 0) return 0;
  text[n] = '\0';
  char* afterSize = nullptr;
  std::strtol(text, &afterSize, 10);
  return std::strtol(afterSize, nullptr, 10);
}

// Watches the resident memory of this process while the suite runs (Linux: /proc/self/statm).
class MemoryWatch {
 public:
  MemoryWatch()
      : thread_([this] {
          while (!stop_) {
            if (residentPages() * (::sysconf(_SC_PAGESIZE) / 1024) > kAbortMegabytes * 1024) {
              std::fprintf(stderr, "hostile-input suite: resident memory past %ld MiB during \"%s\"; stopped\n",
                           kAbortMegabytes, current ? current.load()->c_str() : "");
              std::abort();
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
          }
        }) {}
  ~MemoryWatch() {
    stop_ = true;
    thread_.join();
  }
  static inline std::atomic<const std::string*> current{nullptr};  // the case running

 private:
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

struct Output {
  int exit = 0;
  std::string out, err;
  double seconds = 0;
};

// Runs a subcommand in this process, capturing what it prints.
Output run(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  auto* oldOut = std::cout.rdbuf(out.rdbuf());
  auto* oldErr = std::cerr.rdbuf(err.rdbuf());
  const auto t0 = std::chrono::steady_clock::now();
  Output o;
  o.exit = cli::run(args);
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout.rdbuf(oldOut);
  std::cerr.rdbuf(oldErr);
  o.out = out.str(), o.err = err.str();
  return o;
}

bool located(const std::string& message, const std::string& file) {
  static const std::regex form(R"(^(.+): section (.+) at byte ([0-9]+): (.+)$)");
  std::smatch m;
  std::string line = message.substr(0, message.find('\n'));
  return std::regex_match(line, m, form) && m[1] == file && !m[4].str().empty();
}

// A refusal a user can read: one line, and none of the C++ library's own wording.
bool inWords(const std::string& message) {
  if (message.empty() || message.find('\n') + 1 < message.size()) return false;
  for (const char* internal : {"std::", "basic_string", "vector::", "vector<", "bad_alloc", "stoul", "stoi", "_M_", "nlohmann", "json.exception"})
    if (message.find(internal) != std::string::npos) return false;
  return true;
}

// What the editor's panels compute for the first movable and the objects list.
void editorViews(const Document& doc) {
  session::Session s;
  s.openDocument(doc, "hostile");
  s.objects();
  s.warnings();
  const ObjectView& v = s.view();
  if (v.movables().empty()) return;
  s.selection.object = movableRef(v.movables()[0].objectId);
  const auto skeleton = v.skeleton(0);
  view::restPose(skeleton);
  auto [a0, a1] = v.animationRange(0);
  if (a0 == a1) return;
  const auto keyframes = v.keyframes(a0, v.meshCount(0));
  if (!keyframes.empty()) view::animationPose(skeleton, keyframes, v.animations()[a0].frameDuration, 1.5f);
  session::actions::commandValues(s);
  auto [s0, s1] = v.stateChangeRange(a0);
  for (auto k = s0; k < s1 && k < s0 + 64; ++k) v.dispatchRange(k);  // the panel lists a bounded number
}

struct Base {
  std::filesystem::path path;
  bool level = false;
  test::Depth depth = test::Depth::Full;
};

// A script over the base's first movable and static: every kind of edit once.
std::string scriptFor(const Document& base) {
  const auto& t = objectsOf(base);
  std::string ops;
  auto add = [&](const std::string& op) { ops += (ops.empty() ? "" : ",\n") + op; };
  if (!t.movables->empty()) {
    const std::string m = std::to_string((*t.movables)[0].objectId);
    add(R"({"op": "recompute_normals", "movable": )" + m + "}");
    add(R"({"op": "recompute_sphere", "movable": )" + m + "}");
    add(R"({"op": "set_face", "movable": )" + m + R"(, "mesh": 0, "faces": "all", "translucent": true})");
    add(R"({"op": "add_state_change", "movable": )" + m + R"(, "animation": 0, "state": 2, "dispatches": [{"in": 0, "out": 1, "next_animation": 0, "next_frame": 0}]})");
    add(R"({"op": "add_command", "movable": )" + m + R"(, "animation": 0, "command": {"type": "kill"}})");
    add(R"({"op": "set_animation", "movable": )" + m + R"(, "animation": 0, "speed": 2.5})");
    add(R"({"op": "set_slot", "movable": )" + m + R"(, "slot": 4000})");
    add(R"({"op": "delete_object", "movable": 4000})");
  }
  if (!t.statics->empty()) add(R"({"op": "recompute_static_boxes", "static": )" + std::to_string((*t.statics)[0].objectId) + "}");
  return "[" + ops + "]";
}

// Test names show the file, not the parameter's bytes.
void PrintTo(const Base& b, std::ostream* os) { *os << b.path.filename().string(); }

class Hostile : public ::testing::TestWithParam<Base> {};

std::size_t totalCases = 0;

void runCases(const Base& base, const std::vector<test::Mutant>& mutants, const std::string& scriptText) {
  auto dir = test::scratchDir();
  const auto sample = (test::fixturesDir() / "sample.wad").string();
  const auto file = dir / (base.level ? "case.tr4" : "case.wad");
  const auto script = dir / "script.json";
  writeFileAtomic(script, std::vector<std::uint8_t>(scriptText.begin(), scriptText.end()));
  const std::string f = file.string(), out = (dir / "out.wad").string(), outLevel = (dir / "out.tr4").string();
  // A level's embedded WAVs go here, not into the samples folder beside the fixture.
  const std::string samples = (dir / "samples").string();
  MemoryWatch watch;
  for (const auto& m : mutants) {
    SCOPED_TRACE(base.path.filename().string() + ": " + m.name);
    MemoryWatch::current = &m.name;
    ++totalCases;
    writeFileAtomic(file, m.bytes);
    const long peakBefore = test::peakKilobytes();
    std::optional<std::string> readError;
    try {
      auto doc = readDocument(m.bytes, f);
      editorViews(doc);
    } catch (const ParseError& e) {
      readError = e.what();
      EXPECT_TRUE(located(e.what(), f)) << e.what();
    }
    std::vector<std::vector<std::string>> commands = {
        {"info", f}, {"info", f, "--json"}, {"dump", f, "--json"}, {"validate", f}, {"roundtrip", f},
        {"save", f, "-o", base.level ? outLevel : out}, {"apply", f, script.string(), "-o", base.level ? outLevel : out},
        {"merge", "--into", sample, "--from", f, "--all", "--replace", "--samples", samples, "-o", out}};
    if (!base.level) commands.push_back({"merge", "--into", f, "--from", sample, "--all", "--replace", "-o", out});
    for (const auto& c : commands) {
      const auto o = run(c);
      EXPECT_LT(o.seconds, kSecondsPerCommand) << c[0] << " took " << o.seconds << " s";
      if (readError) {
        EXPECT_NE(o.exit, 0) << c[0] << " accepted a file the reader refuses";
        // roundtrip reports per file on its output: "error FILE: section ...".
        if (c[0] == "roundtrip")
          EXPECT_TRUE(o.out.rfind("error ", 0) == 0 && located(o.out.substr(6), f)) << o.out;
        else
          EXPECT_TRUE(located(o.err, f)) << c[0] << ": " << o.err;
      } else if (o.exit != 0 && c[0] != "roundtrip") {  // roundtrip reports on its output (below)
        EXPECT_TRUE(inWords(o.err)) << c[0] << ": " << o.err;
      }
      if (!readError && c[0] == "save") {
        EXPECT_EQ(o.exit, 0) << o.err;
        if (o.exit == 0) {
          EXPECT_EQ(test::firstDifference(readFileBytes(base.level ? outLevel : out), m.bytes), -1);
        }
      }
      if (!readError && c[0] == "roundtrip") {
        // Identical, or a texture chunk that does not inflate, located.
        if (o.out.rfind("error ", 0) == 0)
          EXPECT_TRUE(base.level && located(o.out.substr(6), f)) << o.out;
        else
          EXPECT_EQ(o.out, "identical " + f + "\n") << o.err;
      }
    }
    EXPECT_LT(test::peakKilobytes() - peakBefore, kMegabytesPerCase * 1024) << "peak memory grew by that many KiB";
  }
}

TEST_P(Hostile, EveryCommandOnEveryMutant) {
  const Base& base = GetParam();
  if (base.path.empty()) GTEST_SKIP() << "../shared corpus file not present: skipped";
  const auto bytes = readFileBytes(base.path);
  const auto mutants = base.level ? test::levelMutants(bytes, base.depth) : test::wadMutants(bytes, base.depth);
  ASSERT_GT(mutants.size(), base.depth == test::Depth::Full ? 100u : 3u);
  runCases(base, mutants, scriptFor(readDocument(bytes, base.path.string())));
  std::cout << base.path.filename().string() << ": " << mutants.size() << " mutants\n";
}

std::vector<Base> bases() {
  const auto fx = test::fixturesDir();
  std::vector<Base> out = {{fx / "sample.wad"}, {fx / "quirks.wad"}, {fx / "version130.wad"},
                           {fx / "synthetic.tr4", true}, {fx / "synthetic_ng.tr4", true}};
  for (const char* wad : {"wad/karnak.WAD", "wad/tut1.WAD", "wad/TR4_FMV_color.wad"})
    out.push_back({test::corpusFile(wad), false, test::Depth::Sampled});
  for (const char* level : {"tr4/TEST1.TR4", "tr4/title_ng.tr4"})
    out.push_back({test::corpusFile(level), true, test::Depth::Sampled});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Files, Hostile, ::testing::ValuesIn(bases()), [](const auto& info) {
  std::string n = info.param.path.empty() ? "absent" + std::to_string(info.index) : info.param.path.filename().string();
  for (auto& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
});

// The other readers, knowing nothing of their formats (hostile_inputs.h genericMutants): every
// command a user runs on such a file. A reader added on another branch joins with one line here.
struct ReaderBase {
  std::filesystem::path path;
  // "FILE" stands for the mutant, "OUT" for a file to write (named like the mutant's kind), "WAD"
  // for a copy of the sample WAD whose companion the mutant is (it is written as case.sfx...).
  std::vector<std::vector<std::string>> commands;
};
void PrintTo(const ReaderBase& b, std::ostream* os) { *os << b.path.filename().string(); }

std::vector<ReaderBase> readerBases() {
  const auto fx = test::fixturesDir();
  const std::vector<std::vector<std::string>> info = {{"info", "FILE"}, {"info", "FILE", "--json"}};
  // The merge first: a mutant with no objects left is refused in words, not at a byte.
  const std::vector<std::vector<std::string>> wad2Commands = {
      {"merge", "--into", (fx / "sample.wad").string(), "--from", "FILE", "--all", "--replace", "-o", "OUT"},
      {"info", "FILE", "--json"}, {"dump", "FILE", "--json"}, {"validate", "FILE"}, {"save", "FILE", "-o", "OUT"}};
  return {
      {fx / "foreign_eq.s3d", info},
      {fx / "foreign_eq.wld", info},
      {fx / "foreign_bones.mdl", info},
      {fx / "foreign_mdl3.mdl", info},
      {fx / "foreign_map.wmp", info},
      {fx / "checker.bmp", info},
      {fx / "brick.pcx", info},
      {fx / "quirks.was", {{"info", "FILE"}}},
      {fx / "synthetic.phd", info},
      {fx / "synthetic.tr2", info},
      {fx / "synthetic_tr3.tr2", info},
      {fx / "synthetic.trc", info},
      {fx / "sample.sfx", {{"info", "WAD"}, {"roundtrip", "WAD"}, {"save", "WAD", "-o", "OUT"}}},
      {fx / "sample.sam", {{"info", "WAD"}, {"roundtrip", "WAD"}}},
      {fx / "sample.swd", {{"info", "WAD"}, {"roundtrip", "WAD"}, {"save", "WAD", "-o", "OUT"}}},
      {fx / "outside.glb", {{"import", (fx / "sample.wad").string(), "FILE", "--movable", "429", "-o", "OUT"}}},
      // Assimp's importers: OBJ, COLLADA and ASCII FBX.
      {fx / "outside.obj", {{"import", (fx / "sample.wad").string(), "FILE", "--static", "11", "-o", "OUT"}}},
      {fx / "outside.dae", {{"import", (fx / "sample.wad").string(), "FILE", "--static", "11", "-o", "OUT"}}},
      {fx / "outside.fbx", {{"import", (fx / "sample.wad").string(), "FILE", "--static", "11", "-o", "OUT"}}},
      {fx / "outside.png", {{"pages", (fx / "sample.wad").string(), "--import", "0", "FILE", "-o", "OUT"}}},
      // Tomb Editor's wad2 (the io tests mutate its chunks; these reach the document's paths).
      {fx / "sample.wad2", wad2Commands},
      {fx / "quirks.wad2", wad2Commands},
  };
}

class HostileReader : public ::testing::TestWithParam<ReaderBase> {};

TEST_P(HostileReader, EveryCommandOnEveryMutant) {
  const ReaderBase& base = GetParam();
  const auto mutants = test::genericMutants(readFileBytes(base.path));
  auto dir = test::scratchDir();
  const auto file = (dir / ("case" + base.path.extension().string())).string();
  const auto wad = (dir / "case.wad").string(), out = (dir / "out.wad").string();
  for (const char* ext : {".wad", ".was", ".sfx", ".sam", ".swd"})  // the WAD a companion belongs to
    std::filesystem::copy_file(test::fixturesDir() / (std::string("sample") + ext), dir / (std::string("case") + ext),
                               std::filesystem::copy_options::overwrite_existing);
  MemoryWatch watch;
  for (const auto& m : mutants) {
    SCOPED_TRACE(base.path.filename().string() + ": " + m.name);
    MemoryWatch::current = &m.name;
    writeFileAtomic(file, m.bytes);
    const long peakBefore = test::peakKilobytes();
    for (auto c : base.commands) {
      for (auto& word : c) {
        if (word == "FILE") word = file;
        if (word == "WAD") word = wad;
        if (word == "OUT") word = out;
      }
      const auto o = run(c);
      EXPECT_LT(o.seconds, kSecondsPerCommand) << c[0] << " took " << o.seconds << " s";
      if (o.exit != 0) {
        // Commands that read several files say which command refused ("import: FILE: ..."). A
        // refusal about the mutant is located; one about what it holds (a picture of the wrong
        // size for a page) is in words.
        std::string said = o.err;
        if (said.rfind(c[0] + ": ", 0) == 0) said = said.substr(c[0].size() + 2);
        EXPECT_TRUE(inWords(said)) << c[0] << ": " << o.err;
        if (said.rfind(file, 0) == 0 || base.commands[0][1] == "FILE") {
          EXPECT_TRUE(located(said, file)) << c[0] << ": " << o.err;
        }
      }
    }
    EXPECT_LT(test::peakKilobytes() - peakBefore, kMegabytesPerCase * 1024) << "peak memory grew by that many KiB";
  }
  totalCases += mutants.size();
  std::cout << base.path.filename().string() << ": " << mutants.size() << " mutants\n";
}

INSTANTIATE_TEST_SUITE_P(Files, HostileReader, ::testing::ValuesIn(readerBases()), [](const auto& info) {
  std::string n = info.param.path.filename().string();
  for (auto& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
});

// Files valid in every respect but whose owners claim the same or overlapping huge runs: every
// command does work bounded by the tables (these took minutes and gigabytes before), and
// `save` writes them back unchanged.
class HostileWork : public ::testing::TestWithParam<std::size_t> {};

TEST_P(HostileWork, RepeatedAndOverlappingRunsCostWhatTheTablesHold) {
  const auto all = test::multiplyingWads();
  const std::vector<test::Mutant> one = {all.at(GetParam())};
  runCases({test::fixturesDir() / "multiplying.wad"}, one, scriptFor(readDocument(one[0].bytes, "m.wad")));
}

INSTANTIATE_TEST_SUITE_P(Wads, HostileWork, ::testing::Range<std::size_t>(0, 5));

}  // namespace
}  // namespace wadsmith
