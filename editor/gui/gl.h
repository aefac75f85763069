// OpenGL 3.3 core entry points (Mesa's libGL exports them; prototypes from glext.h).
#pragma once
#ifndef GL_GLEXT_PROTOTYPES
#define GL_GLEXT_PROTOTYPES
#endif
#include <GL/gl.h>
#include <GL/glext.h>
