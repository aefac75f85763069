#include "editor/cli/commands.h"

#include <algorithm>
#include <iostream>

#include "editor/cli/help.h"
#include "editor/cli/options.h"
#include "editor/version.h"

namespace wadsmith::cli {

Run skeletonCommand(CLI::App& c);  // cmd_skeleton.cpp

const std::vector<Subcommand>& subcommands() {
  static const std::vector<Subcommand> table = {
      {"info", "counts, objects, sounds, quirks and warnings of a WAD or a level", infoCommand},
      {"save", "read and write (byte-identical when unedited)", saveCommand},
      {"roundtrip", "read, write in memory, compare with the file", roundtripCommand},
      {"dump", "the semantic model as JSON", dumpCommand},
      {"apply", "run a JSON edit script (one history)", applyCommand},
      {"merge", "bring objects from a WAD, a level or another engine's file into a WAD or a level", mergeCommand},
      {"validate", "the editor's checks, reported", validateCommand},
      {"export", "objects as glTF 2.0", exportCommand},
      {"import", "a glTF/GLB, OBJ, FBX or DAE object into a WAD", importCommand},
      {"pages", "texture pages as PNG and back", pagesCommand},
      {"anim", "one animation to and from Tomb Editor's .anim files", animCommand},
      {"skeleton", "a movable's mesh tree to and from JSON", skeletonCommand},
  };
  return table;
}

std::string jsonText(const nlohmann::ordered_json& j, int indent) {
  return j.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

bool isSubcommand(const std::string& word) {
  return word == "help" || word == "completion" ||
         std::any_of(subcommands().begin(), subcommands().end(), [&](const Subcommand& c) { return word == c.name; });
}

namespace {

// Edits (insert, delete, change a letter) that turn `a` into `b`.
std::size_t distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// " (did you mean --movable?)" when one of `names` is a near miss of `word`.
std::string suggestion(const std::string& word, const std::vector<std::string>& names) {
  std::string best;
  std::size_t bestDistance = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const auto& n : names)
    if (const auto d = distance(word, n); d < bestDistance) best = n, bestDistance = d;
  return best.empty() ? "" : " (did you mean " + best + "?)";
}

std::vector<std::string> optionNames(const CLI::App& c) {
  std::vector<std::string> names;
  for (const auto* o : c.get_options()) {
    for (const auto& l : o->get_lnames()) names.push_back("--" + l);
    for (const auto& s : o->get_snames()) names.push_back("-" + s);
  }
  return names;
}

// An argument the command does not know: the first left over after parsing.
void checkLeftOver(const CLI::App& c) {
  const auto left = c.remaining();
  if (left.empty()) return;
  const std::string& word = left.front();
  if (word.size() > 1 && word[0] == '-') throw UsageError("unknown option " + word + suggestion(word, optionNames(c)));
  throw UsageError("unexpected argument '" + word + "'");
}

int usageError(const std::string& command, const std::string& what) {
  std::cerr << "wadsmith" << (command.empty() ? "" : " " + command) << ": " << what << "\nrun 'wadsmith"
            << (command.empty() ? "" : " " + command) << " --help' for its options\n";
  return 2;
}

}  // namespace

int run(const std::vector<std::string>& args, const std::vector<Subcommand>& more) {
  CLI::App app("WadSmith: an editor and merger for Tomb Raider object files (.wad) and levels (TR1-TR5).", "wadsmith");
  app.set_version_flag("--version", kVersion, "the version (git describe of the build)");
  app.allow_extras();
  app.require_subcommand(0, 1);
  app.footer(kExitCodes);
  std::vector<std::pair<CLI::App*, Run>> runs;
  auto table = more;
  table.insert(table.begin(), subcommands().begin(), subcommands().end());
  // Only the command being run defines its options: defining all of them was most of a
  // command's start. `help` and `completion` list every option, so they see every definition.
  const bool onlyOne = !args.empty() && args[0] != "help" && args[0] != "completion";
  for (const auto& c : table) {
    auto* sub = app.add_subcommand(c.name, c.summary);
    sub->option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);  // given twice: the last counts
    sub->allow_extras();  // left over: named with a suggestion (checkLeftOver)
    if (!onlyOne || args[0] == c.name) runs.emplace_back(sub, c.define(*sub));
  }
  runs.emplace_back(app.add_subcommand("help", "this list; --markdown: the reference of every command (docs/cli.md)"), nullptr);
  runs.back().second = helpCommand(*runs.back().first, app);
  runs.emplace_back(app.add_subcommand("completion", "a bash completion script for every command and option"), nullptr);
  runs.back().second = completionCommand(*runs.back().first, app);

  std::string command;
  try {
    app.parse(std::vector<std::string>(args.rbegin(), args.rend()));  // CLI11 takes them last first
    for (const auto& [sub, runCommand] : runs)
      if (sub->parsed()) {
        command = sub->get_name();
        checkLeftOver(*sub);
        return runCommand();
      }
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return 0;
  } catch (const CLI::CallForVersion&) {
    std::cout << kVersion << "\n";
    return 0;
  } catch (const CLI::ParseError& e) {
    for (const auto& [sub, r] : runs)
      if (sub->parsed()) command = sub->get_name();
    return usageError(command, e.what());
  } catch (const UsageError& e) {
    return usageError(command, e.what());
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  if (app.remaining().empty()) {
    std::cerr << app.help();
    return 2;
  }
  std::vector<std::string> names;
  for (const auto* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  return usageError("", "unknown command '" + app.remaining().front() + "'" + suggestion(app.remaining().front(), names));
}

}  // namespace wadsmith::cli
