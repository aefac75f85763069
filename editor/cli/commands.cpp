#include "editor/cli/commands.h"

#include <cctype>
#include <iostream>
#include <stdexcept>

#include "editor/cli/cli.h"

namespace wadsmith::cli {

bool Args::has(const std::string& key) const {
  for (const auto& [k, v] : options)
    if (k == key) return true;
  return false;
}
std::optional<std::string> Args::get(const std::string& key) const {
  for (const auto& [k, v] : options)
    if (k == key) return v;
  return std::nullopt;
}
std::vector<std::string> Args::all(const std::string& key) const {
  std::vector<std::string> out;
  for (const auto& [k, v] : options)
    if (k == key) out.push_back(v);
  return out;
}

Args parseArgs(const std::vector<std::string>& argv, const std::vector<Option>& options, bool undeclaredFlags) {
  Args a;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string& s = argv[i];
    if (s.size() < 2 || s[0] != '-' || std::isdigit(static_cast<unsigned char>(s[1]))) {
      a.positional.push_back(s);
      continue;
    }
    const auto dashes = s.find_first_not_of('-');
    const std::string key = dashes == std::string::npos ? "" : s.substr(dashes);
    const Option* declared = nullptr;
    for (const auto& o : options)
      if (o.name == key) declared = &o;
    if (!declared && !undeclaredFlags) throw std::runtime_error("unknown option " + s);
    if (declared && declared->takesValue) {
      if (i + 1 >= argv.size()) throw std::runtime_error("option " + s + " needs a value");
      a.options.emplace_back(key, argv[++i]);
    } else {
      a.options.emplace_back(key, "");
    }
  }
  return a;
}

const std::vector<Subcommand>& subcommands() {
  static const std::vector<Subcommand> table = {
      {"info", "info FILE [--json] [--zlib]   counts, objects, quirks and warnings; --zlib finds each chunk's zlib parameters", infoCommand},
      {"save", "save IN -o OUT                 read and write (byte-identical when unedited)", saveCommand},
      {"roundtrip", "roundtrip FILE...              read, write in memory, compare", roundtripCommand},
      {"dump", "dump FILE --json               the semantic model as JSON", dumpCommand},
      {"apply", "apply IN SCRIPT.json -o OUT [--undo N]   run a JSON edit script (one history)", applyCommand},
      {"merge",
       "merge --into DST --from SRC (--movable ID | --static ID | --all) [--replace | --as NEWID] [--with-related] -o OUT",
       mergeCommand},
      {"validate", "validate FILE... [--json] [--strict]   the editor's checks; --strict exits 1 on findings",
       validateCommand},
      {"export", "export FILE (--movable ID | --static ID | --all) -o OUT.glb|OUT.gltf   objects as glTF 2.0",
       exportCommand},
      {"import",
       "import DST FILE (--movable ID | --static ID) [--object NAME] [--replace] [--mesh N] [--scale U] -o OUT   "
       "a glTF/GLB, OBJ, FBX or DAE object into a WAD",
       importCommand},
      {"pages", "pages FILE (--export DIR | --import N PAGE.png -o OUT)   texture pages as PNG and back", pagesCommand},
      {"anim", "anim (export FILE --movable ID --animation N -o X.anim | import FILE X.anim --movable ID --replace N [--targets keep|own|drop] -o OUT)   WadTool .anim files",
       animCommand},
  };
  return table;
}

namespace {
void usage(std::ostream& os) {
  os << "usage: wadsmith <command> ...\n";
  for (const auto& c : subcommands()) os << "  wadsmith " << c.usage << "\n";
}
}  // namespace

std::string jsonText(const nlohmann::ordered_json& j, int indent) {
  return j.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

bool isSubcommand(const std::string& word) {
  for (const auto& c : subcommands())
    if (word == c.name) return true;
  return false;
}

int run(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    usage(args.empty() ? std::cerr : std::cout);
    return args.empty() ? 2 : 0;
  }
  for (const auto& c : subcommands())
    if (args[0] == c.name) {
      try {
        return c.run({args.begin() + 1, args.end()});
      } catch (const std::exception& e) {
        std::cerr << e.what() << "\n";
        return 1;
      }
    }
  std::cerr << "unknown command '" << args[0] << "'\n";
  usage(std::cerr);
  return 2;
}

}  // namespace wadsmith::cli
