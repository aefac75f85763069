// A shared library opened when it is first needed rather than at start: a few libraries the
// editor calls now and then (GLFW and X11 for its window, SDL's audio, Assimp's importers) bring
// dozens of others and their relocations, which every headless command would otherwise pay at start. Linux only: the
// Windows build links those libraries statically.
#pragma once
#ifndef _WIN32
#include <dlfcn.h>

#include <string>

namespace wadsmith {

class LateLibrary {
 public:
  // `file` as the dynamic loader finds it (its soname, e.g. "libSDL2-2.0.so.0").
  explicit LateLibrary(const char* file) : handle_(dlopen(file, RTLD_NOW | RTLD_LOCAL)) {
    if (!handle_) error_ = std::string(file) + " could not be loaded (" + dlerror() + ")";
  }
  LateLibrary(const LateLibrary&) = delete;
  LateLibrary& operator=(const LateLibrary&) = delete;
  // The library stays loaded to the end: what it made may still be in use.

  explicit operator bool() const { return handle_ != nullptr && error_.empty(); }
  const std::string& error() const { return error_; }

  // Points `f` at the function `name`; a missing one makes the library unusable (error()).
  template <class F>
  LateLibrary& bind(F& f, const char* name) {
    if (handle_) f = reinterpret_cast<F>(dlsym(handle_, name));
    if (handle_ && !f && error_.empty()) error_ = std::string("the library has no ") + name;
    return *this;
  }

 private:
  void* handle_;
  std::string error_;
};

}  // namespace wadsmith
#endif
