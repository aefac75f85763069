// Assimp's importers (OBJ, FBX, DAE) run in a process of their own: Assimp 5.2 double-frees on
// some files (pictures embedded in its own ASCII FBX), and a crash there must not take the
// editor and the user's edits with it. On Linux the child is a fork; on Windows it is
// wadsmith.exe run as `wadsmith --assimp-child FILE UNITS` (in this process when there is no
// wadsmith.exe beside the running program). The models come back through a pipe
// (editor/interop/imported_wire.h); a crash is an error naming the file.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "editor/interop/assimp_import.h"

namespace wadsmith::interop {

inline constexpr const char* kAssimpChildFlag = "--assimp-child";

// Throws std::runtime_error naming the file: Assimp's reason, or how its process ended.
std::vector<imported::Model> assimpObjectsIsolated(const std::filesystem::path& file,
                                                   float unitsPerMeter = 0);

// The child program: `--assimp-child FILE UNITS` answers on standard output.
int assimpChildMain(const std::vector<std::string>& args);

}  // namespace wadsmith::interop
