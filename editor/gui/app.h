// The editor window: Dear ImGui panels over a Session, a viewport drawn by the Renderer. The
// app holds view state only (camera, panel layout, playback, dialogs); data lives in the session.
#pragma once
#include <chrono>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "editor/gui/file_dialog.h"
#include "editor/gui/panel_names.h"
#include "editor/gui/renderer.h"
#include "editor/progress.h"
#include "editor/session/recovery.h"
#include "editor/session/session.h"
#include "editor/view/drawn_meshes.h"
#include "editor/view/gizmo.h"
#include "editor/view/pose.h"
#include "editor/view/scripted_input.h"
#include "editor/view/timeline.h"

struct GLFWwindow;
namespace wadsmith::cli {
struct Subcommand;
}

namespace wadsmith::gui {


struct Options {
  std::optional<std::filesystem::path> file;
  std::optional<std::filesystem::path> screenshot;
  int width = 1280, height = 720;
  std::optional<ObjectRef> select;  // --select (with --animation, --frame below)
  std::optional<std::size_t> animation;
  std::optional<float> frame;
  std::vector<std::string> panels;
  std::optional<std::filesystem::path> source;  // a source to merge from, opened beside the document (--source, --import)
  std::set<view::FaceRef> faces;  // faces to select
  int screenshotFrames = 4;
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  double startupSeconds = 0, loadSeconds = 0;  // measured, for the screenshot report
  std::optional<float> uiScale;  // --ui-scale: stands in for the monitor's content scale
  std::optional<std::filesystem::path> labels;  // --labels: the drawn labels' widths as JSON
  bool play = false;  // keep the animation playing in screenshot mode (for frame-time measurements)
  std::optional<ViewOptions> view;
  std::vector<view::InputFrame> input;  // --input: one mouse state per frame, before the screenshot
};

class App {
 public:
  explicit App(Options options);
  ~App();
  int run();

  // Shared by the panels.
  session::Session session;
  Renderer* renderer = nullptr;
  view::OrbitCamera camera;
  ViewOptions viewOptions;
  bool playing = true, loop = true;
  float speed = 1.0f;
  bool frameRequested = true;  // frame the selection on the next viewport draw
  std::string rightTab = panel::kAnimation, bottomTab = panel::kHistory;
  bool forceTabs = true;  // select rightTab/bottomTab (in the frames until they show)
  std::string status;
  std::optional<std::string> errorMessage;
  float uiScale = 1.0f;
  double frameMs = 0;

  void select(const ObjectRef& object);
  void openFile(const std::filesystem::path& path);  // asks about unsaved changes first
  // Long work (opening, exporting, merging many objects): run before the next frame, with a
  // progress bar over the editor while it reports (editor/progress.h). An error is reported.
  void runLong(std::string label, std::function<void(const Progress&)> work);
  // Save (the open file's path) or save as, under the progress bar.
  void saveTo(const std::filesystem::path& path);
  // The one file browser (modal): Open..., Save as..., the merge panel's source.
  FileDialog dialog;
  // Runs an edit; an EditError becomes a message, not a crash.
  template <class F>
  void edit(F&& f) {
    try {
      f();
    } catch (const std::exception& e) {
      errorMessage = e.what();
    }
  }
  // The selected movable's current pose and keyframes (cached per document version).
  struct Posed {
    std::vector<MeshSlot> meshes;
    view::MeshPlan plan;  // which meshes are drawn on the bones (a movable's)
    view::Pose pose;
    std::vector<view::PlacedMesh> placed;  // the plan's meshes at the pose (a movable's)
    float placedFrame = -1;
    std::vector<Keyframe> keyframes;
    std::optional<std::size_t> movable, staticIndex;
    std::size_t animation = 0;  // global index
    bool animated = false;
  };
  const Posed& posed();
  // The timeline under the viewport: what a press grabbed, the frame sounds were played to.
  struct TimelineState {
    view::TimelineHit drag;
    float lastFrame = -1;
    bool sounds = false;  // play sound commands on their frames while the animation plays
  } timeline;
  // A pose gizmo's drag: the ring or arrow held, where it was grabbed, what it would set.
  struct GizmoDrag {
    int ring = -1, arrow = -1;
    float start = 0;  // the ring's angle or the arrow's position at the press
    Rotation rotation;
    Vec3s offset;
  } gizmo;
  // The Merge panel's highlighted source object (session/merge_preview.h), drawn instead of the
  // selection while the Merge tab is up; null otherwise. Its pose plays its first animation.
  const session::MergePreview* preview() const;
  const Posed& previewPosed();
  float previewFrame = 0;
  const session::MergePreview* shownPreview = nullptr;  // what the viewport showed last (a change reframes)

