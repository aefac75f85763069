// Bringing objects in as an entry of the table of operations, so that scripts can call it and
// the crash journal stores the call, not the document it made.
#include "editor/usecases/bring_in.h"
#include "editor/usecases/value_json.h"
#include "io/utf8_path.h"
#include "model/ops/args.h"

namespace wadsmith::usecases {

namespace {

using ops::ParamKind;

// A function, not a global: entries are registered from other files' static initialisers.
std::vector<ops::Param> params() {
  return {
    {"source", ParamKind::Text},           {"picks", ParamKind::List, true},    {"all", ParamKind::Flag, true},
    {"replace", ParamKind::Flag, true},    {"with_related", ParamKind::Flag, true}, {"sounds", ParamKind::Text, true},
    {"sprites", ParamKind::List, true},    {"mesh", ParamKind::Integer, true},  {"convert", ParamKind::Named, true},
    {"main_sfx", ParamKind::Text, true},   {"samples", ParamKind::Text, true},  {"document", ParamKind::Text, true},
    {"main_sfx_out", ParamKind::Text, true},
  };
}

ops::Step bindBringIn(const ops::ArgReader& r) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& p : params())
    if (r.has(p.key)) j[p.key] = jsonOf(r.at(p.key));
  BringIn args;
  try {
    args = bringInFromJson(j);
  } catch (const std::exception& e) {
    throw ops::EditError(std::string("bring_in: ") + e.what());
  }
  const auto document = utf8Path(j.value("document", std::string()));
  return {bringInLabel(args), [args, document](const Document& d) {
            Brought b = bringIn(d, args, {document, document});
            return ops::Edited{b.document(), std::move(b.report.warnings)};
          }};
}

}  // namespace

void registerBringInOperation(ops::Args example) {
  if (ops::findOperation("bring_in")) return;
  ops::registerOperation({"bring_in", params(), bindBringIn, std::move(example), nullptr});
}

ops::Args bringInCall(const BringIn& args, const std::filesystem::path& document) {
  auto j = toJson(args);
  j["document"] = utf8Name(document);
  return valueOf(j).named();
}

}  // namespace wadsmith::usecases
