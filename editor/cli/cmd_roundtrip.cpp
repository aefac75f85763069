#include <algorithm>
#include <cstring>
#include <iostream>
#include <sstream>

#include "editor/cli/options.h"
#include "editor/cli/progress_line.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/level_codec.h"
#include "io/utf8_path.h"
#include "io/wad_files.h"

namespace wadsmith::cli {
namespace {

// The first byte where `a` and `b` differ (the shorter one ends there), or -1 when they are equal.
long firstDifference(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) {
  if (a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size()) == 0)) return -1;
  const auto [at, _] = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
  return at == a.end() && a.size() == b.size() ? -1 : static_cast<long>(at - a.begin());
}

// Inside a level's data chunk, name the section of the inflated bytes that differs.
std::string levelDataDetail(const LevelDocument& doc) {
  std::vector<SectionSpan> spans;
  auto written = writeLevelData(*doc.data, doc.nextId, &spans);
  const SharedBytes& original = doc.loadedPayload;
  long at = firstDifference(original, written);
  if (at < 0) return "";
  std::string section = "?";
  for (const auto& s : spans)
    if (static_cast<std::uint64_t>(at) >= s.begin && static_cast<std::uint64_t>(at) < s.end) section = s.name;
  const bool inflated = doc.levelChunk.store == ChunkStore::Zlib;
  return std::string("; ") + (inflated ? "inflated " : "") + "level data differs at byte " + std::to_string(at) +
         " (" + section + ")";
}

// One file: "identical F", "different F ..." or "error ...", and whether it is whole.
bool roundtripFile(const std::string& f, std::ostream& out) {
  try {
    const SharedBytes file = readDocumentFile(utf8Path(f), FileHold::Mapped);
    const auto bytes = file.span();
    auto doc = loadDocument(utf8Path(f), file);  // a WAD with its companions
    long at = encodeDocumentPieces(doc, true).firstDifference(bytes);
    // The same bytes out of a damaged texture chunk are no proof the file is whole.
    if (const auto* level = std::get_if<LevelDocument>(&doc)) {
      const auto damaged = damagedChunks(*level);
      for (const auto& e : damaged) out << "error " << e << "\n";
      if (!damaged.empty()) return false;
    }
    if (at < 0) {
      // A WAD's companions (.WAS, .SFX, .SAM, .SWD) are compared too, each with its own file.
      bool same = true;
      // (A wad2's sound catalog is not rewritten by a save: only the .wad2 is compared.)
      if (const auto* wad = std::get_if<WadDocument>(&doc); wad && !wad->wad2)
        for (const auto& [ext, written] : companionFiles(*wad)) {
          const auto path = findCompanion(utf8Path(f), ext);
          const auto original = readFileBytes(path);
          if (long c = firstDifference(original, written); c >= 0) {
            out << "different " << f << ": its ." << ext << " " << utf8Name(path) << " first at byte " << c << "\n";
            same = false;
          }
        }
      if (same) out << "identical " << f << "\n";
      return same;
    }
    std::string section = sectionAt(bytes, static_cast<std::uint64_t>(at));
    std::string detail;
    if (const auto* level = std::get_if<LevelDocument>(&doc); level && section.starts_with("level data"))
      detail = levelDataDetail(*level);
    out << "different " << f << " first at byte " << at << " (section " << section << ")" << detail << "\n";
  } catch (const std::exception& e) {
    out << "error " << e.what() << "\n";
  }
  return false;
}

}  // namespace

Run roundtripCommand(CLI::App& c) {
  struct Options {
    std::vector<std::string> files;
    bool quiet = false;
  };
  auto o = std::make_shared<Options>();
  files(c, "FILE", o->files, "WADs and levels");
  c.add_flag("-q,--quiet", o->quiet, "no progress line on the terminal");
  examples(c, "  wadsmith roundtrip city.wad levels/*.tr4\n",
      "Prints 'identical FILE' or 'different FILE first at byte N (section S)'; exits 0 only if\n"
      "every file is identical. A level's data is compared inflated; a WAD's companions too.\n");
  return [o] {
    const auto progress = progressLine(o->quiet, stderrIsTerminal());
    int rc = 0;
    for (std::size_t i = 0; i < o->files.size(); ++i) {
      progress(i, o->files.size(), "roundtrip " + o->files[i]);
      std::ostringstream result;
      rc |= roundtripFile(o->files[i], result) ? 0 : 1;
      progress(o->files.size(), o->files.size(), "");
      std::cout << result.str() << std::flush;
    }
    return rc;
  };
}

}  // namespace wadsmith::cli
