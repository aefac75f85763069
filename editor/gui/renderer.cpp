#include "editor/gui/renderer.h"

#include <stdexcept>
#include <string>

namespace wadsmith::gui {
namespace {

const char* kMeshVertex = R"(#version 330 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 3) in float page;
layout(location = 4) in float shade;
layout(location = 5) in float shine;
uniform mat4 model;
uniform mat4 viewProjection;
out vec3 vNormal;
out vec2 vUV;
flat out float vPage;
out float vShade;
out float vShine;
void main() {
  gl_Position = viewProjection * model * vec4(position, 1.0);
  vNormal = mat3(model) * normal;
  vUV = uv;
  vPage = page;
  vShade = shade;
  vShine = shine;
})";

const char* kMeshFragment = R"(#version 330 core
in vec3 vNormal;
in vec2 vUV;
flat in float vPage;
in float vShade;
in float vShine;
uniform sampler2DArray pages;
uniform int textured;
uniform int additive;
uniform vec3 tint;
out vec4 color;
void main() {
  vec4 texel = vec4(0.72, 0.72, 0.72, 1.0);
  if (textured == 1 && vPage >= 0.0) texel = texture(pages, vec3(vUV, vPage));
  if (texel.a < 0.5) discard;  // magenta: transparent
  float light = vShade;
  if (length(vNormal) > 0.01) {
    vec3 n = normalize(vNormal);
    light = 0.55 + 0.5 * max(dot(n, normalize(vec3(0.4, 0.8, 0.45))), 0.0);
    light += 0.2 * max(dot(n, normalize(vec3(-0.6, 0.2, -0.7))), 0.0);
  }
  vec3 rgb = texel.rgb * light;
  if (vShine > 0.0 && length(vNormal) > 0.01) {
    float s = pow(max(dot(normalize(vNormal), normalize(vec3(0.2, 0.9, 0.6))), 0.0), 12.0);
    rgb += vec3(1.0) * s * vShine;  // the shine effect, additive like the engine's
  }
  rgb = mix(rgb, tint, tint == vec3(0.0) ? 0.0 : 0.55);
  color = vec4(additive == 1 ? rgb * 0.85 : rgb, 1.0);
})";

const char* kLineVertex = R"(#version 330 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 rgb;
uniform mat4 mvp;
out vec3 vColor;
void main() { gl_Position = mvp * vec4(position, 1.0); vColor = rgb; })";

const char* kLineFragment = R"(#version 330 core
in vec3 vColor;
out vec4 color;
void main() { color = vec4(vColor, 1.0); })";

GLuint compile(GLenum type, const char* src) {
  GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetShaderInfoLog(s, sizeof log, nullptr, log);
    throw std::runtime_error(std::string("shader: ") + log);
  }
  return s;
}

GLuint program(const char* vs, const char* fs) {
  GLuint p = glCreateProgram();
  GLuint v = compile(GL_VERTEX_SHADER, vs), f = compile(GL_FRAGMENT_SHADER, fs);
  glAttachShader(p, v);
  glAttachShader(p, f);
  glLinkProgram(p);
  glDeleteShader(v);
  glDeleteShader(f);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) throw std::runtime_error("shader program does not link");
  return p;
}

void setMatrix(GLuint prog, const char* name, const view::Mat4& m) {
  glUniformMatrix4fv(glGetUniformLocation(prog, name), 1, GL_FALSE, m.m);
}

// Attribute `i` of the bound buffer: `n` floats at `offset` in each vertex of `stride` bytes.
void attribute(GLuint i, int n, GLsizei stride, std::size_t offset) {
  glEnableVertexAttribArray(i);
  glVertexAttribPointer(i, n, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offset));
}

// The attributes of the bound buffer of line vertices: position and colour.
void lineLayout() {
  attribute(0, 3, 6 * sizeof(float), 0);
  attribute(1, 3, 6 * sizeof(float), 3 * sizeof(float));
}

// The attributes of the bound buffer of RenderVertex.
void vertexLayout() {
  const GLsizei stride = sizeof(view::RenderVertex);
  attribute(0, 3, stride, offsetof(view::RenderVertex, position));
  attribute(1, 3, stride, offsetof(view::RenderVertex, normal));
  attribute(2, 2, stride, offsetof(view::RenderVertex, uv));
  attribute(3, 1, stride, offsetof(view::RenderVertex, page));
  attribute(4, 1, stride, offsetof(view::RenderVertex, shade));
  attribute(5, 1, stride, offsetof(view::RenderVertex, shine));
}

// Binds `vao` and fills its buffer `vbo` with `data`, read as `layout` says.
template <class T>
void upload(GLuint vao, GLuint vbo, const std::vector<T>& data, GLenum usage, void (*layout)()) {
  glBindVertexArray(vao);
  glBindBuffer(GL_ARRAY_BUFFER, vbo);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(T)), data.data(), usage);
  layout();
}

}  // namespace

Renderer::Renderer() {
  meshProgram_ = program(kMeshVertex, kMeshFragment);
  lineProgram_ = program(kLineVertex, kLineFragment);
  glGenTextures(1, &pages_);
  glGenVertexArrays(1, &scratchVao_);
  glGenBuffers(1, &scratchVbo_);
}

