#include "io/file_set.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>

#include "io/file_io.h"
#include "io/utf8_path.h"
#include "model/ascii_case.h"
#include "model/bytes.h"

namespace wadsmith {
namespace {

constexpr std::size_t kChunk = 1 << 20;  // fault injection can strike inside a file
constexpr const char* kJournalMagic = "wadsmith file set 1\n";

// Transactions running in this process: their temporaries are not stale although the pid lives.
std::mutex activeMutex;
std::set<std::string> activeTokens;

struct Active {
  std::string token;
  explicit Active(std::string t) : token(std::move(t)) {
    std::lock_guard lock(activeMutex);
    activeTokens.insert(token);
  }
  ~Active() {
    std::lock_guard lock(activeMutex);
    activeTokens.erase(token);
  }
};

std::string newToken() {
  std::random_device rd;
  std::uint64_t r = (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  static const char* hex = "0123456789abcdef";
  std::string s = std::to_string(native::currentProcessId()) + "-";
  for (int i = 0; i < 16; ++i) s += hex[(r >> (i * 4)) & 15];
  return s;
}

// "STEM." and more, the stem in any case.
bool startsWithStem(const std::string& name, const std::string& stem) {
  return name.size() > stem.size() + 1 && asciiLower(name.substr(0, stem.size())) == asciiLower(stem) &&
         name[stem.size()] == '.';
}

// A temporary or journal of the set named after `stem`: STEM.EXT.tmp-PID[-HEX][.journal]
// (".tmp-PID" alone is what earlier versions left).
struct Member {
  std::filesystem::path path;
  std::string token;
  unsigned long pid = 0;
  bool journal = false;
};
std::optional<Member> parseMember(const std::filesystem::path& path, const std::string& stem) {
  std::string name = utf8Name(path.filename());
  if (!startsWithStem(name, stem)) return std::nullopt;
  std::string rest = name.substr(stem.size() + 1);
  auto tmp = rest.find(".tmp-");
  if (tmp == std::string::npos || rest.substr(0, tmp).find('.') != std::string::npos) return std::nullopt;
  std::string token = rest.substr(tmp + 5);
  Member m{path, {}, 0, false};
  if (token.size() > 8 && token.compare(token.size() - 8, 8, ".journal") == 0) {
    m.journal = true;
    token.resize(token.size() - 8);
  }
  std::size_t i = 0;
  while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i]))) ++i;
  if (i == 0 || i > 10) return std::nullopt;
  if (i < token.size()) {
    if (token[i] != '-' || i + 1 == token.size()) return std::nullopt;
    for (std::size_t j = i + 1; j < token.size(); ++j)
      if (!std::isxdigit(static_cast<unsigned char>(token[j]))) return std::nullopt;
  }
  m.pid = std::stoul(token.substr(0, i));
  m.token = token;
  return m;
}

// "STEM.EXT": a file of the set, in its directory.
bool isSetFileName(const std::string& name, const std::string& stem) {
  return startsWithStem(name, stem) && name.find_first_of("/\\", 0) == std::string::npos &&
         name.find('.', stem.size() + 1) == std::string::npos;
}

bool stale(const Member& m) {
  if (m.pid != native::currentProcessId()) return !native::processAlive(m.pid);
  std::lock_guard lock(activeMutex);
  return !activeTokens.count(m.token);
}

std::vector<Member> members(const std::filesystem::path& primary) {
  std::vector<Member> out;
  std::string stem = utf8Name(primary.stem());
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(folderOf(primary), ec))
    if (auto m = parseMember(e.path(), stem)) out.push_back(*m);
  std::sort(out.begin(), out.end(), [](const Member& a, const Member& b) { return a.path < b.path; });
  return out;
}

// Journal: the magic line, then per file "TEMPLEN TARGETLEN\nTEMPTARGET\n" (names without their
// directory, UTF-8), then "end HASH\n" over everything before it. A torn journal fails the hash.
std::string journalText(const std::vector<std::pair<std::string, std::string>>& renames) {
  std::string s = kJournalMagic;
  for (const auto& [temp, target] : renames)
    s += std::to_string(temp.size()) + " " + std::to_string(target.size()) + "\n" + temp + target + "\n";
  return s + "end " + fnv1aHex(s) + "\n";
}

