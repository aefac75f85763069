// wadsmith anim export|import: one animation of a movable to and from WadTool's .anim files.
#include <cstdio>
#include <iostream>

#include "editor/cli/cli.h"
#include "io/anim_xml.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/utf8_path.h"
#include "model/anim/interchange.h"

namespace wadsmith::cli {
namespace {

std::size_t count(const std::string& text, const char* what) {
  try {
    std::size_t used = 0;
    const auto v = std::stoul(text, &used);
    if (used == text.size()) return v;
  } catch (const std::exception&) {
  }
  throw std::runtime_error(std::string(what) + " needs a number, got '" + text + "'");
}

anim::Targets targetsArg(const std::optional<std::string>& s) {
  if (!s || *s == "keep") return anim::Targets::Keep;
  if (*s == "own") return anim::Targets::Own;
  if (*s == "drop") return anim::Targets::Drop;
  throw std::runtime_error("--targets is keep, own or drop, got '" + *s + "'");
}

}  // namespace

int animCommand(const std::vector<std::string>& argv) {
  const char* usage =
      "usage: wadsmith anim export FILE --movable ID --animation N -o X.anim | wadsmith anim import FILE X.anim --movable ID "
      "--replace N [--targets keep|own|drop] -o OUT";
  auto args = parseArgs(argv, {"movable", "animation", "replace", "as", "targets", "o", "output"}, false);
  const auto out = args.get("o") ? args.get("o") : args.get("output");
  if (args.positional.empty() || !args.get("movable") || !out) throw std::runtime_error(usage);
  const bool exporting = args.positional[0] == "export";
  if (exporting ? args.positional.size() != 2 || !args.get("animation") : args.positional[0] != "import" || args.positional.size() != 3)
    throw std::runtime_error(usage);
  const auto doc = loadDocument(utf8Path(args.positional[1]));
  const ObjectView v(objectsOf(doc));
  const std::uint32_t slot = slotArg(*args.get("movable"), "--movable", true);
  if (exporting) {
    const std::size_t n = count(*args.get("animation"), "--animation");
    const auto file = anim::exportAnimation(v, ops::movableIndex(v, slot), ops::animationOf(v, slot, n));
    writeFileAtomic(utf8Path(*out), writeAnimFile(file));
    std::cout << "wrote animation " << n << " (" << file.keyframes.size() << " keyframes) to " << *out << "\n";
    return 0;
  }
  if (!args.get("replace"))
    throw std::runtime_error("anim import needs --replace N: appending a new animation (--as, the default) is not built yet");
  const std::size_t n = count(*args.get("replace"), "--replace");
  const auto file = readAnimFile(readFileBytes(utf8Path(args.positional[2])), args.positional[2]);
  const auto result = anim::importAnimation(doc, slot, n, file, targetsArg(args.get("targets")));
  encodeDocument(result.edited.doc);  // throws before anything is written if it does not fit
  for (const auto& note : result.notes) std::cout << "note: " << note << "\n";
  for (std::size_t b = 0; b < result.boneError.size(); ++b) {
    char line[64];
    std::snprintf(line, sizeof line, "bone %zu: largest angle error %.4f degrees", b, result.boneError[b]);
    std::cout << line << "\n";
  }
  saveDocument(result.edited.doc, utf8Path(*out));
  std::cout << "replaced animation " << n << "; wrote " << *out << "\n";
  return 0;
}

}  // namespace wadsmith::cli