Renderer::~Renderer() {
  for (auto& [k, m] : meshes_) release(m);
  for (auto& [k, t] : imageTextures_) glDeleteTextures(1, &t.second);
  glDeleteTextures(1, &pages_);
  glDeleteBuffers(1, &scratchVbo_);
  glDeleteVertexArrays(1, &scratchVao_);
  if (fbo_) glDeleteFramebuffers(1, &fbo_), glDeleteTextures(1, &color_), glDeleteRenderbuffers(1, &depth_);
  glDeleteProgram(meshProgram_);
  glDeleteProgram(lineProgram_);
}

void Renderer::syncTextures(const session::PageImages& pages) {
  if (pages == uploaded_) return;
  glBindTexture(GL_TEXTURE_2D_ARRAY, pages_);
  const bool sameCount = pages.size() == uploaded_.size() && !pages.empty();
  if (!sameCount) {
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, kPageSize, kPageSize, std::max<GLsizei>(GLsizei(pages.size()), 1), 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  }
  // Only the layers whose image changed (a merge that adds a page uploads that page).
  for (std::size_t p = 0; p < pages.size(); ++p) {
    if (sameCount && pages[p] == uploaded_[p]) continue;
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, GLint(p), kPageSize, kPageSize, 1, GL_RGBA, GL_UNSIGNED_BYTE, pages[p]->data());
  }
  uploaded_ = pages;
}

GLuint Renderer::imageTexture(const Shared<session::RgbaPage>& image) {
  if (!image) return 0;
  if (auto it = imageTextures_.find(image.get()); it != imageTextures_.end()) return it->second.second;
  // Images no longer held by anyone else (an edit replaced them) go first.
  std::erase_if(imageTextures_, [](const auto& e) {
    const bool unused = e.second.first.use_count() == 1;
    if (unused) glDeleteTextures(1, &e.second.second);
    return unused;
  });
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kPageSize, kPageSize, 0, GL_RGBA, GL_UNSIGNED_BYTE, image->data());
  // Sampled without smoothing: the page's pixels as they are.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  imageTextures_[image.get()] = {image, t};
  return t;
}

void Renderer::release(const GpuMesh& m) {
  glDeleteBuffers(1, &m.vbo), glDeleteVertexArrays(1, &m.vao);
  glDeleteBuffers(1, &m.lineVbo), glDeleteVertexArrays(1, &m.lineVao);
}

Renderer::GpuMesh& Renderer::mesh(const Shared<Mesh>& m, const view::TextureResolver& textures, bool transient) {
  auto it = meshes_.find(m.get());
  if (it != meshes_.end() && it->second.keepAlive == m) {
    it->second.usedFrame = frame_;
    return it->second;
  }
  GpuMesh& g = meshes_[m.get()];
  if (!g.vao) glGenVertexArrays(1, &g.vao), glGenBuffers(1, &g.vbo), glGenVertexArrays(1, &g.lineVao), glGenBuffers(1, &g.lineVbo);
  g.keepAlive = m;
  g.usedFrame = frame_;
  g.transient = transient;
  auto geo = view::buildGeometry(*m, textures, view::normalLineLength(*m));
  g.opaque = static_cast<GLsizei>(geo.opaque.size());
  g.additive = static_cast<GLsizei>(geo.additive.size());
  geo.opaque.insert(geo.opaque.end(), geo.additive.begin(), geo.additive.end());  // drawn after the opaque ones
  upload(g.vao, g.vbo, geo.opaque, GL_STATIC_DRAW, vertexLayout);
  std::vector<float> lines;
  auto add = [&](const std::vector<view::Vec3>& pts, float r, float gg, float b) {
    for (const auto& p : pts) lines.insert(lines.end(), {p.x, p.y, p.z, r, gg, b});
  };
  add(geo.wireframe, 0.95f, 0.85f, 0.3f);
  add(geo.normalLines, 0.3f, 0.8f, 1.0f);
  g.wire = static_cast<GLsizei>(geo.wireframe.size());
  g.normals = static_cast<GLsizei>(geo.normalLines.size());
  upload(g.lineVao, g.lineVbo, lines, GL_STATIC_DRAW, lineLayout);
  glBindVertexArray(0);
  return g;
}

void Renderer::resize(int w, int h) {
  if (w == width_ && h == height_ && fbo_) return;
  width_ = w, height_ = h;
  if (!fbo_) glGenFramebuffers(1, &fbo_), glGenTextures(1, &color_), glGenRenderbuffers(1, &depth_);
  glBindTexture(GL_TEXTURE_2D, color_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glBindRenderbuffer(GL_RENDERBUFFER, depth_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, w, h);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color_, 0);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void Renderer::drawLines(const Overlay& lines, const view::Mat4& mvp) {
  if (lines.vertices.empty()) return;
  glUseProgram(lineProgram_);
  setMatrix(lineProgram_, "mvp", mvp);
  upload(scratchVao_, scratchVbo_, lines.vertices, GL_STREAM_DRAW, lineLayout);
  glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(lines.vertices.size() / 6));
}

