// What the viewport poses: the selected object at the selection's animation and frame, or the
// Merge panel's preview of a source object playing its first animation. The meshes and
// keyframes are gathered once per object and version; the pose is made each frame.
#include <cmath>

#include "editor/gui/app.h"

namespace wadsmith::gui {

namespace {

void gather(const ObjectView& v, const std::optional<ObjectRef>& object, std::size_t animation, Game game, bool ownMeshes,
            App::Posed& out) {
  out = {};
  if (object && object->kind == ObjectKind::Movable) {
    if (auto m = v.findMovable(object->slot)) {
      out.movable = m;
      out.meshes = v.movableMeshes(*m);
      out.plan = view::planMeshes(v, game, *m, ownMeshes);
      auto [a0, a1] = v.animationRange(*m);
      if (a0 + animation < a1) {
        out.animation = a0 + animation;
        out.keyframes = v.keyframes(out.animation, out.meshes.size());
        out.animated = !out.keyframes.empty();
      }
    }
  } else if (object) {
    if (auto s = v.findStatic(object->slot)) {
      out.staticIndex = s;
      if (auto slot = v.staticMesh(*s)) out.meshes = {*slot};
    }
  }
}

void pose(const ObjectView& v, float frame, App::Posed& out) {
  if (out.movable) {
    auto skeleton = v.skeleton(*out.movable);
    out.pose = out.animated ? view::animationPose(skeleton, out.keyframes, v.animations()[out.animation].frameDuration, frame)
                            : view::restPose(skeleton);
    if (out.placed.empty() || out.placedFrame != frame) {
      out.placed = view::placeMeshes(out.plan, v.tables(), out.pose.meshes);
      out.placedFrame = frame;
    }
  } else {
    out.pose.meshes.assign(out.meshes.size(), view::Mat4{});
  }
}

// TR runs at 30 frames per second.
void step(const ObjectView& v, const App::Posed& p, double dt, float speed, bool loop, float& frame) {
  if (!p.animated) return;
  const float count = float(view::frameCount(v.animations()[p.animation]));
  frame += float(dt * 30.0 * speed);
  if (frame >= count) frame = loop ? std::fmod(frame, count) : count - 1;
}

}  // namespace

const App::Posed& App::posed() {
  const auto& sel = session.selection;
  const auto key = std::tuple(session.version(), sel.object, sel.animation, viewOptions.ownMeshes);
  const ObjectView& v = session.view();
  if (posedFor_ != key) {
    const auto* level = std::get_if<LevelDocument>(&session.document());
    gather(v, sel.object, sel.animation, level ? level->game() : kWadGame, viewOptions.ownMeshes, posed_);
    posedFor_ = key;
  }
  pose(v, sel.frame, posed_);
  return posed_;
}

const session::MergePreview* App::preview() const {
  if (rightTab != panel::kMerge) return nullptr;
  const auto* p = session.mergePreview();
  return p && p->view ? p : nullptr;
}

const App::Posed& App::previewPosed() {
  const auto* p = preview();
  if (!p) return posed();
  if (p != previewPosedFor_) {  // another object highlighted (or its options changed): from its first frame
    gather(*p->view, p->object, 0, kWadGame, viewOptions.ownMeshes, previewPosed_);
    previewPosedFor_ = p;
    previewFrame = 0;
    frameRequested = true;
  }
  pose(*p->view, previewFrame, previewPosed_);
  return previewPosed_;
}

// The preview always plays (a still screenshot unless asked to play); the selection when asked.
void App::advancePlayback(double dt) {
  if (const auto* p = preview()) {
    if (!options_.screenshot || options_.play) step(*p->view, previewPosed(), dt, speed, true, previewFrame);
  } else if (playing) {
    step(session.view(), posed(), dt, speed, loop, session.selection.frame);
  }
}

}  // namespace wadsmith::gui
