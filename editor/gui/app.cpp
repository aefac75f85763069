#include "editor/gui/app.h"
#include "editor/gui/audio_sdl.h"

#include "editor/gui/gl.h"  // before GLFW
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <ctime>
#include <fstream>
#include <iostream>

#include "editor/gui/widgets.h"
#include "io/png_codec.h"
#include "io/file_io.h"
#include "io/platform.h"
#include "io/utf8_path.h"

namespace wadsmith::gui {

namespace {

std::filesystem::path recentFile() { return platform::configDirectory() / "recent.txt"; }

// One UTF-8 path a line; lines may end in CRLF (written on Windows, or edited there by hand).
std::vector<std::filesystem::path> loadRecent() {
  std::vector<std::filesystem::path> out;
  std::ifstream in(recentFile(), std::ios::binary);
  for (std::string line; std::getline(in, line) && out.size() < 10;) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) out.push_back(utf8Path(line));
  }
  return out;
}

void saveRecent(const std::vector<std::filesystem::path>& recent) {
  std::error_code ec;
  std::filesystem::create_directories(recentFile().parent_path(), ec);
  std::ofstream out(recentFile());  // text mode: CRLF on Windows
  for (const auto& p : recent) out << utf8Name(p) << "\n";
}

void onDrop(GLFWwindow* window, int count, const char** paths) {
  auto* app = static_cast<App*>(glfwGetWindowUserPointer(window));
  if (app && count > 0) app->openFile(utf8Path(paths[0]));  // GLFW gives UTF-8
}

}  // namespace