void Renderer::draw(const std::vector<DrawItem>& items, const view::TextureResolver& textures,
                    const view::OrbitCamera& camera, const ViewOptions& options, const Overlay& overlay, int width,
                    int height) {
  ++frame_;
  resize(std::max(width, 1), std::max(height, 1));
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glViewport(0, 0, width_, height_);
  glClearColor(0.16f, 0.17f, 0.2f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  const view::Mat4 vp = camera.projection(float(width_) / float(height_)) * camera.view();
  if (options.grid) drawGrid(vp);
  std::vector<GpuMesh*> gpu;
  for (const auto& item : items) gpu.push_back(item.mesh ? &mesh(item.mesh, textures, item.transient) : nullptr);
  drawFaces(items, gpu, textures, options, vp);
  if (options.wireframe || options.normals) {
    glUseProgram(lineProgram_);
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (!gpu[i]) continue;
      setMatrix(lineProgram_, "mvp", vp * items[i].world);
      glBindVertexArray(gpu[i]->lineVao);
      if (options.wireframe) glDrawArrays(GL_LINES, 0, gpu[i]->wire);
      if (options.normals) glDrawArrays(GL_LINES, gpu[i]->wire, gpu[i]->normals);
    }
  }
  glDisable(GL_DEPTH_TEST);
  drawLines(overlay, vp);
  glBindVertexArray(0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  // Meshes no longer drawn for a while (an older version after an edit) leave the GPU; a
  // transient one as soon as a frame goes without it.
  std::erase_if(meshes_, [&](const auto& e) {
    const bool old = frame_ - e.second.usedFrame > (e.second.transient ? 1u : 600u);
    if (old) release(e.second);
    return old;
  });
}

void Renderer::drawGrid(const view::Mat4& vp) {
  Overlay grid;
  for (int i = -8; i <= 8; ++i) {
    float a = float(i) * 256.0f, e = 8 * 256.0f;
    float c = i % 4 == 0 ? 0.38f : 0.26f;  // a sector every 1024 units
    grid.line({a, 0, -e}, {a, 0, e}, c, c, c + 0.03f);
    grid.line({-e, 0, a}, {e, 0, a}, c, c, c + 0.03f);
  }
  drawLines(grid, vp);
}

void Renderer::drawFaces(const std::vector<DrawItem>& items, const std::vector<GpuMesh*>& gpu,
                         const view::TextureResolver& textures, const ViewOptions& options, const view::Mat4& vp) {
  glUseProgram(meshProgram_);
  setMatrix(meshProgram_, "viewProjection", vp);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D_ARRAY, pages_);
  glUniform1i(glGetUniformLocation(meshProgram_, "pages"), 0);
  glUniform1i(glGetUniformLocation(meshProgram_, "textured"), options.textured ? 1 : 0);
  const GLint tint = glGetUniformLocation(meshProgram_, "tint"), additive = glGetUniformLocation(meshProgram_, "additive");
  glUniform3f(tint, 0, 0, 0);
  // TR faces wind clockwise seen from their visible side; the upright matrix is a turn, so they
  // still do on screen.
  glEnable(GL_CULL_FACE);
  glFrontFace(GL_CW);
  // The opaque faces, then (`add`) the translucent ones after them in each mesh's buffer.
  auto drawAll = [&](bool add) {
    glUniform1i(additive, add ? 1 : 0);
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (!gpu[i] || (add && !gpu[i]->additive)) continue;
      setMatrix(meshProgram_, "model", items[i].world);
      glBindVertexArray(gpu[i]->vao);
      glDrawArrays(GL_TRIANGLES, add ? gpu[i]->opaque : 0, add ? gpu[i]->additive : gpu[i]->opaque);
    }
  };
  drawAll(false);
  // Translucent faces add their colour, as the engine draws them.
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE);
  glDepthMask(GL_FALSE);
  drawAll(true);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  glUniform1i(additive, 0);
  // Selected faces, tinted on top.
  glUniform3f(tint, 1.0f, 0.45f, 0.1f);
  glDepthFunc(GL_LEQUAL);
  for (const auto& item : items) drawSelection(item, textures);
  glDepthFunc(GL_LESS);
  glUniform3f(tint, 0, 0, 0);
  glDisable(GL_CULL_FACE);
}

void Renderer::drawSelection(const DrawItem& item, const view::TextureResolver& textures) {
  if (!item.mesh || item.selectedFaces.empty()) return;
  Mesh only = *item.mesh;
  only.polygons.clear();
  for (auto f : item.selectedFaces)
    if (f < item.mesh->polygons.size()) only.polygons.push_back(item.mesh->polygons[f]);
  for (auto& p : only.polygons) p.attributes &= ~attr::kTranslucent;
  auto geo = view::buildGeometry(only, textures, 0);
  setMatrix(meshProgram_, "model", item.world);
  upload(scratchVao_, scratchVbo_, geo.opaque, GL_STREAM_DRAW, vertexLayout);
  glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(geo.opaque.size()));
}

}  // namespace wadsmith::gui
