// OpenGL 3.3 core entry points, loaded at run time by the glad loader generated at build time
// (editor/CMakeLists.txt): Windows' opengl32 exports GL 1.1 only, and Linux takes the same path.
// Include this before GLFW (GLFW_INCLUDE_NONE keeps GLFW from including a GL header itself).
#pragma once
#include <glad/gl.h>