std::optional<std::vector<std::pair<std::string, std::string>>> parseJournal(const std::string& s) {
  auto end = s.rfind("end ");
  if (end == std::string::npos || s.size() != end + 4 + 16 + 1 || s.back() != '\n') return std::nullopt;
  std::string body = s.substr(0, end);
  if (s.compare(end + 4, 16, fnv1aHex(body)) != 0 || body.rfind(kJournalMagic, 0) != 0) return std::nullopt;
  std::vector<std::pair<std::string, std::string>> out;
  std::size_t at = std::string(kJournalMagic).size();
  while (at < body.size()) {
    auto nl = body.find('\n', at);
    if (nl == std::string::npos) return std::nullopt;
    unsigned long a = 0, b = 0;
    if (std::sscanf(body.substr(at, nl - at).c_str(), "%lu %lu", &a, &b) != 2 || nl + 1 + a + b + 1 > body.size())
      return std::nullopt;
    out.emplace_back(body.substr(nl + 1, a), body.substr(nl + 1 + a, b));
    at = nl + 1 + a + b + 1;
  }
  return out;
}

std::string readSmall(const std::filesystem::path& p) {
  native::OsError err;
  auto f = native::File::openRead(p, err);
  std::string s;
  std::uint8_t buf[4096];
  while (f.isOpen() && s.size() < (1u << 20)) {
    std::size_t n = f.read(buf, err);
    if (n == 0) break;
    s.append(reinterpret_cast<const char*>(buf), n);
  }
  return s;
}

[[noreturn]] void fail(const std::filesystem::path& file, const std::string& what, native::OsError e) {
  throw std::runtime_error(utf8Name(file) + ": " + what + ": " + e.text());
}

// File `index` of the set written to its temporary `f`, piece after piece, a chunk at a time.
void writePieces(native::File& f, const std::vector<SharedBytes>& pieces, const std::filesystem::path& target,
                 std::size_t index, const FileSet::Hooks& hooks) {
  std::uint64_t at = 0;  // in the file
  for (const auto& piece : pieces)
    for (std::size_t off = 0; off < piece.size(); off += kChunk) {
      const std::size_t n = std::min(kChunk, piece.size() - off);
      native::OsError err = hooks.beforeWrite ? hooks.beforeWrite(index, at, n) : native::OsError{};
      if (!err) err = f.writeAll(piece.span().subspan(off, n));
      if (err) fail(target, "write error at byte " + std::to_string(at) + "; nothing was replaced", err);
      at += n;
    }
}

}  // namespace

void FileSet::add(std::filesystem::path target, std::vector<std::uint8_t> bytes) {
  add(std::move(target), std::vector<SharedBytes>{SharedBytes(std::move(bytes))});
}

void FileSet::add(std::filesystem::path target, std::vector<SharedBytes> pieces) {
  if (!entries_.empty() && folderOf(target) != folderOf(entries_.front().target))
    throw std::logic_error("FileSet: " + utf8Name(target) + " is not beside " + utf8Name(entries_.front().target));
  entries_.push_back({std::move(target), std::move(pieces)});
}

// A target that cannot be replaced by a file is found before anything is written.
void FileSet::checkTargets() const {
  for (const auto& e : entries_) {
    auto kind = native::kindOf(e.target);
    if (kind == native::Kind::Directory) throw std::runtime_error(utf8Name(e.target) + ": is a directory; nothing was saved");
    if (kind == native::Kind::Other)
      throw std::runtime_error(utf8Name(e.target) + ": not a regular file; nothing was saved");
  }
}

void FileSet::writeTemporary(std::size_t i, const std::string& token, std::vector<std::filesystem::path>& made) const {
  const auto& e = entries_[i];
  auto temp = e.target;
  temp += ".tmp-" + token;
  native::OsError err;
  auto f = native::File::createNew(temp, err);
  if (err) fail(e.target, "cannot create the temporary " + utf8Name(temp.filename()), err);
  made.push_back(temp);
  f.copyModeFrom(e.target);
  writePieces(f, e.pieces, e.target, i, hooks_);
  if ((err = f.sync())) fail(e.target, "cannot flush to the disk; nothing was replaced", err);
  if ((err = f.close())) fail(e.target, "write error; nothing was replaced", err);
}