App::App(Options options) : options_(std::move(options)) {
  session.audio = std::make_shared<SdlAudio>();  // opens nothing until a sample plays
  if (!glfwInit()) throw std::runtime_error("cannot start GLFW (no display? run under xvfb-run)");
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  window_ = glfwCreateWindow(options_.width, options_.height, "WadSmith", nullptr, nullptr);
  if (!window_) throw std::runtime_error("cannot open an OpenGL 3.3 window");
  glfwMakeContextCurrent(window_);
  if (!gladLoadGL(glfwGetProcAddress)) throw std::runtime_error("cannot load the OpenGL 3.3 functions");
  glfwSwapInterval(options_.screenshot ? 0 : 1);
  glfwSetWindowUserPointer(window_, this);
  glfwSetDropCallback(window_, onDrop);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // the layout is computed, not saved
  ImGui::StyleColorsDark();
  // Readable at 1280x720 and on high-DPI monitors: follow the monitor's content scale.
  float sx = 1, sy = 1;
  glfwGetWindowContentScale(window_, &sx, &sy);
  uiScale = options_.uiScale ? *options_.uiScale : std::max(1.0f, std::max(sx, sy));
  ImGui::GetStyle().ScaleAllSizes(uiScale);
  ImGui::GetIO().FontGlobalScale = uiScale;
  ImGui_ImplGlfw_InitForOpenGL(window_, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  renderer = new Renderer();
  recent_ = loadRecent();
  // Crash recovery: this editor's history is journaled; work an editor that stopped left
  // unsaved is offered before anything else.
  const auto recoveryRoot = session::recovery::defaultRoot();
  session.enableRecovery(recoveryRoot);
  unsaved_ = session::recovery::findUnsaved(recoveryRoot);
  // The file, and a source to merge from opened beside it: a failure stops a screenshot run.
  auto open = [&](auto&& f) {
    if (options_.screenshot)
      f();
    else
      edit(f);
  };
  const auto t0 = std::chrono::steady_clock::now();
  if (options_.file) open([&] { session.open(*options_.file); });
  options_.loadSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (options_.source) open([&] { session.openSource(*options_.source); });
  applyCommandLineSelection();
}

App::~App() {
  session.closeRecovery();  // a clean exit: nothing to recover
  delete renderer;
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  if (window_) glfwDestroyWindow(window_);
  glfwTerminate();
}

void App::applyCommandLineSelection() {
  if (options_.select) session.selection = {.object = options_.select};
  if (options_.animation) session.selection.animation = *options_.animation;
  if (options_.frame) session.selection.frame = *options_.frame;
  if (!options_.faces.empty()) {
    session.selection.faces = options_.faces;
    session.selection.mesh = options_.faces.begin()->mesh;
  }
  session.clampSelection();  // an --animation past the movable's last selects its first
  if (options_.animation || options_.frame) playing = false;
  if (options_.screenshot) playing = options_.play;
  if (options_.view) viewOptions = *options_.view;
  for (const auto& p : options_.panels) {
    for (const auto& group : panel::kRightGroups)
      for (const char* t : group.panels)
        if (t && p == t) rightTab = t;
    for (const char* t : panel::kBottomTabs)
      if (p == t) bottomTab = t;
  }
}

void App::select(const ObjectRef& object) {
  if (session.selection.object == object) return;
  session.selection = {.object = object};
  frameRequested = true;
}

void App::openFile(const std::filesystem::path& path) {
  if (session.dirty() && !askSaveBeforeOpen_) {
    pendingOpen_ = path;
    askSaveBeforeOpen_ = true;
    return;
  }
  runLong("Opening " + utf8Name(path.filename()), [this, path](const Progress&) {
    session.open(path);  // a reader's error is reported; the open document stays
    frameRequested = true;
    std::error_code ec;
    auto abs = std::filesystem::absolute(path, ec);
    std::erase(recent_, abs);
    recent_.insert(recent_.begin(), abs);
    if (recent_.size() > 10) recent_.resize(10);
    saveRecent(recent_);
    status = "opened " + utf8Name(path);
  });
}

void App::watchFile() {
  double now = glfwGetTime();
  if (now - lastWatch_ < 1.0 || askReload_) return;
  lastWatch_ = now;
  if (session.changedOnDisk()) askReload_ = true;
}

// Scripted input replaces the real mouse and keys once the windows exist (hovering needs a
// laid-out frame). An event on a labelled widget waits a few frames for it to appear: a tab or
// popup shows its contents a frame after it is asked for.
void App::playScriptedInput() {
  if (ImGui::GetFrameCount() < 2 || inputFrame_ >= options_.input.size()) return;
  const auto& in = options_.input[inputFrame_];
  ImGuiIO& io = ImGui::GetIO();
  ImVec2 at(in.x, in.y);
  if (!in.widget.empty()) {
    auto c = widgetCenter(in.widget);
    if (!c && ++widgetWaits_ < 10) return;
    if (!c) {
      inputError_ = "--input: no widget labelled \"" + in.widget + "\" is on screen (there are " + widgetLabels() + ")";
      return;
    }
    widgetX_ = c->x, widgetY_ = c->y;
    at = in.fromWidget ? ImVec2(c->x + in.x, c->y + in.y) : *c;
  } else if (in.fromWidget) {
    at = ImVec2(widgetX_ + in.x, widgetY_ + in.y);
  }
  widgetWaits_ = 0;
  ++inputFrame_;
  io.MousePos = at;
  for (int b = 0; b < 3; ++b) io.MouseDown[b] = in.down[b];
  io.KeyShift = in.shift;
  io.KeyCtrl = in.ctrl;
  io.MouseWheel = in.wheel;
  // ImGui 1.86 with the GLFW backend: key indices are GLFW key codes (letters and space are
  // their ASCII codes).
  for (int k : {int(GLFW_KEY_SPACE), int(GLFW_KEY_ESCAPE)}) io.KeysDown[k] = false;
  for (int k = GLFW_KEY_A; k <= GLFW_KEY_Z; ++k) io.KeysDown[k] = false;
  if (in.key) io.KeysDown[in.key == view::kEscape ? GLFW_KEY_ESCAPE : in.key] = true;
}

// A busy frame (long work running, editor/gui/app_work.cpp) draws the editor under the progress
// bar and takes no input.
void App::frame(bool busy) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  beginWidgetFrame();
  if (!busy) playScriptedInput(), session.settle();
  ImGui::NewFrame();
  menuBar();
  layout();
  statusBar();
  modals();
  if (!busy) shortcuts();
  ImGui::Render();
  int fw, fh;
  glfwGetFramebufferSize(window_, &fw, &fh);
  glViewport(0, 0, fw, fh);
  glClearColor(0.1f, 0.1f, 0.12f, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void App::writeScreenshot(const std::filesystem::path& path) {
  int fw, fh;
  glfwGetFramebufferSize(window_, &fw, &fh);
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(fw) * fh * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, fw, fh, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  // GL rows start at the bottom.
  for (int y = 0; y < fh / 2; ++y)
    std::swap_ranges(rgba.begin() + static_cast<long>(y) * fw * 4, rgba.begin() + static_cast<long>(y + 1) * fw * 4,
                     rgba.begin() + static_cast<long>(fh - 1 - y) * fw * 4);
  for (std::size_t i = 3; i < rgba.size(); i += 4) rgba[i] = 255;
  writeFileAtomic(path, png::encode(fw, fh, rgba));
}

int App::run() {
  recordWidgets(!options_.input.empty());
  recordLabels(options_.labels.has_value());
  options_.startupSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - options_.started).count();
  lastTime_ = glfwGetTime();
  const double started = lastTime_;
  double firstFrame = 0, firstFrameCpu = 0, steadyStart = 0;
  int frames = 0;
  while (true) {
    glfwPollEvents();
    if (glfwWindowShouldClose(window_) && !quitting_) {
      if (session.dirty() && !options_.screenshot) {
        askSaveBeforeQuit_ = true;
        glfwSetWindowShouldClose(window_, 0);
      } else {
        quitting_ = true;
      }
    }
    if (quitting_) break;
    double now = glfwGetTime();
    double dt = now - lastTime_;
    lastTime_ = now;
    frameMs = frameMs * 0.9 + dt * 1000.0 * 0.1;
    advancePlayback(dt);
    watchFile();
    runPendingWork();
    frame();
    if (!inputError_.empty()) {
      std::cerr << "wadsmith: " << inputError_ << "\n";
      return 2;
    }
    // After scripted input, two more frames so the picture shows what the last event caused
    // (a popup opens a frame after it is asked for).
    if (inputFrame_ >= options_.input.size()) ++framesAfterInput_;
    if (options_.screenshot && ++frames >= options_.screenshotFrames && framesAfterInput_ > (options_.input.empty() ? 0 : 2)) {
      writeScreenshot(*options_.screenshot);
      if (options_.labels) std::ofstream(*options_.labels, std::ios::binary) << labelsJson();
      double total = glfwGetTime() - steadyStart;
      std::cout << "wrote " << options_.screenshot->string() << " (" << options_.width << "x" << options_.height
                << "); window shown " << static_cast<int>((firstFrame + options_.startupSeconds) * 1000)
                << " ms after start (" << static_cast<int>(firstFrameCpu * 1000) << " ms of CPU time; file read in "
                << static_cast<int>(options_.loadSeconds * 1000) << " ms)";
      if (frames > 2)
        std::cout << "; " << frames - 1 << " frames at " << total * 1000 / (frames - 1) << " ms each ("
                  << (frames - 1) / total << " FPS)";
      std::cout << "\nselection: " << session.selection.faces.size() << " faces; camera target " << camera.target.x << ","
                << camera.target.y << "," << camera.target.z << " yaw " << camera.yaw << " pitch "
                << camera.pitch << " distance " << camera.distance << "; history at edit " << session.history().position() << " of "
                << session.history().size() - 1 << (session.dirty() ? ", unsaved" : ", saved")
                << "\nlast edit: " << session.history().label(session.history().position()) << "\n";
      const auto& tables = objectsOf(session.document());
      std::cout << "document: " << tables.movables->size() << " movables, " << tables.statics->size() << " statics\n";
      const auto& sel = session.selection;
      std::cout << "selected: " << (sel.object ? sel.object->text() : std::string("nothing")) << " animation " << sel.animation
                << " frame " << sel.frame << "\n";
      if (const auto* p = preview())
        std::cout << "preview: " << p->name << " from " << p->file << " as " << p->object.text() << " frame " << previewFrame << "\n";
      if (errorMessage) std::cout << "error: " << *errorMessage << "\n";
      for (const auto& p : progress_) std::cout << "progress: " << p << "\n";
      if (!session.panels.sounds.status.empty()) std::cout << "sounds: " << session.panels.sounds.status << "\n";
      break;
    }
    glfwSwapBuffers(window_);
    if (frames <= 1) {
      // CPU time (every thread of the process: Mesa's software GL draws on its own) says what a
      // loaded machine's wall time does not.
      firstFrameCpu = double(std::clock()) / CLOCKS_PER_SEC;
      firstFrame = glfwGetTime() - started;
      steadyStart = glfwGetTime();
    }
  }
  return 0;
}

}  // namespace wadsmith::gui
