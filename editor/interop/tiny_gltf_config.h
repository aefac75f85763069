// tinygltf as every WadSmith file includes it: pictures are read and written by WadSmith (libpng,
// stb_image for JPEG: gltf_file.cpp), never by tinygltf's own stb copies. One configuration for
// every includer keeps its inline functions the same in every translation unit (and batch).
#pragma once
#ifndef TINYGLTF_NO_STB_IMAGE
#define TINYGLTF_NO_STB_IMAGE
#endif
#ifndef TINYGLTF_NO_STB_IMAGE_WRITE
#define TINYGLTF_NO_STB_IMAGE_WRITE
#endif
#include <tiny_gltf.h>
