// `wadsmith help [COMMAND] [--markdown]` and `wadsmith completion bash`: the reference and the
// shell completion, both read from the commands' CLI11 definitions so they cannot drift.
#include <algorithm>
#include <iostream>
#include <sstream>

#include "editor/cli/help.h"
#include "editor/cli/options.h"

namespace wadsmith::cli {
namespace {

// The help of the whole command line, whichever command runs (help() shows the running one's).
std::string rootHelp(const CLI::App& root) { return root.get_formatter()->make_help(&root, "wadsmith", CLI::AppFormatMode::Normal); }

// docs/cli.md: the intro, `wadsmith --help` and every command's `--help`.
std::string markdown(const CLI::App& root) {
  std::ostringstream md;
  md << "# Command line\n\n"
        "<!-- Written by `wadsmith help --markdown > docs/cli.md` from the commands' definitions;\n"
        "     a test checks it is current. -->\n\n"
        "Every command takes a `.wad` or a level of any game (`.tr4`, `.phd`, `.tr2`, `.trc`), detected\n"
        "by its header (not its extension: TR2 and TR3 share `.tr2`, TR5 shares TR4's version word).\n"
        "What errors say and how a set of files is saved: [Files, errors and saving](files.md).\n"
        "Bash completion: `wadsmith completion bash`; `cmake --install build` puts it in\n"
        "share/bash-completion/completions/wadsmith.\n\n"
        "```\n"
     << rootHelp(root) << "```\n";
  for (const auto* sub : root.get_subcommands({}))
    md << "\n## " << sub->get_name() << "\n\n```\n" << sub->help("wadsmith") << "```\n";
  return md.str();
}

// The values an option takes when its check lists them (CLI::IsMember): "{keep,replace,none}".
std::string valuesOf(const CLI::Option& o) {
  const std::string type = o.get_type_name();
  const auto open = type.find('{'), close = type.rfind('}');
  if (open == std::string::npos || close == std::string::npos || close < open) return "";
  std::string values = type.substr(open + 1, close - open - 1);
  for (auto& ch : values)
    if (ch == ',') ch = ' ';
  return values;
}

std::string bash(const CLI::App& root) {
  std::ostringstream words, values, s;
  std::string commands;
  for (const auto* sub : root.get_subcommands({})) {
    commands += sub->get_name() + " ";
    words << "    " << sub->get_name() << ") words=\"";
    for (const auto* o : sub->get_options()) {
      for (const auto& l : o->get_lnames()) words << "--" << l << " ";
      if (const auto v = valuesOf(*o); !v.empty())
        for (const auto& l : o->get_lnames()) values << "    --" << l << ") COMPREPLY=($(compgen -W \"" << v << "\" -- \"$cur\")); return ;;\n";
    }
    words << "\" ;;\n";
  }
  s << "# bash completion for wadsmith (written by `wadsmith completion bash`)\n"
       "_wadsmith() {\n"
       "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} words=\"\"\n"
       "  case \"$prev\" in\n"
    << values.str()
    << "  esac\n"
       "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
       "    words=\""
    << commands
    << "--help --version\"\n"
       "  else\n"
       "    case \"${COMP_WORDS[1]}\" in\n"
    << words.str()
    << "    esac\n"
       "  fi\n"
       "  if [[ $cur == -* || $COMP_CWORD -eq 1 ]]; then COMPREPLY=($(compgen -W \"$words\" -- \"$cur\")); fi\n"
       "  [[ $cur == -* ]] || COMPREPLY+=($(compgen -f -- \"$cur\"))\n"
       "}\n"
       "complete -o filenames -F _wadsmith wadsmith\n";
  return s.str();
}

}  // namespace

Run helpCommand(CLI::App& c, const CLI::App& root) {
  auto o = std::make_shared<std::pair<std::string, bool>>();
  c.add_option("COMMAND", o->first, "one command's options");
  c.add_flag("--markdown", o->second, "every command's options as Markdown (docs/cli.md)");
  examples(c, "  wadsmith help merge\n  wadsmith help --markdown > docs/cli.md\n");
  return [o, &root] {
    if (o->second)
      std::cout << markdown(root);
    else if (o->first.empty())
      std::cout << rootHelp(root);
    else {
      const auto all = root.get_subcommands({});
      const auto it = std::find_if(all.begin(), all.end(), [&](const CLI::App* a) { return a->get_name() == o->first; });
      if (it == all.end()) throw UsageError("no command '" + o->first + "'");
      std::cout << (*it)->help("wadsmith");
    }
    return 0;
  };
}

Run completionCommand(CLI::App& c, const CLI::App& root) {
  auto shell = std::make_shared<std::string>();
  c.add_option("SHELL", *shell, "the shell")->required()->check(CLI::IsMember({"bash"}));
  examples(c, "  wadsmith completion bash > ~/.local/share/bash-completion/completions/wadsmith\n");
  return [&root, shell] {  // the lambda keeps what the option writes alive
    std::cout << bash(root);
    return 0;
  };
}

}  // namespace wadsmith::cli