 private:
  void frame(bool busy = false);
  void advancePlayback(double dt);
  void playScriptedInput();
  void layout();
  void menuBar();
  void statusBar();
  void shortcuts();
  void modals();
  void unsavedWork();
  void reloadBox();
  void aboutBox();
  void progressBox();
  void runPendingWork();
  void drawBusyFrame();
  bool tools(float x, float y, float w, float h);
  void watchFile();
  void applyCommandLineSelection();
  void writeScreenshot(const std::filesystem::path& path);

  Options options_;
  GLFWwindow* window_ = nullptr;
  std::optional<std::filesystem::path> pendingOpen_;  // waiting for the unsaved-changes answer
  std::vector<session::recovery::Unsaved> unsaved_;   // journals of editors that stopped: offered first
  struct Work {
    std::string label;
    std::function<void(const Progress&)> run;
  };
  std::optional<Work> pending_;  // asked for this frame, run before the next
  struct Busy {
    std::string label;
    std::size_t done = 0, total = 0;
    double drawnAt = 0;
  };
  std::optional<Busy> busy_;           // the work running now
  std::vector<std::string> progress_;  // what the bar showed, for the screenshot report
  int forcedFrames_ = 0;
  bool showAbout_ = false;
  bool askSaveBeforeOpen_ = false, askSaveBeforeQuit_ = false, askReload_ = false, quitting_ = false;
  double lastWatch_ = 0, lastTime_ = 0;
  std::vector<std::filesystem::path> recent_;
  Posed posed_;
  // What posed_ was gathered for: document version, object, animation, own meshes.
  std::optional<std::tuple<std::uint64_t, std::optional<ObjectRef>, std::size_t, bool>> posedFor_;
  Posed previewPosed_;
  const session::MergePreview* previewPosedFor_ = nullptr;
  std::size_t inputFrame_ = 0;
  std::string inputError_;  // a scripted event that could not play
  int widgetWaits_ = 0;     // frames the current event has waited for its widget
  float widgetX_ = 0, widgetY_ = 0;  // where the last event's widget was (a drag from it follows)
  int framesAfterInput_ = 0;
};

// The panels (one file each).
void drawObjects(App& app);
void drawViewport(App& app);
void drawAnimation(App& app);
void drawStateChanges(App& app);
void drawCommands(App& app);
void drawMesh(App& app);
void drawTextures(App& app);
void drawMerge(App& app);
void drawSounds(App& app);
void drawSprites(App& app);
void drawHistory(App& app);
void drawValidation(App& app);
// Under the viewport (editor/gui/timeline.cpp): its height for this pose (0: none), and it.
float timelineHeightFor(App& app, const App::Posed& p, float available);
void drawTimeline(App& app, const App::Posed& p, float height);
// Pose editing (editor/gui/pose_editing.cpp): the keyframe at the slider as fields, and the
// viewport's gizmos: their lines, a press (true when it grabbed one), the drag, the release (one
// operation), and the pose as the drag would leave it.
void drawKeyframe(App& app, std::size_t movable, std::size_t anim);
// The Animation panel's animations from other files (editor/gui/panel_animation_files.cpp): copied
// from the Merge panel's source, imported from a 3D file; `count`: the movable's animations.
void animationsFromFiles(App& app, std::uint32_t slot, std::size_t count);
void gizmoOverlay(App& app, const App::Posed& p, Overlay& overlay);
bool gizmoPress(App& app, const App::Posed& p, const view::Ray& ray);
void gizmoDrag(App& app, const App::Posed& p, const view::Ray& ray);
void gizmoRelease(App& app, const App::Posed& p);
App::Posed gizmoPreview(App& app, const App::Posed& p);

// `wadsmith edit [FILE] [--screenshot OUT.png ...]`; also `wadsmith` alone.
cli::Subcommand editSubcommand();

}  // namespace wadsmith::gui
