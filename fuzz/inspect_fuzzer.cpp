// libFuzzer target: everything that looks at a document a reader accepted (a WAD, a wad2 or a TR4
// level): validation, the JSON dump, `info`, the layout quirks and the editor's views (the
// object list, each movable's meshes, skeleton, every animation's keyframes, commands, state
// changes and dispatches as the panels list them). Their work and memory stay within the
// tables' sizes whatever the counts and first indices claim.
#include "editor/cli/cli.h"
#include "editor/cli/dump_json.h"
#include "editor/cli/info_json.h"
#include "editor/session/session.h"
#include "editor/view/pose.h"
#include "fuzz/fuzz_input.h"
#include "io/document_io.h"
#include "model/quirks.h"
#include "model/validate.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace wadsmith;
  fuzz::answers([&] {
    Document doc = readDocument(std::span<const std::uint8_t>(data, size), "fuzz-file");
    validate(doc);
    cli::jsonText(cli::documentInfo(doc), 1);
    if (const auto* w = std::get_if<WadDocument>(&doc)) {
      cli::jsonText(cli::dumpWad(*w), 1);
      findObjectQuirks(w->objects);
    } else {
      cli::jsonText(cli::dumpLevel(std::get<LevelDocument>(doc)), 1);
    }
    session::Session s;
    s.openDocument(doc, "fuzz-file");
    s.objects();
    const ObjectView& v = s.view();
    for (std::size_t m = 0; m < v.movables().size(); ++m) {
      const auto skeleton = v.skeleton(m);
      view::restPose(skeleton);
      auto [a0, a1] = v.animationRange(m);
      for (auto a = a0; a < a1; ++a) {
        const auto keyframes = v.keyframes(a, v.meshCount(m));
        if (!keyframes.empty()) view::animationPose(skeleton, keyframes, v.animations()[a].frameDuration, 0.5f);
        v.commands(a);
        auto [s0, s1] = v.stateChangeRange(a);
        for (auto k = s0; k < s1; ++k) v.dispatchRange(k);
      }
    }
  });
  return 0;
}
