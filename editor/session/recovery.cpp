#include "editor/session/recovery.h"

#include <cstdio>
#include <ctime>
#include <random>

#include "editor/session/session.h"
#include "editor/usecases/value_json.h"
#include "model/bytes.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/platform.h"
#include "io/utf8_path.h"

namespace wadsmith::session::recovery {

namespace {

constexpr const char* kMagic = "wadsmith journal";
constexpr int kVersion = 2;  // 2: steps are calls of the table of operations

std::string localTime() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
#ifdef _WIN32
  localtime_s(&tm, &t);
#else
  localtime_r(&t, &tm);
#endif
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm);
  return buf;
}

// "<hash of the absolute path>-<pid>-<random>": keyed by the file, one per process.
std::string folderName(const std::filesystem::path& file) {
  std::error_code ec;
  auto abs = std::filesystem::absolute(file, ec);
  char random[9];
  std::snprintf(random, sizeof random, "%08x", static_cast<unsigned>(std::random_device()()));
  return fnv1aHex(utf8Name(ec ? file : abs)) + "-" + std::to_string(native::currentProcessId()) + "-" + random;
}

unsigned long pidOf(const std::filesystem::path& dir) {
  const std::string name = utf8Name(dir.filename());
  auto a = name.find('-'), b = name.rfind('-');
  if (a == std::string::npos || b <= a + 1) return 0;
  try {
    return std::stoul(name.substr(a + 1, b - a - 1));
  } catch (const std::exception&) {
    return 0;
  }
}

std::filesystem::path sourceDir(const std::filesystem::path& dir, std::size_t serial) {
  return dir / ("source-" + std::to_string(serial));
}

bool fileHolds(const std::filesystem::path& file, const std::vector<std::uint8_t>& bytes) {
  try {
    return readFileBytes(file) == bytes;
  } catch (const std::exception&) {
    return false;
  }
}

[[noreturn]] void fail(const std::filesystem::path& p, const std::string& what, native::OsError e) {
  throw std::runtime_error(utf8Name(p) + ": " + what + ": " + e.text());
}

}  // namespace

std::filesystem::path defaultRoot() { return platform::configDirectory() / "recovery"; }

std::string journalLine(const nlohmann::json& j) {
  const std::string text = j.dump();  // one line: dump() escapes control characters
  return text + "\t" + fnv1aHex(text) + "\n";
}

std::vector<nlohmann::json> readJournal(const std::filesystem::path& file) {
  const auto bytes = readFileBytes(file);
  const std::string text(bytes.begin(), bytes.end());
  std::vector<nlohmann::json> out;
  // Up to the last end of line: a torn last line has none.
  for (std::size_t at = 0, nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1) {
    const std::string line = text.substr(at, nl - at);
    const auto tab = line.rfind('\t');
    if (tab == std::string::npos || line.substr(tab + 1) != fnv1aHex(line.substr(0, tab))) break;
    try {
      out.push_back(nlohmann::json::parse(line.substr(0, tab)));
    } catch (const nlohmann::json::exception&) {
      break;
    }
  }
  return out;
}

Journal::Journal(const std::filesystem::path& root, const Session& s) : session_(s) {
  std::error_code ec;
  std::filesystem::create_directories(root, ec);
  if (ec) throw std::runtime_error(utf8Name(root) + ": cannot create the recovery folder: " + ec.message());
  dir_ = root / folderName(s.path().empty() ? std::filesystem::path("untitled") : s.path());
  std::filesystem::create_directory(dir_, ec);
  if (ec) throw std::runtime_error(utf8Name(dir_) + ": cannot create: " + ec.message());
  try {
    // The file as opened: step 0 of the history, written by its own writer (the same bytes).
    std::filesystem::create_directory(dir_ / "base", ec);
    // The name the file as opened is kept under.
    const std::filesystem::path name = s.path().empty() ? std::filesystem::path("untitled.wad") : s.path().filename();
    saveDocument(s.history().step(0), dir_ / "base" / name);
    native::OsError err;
    file_ = native::File::createNew(dir_ / "journal", err);
    if (err) fail(dir_ / "journal", "cannot create the journal", err);
    writeLine({{"journal", kMagic},
               {"version", kVersion},
               {"file", utf8Name(s.path())},
               {"base", utf8Name(name)},
               {"pid", native::currentProcessId()},
               {"started", localTime()}});
    for (const auto& step : s.journalSteps()) append(step);
    if (auto e = native::syncDirectory(dir_)) fail(dir_, "cannot flush the recovery folder", e);
  } catch (...) {
    remove();
    throw;
  }
}

void Journal::writeLine(const nlohmann::json& j) {
  const std::string line = journalLine(j);
  if (auto e = file_.writeAll(std::span(reinterpret_cast<const std::uint8_t*>(line.data()), line.size())))
    fail(dir_ / "journal", "cannot append to the journal", e);
  if (auto e = file_.sync()) fail(dir_ / "journal", "cannot flush the journal", e);
}

void Journal::keepSource(const nlohmann::json& step) {
  const auto serial = step.at("source").get<std::size_t>();
  if (sources_.count(serial)) return;
  auto it = session_.mergeSources_.find(serial);
  if (it == session_.mergeSources_.end() || !it->second) throw std::runtime_error("the merge source is no longer in memory");
  const auto into = sourceDir(dir_, serial);
  std::error_code ec;
  std::filesystem::create_directory(into, ec);
  saveDocument(*it->second, into / utf8Path(step.at("source_path").get<std::string>()).filename());
  sources_.insert(serial);
}

