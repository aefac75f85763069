// Draws the selected object into an offscreen framebuffer the viewport panel shows. Meshes and
// texture pages are uploaded once and replaced only when the document's parts change (meshes are
// keyed by their shared pointer, pages by the session's decoded images).
#pragma once
#include <memory>
#include <unordered_map>
#include <vector>

#include "editor/gui/gl.h"
#include "editor/session/texture_pages.h"
#include "editor/view/camera.h"
#include "editor/view/geometry.h"
#include "editor/view/picking.h"
#include "model/document.h"

namespace wadsmith::gui {

struct ViewOptions {
  bool wireframe = false, normals = false, sphere = false, boxes = false, joints = false, grid = true, textured = true;
  bool ownMeshes = false;  // a movable's own meshes where the engine draws another slot's
  bool onionSkin = false;  // the keyframes before and after the frame, ghosted
};

// One mesh to draw with its transform (model -> display space).
struct DrawItem {
  Shared<Mesh> mesh;
  view::Mat4 world;
  std::vector<std::size_t> selectedFaces;
  bool transient = false;  // made for this frame only (a welded joint): leaves the GPU after it
};

// Display-space lines, as the line shader reads them: x y z r g b at each end.
struct Overlay {
  std::vector<float> vertices;
  void line(const view::Vec3& a, const view::Vec3& b, float r, float g, float bl) {
    vertices.insert(vertices.end(), {a.x, a.y, a.z, r, g, bl, b.x, b.y, b.z, r, g, bl});
  }
};

class Renderer {
 public:
  Renderer();
  ~Renderer();
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

  // Uploads the pages that are not on the GPU yet (decoded by the session).
  void syncTextures(const session::PageImages& pages);
  void draw(const std::vector<DrawItem>& items, const view::TextureResolver& textures, const view::OrbitCamera& camera,
            const ViewOptions& options, const Overlay& overlay, int width, int height);
  GLuint colorTexture() const { return color_; }
  // A 2D texture of a decoded page for the Textures and Sprites views (created on demand), kept
  // while the image is alive.
  GLuint imageTexture(const Shared<session::RgbaPage>& image);

 private:
  struct GpuMesh {
    Shared<Mesh> keepAlive;
    GLuint vao = 0, vbo = 0;
    GLsizei opaque = 0, additive = 0;
    GLuint lineVao = 0, lineVbo = 0;
    GLsizei wire = 0, normals = 0;
    std::uint64_t usedFrame = 0;
    bool transient = false;
  };
  GpuMesh& mesh(const Shared<Mesh>& m, const view::TextureResolver& textures, bool transient);
  static void release(const GpuMesh& m);
  void resize(int width, int height);
  void drawLines(const Overlay& lines, const view::Mat4& mvp);
  void drawGrid(const view::Mat4& vp);
  void drawFaces(const std::vector<DrawItem>& items, const std::vector<GpuMesh*>& gpu, const view::TextureResolver& textures,
                 const ViewOptions& options, const view::Mat4& vp);
  void drawSelection(const DrawItem& item, const view::TextureResolver& textures);

  GLuint fbo_ = 0, color_ = 0, depth_ = 0;
  int width_ = 0, height_ = 0;
  GLuint meshProgram_ = 0, lineProgram_ = 0, pages_ = 0;
  GLuint scratchVao_ = 0, scratchVbo_ = 0;
  session::PageImages uploaded_;  // what is on the GPU, layer by layer
  std::unordered_map<const void*, std::pair<Shared<session::RgbaPage>, GLuint>> imageTextures_;
  std::unordered_map<const Mesh*, GpuMesh> meshes_;
  std::uint64_t frame_ = 0;
};

}  // namespace wadsmith::gui