void FileSet::writeJournal(const std::vector<std::filesystem::path>& temps, const std::string& token, std::filesystem::path& made) const {
  const auto& primary = entries_.front().target;
  std::vector<std::pair<std::string, std::string>> renames;
  for (std::size_t i = 0; i < entries_.size(); ++i)
    renames.emplace_back(utf8Name(temps[i].filename()), utf8Name(entries_[i].target.filename()));
  std::string text = journalText(renames);
  auto path = primary;
  path += ".tmp-" + token + ".journal";
  native::OsError err;
  auto f = native::File::createNew(path, err);
  if (err) fail(primary, "cannot create the journal " + utf8Name(path.filename()), err);
  made = path;
  if ((err = f.writeAll(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()))) || (err = f.sync()) ||
      (err = f.close()))
    fail(primary, "cannot write the journal; nothing was replaced", err);
}

void FileSet::replaceTargets(const std::vector<std::filesystem::path>& temps, bool committed) const {
  const auto& primary = entries_.front().target;
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (hooks_.beforeReplace) hooks_.beforeReplace(i);  // a throw here is a simulated crash
    if (auto err = native::replaceFile(temps[i], entries_[i].target)) {
      if (!committed) {
        native::removeFile(temps[i]);
        fail(entries_[i].target, "cannot replace; the file is unchanged", err);
      }
      fail(entries_[i].target,
           "cannot replace; the save is incomplete and is completed the next time " + utf8Name(primary.filename()) +
               " is opened or saved",
           err);
    }
  }
}

void FileSet::commit() {
  if (entries_.empty()) return;
  const auto& primary = entries_.front().target;
  const auto dir = folderOf(primary);
  completeInterruptedSave(primary);
  checkTargets();
  Active active(newToken());
  std::vector<std::filesystem::path> temps;
  std::filesystem::path journal;
  bool committed = false;
  try {
    for (std::size_t i = 0; i < entries_.size(); ++i) writeTemporary(i, active.token, temps);
    for (const auto& e : entries_)
      if (auto err = native::checkReplaceable(e.target)) fail(e.target, "cannot be replaced; nothing was saved", err);
    if (entries_.size() > 1) {
      writeJournal(temps, active.token, journal);
      if (auto err = native::syncDirectory(dir)) fail(dir, "cannot flush the directory; nothing was replaced", err);
      committed = true;  // from here on the new set wins: a crash is completed by the next load or save
    }
  } catch (...) {
    if (!journal.empty()) native::removeFile(journal);
    for (const auto& t : temps) native::removeFile(t);
    throw;
  }
  replaceTargets(temps, committed);
  if (auto err = native::syncDirectory(dir)) fail(dir, "saved, but the directory could not be flushed", err);
  if (!journal.empty()) native::removeFile(journal);
}

void completeInterruptedSave(const std::filesystem::path& primary) {
  const auto dir = folderOf(primary);
  const std::string stem = utf8Name(primary.stem());
  auto found = members(primary);
  bool replaced = false;
  for (const auto& m : found) {
    if (!m.journal || !stale(m)) continue;
    if (auto renames = parseJournal(readSmall(m.path))) {
      for (const auto& [temp, target] : *renames) {
        // Only names of this set in this directory: a journal is never a way to move other files.
        auto tm = parseMember(dir / utf8Path(temp), stem);
        if (!tm || tm->journal || tm->token != m.token || !isSetFileName(target, stem) ||
            temp.find_first_of("/\\") != std::string::npos)
          continue;
        auto from = dir / utf8Path(temp), to = dir / utf8Path(target);
        if (native::kindOf(from) == native::Kind::Missing) continue;  // replaced before the crash
        if (auto err = native::replaceFile(from, to))
          fail(primary, "an interrupted save could not be completed (" + target + ")", err);
        replaced = true;
      }
    }
    if (replaced)
      if (auto err = native::syncDirectory(dir)) fail(dir, "an interrupted save could not be flushed", err);
    native::removeFile(m.path);  // completed, or torn before its commit point: the old set stands
  }
  for (const auto& m : found)
    if (!m.journal && stale(m) && native::kindOf(m.path) != native::Kind::Missing) native::removeFile(m.path);
}

std::vector<std::filesystem::path> setTemporaries(const std::filesystem::path& primary) {
  std::vector<std::filesystem::path> out;
  for (const auto& m : members(primary)) out.push_back(m.path);
  return out;
}

}  // namespace wadsmith