void Journal::append(const nlohmann::json& step) {
  if (step.at("step") == "merge") keepSource(step);
  writeLine(step);
}

void Journal::remove() {
  file_ = native::File();
  std::error_code ec;
  if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
}

std::string Unsaved::summary() const {
  return utf8Name(file.filename()) + ": " + std::to_string(edits) + (edits == 1 ? " edit" : " edits") +
         " not saved (last: " + lastLabel + "), journaled from " + started;
}

std::vector<Unsaved> findUnsaved(const std::filesystem::path& root) {
  std::vector<Unsaved> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(root, ec)) {
    const auto pid = pidOf(e.path());
    if (!e.is_directory() || pid == 0 || pid == native::currentProcessId() || native::processAlive(pid)) continue;
    std::vector<nlohmann::json> lines;
    try {
      lines = readJournal(e.path() / "journal");
    } catch (const std::exception&) {
      continue;  // torn before its header: nothing to restore
    }
    if (lines.empty() || lines[0].value("journal", "") != kMagic || lines[0].value("version", 0) != kVersion) continue;
    Unsaved u;
    u.dir = e.path();
    u.file = utf8Path(lines[0].value("file", ""));
    u.started = lines[0].value("started", "");
    u.steps.assign(lines.begin() + 1, lines.end());
    for (const auto& s : u.steps)
      if (s.value("step", "") == "edit" || s.value("step", "") == "merge") ++u.edits, u.lastLabel = s.value("label", "");
    if (u.steps.empty() || u.steps.back().value("step", "") == "saved") {
      discard(u);  // nothing unsaved
      continue;
    }
    out.push_back(std::move(u));
  }
  std::sort(out.begin(), out.end(), [](const Unsaved& a, const Unsaved& b) { return a.dir < b.dir; });
  return out;
}

void discard(const Unsaved& unsaved) {
  std::error_code ec;
  std::filesystem::remove_all(unsaved.dir, ec);
}

void restore(Session& s, const Unsaved& unsaved, const std::filesystem::path& root) {
  const auto lines = readJournal(unsaved.dir / "journal");
  if (lines.empty()) throw std::runtime_error(utf8Name(unsaved.dir) + ": the journal cannot be read");
  const auto base = unsaved.dir / "base" / utf8Path(lines[0].value("base", ""));
  // Replayed without journaling; the restored history is journaled at once when it is whole.
  const auto keepRoot = s.recoveryDir_;
  s.recoveryDir_.clear();
  s.openDocument(loadDocument(base), unsaved.file);
  // What the disk holds now: the file as opened, or what a journaled save wrote.
  std::optional<std::size_t> savedAt;
  const auto onDisk = [&] { return fileHolds(unsaved.file, encodeDocument(s.document())); };
  if (onDisk()) savedAt = 0;
  std::size_t n = 0;
  try {
    for (const auto& step : unsaved.steps) {
      ++n;
      const std::string kind = step.at("step");
      if (kind == "edit") {
        s.run({step.at("op"), usecases::valueOf(step.at("args")).named()});
      } else if (kind == "merge") {
        const auto serial = step.at("source").get<std::size_t>();
        if (s.sourceSerial_ != serial || !s.source_) {
          const auto shown = utf8Path(step.at("source_path").get<std::string>());
          s.source_ = usecases::openSource(sourceDir(unsaved.dir, serial) / shown.filename());
          s.source_->label = step.at("source_label");
          s.sourcePath_ = shown;
          s.sourceSerial_ = serial;
          s.mergeSources_[serial] = s.source_->document;
        }
        s.bringIn(usecases::bringInFromJson(step.at("args")));
      } else if (kind == "undo") {
        s.undo();
      } else if (kind == "redo") {
        s.redo();
      } else if (kind == "jump") {
        s.jump(step.at("to").get<std::size_t>());
      } else if (kind == "saved") {
        if (onDisk()) savedAt = s.history().position();
        continue;
      } else {
        throw std::runtime_error("unknown step \"" + kind + "\"");
      }
      // The same step must come out: its label says what it did to which object.
      if (step.contains("label") && s.history().label(s.history().position()) != step["label"].get<std::string>())
        throw std::runtime_error("replayed as \"" + s.history().label(s.history().position()) + "\"");
    }
  } catch (const std::exception& e) {
    s.recoveryDir_ = keepRoot;
    throw std::runtime_error(utf8Name(unsaved.file.filename()) + ": step " + std::to_string(n) + " of the journal (" +
                             unsaved.steps[n - 1].value("label", unsaved.steps[n - 1].value("step", "")) +
                             ") does not replay: " + e.what() + "; the journal is kept");
  }
  s.history_->restoreSaved(savedAt);
  s.lastWarnings_.clear();
  // Journal the restored history again before the old journal goes.
  s.recoveryDir_ = keepRoot;
  s.steps_ = unsaved.steps;
  if (!s.recoveryDir_.empty() && s.history().dirty()) s.journal_ = std::make_unique<Journal>(s.recoveryDir_, s);
  discard(unsaved);
}

}  // namespace wadsmith::session::recovery
