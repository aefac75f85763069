// GLFW opened when the editor starts rather than with every process: it brings X11 and five more
// libraries, which were half of a headless command's start (wadsmith --version). The editor and
// imgui's GLFW backend call glfw* as ever; on Linux these definitions forward each call to the
// library's (the Windows build links GLFW statically and compiles none of this). A function the
// editor starts to call must be added here: the link fails until it is.
#ifdef WADSMITH_GLFW_DLOPEN
#include <GLFW/glfw3.h>

#include <cstdio>
#include <cstdlib>

#include "editor/late_library.h"

namespace {

wadsmith::LateLibrary& library() {
  static wadsmith::LateLibrary glfw(WADSMITH_GLFW_DLOPEN);
  return glfw;
}

// The library's `name`; without the library the editor cannot open its window: say why and stop.
template <class F>
F glfwFunction(const char* name) {
  F f = nullptr;
  library().bind(f, name);
  if (!library()) {
    std::fprintf(stderr, "wadsmith: the editor needs GLFW: %s\n", library().error().c_str());
    std::exit(1);
  }
  return f;
}

}  // namespace

#define WADSMITH_GLFW(ret, name, params, args)                             \
  ret name params {                                                       \
    static const auto f = glfwFunction<decltype(&::name)>(#name);          \
    return f args;                                                         \
  }

WADSMITH_GLFW(GLFWcursor*, glfwCreateStandardCursor, (int shape), (shape))
WADSMITH_GLFW(GLFWwindow*, glfwCreateWindow, (int width, int height, const char* title, GLFWmonitor* monitor, GLFWwindow* share), (width, height, title, monitor, share))
WADSMITH_GLFW(void, glfwDestroyCursor, (GLFWcursor* cursor), (cursor))
WADSMITH_GLFW(void, glfwDestroyWindow, (GLFWwindow* window), (window))
WADSMITH_GLFW(const char*, glfwGetClipboardString, (GLFWwindow* window), (window))
WADSMITH_GLFW(void, glfwGetCursorPos, (GLFWwindow* window, double* xpos, double* ypos), (window, xpos, ypos))
WADSMITH_GLFW(void, glfwGetFramebufferSize, (GLFWwindow* window, int* width, int* height), (window, width, height))
WADSMITH_GLFW(int, glfwGetInputMode, (GLFWwindow* window, int mode), (window, mode))
WADSMITH_GLFW(const float*, glfwGetJoystickAxes, (int jid, int* count), (jid, count))
WADSMITH_GLFW(const unsigned char*, glfwGetJoystickButtons, (int jid, int* count), (jid, count))
WADSMITH_GLFW(int, glfwGetMouseButton, (GLFWwindow* window, int button), (window, button))
WADSMITH_GLFW(GLFWglproc, glfwGetProcAddress, (const char* procname), (procname))
WADSMITH_GLFW(double, glfwGetTime, (), ())
WADSMITH_GLFW(int, glfwGetWindowAttrib, (GLFWwindow* window, int attrib), (window, attrib))
WADSMITH_GLFW(void, glfwGetWindowContentScale, (GLFWwindow* window, float* xscale, float* yscale), (window, xscale, yscale))
WADSMITH_GLFW(void, glfwGetWindowSize, (GLFWwindow* window, int* width, int* height), (window, width, height))
WADSMITH_GLFW(void*, glfwGetWindowUserPointer, (GLFWwindow* window), (window))
WADSMITH_GLFW(int, glfwInit, (), ())
WADSMITH_GLFW(void, glfwMakeContextCurrent, (GLFWwindow* window), (window))
WADSMITH_GLFW(void, glfwPollEvents, (), ())
WADSMITH_GLFW(GLFWcharfun, glfwSetCharCallback, (GLFWwindow* window, GLFWcharfun callback), (window, callback))
WADSMITH_GLFW(void, glfwSetClipboardString, (GLFWwindow* window, const char* string), (window, string))
WADSMITH_GLFW(void, glfwSetCursor, (GLFWwindow* window, GLFWcursor* cursor), (window, cursor))
WADSMITH_GLFW(GLFWcursorenterfun, glfwSetCursorEnterCallback, (GLFWwindow* window, GLFWcursorenterfun callback), (window, callback))
WADSMITH_GLFW(void, glfwSetCursorPos, (GLFWwindow* window, double xpos, double ypos), (window, xpos, ypos))
WADSMITH_GLFW(GLFWdropfun, glfwSetDropCallback, (GLFWwindow* window, GLFWdropfun callback), (window, callback))
WADSMITH_GLFW(GLFWerrorfun, glfwSetErrorCallback, (GLFWerrorfun callback), (callback))
WADSMITH_GLFW(void, glfwSetInputMode, (GLFWwindow* window, int mode, int value), (window, mode, value))
WADSMITH_GLFW(GLFWkeyfun, glfwSetKeyCallback, (GLFWwindow* window, GLFWkeyfun callback), (window, callback))
WADSMITH_GLFW(GLFWmonitorfun, glfwSetMonitorCallback, (GLFWmonitorfun callback), (callback))
WADSMITH_GLFW(GLFWmousebuttonfun, glfwSetMouseButtonCallback, (GLFWwindow* window, GLFWmousebuttonfun callback), (window, callback))
WADSMITH_GLFW(GLFWscrollfun, glfwSetScrollCallback, (GLFWwindow* window, GLFWscrollfun callback), (window, callback))
WADSMITH_GLFW(GLFWwindowfocusfun, glfwSetWindowFocusCallback, (GLFWwindow* window, GLFWwindowfocusfun callback), (window, callback))
WADSMITH_GLFW(void, glfwSetWindowShouldClose, (GLFWwindow* window, int value), (window, value))
WADSMITH_GLFW(void, glfwSetWindowUserPointer, (GLFWwindow* window, void* pointer), (window, pointer))
WADSMITH_GLFW(void, glfwSwapBuffers, (GLFWwindow* window), (window))
WADSMITH_GLFW(void, glfwSwapInterval, (int interval), (interval))
WADSMITH_GLFW(void, glfwTerminate, (), ())
WADSMITH_GLFW(void, glfwWindowHint, (int hint, int value), (hint, value))
WADSMITH_GLFW(int, glfwWindowShouldClose, (GLFWwindow* window), (window))

#endif
