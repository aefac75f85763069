#include <iomanip>
#include <iostream>

#include <nlohmann/json.hpp>

#include "editor/words.h"
#include "editor/cli/options.h"
#include "editor/cli/info_json.h"
#include "editor/usecases/sources.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/utf8_path.h"

namespace wadsmith::cli {
namespace {

using nlohmann::ordered_json;

// The sounds, sprites and unreadable companions of the info.
void printSoundsText(const ordered_json& j) {
  if (j.contains("sounds") && j["sounds"].is_object()) {
    const auto& s = j["sounds"];
    std::cout << "sounds (" << s["files"].get<std::string>() << "): " << s["ids_in_use"] << " of " << s["map_ids"]
              << " ids in use, " << s["infos"] << " infos, " << s["samples"] << " samples";
    if (s.contains("samples_folder"))
      std::cout << "; samples folder " << s["samples_folder"].get<std::string>() << ": " << s["missing_wavs"] << " missing";
    std::cout << "\n  ids in use: " << s["ids"].get<std::string>() << "\n  ids the objects play: "
              << s["played_ids"].get<std::string>() << "\n";
  }
  if (j.contains("sprites") && j["sprites"].is_object()) {
    const auto& s = j["sprites"];
    std::cout << "sprites: " << s["textures"] << " textures on " << s["pages"] << " pages, sequences:";
    for (const auto& q : s["sequences"])
      std::cout << " " << q["id"] << (q["name"].get<std::string>().empty() ? "" : " " + q["name"].get<std::string>()) << " ("
                << q["textures"] << ")";
    std::cout << "\n";
  }
  if (j.contains("unreadable"))
    for (const auto& u : j["unreadable"])
      std::cout << "unreadable ." << u["file"].get<std::string>() << " (kept unchanged): " << u["problem"].get<std::string>() << "\n";
}

void printSamples(const ordered_json& j) {
  std::cout << "  samples " << j["samples"]["count"] << " (" << j["samples"]["bytes"] << " bytes, "
            << j["samples"]["where"].get<std::string>() << ")";
  if (j.contains("trailer")) {
    std::cout << ", trailer " << j["trailer"]["bytes"] << " bytes";
    if (j["trailer"].contains("kind"))
      std::cout << " (" << j["trailer"]["kind"].get<std::string>() << ", " << j["trailer"]["chunks"].size()
                << " chunks, NGLE footer " << j["trailer"]["ngle_footer"].get<std::string>() << ")";
  }
  std::cout << "\n";
}

void printText(const std::string& file, const ordered_json& j) {
  if (j["format"] == "wad" || j["format"] == "wad2") {
    std::cout << file << ": " << (j.contains("wad2") ? "Tomb Editor wad2, as a " : "") << "TR4 WAD version "
              << j["version"].get<int>() << "\n";
    if (j.contains("wad2")) printWad2Text(j["wad2"]);
  } else if (j.contains("chunks")) {
    std::cout << file << ": " << j["version"].get<std::string>() << " level, tiles " << j["tiles"]["room"] << " room + "
              << j["tiles"]["object"] << " object + " << j["tiles"]["bump"] << " bump\n";
    if (j.contains("tr5"))
      std::cout << "  Lara type " << j["tr5"]["lara_type"] << ", weather type " << j["tr5"]["weather_type"] << "\n";
    for (const auto& c : j["chunks"]) {
      std::cout << "  chunk " << std::left << std::setw(14) << c["name"].get<std::string>() << std::right << std::setw(9)
                << c["uncompressed"] << " bytes, ";
      if (c.contains("stored")) {
        std::cout << "stored uncompressed\n";
        continue;
      }
      std::cout << std::setw(8) << c["compressed"] << " compressed, zlib " << c["zlib_header"].get<std::string>() << ", ";
      if (!c.contains("zlib_params"))
        std::cout << "parameters not searched (--zlib)\n";
      else if (c["zlib_params"].is_object())
        std::cout << "reproduced by level " << c["zlib_params"]["level"] << " strategy " << c["zlib_params"]["strategy"]
                  << " memLevel " << c["zlib_params"]["mem_level"] << "\n";
      else
        std::cout << c["zlib_params"].get<std::string>() << "\n";
    }
  } else {
    std::cout << file << ": " << j["version"].get<std::string>() << " level (version " << j["version_word"].get<std::string>()
              << "), " << j["tiles"]["count"] << " tiles " << (j["tiles"]["16-bit"].get<bool>() ? "(8- and 16-bit)" : "(8-bit)")
              << "\n";
  }
  if (j["format"] != "wad" && j["format"] != "wad2") {
    printSamples(j);
    std::cout << "rooms (" << j["rooms"].size() << "):\n";
    std::size_t i = 0;
    for (const auto& r : j["rooms"])
      std::cout << "  " << std::setw(4) << i++ << "  " << r["vertices"] << " vertices, " << r["quads"] << " quads, "
                << r["triangles"] << " triangles, " << r["sectors"].get<std::string>() << " sectors, " << r["lights"]
                << " lights, " << r["statics"] << " statics\n";
  }
  for (const auto& [k, v] : j["counts"].items()) std::cout << "  " << std::left << std::setw(24) << k << v << "\n";
  std::cout << "movables (" << j["movables"].size() << ", names from " << j["names_from"].get<std::string>() << "):\n";
  for (const auto& m : j["movables"])
    std::cout << "  " << std::right << std::setw(4) << m["slot"].get<int>() << "  " << std::left << std::setw(28)
              << m["name"].get<std::string>() << counted(m["meshes"].get<std::size_t>(), "mesh", "meshes") << ", "
              << counted(m["animations"].get<std::size_t>(), "animation") << "\n";
  std::cout << "statics (" << j["statics"].size() << "):\n";
  for (const auto& s : j["statics"])
    std::cout << "  " << std::right << std::setw(4) << s["slot"].get<int>() << "  " << s["name"].get<std::string>() << "\n";
  printSoundsText(j);
  std::cout << "quirks:" << (j["quirks"].empty() ? " none" : "") << "\n";
  for (const auto& q : j["quirks"])
    std::cout << "  " << q["quirk"].get<std::string>() << " x" << q["count"] << " (e.g. " << q["example"].get<std::string>() << ")\n";
  std::cout << "warnings: " << j["warnings"].size() << "\n";
  std::size_t shown = 0;
  for (const auto& w : j["warnings"]) {
    if (++shown > 20) {
      std::cout << "  ...\n";
      break;
    }
    std::cout << "  " << w["where"].get<std::string>() << ": " << w["what"].get<std::string>() << "\n";
  }
}

}  // namespace

Run infoCommand(CLI::App& c) {
  struct Options {
    std::string file;
    std::optional<std::string> samples;
    bool json = false, zlib = false;
  };
  auto o = std::make_shared<Options>();
  c.add_option("FILE", o->file, "a WAD, a level, another engine's file or a 3D file")->required();
  c.add_flag("--json", o->json, "as JSON");
  c.add_flag("--zlib", o->zlib, "find the zlib parameters that reproduce each chunk of a TR4/TR5 level");
  c.add_option("--samples", o->samples, "the folder of the WAVs the sounds name (default: found near FILE)")->type_name("DIR");
  examples(c, "  wadsmith info city.wad\n  wadsmith info --json --zlib city.tr4\n",
      "Counts of every section, pages, meshes, movables and statics with names (.WAS, else the slot\n"
      "catalog of the file's game), quirks, data warnings, sounds and missing WAVs, sprites; for a\n"
      "level also its game, rooms, tiles and chunks.\n");
  return [o] {
    const SharedBytes bytes = readDocumentFile(utf8Path(o->file), FileHold::Mapped);
    // The other sources (another engine's files, 3D files) as their listing.
    if (detectKind(bytes) == FileKind::Unknown && usecases::recogniseSource(utf8Path(o->file)))
      return sourceInfoCommand(utf8Path(o->file), o->json);
    // The TRLE samples folder the .SAM names WAVs in: given, or found near the file.
    const SampleFolder samples = samplesFolderFor(utf8Path(o->file), o->samples);
    auto j = documentInfo(loadDocument(utf8Path(o->file), bytes), o->zlib, &samples);
    if (o->json)
      std::cout << jsonText(j, 2) << "\n";
    else
      printText(o->file, j);
    return 0;
  };
}

}  // namespace wadsmith::cli
