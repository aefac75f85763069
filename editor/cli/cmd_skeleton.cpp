// wadsmith skeleton export|import: a movable's mesh tree as a small JSON file (the link record of
// each bone after the root, keyed as the bone fields are: model/ops/fields.h boneFields).
#include <iostream>

#include <nlohmann/json.hpp>

#include "editor/cli/options.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/utf8_path.h"
#include "model/ops/skeleton_ops.h"

namespace wadsmith::cli {
namespace {

using nlohmann::ordered_json;

struct SkeletonOptions {
  std::string file, json, movable, out;
};

int exportSkeleton(const SkeletonOptions& o) {
  const auto doc = loadDocument(utf8Path(o.file));
  const ObjectView v(objectsOf(doc));
  const std::uint32_t slot = slotArg(o.movable, "--movable", true);
  const std::size_t movable = ops::movableIndex(v, slot);
  ordered_json bones = ordered_json::array();
  for (const auto& link : ops::boneLinks(v, movable)) {
    ordered_json& b = bones.emplace_back();
    for (const auto& f : ops::boneFields()) {
      const long value = f.stored(link, {});
      if (f.unit == ops::FieldUnit::Flag) b[f.key] = value != 0;
      else b[f.key] = value;
    }
  }
  const ordered_json j = {{"movable", slot}, {"bones", v.meshCount(movable)}, {"links", bones}};
  const std::string text = j.dump(2) + "\n";
  writeFileAtomic(utf8Path(o.out), std::vector<std::uint8_t>(text.begin(), text.end()));
  std::cout << "wrote the skeleton of movable " << slot << " (" << v.meshCount(movable) << " bones) to " << o.out << "\n";
  return 0;
}

// The links of the file, as changes (flag bits past pop and push stay the destination's); throws
// naming the file and the link that is wrong.
std::vector<ops::BoneChange> readLinks(const std::string& path) {
  const auto bytes = readFileBytes(utf8Path(path));
  const auto j = nlohmann::json::parse(bytes.begin(), bytes.end(), nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("links") || !j["links"].is_array())
    throw std::runtime_error(path + ": not a skeleton file (an object with a \"links\" list)");
  std::vector<ops::BoneChange> out;
  for (std::size_t i = 0; i < j["links"].size(); ++i) {
    const auto& b = j["links"][i];
    ops::BoneChange c;
    for (const auto& f : ops::boneFields()) {
      const bool ok = b.is_object() && b.contains(f.key) && (f.unit == ops::FieldUnit::Flag ? b[f.key].is_boolean() : b[f.key].is_number_integer());
      if (!ok) throw std::runtime_error(path + ": link " + std::to_string(i) + " (bone " + std::to_string(i + 1) + ") lacks \"" + f.key + "\"");
      const double value = f.unit == ops::FieldUnit::Flag ? double(b[f.key].get<bool>()) : b[f.key].get<double>();
      ops::checkRange(f, value, {});
      f.set(c, value);
    }
    out.push_back(c);
  }
  return out;
}

int importSkeleton(const SkeletonOptions& o) {
  const auto doc = loadDocument(utf8Path(o.file));
  const std::uint32_t slot = slotArg(o.movable, "--movable", true);
  const auto changes = readLinks(o.json);
  const ObjectView v(objectsOf(doc));
  auto links = ops::boneLinks(v, ops::movableIndex(v, slot));
  links.resize(changes.size());
  for (std::size_t i = 0; i < changes.size(); ++i) links[i] = ops::changedLink(links[i], changes[i]);
  const auto edited = ops::setBones(doc, slot, links);
  saveDocument(edited.doc, utf8Path(o.out));
  std::cout << "set the skeleton of movable " << slot << " (" << links.size() + 1 << " bones); wrote " << o.out << "\n";
  return 0;
}

}  // namespace

Run skeletonCommand(CLI::App& c) {
  auto o = std::make_shared<SkeletonOptions>();
  c.require_subcommand(1);
  auto* ex = c.add_subcommand("export", "a movable's mesh tree as JSON");
  ex->add_option("FILE", o->file, "a WAD or a level")->required();
  ex->add_option("--movable", o->movable, "the movable (slot number or name)")->required()->type_name("ID");
  outputOption(*ex, o->out, "the .json file");
  auto* im = c.add_subcommand("import", "a mesh tree from JSON over a movable's (the bone counts must match)");
  im->add_option("FILE", o->file, "a WAD or a level")->required();
  im->add_option("JSON", o->json, "the skeleton file")->required();
  im->add_option("--movable", o->movable, "the movable (slot number or name)")->required()->type_name("ID");
  outputOption(*im, o->out, "the edited file");
  examples(c,
           "  wadsmith skeleton export tut1.WAD --movable LARA -o lara.json\n"
           "  wadsmith skeleton import tut1.WAD lara.json --movable LARA -o tut1-new.WAD\n",
           "Each link is a bone after the root: its offset from the parent and the stack flags (pop, push).\n");
  return [o, ex] { return ex->parsed() ? exportSkeleton(*o) : importSkeleton(*o); };
}

}  // namespace wadsmith::cli
