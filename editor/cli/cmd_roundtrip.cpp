#include <algorithm>
#include <iostream>

#include "editor/cli/cli.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/level_codec.h"
#include "io/utf8_path.h"
#include "io/wad_files.h"

namespace wadsmith::cli {
namespace {

// The first byte where `a` and `b` differ (the shorter one ends there), or -1 when they are equal.
long firstDifference(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) {
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

}  // namespace

int roundtripCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {}, false);
  if (args.positional.empty()) throw std::runtime_error("usage: wadsmith roundtrip FILE...");
  int rc = 0;
  for (const auto& f : args.positional) {
    try {
      const SharedBytes file = readDocumentFile(utf8Path(f));
      const auto bytes = file.span();
      auto doc = loadDocument(utf8Path(f), file);  // a WAD with its companions
      long at = encodeDocumentPieces(doc, true).firstDifference(bytes);
      // The same bytes out of a damaged texture chunk are no proof the file is whole.
      if (const auto* level = std::get_if<LevelDocument>(&doc)) {
        const auto damaged = damagedChunks(*level);
        for (const auto& e : damaged) std::cout << "error " << e << "\n";
        if (!damaged.empty()) {
          rc = 1;
          continue;
        }
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
              std::cout << "different " << f << ": its ." << ext << " " << utf8Name(path) << " first at byte " << c
                        << "\n";
              same = false;
            }
          }
        if (same) std::cout << "identical " << f << "\n";
        rc |= same ? 0 : 1;
        continue;
      }
      std::string section = sectionAt(bytes, static_cast<std::uint64_t>(at));
      std::string detail;
      if (const auto* level = std::get_if<LevelDocument>(&doc); level && section.starts_with("level data"))
        detail = levelDataDetail(*level);
      std::cout << "different " << f << " first at byte " << at << " (section " << section << ")" << detail << "\n";
      rc = 1;
    } catch (const std::exception& e) {
      std::cout << "error " << e.what() << "\n";
      rc = 1;
    }
  }
  return rc;
}

}  // namespace wadsmith::cli
